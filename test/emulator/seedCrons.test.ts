/**
 * The seed's automation rules satisfy the platform's cron dialect (wire/cronDialect.ts), except
 * the few legacy rows, which are marked: `isLegacyCronRule(index)` in emulator/seed.ts and the
 * name suffix `LEGACY_RULE_NAME_SUFFIX` that every client sees on the wire.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cronDialectProblem, PATHS, PLACEHOLDER_CRON } from "../../wire/wire";
import { LEGACY_CRONS, LEGACY_RULE_NAME_SUFFIX, SEED_USERS, isLegacyCronRule, startEmulator, type Emulator, type StoredRule } from "../../emulator";
import { seedRule } from "../../emulator/seedRules";
import { call } from "../support/emulatorCalls";

const COUNT = 10_000;
const NOW = Date.UTC(2026, 0, 1);
const rules = Array.from({ length: COUNT }, (_, index) => seedRule(index, NOW));
const legacyIndexes = rules.map((_, index) => index).filter(isLegacyCronRule);

describe("seed crons", () => {
  it("every rule of a 10,000-rule seed satisfies the dialect unless it is a legacy row", () => {
    const broken = rules.filter((rule, index) => !isLegacyCronRule(index) && cronDialectProblem(rule.cron_expr) !== undefined);
    expect(broken.map((r) => `${r.rule_id} ${r.cron_expr}`)).toEqual([]);
    // Every cron of the list and the HTTP-POST-only placeholder come up (and so were checked).
    const crons = new Set(rules.filter((_, index) => !isLegacyCronRule(index)).map((r) => r.cron_expr));
    expect(crons.has(PLACEHOLDER_CRON)).toBe(true);
    expect(crons.size).toBeGreaterThanOrEqual(12);
    expect(cronDialectProblem(PLACEHOLDER_CRON)).toBeUndefined();
  });

  it("legacy rows are few, in every small seed, marked by name, and live schedules the guardrails can flag", () => {
    expect(legacyIndexes.length).toBeGreaterThan(0);
    expect(legacyIndexes.length / COUNT).toBeLessThanOrEqual(0.02);
    // Small seeds (and the demo's default of 320) have some.
    expect(legacyIndexes.filter((index) => index < 50).length).toBeGreaterThanOrEqual(2);
    for (const index of legacyIndexes) {
      const rule = rules[index]!;
      expect(cronDialectProblem(rule.cron_expr), rule.cron_expr).toBeDefined();
      expect(Object.values(LEGACY_CRONS)).toContain(rule.cron_expr);
      expect(rule.name.endsWith(LEGACY_RULE_NAME_SUFFIX), rule.name).toBe(true);
      expect(rule).toMatchObject({ enabled: true, schedule_trigger_enabled: true });
      expect(rule.schedule_trigger_id).toMatch(/^atrig_/);
      expect(rule.schedule_next_fire_at_ms).toBeGreaterThan(NOW);
    }
    // Both legacy crons occur, and no rule that is not a legacy row carries the mark.
    expect(new Set(legacyIndexes.map((index) => rules[index]!.cron_expr))).toEqual(new Set(Object.values(LEGACY_CRONS)));
    expect(rules.filter((r, index) => !isLegacyCronRule(index) && r.name.includes(LEGACY_RULE_NAME_SUFFIX.trim()))).toEqual([]);
  });
});

describe("seed crons on the wire", () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ seed: { rules: COUNT }, limits: false });
  });
  afterAll(() => emu?.close());

  /** Every rule `appKey` sees, through the rule list over HTTP, pages of 100. */
  async function listAll(appKey: string): Promise<StoredRule[]> {
    const seen: StoredRule[] = [];
    for (let p = 1; ; p++) {
      const answer = await call(emu, PATHS.automationRuleList, { key: appKey, body: { scope: "all", p, limit: 100 } });
      expect(answer.status, answer.text).toBe(200);
      seen.push(...answer.body.data.rules);
      if (answer.body.data.rules.length < 100) return seen;
    }
  }

  it("a client listing every member's rules sees a cron outside the dialect only on rules named as legacy", async () => {
    const byId = new Map<string, StoredRule>();
    for (const member of SEED_USERS) for (const rule of await listAll(member.appKey)) byId.set(rule.rule_id, rule);
    expect(byId.size).toBe(COUNT);
    const outside = [...byId.values()].filter((r) => cronDialectProblem(r.cron_expr) !== undefined);
    const marked = [...byId.values()].filter((r) => r.name.endsWith(LEGACY_RULE_NAME_SUFFIX));
    expect(outside.map((r) => r.rule_id).sort()).toEqual(marked.map((r) => r.rule_id).sort());
    expect(outside.map((r) => r.rule_id).sort()).toEqual(legacyIndexes.map((index) => rules[index]!.rule_id).sort());
    expect(outside.length / COUNT).toBeLessThanOrEqual(0.02);
  });
});
