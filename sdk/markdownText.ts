/**
 * Markdown-inert text: how text from the platform (names, prompts, ids, error messages, field
 * values) is put into Markdown that GitHub renders (the drift report's pull-request comment) or
 * into messages that may end up there (policy violations). The text is shown as an inline code
 * span, with its control characters escaped first (see `terminalText.ts`):
 *
 * - inside a code span CommonMark and GFM interpret nothing: no link, image, autolink (`<...>`,
 *   GFM's `www.` / `https://` / email literals), raw HTML, HTML comment, entity (`&lt;` stays
 *   those four characters), emphasis or backslash escape;
 * - GitHub's own links, which are not Markdown but applied to the rendered HTML (`@user` and
 *   `@org/team` mentions, `#1` / `owner/repo#1` / `GH-1` references, commit SHAs, `:emoji:`),
 *   skip text inside `<code>` elements, which is what keeps SHAs, `GH-1` and `:emoji:` inert.
 *   Mentions and references get a second guard that does not depend on the code span: an
 *   invisible U+2060 WORD JOINER right after each `@` or `#` that precedes a letter, digit or
 *   `_`, and after `GH-` before a digit (`@\u2060acme`, `#\u20601`, `GH-\u20601`). GitHub's patterns need the name or number right after the
 *   sign, so even text copied out of the span, or read by a tool that ignores `<code>`, links
 *   nothing; a person sees the same characters;
 * - the span cannot be broken out of: its fence is one backtick longer than the longest run of
 *   backticks in the text (padded with a space when the text starts or ends with a backtick or
 *   a space), line breaks are escaped (`\n`), so the text stays on its line, and
 *   {@link markdownTableCell} escapes the pipes a GFM table row would split on (and keeps a
 *   backslash of the text from pairing with such an escape).
 *
 * It reads as the same text: a code span shows its characters as they are, in a fixed-width font
 * (the word joiners are invisible).
 *
 * Written here rather than taken from a library: the escaping packages on npm
 * (`markdown-escape`, `@descope/escape-markdown`, `gfm-escape`) backslash-escape a fixed set
 * of characters in prose, which leaves GFM autolink literals, GitHub mentions and references,
 * table pipes or entities alive (each misses some); the unified serializer
 * (`mdast-util-to-markdown` with `mdast-util-gfm`) escapes correctly but is ESM-only with about
 * twenty runtime packages, for what is here a code span and a pipe escape, and still leaves
 * mentions alive in prose. The tests check this module against a CommonMark + GFM renderer
 * (micromark with its GFM extension) over generated hostile text.
 */
import { escapeTerminalControls } from "./terminalText";

/** An `@` or `#` right before a letter, digit or `_`, or `GH-` before a digit: where GitHub would see a mention or a reference. */
const MENTION_LIKE = /([@#](?=[\p{L}\p{N}_])|\bGH-(?=\p{N}))/giu;

/** Options of {@link markdownCode}. */
export interface MarkdownCodeOptions {
  /**
   * Longest text shown, in code points (before escaping); longer text is cut and followed by
   * `…` outside the span. Default: no limit.
   */
  maxLength?: number;
}

/**
 * `text` as an inert Markdown inline code span (see the module comment), on one line, with no
 * control character and a U+2060 after each `@` / `#` that starts a name or number; `""` for empty text (an empty code span does not exist in Markdown). Safe
 * in a sentence, a list item, a blockquote, and (through {@link markdownTableCell}) a table cell.
 */
export function markdownCode(text: string, options: MarkdownCodeOptions = {}): string {
  const points = options.maxLength === undefined ? undefined : Array.from(text);
  const cut = points !== undefined && points.length > options.maxLength!;
  const shown = escapeTerminalControls(cut ? points!.slice(0, options.maxLength).join("") : text).replace(MENTION_LIKE, "$1\u2060");
  if (shown === "") return cut ? "…" : "";
  const longestRun = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  // CommonMark strips one space on each side when both are there, so a space keeps a backtick
  // at either end apart from the fence, and leading or trailing spaces survive.
  const pad = /^[` ]|[` ]$/.test(shown) && !/^ +$/.test(shown) ? " " : "";
  return `${fence}${pad}${shown}${pad}${fence}${cut ? "…" : ""}`;
}

/**
 * Inline Markdown made fit for one GFM table cell: pipes escaped (`\|`; GFM unescapes them
 * before it parses the cell, code spans included, so a code span still shows `|`) and line
 * breaks turned into spaces. A backslash right before a pipe gets an invisible U+2060 WORD
 * JOINER between them: renderers disagree on whether `\\|` (a backslash, then an escaped
 * pipe) ends the cell (micromark reads an escaped backslash and a cell border), and with the
 * joiner no such sequence is left. The joiner is invisible; the cell reads the same.
 *
 * @param markdown inline Markdown built by us (platform text in it through {@link markdownCode};
 *   our own text has no backslash-escaped pipe)
 */
export function markdownTableCell(markdown: string): string {
  return markdown
    .replace(/\r\n|\r|\n/g, " ")
    .replace(/\\(?=\|)/g, "\\\u2060")
    .replace(/\|/g, "\\|");
}
