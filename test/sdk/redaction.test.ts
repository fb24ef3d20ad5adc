/**
 * Redaction holds for any app key and any way a server or proxy may echo it: a fuzz test over
 * the key's alphabet (characters that URLs, HTML and JSON encode) and the echo encodings, and the
 * client over real HTTP with a peer that echoes the key in `error.code`, `request_id` (body and
 * header) and the message.
 */
import fc from "fast-check";
import { afterEach, describe, expect, test } from "vitest";
import { FlashdutyClient, isFlashdutyApiError } from "../../sdk";
import { redactSecrets } from "../../sdk/redaction";
import { fail, startRecorder, type Recorder } from "../support/recorder";

const lowerHex = (s: string) => s.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
const html = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const htmlHex = (s: string) => s.replace(/[&<>"']/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`);

/** How an echo may come back. */
const ENCODINGS: ReadonlyArray<[string, (key: string) => string]> = [
  ["raw", (k) => k],
  ["percent-encoded", (k) => encodeURIComponent(k)],
  ["percent-encoded, lowercase hex", (k) => lowerHex(encodeURIComponent(k))],
  ["form-encoded (+ for space)", (k) => encodeURIComponent(k).replace(/%20/g, "+")],
  ["double-encoded", (k) => encodeURIComponent(encodeURIComponent(k))],
  ["double-encoded, lowercase hex", (k) => lowerHex(encodeURIComponent(encodeURIComponent(k)))],
  ["HTML-escaped", (k) => html(k)],
  ["HTML-escaped (hex entities)", (k) => htmlHex(k)],
  ["HTML-escaped URL", (k) => html(encodeURIComponent(k))],
  ["JSON-escaped", (k) => JSON.stringify(k).slice(1, -1)],
  ["JSON-escaped with \\/", (k) => JSON.stringify(k).slice(1, -1).replace(/\//g, "\\/")],
];

const ALPHABET = [..."abcXYZ0129", " ", "/", "+", "=", "&", "%", "?", "#", "<", ">", '"', "'", "\\", ":", ";", "é", "中", "😀"];
const key = fc.array(fc.constantFrom(...ALPHABET), { minLength: 6, maxLength: 24 }).map((chars) => chars.join(""));

describe("redactSecrets", () => {
  test("replaces the whole echo of any key, in every encoding (fuzzed)", () => {
    fc.assert(
      fc.property(key, fc.constantFrom(...ENCODINGS), (k, [, encode]) => {
        const echoed = encode(k);
        expect(redactSecrets(`⟦${echoed}⟧`, [k])).toBe("⟦***⟧");
      }),
      { numRuns: 400 },
    );
  });

  test("a URL echoed with the key leaves no part of it (fuzzed)", () => {
    fc.assert(
      fc.property(key, fc.constantFrom(...ENCODINGS), (k, [, encode]) => {
        const url = `https://api.example/safari/mcp/server/get?app_key=${encodeURIComponent(k)}&x=1`;
        const out = redactSecrets(`GET ${encode(url)} failed`, [k]);
        expect(out).not.toContain(k);
        expect(out).not.toContain(encodeURIComponent(k));
      }),
      { numRuns: 200 },
    );
  });

  test("the app_key parameter of a URL is cut even without knowing the key", () => {
    expect(redactSecrets("GET /x?app_key=abc%2F1&y=2")).toBe("GET /x?app_key=***&y=2");
    expect(redactSecrets("GET%20%2Fx%3Fapp_key%3Dabc%26y")).toBe("GET%20%2Fx%3Fapp_key%3D***%26y");
  });
});

describe("errors built from a response that echoes the key", () => {
  let rec: Recorder | undefined;
  afterEach(async () => {
    await rec?.close();
  });

  test("error.code, request_id (body and header) and the message are redacted", async () => {
    const appKey = "K EY/1+2=3&x<é>";
    rec = await startRecorder(() =>
      fail(400, `Bad_${appKey}`, `no such thing for app_key=${lowerHex(encodeURIComponent(appKey))} (${html(appKey)})`, `req-${encodeURIComponent(appKey)}`, {
        "flashcat-request-id": `hdr-${encodeURIComponent(appKey)}`,
      }),
    );
    const client = new FlashdutyClient({ appKey, baseUrl: rec.url, maxRetries: 0, rateLimit: false });
    const error = await client.mcpServers.get({ serverId: "mcp_x" }).catch((e: unknown) => e);
    expect(isFlashdutyApiError(error)).toBe(true);
    const text = JSON.stringify({ ...(error as object), message: (error as Error).message });
    for (const [, encode] of ENCODINGS) expect(text).not.toContain(encode(appKey));
    expect(error).toMatchObject({ code: "Bad_***", requestId: "req-***" });
  });
});
