/**
 * Configuration of the provider: one resolution for the dynamic resource (inside the engine's
 * provider plugin) and the data sources (inside the program), so both talk to the same place
 * with the same key.
 *
 * | stack config            | environment              | default                      |
 * |-------------------------|--------------------------|------------------------------|
 * | `flashduty:appKey`      | `FLASHDUTY_APP_KEY`      | (required)                   |
 * | `flashduty:baseUrl`     | `FLASHDUTY_BASE_URL`     | the client's, `https://api.flashcat.cloud` |
 * | `flashduty:locale`      | `FLASHDUTY_LOCALE`       | (Accept-Language decides)    |
 * | `flashduty:timeoutMs`   | `FLASHDUTY_TIMEOUT_MS`   | 30000 (per attempt)          |
 * | `flashduty:maxRetries`  | `FLASHDUTY_MAX_RETRIES`  | 3                            |
 *
 * Stack config wins over the environment. Nothing here is ever captured into state: the
 * values are read at run time, in `configure` or in each call.
 */

/** Resolved settings. `appKey` is a secret: never log it, never put it in an error or state. */
export interface FlashdutyConfig {
  appKey: string;
  /** API base URL; undefined keeps the client's default (`DEFAULT_BASE_URL` of the SDK). */
  baseUrl?: string;
  /** BCP 47 language tag for templates, e.g. `en-US`; undefined lets Accept-Language decide. */
  locale?: string;
  /** Per-attempt HTTP timeout in ms; undefined keeps the client's default (30000). */
  timeoutMs?: number;
  /** Retries after the first attempt; undefined keeps the client's default (3). */
  maxRetries?: number;
}

/** Reads one stack config value by its full key (`flashduty:appKey`); undefined when unset. */
export type ConfigSource = (key: string) => string | undefined;

const SETTINGS = {
  appKey: { config: "flashduty:appKey", env: "FLASHDUTY_APP_KEY" },
  baseUrl: { config: "flashduty:baseUrl", env: "FLASHDUTY_BASE_URL" },
  locale: { config: "flashduty:locale", env: "FLASHDUTY_LOCALE" },
  timeoutMs: { config: "flashduty:timeoutMs", env: "FLASHDUTY_TIMEOUT_MS" },
  maxRetries: { config: "flashduty:maxRetries", env: "FLASHDUTY_MAX_RETRIES" },
} as const;

/** Raised when the configuration is missing or malformed; the message says how to fix it. */
export class FlashdutyConfigError extends Error {
  override readonly name = "FlashdutyConfigError";
}

/**
 * Resolves the configuration from stack config (first) and environment variables (second).
 *
 * @param config stack config reader; `() => undefined` when there is none
 * @param env environment variables, default `process.env`
 * @throws FlashdutyConfigError when no app key is set (the message names
 *   `pulumi config set --secret flashduty:appKey` and `FLASHDUTY_APP_KEY`), or when
 *   `timeoutMs` / `maxRetries` are not non-negative integers.
 */
export function resolveConfig(config: ConfigSource, env: NodeJS.ProcessEnv = process.env): FlashdutyConfig {
  const read = (name: keyof typeof SETTINGS): string | undefined => {
    const setting = SETTINGS[name];
    const value = config(setting.config) ?? env[setting.env];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  };
  const appKey = read("appKey");
  if (appKey === undefined) {
    throw new FlashdutyConfigError(
      "No Flashduty app key is configured. Set it with `pulumi config set --secret flashduty:appKey <key>` " +
        "or in the FLASHDUTY_APP_KEY environment variable.",
    );
  }
  return {
    appKey,
    baseUrl: read("baseUrl"),
    locale: read("locale"),
    timeoutMs: readCount("timeoutMs", read("timeoutMs"), 1),
    maxRetries: readCount("maxRetries", read("maxRetries"), 0),
  };
}

function readCount(name: keyof typeof SETTINGS, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    const setting = SETTINGS[name];
    throw new FlashdutyConfigError(
      `${setting.config} (or ${setting.env}) must be an integer >= ${min}, got '${raw}'.`,
    );
  }
  return value;
}
