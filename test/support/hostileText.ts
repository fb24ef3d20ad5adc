/**
 * Hostile platform text for the inert-text tests: the issue's examples as fixed cases, a
 * fast-check arbitrary that mixes Markdown, HTML, GitHub and terminal tricks with random text,
 * and the oracle (micromark with its GFM extension: CommonMark + GFM as GitHub renders them)
 * with checks on the HTML it renders.
 */
import fc from "fast-check";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { escapeTerminalControls } from "../../sdk/terminalText";

/** The names of the issue, and more of the same kind. */
export const ISSUE_EXAMPLES: readonly string[] = [
  "N1 [click](https://evil.example/x) ![p](https://evil.example/p.png) <img src=x onerror=alert(1)>",
  "N2 @acme/oncall please approve <!-- hide the rest",
  "N3 \u001b[2J\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007 done",
  "N4 https://evil.example www.evil.example mail@evil.example <https://evil.example> <mail@evil.example>",
  "N5 #1 acme/repo#2 GH-3 deadbeefcafe1234 :smile: &lt;b&gt; &#x3C;script&#x3E; &amp;",
  "N6 | pipe | `tick` ``double`` \\| \\` -->",
  "N7 line one\nline two\r\n\r\n# heading\n> quote\n```\nfence",
  "N8 \u202eevil\u202c \u2066isolate\u2069 \u2028sep\u2029 \u0085nel \u009b31m \u007f del \u0000 nul",
  "`",
  " `x` ",
  "   ",
  "<!-- pulumi-flashduty-drift stack=prod -->",
];

/** Pieces hostile text is made of. */
const PIECES = [
  "[",
  "]",
  "(",
  ")",
  "![",
  "](",
  "<",
  ">",
  "</",
  "/>",
  "<img src=x onerror=alert(1)>",
  "<a href=x>",
  "<script>",
  "<details>",
  "<!--",
  "-->",
  "--!>",
  "<![CDATA[",
  "<?",
  "&lt;",
  "&#60;",
  "&#x3C;",
  "&amp;",
  "&",
  ";",
  "@",
  "@acme",
  "@acme/oncall",
  "#",
  "#1",
  "owner/repo#12",
  "GH-7",
  "0123456789abcdef0123",
  ":",
  "://",
  "https://evil.example/x",
  "http://",
  "www.",
  "www.evil.example",
  "mailto:",
  "a@b.example",
  "`",
  "``",
  "```",
  "~~~",
  "|",
  "\\",
  "\\|",
  "*",
  "**",
  "_",
  "~",
  "~~",
  "-",
  "---",
  "=",
  "+",
  " ",
  "  ",
  "\t",
  "\n",
  "\r",
  "\r\n",
  "\u000b",
  "\u000c",
  "\u0000",
  "\u0007",
  "\u001b",
  "\u001b[2J",
  "\u001b]8;;https://evil.example\u0007",
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009b",
  "\u009f",
  "\u00a0",
  "\u200b",
  "\u200e",
  "\u200f",
  "\u2028",
  "\u2029",
  "\u202a",
  "\u202e",
  "\u2060",
  "\u2066",
  "\u2069",
  "\u061c",
  "\ufeff",
  "\ud800",
  "\udfff",
  "😀",
  "名前",
  "x",
  "1",
];

/** Strings built from {@link PIECES} and random text of any code units (lone surrogates included). */
export function hostileString(maxPieces = 12): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...PIECES) },
        fc.string({ unit: "binary", maxLength: 4 }),
        fc.string({ unit: "grapheme", maxLength: 4 }),
      ),
      {
        maxLength: maxPieces,
      },
    )
    .map((parts) => parts.join(""));
}

/** Hostile strings: the fixed examples, and generated ones. */
export function hostileText(maxPieces?: number): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...ISSUE_EXAMPLES), hostileString(maxPieces));
}

/** Markdown as GitHub renders it (CommonMark + GFM), raw HTML kept so that any that comes alive shows. */
export function renderHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true });
}

/** The text micromark writes for `text` inside an element (it encodes these four). */
export function htmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * What a code element made by `markdownCode` holds for `text`, as micromark writes it: controls
 * escaped, a word joiner after each `@` / `#` before a name or number and `GH-` before a number,
 * HTML-encoded.
 */
export function shownInCode(text: string): string {
  return htmlText(escapeTerminalControls(text).replace(/([@#](?=[\p{L}\p{N}_])|\bGH-(?=\p{N}))/giu, "$1\u2060"));
}

/** The text a person sees in `html`: tags removed, micromark's four entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** Names of the elements in `html`, in order. */
export function elements(html: string): string[] {
  return [...html.matchAll(/<([A-Za-z][A-Za-z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
}

/** HTML comments in `html`. */
export function comments(html: string): string[] {
  return [...html.matchAll(/<!--[\s\S]*?(?:-->|$)/g)].map((m) => m[0]);
}

/** `html` with every `<code>` element's content removed: what GitHub's mention and reference filters look at. */
export function outsideCode(html: string): string {
  return html.replace(/<code>[\s\S]*?<\/code>/g, "<code></code>");
}

/**
 * GitHub's links made on rendered text (not Markdown): `@name` / `@org/team` mentions, `#1` and
 * `owner/repo#1` references, `GH-1`. Matches in text outside code are what must not be there.
 */
export const GITHUB_LINKABLE = /(?:^|[^\w`])@[A-Za-z0-9]|(?:^|[^\w&])#\d|\bGH-\d/i;

/** Control characters a terminal interprets (and bidi controls). */
export const TERMINAL_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: it matches the control characters a terminal would act on
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
