/**
 * Which `env` and `headers` values the emulator treats as secrets: masked as `******` in every
 * answer, and kept when an update sends them masked or empty. The vendor does not say which keys
 * it masks (docs/platform-api.md "MCP server writes"); the seed's masked keys are
 * `Authorization`, `DD-API-KEY`, `DD-APPLICATION-KEY`, `GITHUB_PERSONAL_ACCESS_TOKEN` and
 * `DATABASE_URI`. Our assumption: a key is sensitive when its name, upper-cased with `-` read as
 * `_`, contains one of {@link SENSITIVE_KEY_PARTS}. Clients must not rely on this rule: any value
 * may come back masked.
 */
import { MASKED_VALUE } from "../wire/protocol";

/** Parts of a key name that make its value a secret. */
export const SENSITIVE_KEY_PARTS: readonly string[] = [
  "AUTHORIZATION",
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "API_KEY",
  "APIKEY",
  "APPLICATION_KEY",
  "PRIVATE_KEY",
  "ACCESS_KEY",
  "CREDENTIAL",
  "COOKIE",
  "DATABASE_URI",
  "DATABASE_URL",
  "DSN",
];

/**
 * Parts of an A2A agent's `auth_config` key that make its value a secret: the vendor names
 * "KEY, SECRET, TOKEN, PASSWORD, etc." (docs/platform-api.md "A2A agent writes"); ours adds
 * the usual others.
 */
export const A2A_SENSITIVE_KEY_PARTS: readonly string[] = ["KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "CREDENTIAL", "AUTHORIZATION", "COOKIE"];

/** Whether the value of `key` (an env variable or header name) is masked in answers. */
export function isSensitiveKey(key: string): boolean {
  return hasSensitivePart(key, SENSITIVE_KEY_PARTS);
}

/** Whether the value of `key` of an A2A agent's `auth_config` is masked in answers. */
export function isSensitiveA2aKey(key: string): boolean {
  return hasSensitivePart(key, A2A_SENSITIVE_KEY_PARTS);
}

function hasSensitivePart(key: string, parts: readonly string[]): boolean {
  const normal = key.toUpperCase().replaceAll("-", "_");
  return parts.some((part) => normal.includes(part));
}

/**
 * A copy of `values` with every sensitive value (by `isSensitive`, default the MCP rule)
 * replaced by `******`; undefined stays undefined.
 */
export function maskSecrets(
  values: Record<string, string> | undefined,
  isSensitive: (key: string) => boolean = isSensitiveKey,
): Record<string, string> | undefined {
  if (values === undefined) return undefined;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isSensitive(key) ? MASKED_VALUE : value]));
}

/**
 * The map an update stores: `sent` replaces the whole map, except that a sensitive key (by
 * `isSensitive`, default the MCP rule) sent masked or empty keeps its stored value (when it had one).
 */
export function mergeSecrets(
  stored: Record<string, string> | undefined,
  sent: Record<string, string>,
  isSensitive: (key: string) => boolean = isSensitiveKey,
): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries(sent)) {
    const kept = stored !== undefined && Object.hasOwn(stored, key) ? stored[key] : undefined;
    merged[key] = isSensitive(key) && (value === MASKED_VALUE || value === "") && kept !== undefined ? kept : value;
  }
  return merged;
}
