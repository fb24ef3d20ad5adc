/**
 * Language negotiation, shared by error messages and the template list: pick the best of a
 * fixed list of locales for an `Accept-Language` header or a `locale` value.
 */

/**
 * The supported locale that best matches one language tag, or undefined. Case-insensitive;
 * an exact tag wins, then the same primary language ("zh-TW" and "zh" match "zh-CN").
 */
export function matchLocale<L extends string>(tag: string, supported: readonly L[]): L | undefined {
  const wanted = tag.trim().toLowerCase();
  if (wanted === "") return undefined;
  const exact = supported.find((s) => s.toLowerCase() === wanted);
  if (exact !== undefined) return exact;
  const primary = wanted.split(/[-_]/)[0];
  return supported.find((s) => s.toLowerCase().split("-")[0] === primary);
}

/**
 * The supported locale that best matches an `Accept-Language` header: entries by descending
 * `q` (ties keep header order, q=0 entries are refused, `*` means the fallback), each matched with
 * `matchLocale`; the fallback when nothing matches or the header is absent.
 */
export function negotiateLocale<L extends string>(header: string | undefined, supported: readonly L[], fallback: L): L {
  if (header === undefined || header === "") return fallback;
  const entries = header.split(",").map((part, order) => {
    const [tag = "", ...params] = part.split(";");
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=");
      if (name?.trim().toLowerCase() === "q") {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    return { tag: tag.trim(), q, order };
  });
  entries.sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag, q } of entries) {
    if (q <= 0) continue;
    if (tag === "*") return fallback;
    const match = matchLocale(tag, supported);
    if (match !== undefined) return match;
  }
  return fallback;
}

/**
 * `negotiateLocale` with a bounded memo: clients repeat the same header on every request, and
 * parsing it each time is wasted work on the hot path.
 */
export function cachedNegotiator<L extends string>(supported: readonly L[], fallback: L): (header: string | undefined) => L {
  const cache = new Map<string, L>();
  return (header) => {
    if (header === undefined) return fallback;
    let locale = cache.get(header);
    if (locale === undefined) {
      locale = negotiateLocale(header, supported, fallback);
      if (cache.size >= 256) cache.clear();
      cache.set(header, locale);
    }
    return locale;
  };
}
