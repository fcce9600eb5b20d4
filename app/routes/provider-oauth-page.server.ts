/**
 * The page the provider login's top-level steps (the start page and the callback) answer with when
 * they cannot go on: outside Shopify's admin, so plain HTML, its message fixed by the app (never
 * words from the query, which anyone can write into a link) and saying what to do.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function providerLoginRefusal(message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Provider connection</title></head><body><h1>The provider was not connected</h1><p>${escape(message)}</p></body></html>`;
  return new Response(html, { status: 400, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
