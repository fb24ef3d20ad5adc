/**
 * Logical names of imported resources: made from the platform's names, which are untrusted text
 * (control characters, quotes, `${`, any script), so that each is a valid identifier in every
 * language `pulumi import` writes a program in (YAML, TypeScript, Python, Go), none is a keyword
 * or a name the generated program already uses, all are unique, and the same account gives the
 * same names on every run.
 *
 * The shape of every name: a kind prefix (`server`, `rule`, ...) followed by words, each an upper
 * case ASCII letter then lower case letters and digits (`serverGrafanaProd2`). A name of that
 * shape matches `[a-z][A-Za-z0-9]*`, so it is an identifier in all four languages, and its
 * snake_case form (what Pulumi's Python generator makes of it: `server_grafana_prod2`) maps back
 * to one name only, so two different names never meet in a Python program. The prefix makes each
 * name at least two words, which no keyword of the four languages is, and keeps the kinds apart.
 *
 * @packageDocumentation
 */

/** Longest name before a suffix from the id, in characters (Go, Python and TypeScript set none; a readable bound). */
export const MAX_BASE_LENGTH = 48;

/** What a name is made from: the kind's prefix, the platform's name, and what orders duplicates. */
export interface NameSource {
  /** Lower-case ASCII word naming the kind: `server`, `disablement`, `rule`, `agent`, `file`. */
  prefix: string;
  /** The platform's name (any text; may be empty). */
  platformName: string;
  /** The platform's id; the suffix of a name that would otherwise be taken comes from it. */
  id: string;
  /** Creation time, epoch ms (0 when unknown): among duplicates the oldest keeps the plain name. */
  createdAt: number;
}

/** Capitalised ASCII words of `text`: accents dropped (NFKD), every other character a separator (`"GITHUB_TOKEN"` gives `["Github", "Token"]`). */
export function asciiWords(text: string): string[] {
  const ascii = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  return (ascii.match(/[A-Za-z0-9]+/g) ?? []).map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
}

/**
 * `name` with no two upper-case letters in a row (the second lowered: `serverAB` becomes
 * `serverAb`), so that every capital starts a word of at least two characters and the
 * snake_case form of a name maps back to it alone.
 */
function noAdjacentCapitals(name: string): string {
  return name.replace(/(?<=[A-Z])[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * The base name of one resource: `prefix` and the words of its platform name, cut at
 * {@link MAX_BASE_LENGTH} characters (never in the middle of the prefix). `server` alone when
 * the name has no ASCII letter or digit (a name in another script).
 *
 * @example baseName("server", "Grafana (prod) ${x}") === "serverGrafanaProdX"
 */
export function baseName(prefix: string, platformName: string): string {
  const name = noAdjacentCapitals(`${prefix}${asciiWords(platformName).join("")}`);
  return name.length > MAX_BASE_LENGTH ? trimTrailingCapital(name.slice(0, MAX_BASE_LENGTH)) : name;
}

/** Drops a single upper-case letter left alone at the end by a cut, which would read as an abbreviation. */
function trimTrailingCapital(name: string): string {
  return /[A-Z]$/.test(name) ? name.slice(0, -1) : name;
}

/** The id's letters and digits as one capitalised word: `mcp_0a1B` becomes `Mcp0a1b`. */
function idWord(id: string): string {
  const w = (id.match(/[A-Za-z0-9]+/g) ?? []).join("").toLowerCase();
  return w.length === 0 ? "" : w.charAt(0).toUpperCase() + w.slice(1);
}

/**
 * A unique name for each source, in the order given. Sources with the same base name (see
 * {@link baseName}): the oldest (`createdAt`, then `id`) keeps it, each other one gets a suffix
 * of the last characters of its id (as many as make it unique, from 6 up to the whole id), and
 * a number after that if two ids still meet. So names depend only on the set of sources, not on
 * their order, and a resource made later never takes the name of one made before.
 *
 * @param taken names the program already uses (the generator's own: none today); never given out.
 * @returns one name per source, index for index.
 */
export function uniqueNames(sources: readonly NameSource[], taken: Iterable<string> = []): string[] {
  const order = sources
    .map((source, index) => ({ source, index, base: baseName(source.prefix, source.platformName) }))
    .sort((a, b) => a.source.createdAt - b.source.createdAt || compare(a.source.id, b.source.id) || compare(a.base, b.base));
  const used = new Set<string>(taken);
  const names: string[] = new Array(sources.length);
  // Pass 1: the oldest of each base keeps it, so that a suffixed name of pass 2 never takes a plain one.
  const deferred: typeof order = [];
  for (const entry of order) {
    if (used.has(entry.base)) deferred.push(entry);
    else {
      used.add(entry.base);
      names[entry.index] = entry.base;
    }
  }
  // Pass 2: the others, suffixed from their ids.
  for (const entry of deferred) {
    const word = idWord(entry.source.id);
    let name = "";
    for (let len = Math.min(6, word.length); len <= word.length && (name === "" || used.has(name)); len++) {
      name = noAdjacentCapitals(`${entry.base}${capitalise(word.slice(word.length - len))}`);
      if (len === 0) break;
    }
    for (let n = 2; name === "" || used.has(name); n++) name = noAdjacentCapitals(`${entry.base}${capitalise(word)}N${n}`);
    used.add(name);
    names[entry.index] = name;
  }
  return names;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
