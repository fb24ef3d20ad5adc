/**
 * Terminal-safe text: how text from the platform (names, prompts, ids, error messages, request
 * ids) is written to a terminal, a CI log or `pulumi.log` lines. Anyone with console access
 * names things on the platform, so such text could carry escape sequences (clear the screen,
 * OSC 8 hyperlinks, retitle the window), fake line breaks, or bidi overrides that show text in
 * another order than it is read (the "Trojan Source" trick). Here each such character is shown
 * escaped instead, in JavaScript/JSON notation (`\n`, `\t`, `\r`, `\u001b`), so a person still
 * sees what is there.
 *
 * Escaped ({@link isTerminalControl}): C0 controls U+0000-001F, DEL U+007F, C1 controls
 * U+0080-009F, the line and paragraph separators U+2028/2029, the bidi controls (U+061C,
 * U+200E/200F, U+202A-202E, U+2066-2069) and lone surrogates (not text; a terminal would show
 * U+FFFD). Everything else, backslashes included, is left as it is.
 *
 * Written here rather than taken from a library: the packages that strip ANSI sequences
 * (`strip-ansi` and the like) remove only well-formed sequences, silently, and know nothing of
 * C1 controls, bidi controls or JSON; showing every such character escaped is a short, total
 * rule that is easier to check than a sequence grammar.
 */

// With the `u` flag a surrogate range matches only lone surrogates: a valid pair is one code point.
const CLASS = "\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ud800-\\udfff";

/** Every character {@link escapeTerminalControls} escapes. */
const CONTROLS = new RegExp(`[${CLASS}]`, "gu");

/** The same characters except the line feed, for multi-line text whose line breaks are ours. */
const CONTROLS_BUT_LF = new RegExp(`(?!\\n)[${CLASS}]`, "gu");

/** One such character, whole. */
const ONE_CONTROL = new RegExp(`^[${CLASS}]$`, "u");

/** Characters JSON.stringify leaves raw that {@link terminalSafeJson} escapes (it escapes C0 and lone surrogates itself). */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const SHORT: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeOne(ch: string): string {
  return SHORT[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * Whether `ch` (one UTF-16 code unit or one code point) is a character that
 * {@link escapeTerminalControls} escapes.
 */
export function isTerminalControl(ch: string): boolean {
  return ONE_CONTROL.test(ch);
}

/**
 * `text` with every control character shown escaped, on one line: `"a\u001b[2Jb\nc"` becomes
 * `a\u001b[2Jb\nc` (the backslash sequences as visible characters). Use it for any platform
 * text put into a terminal line, log line or error message.
 */
export function escapeTerminalControls(text: string): string {
  return text.replace(CONTROLS, escapeOne);
}

/**
 * As {@link escapeTerminalControls}, but keeps line feeds as line breaks (a CR LF pair becomes
 * one line feed): for multi-line messages whose lines are ours (an error with its causes), where
 * the platform's parts were escaped when the message was built and this is the last guard.
 */
export function escapeTerminalControlsInLines(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(CONTROLS_BUT_LF, escapeOne);
}

/**
 * `JSON.stringify(value, undefined, space)` with no control character in its bytes: the
 * characters JSON.stringify leaves raw (DEL, C1 controls, U+2028/2029, bidi controls) are
 * written as `\uXXXX` escapes. They can only occur inside strings, so the result is valid JSON
 * that parses to the same value. `undefined` for what JSON.stringify gives `undefined` for.
 *
 * @param space indentation as for JSON.stringify (e.g. 2)
 */
export function terminalSafeJson(value: unknown, space?: number): string | undefined {
  const text = JSON.stringify(value, undefined, space) as string | undefined;
  return text?.replace(RAW_IN_JSON, escapeOne);
}
