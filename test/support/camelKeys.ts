/**
 * The object with its snake_case keys in camelCase: an independent cross-check of the SDK's
 * own wire mapping (`rule_id` -> `ruleId`).
 */
export function camelKeys(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelKey(k), v]));
}

/** `schedule_next_fire_at_ms` -> `scheduleNextFireAtMs`. */
export function camelKey(key: string): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
