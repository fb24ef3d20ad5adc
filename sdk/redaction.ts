/**
 * Redaction: the one place that removes secrets (the app key) from text the client did not
 * write, before it reaches an error, a log line or a report.
 *
 * The forms in which a secret (the app key) can come back in text the client did not write: a
 * server or proxy that echoes the request URL or a header may return it raw, percent-encoded
 * (upper- or lowercase hex, `+` for a space as forms do, `!'()*` encoded or not), encoded twice,
 * HTML-escaped or JSON-escaped. `redactSecrets` replaces every one of them.
 *
 * Why literal forms, not one regular expression: each form is matched as a plain substring
 * (`split`/`join`), so the cost is linear in the text whatever the key's alphabet, and no key can
 * make a pattern backtrack.
 */

/** `%2f` for `%2F`: the same bytes with lowercase hex digits. */
const lowerHex = (s: string) => s.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());

/** encodeURIComponent, plus the five characters it leaves alone (RFC 3986 reserves them). */
const strictEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const HTML: Readonly<Record<string, string[]>> = {
  "&": ["&amp;", "&#38;", "&#x26;"],
  "<": ["&lt;", "&#60;", "&#x3c;", "&#x3C;"],
  ">": ["&gt;", "&#62;", "&#x3e;", "&#x3E;"],
  '"': ["&quot;", "&#34;", "&#x22;"],
  "'": ["&#39;", "&#039;", "&#x27;", "&apos;"],
};

/** The HTML-escaped forms of `s` (each escapable character written one way throughout). */
function htmlEscapes(s: string): string[] {
  if (!/[&<>"']/.test(s)) return [];
  const out: string[] = [];
  for (let style = 0; style < 4; style++) {
    out.push(s.replace(/[&<>"']/g, (c) => HTML[c]![Math.min(style, HTML[c]!.length - 1)]!));
  }
  return out;
}

/** The JSON-escaped forms of `s` (as a JSON string's content; also with `/` written `\/`, and with non-ASCII as `\uXXXX`). */
function jsonEscapes(s: string): string[] {
  const json = JSON.stringify(s).slice(1, -1);
  const ascii = json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return [json, json.replace(/\//g, "\\/"), ascii, ascii.replace(/\//g, "\\/"), ascii.replace(/\\u([0-9a-f]{4})/g, (_, h: string) => `\\u${h.toUpperCase()}`)];
}

/**
 * Every form of `secret` this module knows, longest first (so a form that contains another is
 * replaced whole). Empty strings are never returned.
 */
export function echoesOf(secret: string): string[] {
  const forms = new Set<string>([secret]);
  const encoded = [encodeURIComponent(secret), strictEncode(secret)];
  for (const e of encoded) {
    for (const once of [e, lowerHex(e), e.replace(/%20/g, "+"), lowerHex(e).replace(/%20/g, "+")]) {
      forms.add(once);
      const twice = encodeURIComponent(once);
      forms.add(twice);
      forms.add(lowerHex(twice));
      for (const h of htmlEscapes(once)) forms.add(h);
    }
  }
  for (const form of [...forms]) {
    for (const h of htmlEscapes(form)) forms.add(h);
    for (const j of jsonEscapes(form)) forms.add(j);
  }
  return [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

/**
 * Removes secrets from text that may end up in an error or a log line: every echo of the given
 * keys (raw, percent-encoded in either hex case, form-encoded, encoded twice, HTML- or
 * JSON-escaped; see `echoesOf`), then the value of any `app_key` query parameter left
 * (also percent-encoded itself: `app_key%3D...`). Each becomes `***`.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    for (const form of echoesOf(secret)) out = out.split(form).join("***");
  }
  // The value ends at the next parameter or fragment, written plainly or percent-encoded (%26, %23).
  return out.replace(/(app_key(?:=|%(?:25)?3d))(?:(?!%(?:25)?2[36])[^&#\s"'<>])*/gi, "$1***");
}

/**
 * A redacted stand-in for a transport failure (undici errors can carry the request URL, with
 * `?app_key=...`, in their message, properties or stack). Keeps only `name`, `code` and the
 * redacted message and stack; never the original object.
 */
export function redactedCause(error: unknown, secrets: readonly string[]): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(redactSecrets(source.message, secrets));
  copy.name = source.name;
  const code = (source as { code?: unknown }).code;
  if (typeof code === "string") (copy as Error & { code?: string }).code = code;
  copy.stack = source.stack === undefined ? undefined : redactSecrets(source.stack, secrets);
  return copy;
}
