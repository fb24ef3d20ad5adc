/**
 * What the client's tests against the emulator share: one emulator per test file (started before
 * the file's tests, reset to its seed before each, closed after them), clients of its seed keys,
 * and the rejection a call must end in.
 */
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { FlashdutyClient, FlashdutyError, type FlashdutyClientOptions } from "../../sdk";

/** The file's emulator and its clients; `em` throws if read before the file's tests start. */
export interface FileEmulator {
  readonly em: Emulator;
  /** A client of the seed key `key` (default `admin`) with `options` (e.g. `maxRetries`). */
  client(key?: keyof Emulator["keys"], options?: Partial<FlashdutyClientOptions>): FlashdutyClient;
}

/** Registers the file's hooks (see the file comment) for an emulator started with `options` (`port` 0 unless given). */
export function emulatorPerFile(options: EmulatorOptions = {}): FileEmulator {
  let current: Emulator | undefined;
  beforeAll(async () => {
    current = await startEmulator({ port: 0, ...options });
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(() => {
    current?.reset();
  });
  const file: FileEmulator = {
    get em(): Emulator {
      if (current === undefined) throw new Error("test: the file's emulator is read before its tests start");
      return current;
    },
    client: (key = "admin", clientOptions = {}) => new FlashdutyClient({ appKey: file.em.keys[key], baseUrl: file.em.url, ...clientOptions }),
  };
  return file;
}

/**
 * The FlashdutyError `p` rejects with; fails the test if it resolves, rejects with anything
 * else, or (given `secrets`) if any of them appears in the error or its stack.
 */
export async function flashdutyRejection(p: Promise<unknown>, secrets: readonly string[] = []): Promise<FlashdutyError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(FlashdutyError);
    for (const secret of secrets) expect(JSON.stringify(e) + String((e as Error).stack)).not.toContain(secret);
    return e as FlashdutyError;
  }
  throw new Error("expected a rejection");
}
