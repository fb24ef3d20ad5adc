/**
 * Platform text made inert, over hostile strings (the issue's examples and generated ones):
 * `markdownCode` / `markdownTableCell` checked against a CommonMark + GFM renderer (micromark)
 * as the oracle, `escapeTerminalControls` and `terminalSafeJson` against the control characters
 * a terminal acts on, and the SDK's error messages, which carry the platform's text.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { FlashdutyApiError, FlashdutyResponseError } from "../../sdk";
import { markdownCode, markdownTableCell } from "../../sdk/markdownText";
import { escapeTerminalControls, escapeTerminalControlsInLines, isTerminalControl, terminalSafeJson } from "../../sdk/terminalText";
import {
  GITHUB_LINKABLE,
  ISSUE_EXAMPLES,
  TERMINAL_CONTROL,
  comments,
  elements,
  hostileText,
  outsideCode,
  renderHtml,
  shownInCode,
  visibleText,
} from "../support/hostileText";

const RUNS = { numRuns: 400 };

describe("escapeTerminalControls", () => {
  test("the issue's escape sequences and every control class are shown escaped, the rest left as is", () => {
    expect(escapeTerminalControls("a\u001b[2Jb\u001b]8;;https://x\u0007c\n\t\r")).toBe("a\\u001b[2Jb\\u001b]8;;https://x\\u0007c\\n\\t\\r");
    expect(escapeTerminalControls("\u0000\u007f\u0085\u009b\u061c\u200e\u200f\u2028\u2029\u202a\u202e\u2066\u2069\ud800")).toBe(
      "\\u0000\\u007f\\u0085\\u009b\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069\\ud800",
    );
    expect(escapeTerminalControls("名前 😀 \\u001b a\u00a0b")).toBe("名前 😀 \\u001b a\u00a0b");
    expect(escapeTerminalControlsInLines("one\r\ntwo\u001b\nthree\r")).toBe("one\ntwo\\u001b\nthree\\r");
    expect(isTerminalControl("\u009b")).toBe(true);
    expect(isTerminalControl("x")).toBe(false);
  });

  test("property: no control character survives; text without any is unchanged", () => {
    fc.assert(
      fc.property(hostileText(), (text) => {
        const shown = escapeTerminalControls(text);
        expect(shown).not.toMatch(TERMINAL_CONTROL);
        expect(escapeTerminalControlsInLines(text).replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
        if (!TERMINAL_CONTROL.test(text)) expect(shown).toBe(text);
      }),
      RUNS,
    );
  });
});

describe("terminalSafeJson", () => {
  test("property: valid JSON with no control character that parses to the same value", () => {
    fc.assert(
      fc.property(fc.dictionary(hostileText(4), fc.oneof(hostileText(), fc.array(hostileText(4), { maxLength: 3 }), fc.integer())), (value) => {
        for (const space of [undefined, 2]) {
          const json = terminalSafeJson(value, space)!;
          expect(json.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
          expect(JSON.parse(json)).toEqual(value);
        }
      }),
      RUNS,
    );
  });

  test("what JSON.stringify leaves raw is escaped", () => {
    expect(terminalSafeJson({ a: "\u0085\u2028\u202e\u007f" })).toBe('{"a":"\\u0085\\u2028\\u202e\\u007f"}');
    expect(terminalSafeJson(undefined)).toBeUndefined();
  });
});

/** The HTML micromark renders for a code span showing exactly `text`. */
function codeElement(text: string): string {
  return `<code>${shownInCode(text)}</code>`;
}

describe("markdownCode against CommonMark + GFM (micromark)", () => {
  test("the issue's examples render as one code element each, showing the text", () => {
    for (const text of ISSUE_EXAMPLES) {
      expect(renderHtml(`Rule ${markdownCode(text)} changed.`)).toBe(`<p>Rule ${codeElement(text)} changed.</p>`);
    }
    expect(markdownCode("N2 @acme/oncall please approve <!-- hide the rest")).toBe("`N2 @\u2060acme/oncall please approve <!-- hide the rest`");
    expect(markdownCode("see #12 and acme/repo#3, mail a@b.example, @ alone, C#")).toBe(
      "`see #\u206012 and acme/repo#\u20603, mail a@\u2060b.example, @ alone, C#`",
    );
    expect(markdownCode("a `b` c")).toBe("``a `b` c``");
    expect(markdownCode("`b`")).toBe("`` `b` ``");
    expect(markdownCode("")).toBe("");
    expect(markdownCode("abcdef", { maxLength: 3 })).toBe("`abc`…");
    expect(markdownCode("😀😀😀", { maxLength: 2 })).toBe("`😀😀`…");
  });

  test("property: in a sentence, exactly one code element with the text; nothing else comes alive", () => {
    fc.assert(
      fc.property(hostileText(), (text) => {
        const markdown = `Rule ${markdownCode(text)} changed.`;
        expect(markdown).not.toMatch(TERMINAL_CONTROL);
        const html = renderHtml(markdown);
        expect(html).toBe(text === "" ? "<p>Rule  changed.</p>" : `<p>Rule ${codeElement(text)} changed.</p>`);
        // Even read without regard to <code>, no mention or reference pattern is left.
        expect(visibleText(html)).not.toMatch(GITHUB_LINKABLE);
      }),
      RUNS,
    );
  });

  test("property: in a GFM table cell (and a blockquote), the row keeps its cells and the cell shows the text", () => {
    fc.assert(
      fc.property(hostileText(), hostileText(), (a, b) => {
        const row = `| ${markdownTableCell(markdownCode(a))} | ${markdownTableCell(`x ${markdownCode(b)}`)} | end |`;
        const html = renderHtml(`| A | B | C |\n|---|---|---|\n${row}\n\n> note ${markdownCode(b)}\n`);
        const cells = [...html.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1]);
        // A backslash before a pipe gets a word joiner (see markdownTableCell).
        const inCell = (text: string) => codeElement(text).replace(/\\(?=\|)/g, "\\\u2060");
        expect(cells).toEqual([a === "" ? "" : inCell(a), b === "" ? "x" : `x ${inCell(b)}`, "end"]);
        expect(elements(html).filter((e) => !["table", "thead", "tbody", "tr", "th", "td", "code", "blockquote", "p"].includes(e))).toEqual([]);
        expect(comments(html)).toEqual([]);
        expect(outsideCode(html)).not.toMatch(GITHUB_LINKABLE);
        expect(visibleText(html)).not.toMatch(GITHUB_LINKABLE);
      }),
      RUNS,
    );
  });
});

describe("SDK error messages show the platform's text with its controls escaped", () => {
  test("property: FlashdutyApiError and FlashdutyResponseError messages hold no control character; fields keep the text", () => {
    fc.assert(
      fc.property(hostileText(), hostileText(6), hostileText(6), (serverMessage, code, requestId) => {
        const err = new FlashdutyApiError({
          operation: "POST /safari/automation/rule/list",
          attempts: 2,
          mayHaveApplied: false,
          code,
          httpStatus: 400,
          requestId,
          serverMessage,
        });
        expect(err.message).not.toMatch(TERMINAL_CONTROL);
        expect(err.message).toContain(escapeTerminalControls(serverMessage));
        expect(err.serverMessage).toBe(serverMessage);
        const bad = new FlashdutyResponseError({
          operation: "POST /x",
          attempts: 1,
          mayHaveApplied: false,
          httpStatus: 200,
          requestId,
          path: code,
          problem: serverMessage,
        });
        expect(bad.message).not.toMatch(TERMINAL_CONTROL);
      }),
      RUNS,
    );
  });
});
