/**
 * The admin's words (decision 0045): every language holds every key of English, in the same shape,
 * translated; and the pages that speak both languages write no sentence of their own, so nothing
 * English is left on a Chinese page. BOTH_LANGUAGES is every file of the admin's pages and of the
 * pages outside it, found on disk: a new page is checked without being listed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CATALOGUES, languageOf, wordsFor } from "~/lib/words";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Every file of the admin's pages and their shared components, and of the pages outside the admin
 * (the landing page, the login page, the provider login's pages): each writes its words from the
 * catalogue. Not tests, and not the Inventory age CSV, whose header row is for spreadsheets and
 * scripts and stays in English (decision 0045).
 */
const WRITTEN_AS_DATA = new Set(["app/routes/app.inventory-age/export.server.ts", "app/routes/app.inventory-age.export/route.ts"]);
const BOTH_LANGUAGES = [
  ...readdirSync(path.join(root, "app/routes"), { recursive: true, encoding: "utf8" })
    .map((file) => `app/routes/${file.split(path.sep).join("/")}`)
    // The admin's pages, and the pages outside it: the landing page, the login and the provider login's.
    .filter((file) => /^app\/routes\/(app[./]|_index\/|auth\.login\/|provider-oauth)/.test(file)),
  ...readdirSync(path.join(root, "app/components"), { encoding: "utf8" }).map((file) => `app/components/${file}`),
]
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !WRITTEN_AS_DATA.has(file))
  .sort();

/** Words that are the same in every language: codes and numbers, not sentences. */
const SAME_EVERYWHERE = new Set([
  "inventoryAge.sku",
  "settings.rowLabels.quoted",
  "notifications.webhookTitle",
  "shipmentPage.items.times",
  "shipmentPage.items.sku",
  "skuPage.title",
  "kitPage.backToSku",
  "stock.sku",
  "reasonFields.labels.Skus.Sku",
]);

type Entry = [key: string, value: unknown];
function entries(value: unknown, prefix = ""): Entry[] {
  if (typeof value !== "object" || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, inner]) => entries(inner, prefix === "" ? key : `${prefix}.${key}`));
}

type Sentence = (...args: never[]) => unknown;

/** What a function of the catalogue writes for sample arguments (numbers as counts, text as text). */
function written(fn: Sentence): string {
  const samples = Array.from({ length: fn.length }, (_, index) => (index === 0 ? 2 : `«${index}»`));
  return String((fn as (...args: unknown[]) => unknown)(...samples));
}

describe("the admin's words", () => {
  const english = new Map(entries(CATALOGUES.en));

  for (const [language, catalogue] of Object.entries(CATALOGUES).filter(([language]) => language !== "en")) {
    it(`in ${language}: every key of English, in the same shape, none left in English`, () => {
      const own = new Map(entries(catalogue));
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of english) {
        const translated = own.get(key);
        expect(typeof translated, key).toBe(typeof value);
        if (typeof value === "function" && typeof translated === "function") {
          expect(translated.length, `${key} takes what English takes`).toBe(value.length);
          const english = written(value as Sentence);
          const text = written(translated as Sentence);
          // Every argument reaches the sentence (a count may be said by its number alone).
          for (let index = 1; index < value.length; index++) if (english.includes(`«${index}»`)) expect(text, key).toContain(`«${index}»`);
          if (!SAME_EVERYWHERE.has(key) && !/^[\d«»\s–-]*$/.test(english)) expect(text, `${key} is translated`).not.toBe(english);
        } else {
          expect(String(translated).trim(), key).not.toBe("");
          if (!SAME_EVERYWHERE.has(key)) expect(translated, `${key} is translated`).not.toBe(value);
        }
      }
    });
  }

  it("are chosen by the admin's language: any Chinese reads the Simplified catalogue, any other English", () => {
    expect(languageOf("zh-CN")).toBe("zh-CN");
    expect(languageOf("zh-TW")).toBe("zh-CN");
    expect(languageOf("zh")).toBe("zh-CN");
    expect(languageOf("en-GB")).toBe("en");
    expect(languageOf("fr")).toBe("en");
    expect(wordsFor("zh-CN").nav.home).toBe("首页");
    expect(wordsFor("de").nav.home).toBe("Home");
  });
});

/** Properties whose value a merchant reads (Polaris's props and the pages' own messages). */
const READ_BY_MERCHANT = new Set([
  "content",
  "label",
  "heading",
  "title",
  "subtitle",
  "message",
  "text",
  "helpText",
  "placeholder",
  "error",
  "singular",
  "plural",
  "name",
  "accessibilityLabel",
]);

/** A sentence or a word of one: letters with a space, or a capitalised word ("Home"); not codes ("US01", "headingMd", "/app"). */
const isWords = (text: string) =>
  /[A-Za-z]{2}/.test(text) && (/[A-Za-z]\s+[A-Za-z]/.test(text) || /^\s*[A-Z][a-z]/.test(text) || /\s[a-z]{2,}/.test(text));

function inlineWords(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const say = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${file}:${line + 1}: ${text.trim()}`);
  };
  /** The text parts of a string or template literal. */
  const textOf = (node: ts.Node): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWords(node.text)) say(node, node.text);
    const inJsxChild = ts.isJsxExpression(node) && node.expression !== undefined && !ts.isJsxAttribute(node.parent);
    const value =
      ts.isJsxAttribute(node) && node.initializer !== undefined && READ_BY_MERCHANT.has(node.name.getText(source))
        ? ts.isJsxExpression(node.initializer)
          ? node.initializer.expression
          : node.initializer
        : ts.isPropertyAssignment(node) && READ_BY_MERCHANT.has(node.name.getText(source))
          ? node.initializer
          : inJsxChild
            ? node.expression
            : undefined;
    // An answer's own text (a 404's, a refusal's): the page shows it to the merchant as it comes.
    const answered =
      ts.isNewExpression(node) && node.expression.getText(source) === "Response" && node.arguments?.[0] !== undefined
        ? node.arguments[0]
        : undefined;
    const answerText = answered === undefined ? null : textOf(answered);
    // A whole document (its markup, its words from the catalogue inside) is not a sentence.
    if (answered !== undefined && answerText !== null && !answerText.trimStart().startsWith("<") && isWords(answerText))
      say(answered, answerText);
    if (value !== undefined) {
      // The literal itself, or either side of a condition.
      const candidates = ts.isConditionalExpression(value) ? [value.whenTrue, value.whenFalse] : [value];
      for (const candidate of candidates) {
        const text = textOf(candidate);
        if (text !== null && isWords(text)) say(candidate, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("pages that speak both languages", () => {
  it("write no words of their own: every sentence comes from the catalogue", () => {
    expect(BOTH_LANGUAGES.flatMap(inlineWords)).toEqual([]);
  });

  it("include the pages outside the admin, found like the admin's", () => {
    expect(BOTH_LANGUAGES).toEqual(
      expect.arrayContaining([
        "app/routes/_index/route.tsx",
        "app/routes/auth.login/route.tsx",
        "app/routes/auth.login/error.server.ts",
        "app/routes/provider-oauth-page.server.tsx",
        "app/routes/provider-oauth.start.tsx",
        "app/routes/provider-oauth.callback.tsx",
      ]),
    );
  });

  it("(the check finds words written inline)", () => {
    // Proof that the check can fail: a page as it was before the catalogue.
    expect(inlineWords("test/architecture/words.fixture.tsx")).toEqual([
      expect.stringContaining("Inventory age"),
      expect.stringContaining("Export CSV"),
      expect.stringContaining("(not shipping)"),
      expect.stringContaining("No SKU matches"),
      expect.stringContaining("Queued: the stock sync"),
      expect.stringContaining("No such warehouse here"),
    ]);
  });
});
