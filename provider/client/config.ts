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
 * | `flashduty:maxRetries`  | `FLASHDUTY_MAX_RETRIES`  | 3 (429s do not count)        |
 * | `flashduty:deadlineMs`  | `FLASHDUTY_DEADLINE_MS`  | 600000 (10 min per call, for 429s) |
 *
 * Stack config wins over the environment. The ranges are the SDK's (`sdk/optionChecks.ts`). Nothing here is ever captured into state: the
 * values are read at run time, in `configure` or in each call.
 */

import { deadlineMsProblem, maxRetriesProblem, timeoutMsProblem } from "../../sdk/optionChecks";

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
  /** How long one call keeps retrying rate-limit refusals, in ms; undefined keeps the client's default (600000). */
  deadlineMs?: number;
}

/** Reads one stack config value by its full key (`flashduty:appKey`); undefined when unset. */
export type ConfigSource = (key: string) => string | undefined;

/** A setting's name: its stack config key without the `flashduty:` namespace, as the provider plugin's inputs name it. */
export type FlashdutyConfigKey = "appKey" | "baseUrl" | "locale" | "timeoutMs" | "maxRetries" | "deadlineMs";

/**
 * One setting: where it is read and how the schema describes it.
 *
 * @internal
 */
export interface Setting {
  /** Stack config key (`flashduty:appKey`). */
  config: string;
  /** Environment variable read where the stack config (or an explicit provider's input) is unset. */
  env: string;
  type: "string" | "integer";
  /** The schema's description (config variable and provider input). */
  description: string;
  /** The default the client applies when unset, for the schema's config variable. */
  default?: string | number;
  /** Encrypted in config and state, never shown. */
  secret?: boolean;
}

/**
 * Every configuration key, with its stack config key, environment variable and description: the
 * one declaration of the settings, from which the plugin's schema takes its config variables and
 * provider inputs (`plugin/schemaBuild.ts`).
 *
 * @internal
 */
export const SETTINGS = {
  appKey: {
    config: "flashduty:appKey",
    env: "FLASHDUTY_APP_KEY",
    type: "string",
    description: "App key from the Flashduty console (or FLASHDUTY_APP_KEY). Never logged, never in state in plaintext.",
    secret: true,
  },
  baseUrl: {
    config: "flashduty:baseUrl",
    env: "FLASHDUTY_BASE_URL",
    type: "string",
    description: "API base URL (or FLASHDUTY_BASE_URL); a trailing slash is fine.",
    default: "https://api.flashcat.cloud",
  },
  locale: {
    config: "flashduty:locale",
    env: "FLASHDUTY_LOCALE",
    type: "string",
    description: "Sent as Accept-Language on every API call (or FLASHDUTY_LOCALE), and the default locale of getAutomationTemplates.",
  },
  timeoutMs: {
    config: "flashduty:timeoutMs",
    env: "FLASHDUTY_TIMEOUT_MS",
    type: "integer",
    description: "Timeout of each HTTP attempt, in milliseconds (or FLASHDUTY_TIMEOUT_MS).",
    default: 30000,
  },
  maxRetries: {
    config: "flashduty:maxRetries",
    env: "FLASHDUTY_MAX_RETRIES",
    type: "integer",
    description:
      "Retries after the first attempt, 0 to 20, for 5xx, connection errors and timeouts (or FLASHDUTY_MAX_RETRIES); rate-limit refusals do not count.",
    default: 3,
  },
  deadlineMs: {
    config: "flashduty:deadlineMs",
    env: "FLASHDUTY_DEADLINE_MS",
    type: "integer",
    description: "How long one API call keeps retrying rate-limit refusals (429), in milliseconds from its start (or FLASHDUTY_DEADLINE_MS).",
    default: 600000,
  },
} as const satisfies Record<FlashdutyConfigKey, Setting>;

/**
 * Raised when the configuration is missing or malformed; the message says how to fix it, and
 * `key` names the setting it is about (`appKey`, `timeoutMs`, ...: the stack config key without
 * its `flashduty:` namespace, as the provider plugin's inputs name it).
 */
export class FlashdutyConfigError extends Error {
  override readonly name = "FlashdutyConfigError";

  /** The setting the error is about. */
  readonly key: FlashdutyConfigKey;

  /**
   * @param message what is wrong and how to fix it (never the app key's value)
   * @param key the setting it is about
   */
  constructor(message: string, key: FlashdutyConfigKey) {
    super(message);
    this.key = key;
  }
}

/**
 * Resolves the configuration from stack config (first) and environment variables (second).
 *
 * @param config stack config reader; `() => undefined` when there is none
 * @param env environment variables, default `process.env`
 * @throws FlashdutyConfigError when no app key is set (the message names
 *   `pulumi config set --secret flashduty:appKey` and `FLASHDUTY_APP_KEY`), or when
 *   `timeoutMs`, `maxRetries` or `deadlineMs` is out of range (the SDK's checks, `sdk/optionChecks.ts`).
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
      "appKey",
    );
  }
  return {
    appKey,
    baseUrl: read("baseUrl"),
    locale: read("locale"),
    timeoutMs: readNumber("timeoutMs", read("timeoutMs"), timeoutMsProblem),
    maxRetries: readNumber("maxRetries", read("maxRetries"), maxRetriesProblem),
    deadlineMs: readNumber("deadlineMs", read("deadlineMs"), deadlineMsProblem),
  };
}

function readNumber(name: FlashdutyConfigKey, raw: string | undefined, problemOf: (value: unknown) => string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  const problem = problemOf(value);
  if (problem !== undefined) {
    const setting = SETTINGS[name];
    throw new FlashdutyConfigError(`${setting.config} (or ${setting.env}) ${problem}, got '${raw}'.`, name);
  }
  return value;
}
