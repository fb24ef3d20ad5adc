/**
 * What the client's error tests share: a recording server per test (`rec`), a client of it with
 * the secret key and no retries or rate limit by default, the rejection of a call, and every way an
 * error could be printed or shipped (to check that the app key is in none).
 */
import { inspect } from "node:util";
import { afterEach, beforeEach, expect } from "vitest";
import { FlashdutyClient, type FlashdutyClientOptions } from "../../sdk";
import { SECRET_KEY, startRecorder, type Recorder } from "./recorder";
import { flashdutyRejection } from "./sdkEmulator";

/** The recording server of the running test (set by {@link useRecorder}). */
export let rec: Recorder;

/** A fresh recording server before each test of the file, closed after it. */
export function useRecorder(): void {
  beforeEach(async () => {
    rec = await startRecorder();
  });
  afterEach(async () => {
    await rec.close();
  });
}

/** A client of {@link rec} with the secret key, no rate limit and no retries, unless `options` say otherwise. */
export function clientFor(options: Partial<FlashdutyClientOptions> = {}): FlashdutyClient {
  return new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: rec.url, rateLimit: false, maxRetries: 0, ...options });
}

/** The error a call rejects with. */
export const caught = flashdutyRejection;

/** Every way the error could be printed or shipped. */
export function everyRendering(e: unknown): string {
  const err = e as Error;
  return [
    String(err),
    err.message,
    err.stack ?? "",
    JSON.stringify(err),
    inspect(err, { showHidden: true, depth: Infinity }),
    String(err.cause ?? ""),
    inspect(err.cause, { showHidden: true, depth: Infinity }),
    JSON.stringify(Object.getOwnPropertyDescriptors(err)),
  ].join("\n");
}

/** Fails when the app key is in any rendering of `e`. */
export function expectNoKey(e: unknown): void {
  const text = everyRendering(e);
  expect(text).not.toContain(SECRET_KEY);
  expect(text).not.toContain("SECRET-4f9a");
}
