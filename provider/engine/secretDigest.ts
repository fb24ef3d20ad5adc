/**
 * Secret inputs as write-only values: a resource's outputs hold a salted digest of each secret
 * input value, never the value (Terraform 1.11's write-only arguments are the model). The engine
 * keeps the program's inputs, encrypted, as it does for every provider; the outputs are what
 * `@pulumi/pulumi` prints whole in its `RegisterResource RPC finished` debug line and the event
 * log, so they must hold nothing a reader could use (docs/reliability.md "Secrets in logs").
 *
 * A digest is `scrypt:<salt>:<hash>` (base64url, no padding): scrypt (N = 2^12, r = 8, p = 1,
 * 32 bytes) of the UTF-8 value with a random 16-byte salt per value. scrypt rather than a fast
 * HMAC because the digest sits beside its salt: a weak value (a short password in a header) must
 * cost a guesser real work per try. The parameters are fixed by the `scrypt:` prefix; other
 * parameters would take another prefix. Comparing costs about 12 ms of CPU per value once per
 * process (results are remembered for the process, which lives for one update). N = 2^12 rather
 * than 2^14 (about 50 ms here): every preview compares each secret value of the stack, so a
 * stack of 100 servers with two secret headers each pays 200 comparisons, 2.4 s instead of 10 s,
 * while a guess still costs 4 MiB and milliseconds, not the microseconds of a fast hash.
 *
 * @packageDocumentation
 */
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";

/** The prefix of every digest this module writes. */
export const DIGEST_PREFIX = "scrypt:";

const SCRYPT = { N: 2 ** 12, r: 8, p: 1 } as const;
const HASH_BYTES = 32;
const SALT_BYTES = 16;

/** Digests already computed in this process, by salt and the value's SHA-256 (never the value). */
const computed = new Map<string, Buffer>();

/**
 * New digests computed ahead by {@link prepareSecretDigest}, by the value's SHA-256 (never the
 * value); {@link secretDigest} hands each out once.
 */
const ready = new Map<string, string[]>();

function valueKey(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

function cacheKey(value: string, salt: Buffer): string {
  return `${salt.toString("base64url")}:${valueKey(value)}`;
}

/** scrypt of `value` on Node.js's thread pool (4 threads by default); undefined if it failed. */
function hashOffLoop(value: string, salt: Buffer): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    scrypt(value, salt, HASH_BYTES, SCRYPT, (err, derived) => resolve(err ? undefined : derived));
  });
}

function hash(value: string, salt: Buffer): Buffer {
  const key = cacheKey(value, salt);
  let out = computed.get(key);
  if (out === undefined) {
    out = scryptSync(value, salt, HASH_BYTES, SCRYPT);
    computed.set(key, out);
  }
  return out;
}

/**
 * Computes, off the event loop (Node.js's thread pool, 4 threads by default), the digests that
 * comparing `value` with `stored` will need, so the comparison that follows ({@link
 * storedSecretMatches}, synchronous) finds them done. Why: a preview compares every secret value of
 * the stack with its digest, 12 ms of CPU each; computed one by one on the provider's event loop,
 * 100 values held every other diff and read of the preview for 1.2 s (benchmark 9, issue 47).
 * Does nothing for a `stored` that is no digest. Never rejects: a failure leaves the synchronous
 * comparison to compute (and throw) as before.
 */
export async function prepareSecretMatch(stored: unknown, value: unknown): Promise<void> {
  if (typeof value !== "string" || !isSecretDigest(stored)) return;
  const salt = Buffer.from(stored.slice(DIGEST_PREFIX.length).split(":")[0] as string, "base64url");
  const key = cacheKey(value, salt);
  if (computed.has(key)) return;
  const out = await hashOffLoop(value, salt);
  if (out !== undefined) computed.set(key, out);
}

/**
 * Computes, off the event loop, a new digest of `value` (a fresh salt) that the next {@link
 * secretDigest} of the same value hands out instead of computing one on the event loop. Why: a
 * create seals every secret value it was given, 10 ms of CPU each; on the provider's event loop
 * that held every other step of an `up` of 5,000 resources for 16.7 s (benchmark 12, issue 47).
 * Never rejects: a failure leaves `secretDigest` to compute as before.
 */
export async function prepareSecretDigest(value: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const out = await hashOffLoop(value, salt);
  if (out === undefined) return;
  // Remembered for comparisons too, as `hash` does, so a later match with this digest costs nothing.
  computed.set(cacheKey(value, salt), out);
  const key = valueKey(value);
  const list = ready.get(key);
  if (list === undefined) ready.set(key, [digestText(salt, out)]);
  else list.push(digestText(salt, out));
}

/** Whether `text` is a digest of this module's form (`scrypt:<salt>:<hash>`). */
export function isSecretDigest(text: unknown): text is string {
  if (typeof text !== "string" || !text.startsWith(DIGEST_PREFIX)) return false;
  const parts = text.slice(DIGEST_PREFIX.length).split(":");
  return parts.length === 2 && parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part));
}

/** A new digest of `value` with a fresh random salt (one {@link prepareSecretDigest} computed, if any). */
export function secretDigest(value: string): string {
  const key = valueKey(value);
  const list = ready.get(key);
  const prepared = list?.pop();
  if (prepared !== undefined) {
    if (list?.length === 0) ready.delete(key);
    return prepared;
  }
  const salt = randomBytes(SALT_BYTES);
  return digestText(salt, hash(value, salt));
}

function digestText(salt: Buffer, hashed: Buffer): string {
  return `${DIGEST_PREFIX}${salt.toString("base64url")}:${hashed.toString("base64url")}`;
}

/** Whether `digest` (a digest of this module's form) is a digest of `value`; false for anything else. */
export function digestMatches(digest: string, value: string): boolean {
  if (!isSecretDigest(digest)) return false;
  const [salt, expected] = digest.slice(DIGEST_PREFIX.length).split(":") as [string, string];
  const want = Buffer.from(expected, "base64url");
  const got = hash(value, Buffer.from(salt, "base64url"));
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * Whether a value held in state (`stored`: a digest, or a plaintext value of state written before
 * digests) stands for the value `value`.
 */
export function storedSecretMatches(stored: string, value: string): boolean {
  return isSecretDigest(stored) ? digestMatches(stored, value) : stored === value;
}

/**
 * The digest to keep for `value`: the first of `previous` that is a digest of it (so an unchanged
 * value keeps its digest from update to update), else a new one.
 */
export function sealSecret(value: string, previous: readonly (string | undefined)[]): string {
  for (const digest of previous) if (digest !== undefined && digestMatches(digest, value)) return digest;
  return secretDigest(value);
}
