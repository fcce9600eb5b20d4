/** The Products list's own parameters (tab, search, page), to carry to a SKU's page and back; the admin's own stay out. */
export function productsListQuery(params: URLSearchParams): string {
  const kept = [...params].filter(([name]) => name === "state" || name === "q" || name === "page");
  return kept.length === 0 ? "" : `?${new URLSearchParams(kept).toString()}`;
}
