/**
 * The digests that stand for secret input values in outputs (provider/engine/secretDigest.ts):
 * their form, that they match only their value, and how a value of older state compares.
 */
import { describe, expect, test } from "vitest";
import {
  DIGEST_PREFIX,
  digestMatches,
  isSecretDigest,
  prepareSecretDigest,
  prepareSecretMatch,
  sealSecret,
  secretDigest,
  storedSecretMatches,
} from "../../provider/engine/secretDigest";
import { prepareSecretMapsMatch, prepareSecretMapsSeal, sealSecretMap, secretMapsMatch } from "../../provider/engine/secretMap";

const VALUE = "Bearer unit_digest_secret_0123456789";

describe("secret digests", () => {
  test("a digest is scrypt:<salt>:<hash> in base64url, holds no part of the value, and matches only its value", () => {
    const digest = secretDigest(VALUE);
    expect(digest).toMatch(/^scrypt:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]{43}$/);
    expect(digest.startsWith(DIGEST_PREFIX)).toBe(true);
    expect(digest).not.toContain("unit_digest_secret");
    expect(isSecretDigest(digest)).toBe(true);
    expect(digestMatches(digest, VALUE)).toBe(true);
    expect(digestMatches(digest, `${VALUE} `)).toBe(false);
    expect(digestMatches(digest, "")).toBe(false);
  });

  test("each digest has its own salt; sealing keeps a matching digest and makes a new one otherwise", () => {
    const first = secretDigest(VALUE);
    expect(secretDigest(VALUE)).not.toBe(first);
    expect(sealSecret(VALUE, [undefined, first])).toBe(first);
    const other = sealSecret("rotated", [first]);
    expect(other).not.toBe(first);
    expect(digestMatches(other, "rotated")).toBe(true);
  });

  test("text that is not a digest never matches as one; a value of older state compares as itself", () => {
    for (const text of ["scrypt:", "scrypt:abc", "scrypt:a:b:c", "scrypt:a b:c", "sha256:x:y", "******", VALUE]) {
      expect(isSecretDigest(text), text).toBe(false);
      expect(digestMatches(text, VALUE), text).toBe(false);
    }
    expect(isSecretDigest(42)).toBe(false);
    expect(storedSecretMatches(VALUE, VALUE)).toBe(true);
    expect(storedSecretMatches(VALUE, "other")).toBe(false);
    expect(storedSecretMatches(secretDigest(VALUE), VALUE)).toBe(true);
    // A well-formed digest of another hash length never matches (and does not throw).
    expect(digestMatches("scrypt:AAAA:BBBB", VALUE)).toBe(false);
  });

  test("digests computed ahead off the event loop give the comparisons that follow the same answers", async () => {
    // A digest made elsewhere (its salt never seen in this process): the prepared result is what the
    // synchronous comparison then uses, so a wrong one would turn true into false and back.
    const salt = Buffer.from("0123456789abcdef");
    const { scryptSync } = await import("node:crypto");
    const foreign = `${DIGEST_PREFIX}${salt.toString("base64url")}:${scryptSync(VALUE, salt, 32, { N: 2 ** 12, r: 8, p: 1 }).toString("base64url")}`;
    await prepareSecretMatch(foreign, VALUE);
    await prepareSecretMatch(foreign, "rotated");
    expect(digestMatches(foreign, VALUE)).toBe(true);
    expect(digestMatches(foreign, "rotated")).toBe(false);
    // Nothing to do, and no throw, for what is no digest or no value.
    for (const [stored, value] of [
      ["******", VALUE],
      [VALUE, VALUE],
      [foreign, 42],
      [undefined, undefined],
    ] as const) {
      await expect(prepareSecretMatch(stored, value)).resolves.toBeUndefined();
    }
    const held = { Authorization: secretDigest("Bearer a"), "X-Key": secretDigest("k") };
    await prepareSecretMapsMatch(held, { Authorization: "Bearer a", "X-Key": "changed", Extra: "x" });
    await prepareSecretMapsMatch(undefined, { Authorization: "Bearer a" });
    expect(secretMapsMatch(held, { Authorization: "Bearer a", "X-Key": "k" })).toBe(true);
    expect(secretMapsMatch(held, { Authorization: "Bearer a", "X-Key": "changed" })).toBe(false);
  });

  test("digests prepared off the event loop are handed out once each, and seal as the synchronous ones do", async () => {
    await prepareSecretDigest(VALUE);
    const first = secretDigest(VALUE);
    const second = secretDigest(VALUE);
    expect(second).not.toBe(first);
    for (const digest of [first, second]) {
      expect(digest).toMatch(/^scrypt:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]{43}$/);
      expect(digestMatches(digest, VALUE)).toBe(true);
      expect(digestMatches(digest, "other")).toBe(false);
    }

    // What an update seals: an unchanged value keeps its digest, a changed or new one gets its own,
    // the mask and digests stay as they are.
    const held = { Authorization: secretDigest("Bearer a"), "X-Key": secretDigest("k") };
    const news = { headers: { Authorization: "Bearer a", "X-Key": "changed", Masked: "******", Kept: held["X-Key"] }, env: { TOKEN: "t", OTHER: "t" } };
    await prepareSecretMapsSeal(news, { headers: held }, ["headers", "env"]);
    const headers = sealSecretMap(news.headers, held);
    expect(headers.Authorization).toBe(held.Authorization);
    expect(digestMatches(headers["X-Key"] as string, "changed")).toBe(true);
    expect(headers.Masked).toBe("******");
    expect(headers.Kept).toBe(held["X-Key"]);
    const env = sealSecretMap(news.env, undefined);
    expect(env.TOKEN).not.toBe(env.OTHER);
    expect(digestMatches(env.TOKEN as string, "t") && digestMatches(env.OTHER as string, "t")).toBe(true);

    // Shapes that are no secret map are skipped, and the preparation never rejects.
    await expect(prepareSecretMapsSeal({ headers: ["x"], env: null, other: 1 }, { headers: 3 }, ["headers", "env", "missing"])).resolves.toBeUndefined();
  });
});
