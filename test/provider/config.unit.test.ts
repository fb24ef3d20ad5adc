/**
 * The provider's settings: `flashduty:deadlineMs` / `FLASHDUTY_DEADLINE_MS` next to the others,
 * and the timing checks shared with the SDK (sdk/optionChecks.ts), so a value the client would
 * refuse is refused here first, naming the key and the environment variable.
 */
import { describe, expect, test } from "vitest";
import { FlashdutyConfigError, resolveConfig } from "../../provider/client/config";
import { FlashdutyClient, FlashdutyValidationError } from "../../sdk";

const config = (values: Record<string, string>) => (key: string) => values[key];
const env = { FLASHDUTY_APP_KEY: "k" } as NodeJS.ProcessEnv;

describe("resolveConfig", () => {
  test("deadlineMs from stack config wins over the environment; unset keeps the client's default", () => {
    expect(resolveConfig(config({ "flashduty:deadlineMs": "900000" }), { ...env, FLASHDUTY_DEADLINE_MS: "1000" }).deadlineMs).toBe(900_000);
    expect(resolveConfig(config({}), { ...env, FLASHDUTY_DEADLINE_MS: "1000" }).deadlineMs).toBe(1000);
    expect(resolveConfig(config({}), env).deadlineMs).toBeUndefined();
  });

  test.each([
    ["flashduty:deadlineMs", "0", /flashduty:deadlineMs \(or FLASHDUTY_DEADLINE_MS\) must be a positive number of milliseconds, got '0'/],
    ["flashduty:deadlineMs", "soon", /FLASHDUTY_DEADLINE_MS/],
    ["flashduty:timeoutMs", "3000000000", /flashduty:timeoutMs \(or FLASHDUTY_TIMEOUT_MS\) must be a positive number of milliseconds, at most 2147483647/],
    ["flashduty:maxRetries", "21", /flashduty:maxRetries \(or FLASHDUTY_MAX_RETRIES\) must be an integer from 0 to 20, got '21'/],
  ])("%s = %s is refused with the key, the variable and the limit", (key, value, message) => {
    expect(() => resolveConfig(config({ [key]: value }), env)).toThrow(FlashdutyConfigError);
    expect(() => resolveConfig(config({ [key]: value }), env)).toThrow(message);
    // The error names its key, as the provider plugin's CheckConfig reports it.
    expect(() => resolveConfig(config({ [key]: value }), env)).toThrow(expect.objectContaining({ key: key.slice("flashduty:".length) }));
  });

  test("no app key: the error names appKey and both ways to set it", () => {
    const missing = () => resolveConfig(config({}), {});
    expect(missing).toThrow(expect.objectContaining({ name: "FlashdutyConfigError", key: "appKey" }));
    expect(missing).toThrow(/pulumi config set --secret flashduty:appKey.*FLASHDUTY_APP_KEY/s);
  });

  test("the same limits as the SDK's client options", () => {
    expect(() => new FlashdutyClient({ appKey: "k", maxRetries: 21 })).toThrow(FlashdutyValidationError);
    expect(() => new FlashdutyClient({ appKey: "k", deadlineMs: 0 })).toThrow(/deadlineMs must be a positive number of milliseconds/);
    expect(resolveConfig(config({ "flashduty:maxRetries": "20", "flashduty:timeoutMs": "1.5" }), env)).toMatchObject({ maxRetries: 20, timeoutMs: 1.5 });
  });
});
