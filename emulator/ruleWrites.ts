/**
 * Every change of the automation rules (API writes and console edits) goes through here: saved to
 * the state file first (`Store.commitRules`), then applied to `world.rules`, so nothing is
 * acknowledged that is not on disk. HTTP POST trigger tokens are kept as SHA-256 digests only.
 */
import { createHash } from "node:crypto";
import type { World } from "./operation";
import type { RuleChanges, StoredRule } from "./types";

/** The digest a trigger token is kept as (hex SHA-256). */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The rules to save: every rule the first time a rule changes (the file held none), else only `changed`. */
function rulesToPut(world: World, changed: StoredRule[], removed: string[] = []): StoredRule[] {
  if (world.store.ruleState.rules !== undefined) return changed;
  const byId = new Map(world.rules.all().map((r) => [r.rule_id, r]));
  for (const id of removed) byId.delete(id);
  for (const rule of changed) byId.set(rule.rule_id, rule);
  return [...byId.values()];
}

/** Digests of the given tokens (null: forget the trigger's token), for the state file. */
function digests(tokens: Record<string, string | null>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(tokens).map(([trigger, token]) => [trigger, token === null ? null : tokenDigest(token)]));
}

/** Saves and adds a new rule, with the token of its HTTP POST trigger if it has one. */
export function addRule(world: World, rule: StoredRule, tokens: Record<string, string> = {}): void {
  world.store.commitRules({ putRules: rulesToPut(world, [rule]), tokens: digests(tokens) });
  world.rules.add(rule);
}

/**
 * Saves and applies `changes` to rule `ruleId` (`updated_at` = `now`), with new tokens if any.
 * Returns the rule as stored (a copy), or undefined for an unknown id.
 */
export function changeRule(world: World, ruleId: string, changes: RuleChanges, now: number, tokens: Record<string, string> = {}): StoredRule | undefined {
  const current = world.rules.get(ruleId);
  if (current === undefined) return undefined;
  const next: StoredRule = { ...structuredClone(current), ...structuredClone(changes), updated_at: now };
  world.store.commitRules({ putRules: rulesToPut(world, [next]), tokens: digests(tokens) });
  return world.rules.update(ruleId, { ...changes }, now);
}

/** Saves and removes a rule; its token stops working and its last run is forgotten. False for an unknown id. */
export function removeRule(world: World, ruleId: string): boolean {
  const rule = world.rules.get(ruleId);
  if (rule === undefined) return false;
  const trigger = rule.http_post_trigger_id;
  const put = rulesToPut(world, [], [ruleId]);
  world.store.commitRules({
    ...(world.store.ruleState.rules === undefined ? { putRules: put } : { removeRules: [ruleId] }),
    ...(trigger !== undefined ? { tokens: { [trigger]: null } } : {}),
  });
  world.lastRuns.delete(ruleId);
  return world.rules.remove(ruleId);
}
