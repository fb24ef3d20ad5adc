/** Rule list: visibility, filters, paging, order, can_edit and the variety of the seed. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS, PLACEHOLDER_CRON, wireAutomationRuleSchema, wireRuleListDataSchema } from "../../wire/wire";
import { SEED_USERS, startEmulator, type Emulator, type SeedUser, type StoredRule } from "../../emulator";
import { compareRules, seedRules } from "../../emulator/seedRules";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
const allRules = seedRules(320, Date.now());
beforeAll(async () => {
  emu = await startEmulator({ limits: false }); // default seed: 320 rules
});
afterAll(() => emu.close());

const user = (key: string): SeedUser => SEED_USERS.find((u) => u.appKey === key)!;
const list = (body: unknown, key = emu.keys.admin, headers?: Record<string, string>) => call(emu, PATHS.automationRuleList, { key, body, headers });

/** One page as sent on the wire (checked against the client's schema, returned raw so absent fields stay absent). */
async function page(body: unknown, key = emu.keys.admin): Promise<{ total: number; rules: StoredRule[] }> {
  const answer = await list(body, key);
  expect(answer.status, answer.text).toBe(200);
  wireRuleListDataSchema.parse(answer.body.data);
  return answer.body.data;
}

/** Every rule the API returns for `body`, walking pages of 100 until a short page. */
async function walk(body: Record<string, unknown>, key = emu.keys.admin): Promise<StoredRule[]> {
  const rules: StoredRule[] = [];
  for (let p = 1; ; p++) {
    const data = await page({ ...body, p, limit: 100 }, key);
    rules.push(...data.rules);
    if (data.rules.length < 100) return rules;
  }
}

/** Visibility computed from the raw seed, independently of the emulator's index. */
function expectedVisible(u: SeedUser): StoredRule[] {
  const admin = u.role === "owner" || u.role === "admin";
  return allRules.filter(
    (r) => r.account_id === u.accountId && (r.run_scope === "person" ? r.owner_id === u.memberId : admin || u.teamIds.includes(r.team_id)),
  );
}

describe("visibility", () => {
  it("each seed user sees own personal rules plus their teams' rules; admins all team rules", async () => {
    for (const key of Object.values(emu.keys)) {
      const got = (await walk({}, key)).map((r) => r.rule_id);
      expect(got).toEqual(expectedVisible(user(key)).map((r) => r.rule_id));
    }
  });

  it("admins never see other members' personal rules", async () => {
    const rules = await walk({}, emu.keys.admin);
    const personal = rules.filter((r) => r.run_scope === "person");
    expect(personal.length).toBeGreaterThan(0);
    expect(personal.every((r) => r.owner_id === user(emu.keys.admin).memberId)).toBe(true);
    expect(allRules.some((r) => r.run_scope === "person" && r.account_id === 1 && r.owner_id !== 1002)).toBe(true);
  });

  it("never shows another account's rules", async () => {
    expect((await walk({}, emu.keys.otherAccount)).every((r) => r.account_id === 2)).toBe(true);
    expect((await walk({}, emu.keys.admin)).every((r) => r.account_id === 1)).toBe(true);
  });

  it("can_edit: ai-sre plus owner of a personal rule, or team member / admin for a team rule", async () => {
    for (const rule of await walk({}, emu.keys.admin)) expect(rule.can_edit).toBe(true);
    for (const rule of await walk({}, emu.keys.member)) expect(rule.can_edit).toBe(true);
    for (const rule of await walk({}, emu.keys.noAiSre)) expect(rule.can_edit).toBe(false);
  });

  it("the API returns exactly visibleRules() (same objects, all pages, same order)", async () => {
    for (const key of Object.values(emu.keys)) expect(await walk({}, key)).toEqual(emu.visibleRules(key));
    const filter = { scope: "team", team_ids: [1, 2], enabled: true, keyword: "CHECK" };
    expect(await walk(filter, emu.keys.member)).toEqual(emu.visibleRules(emu.keys.member, { scope: "team", teamIds: [1, 2], enabled: true, keyword: "CHECK" }));
    expect(() => emu.visibleRules("nope")).toThrow();
  });
});

describe("get", () => {
  const get = (body: unknown, key = emu.keys.admin) => call(emu, PATHS.automationRuleGet, { key, body });

  it("returns every rule the caller sees exactly as the list sends it (can_edit for the caller)", async () => {
    for (const key of [emu.keys.admin, emu.keys.member, emu.keys.otherAccount]) {
      const listed = await walk({}, key);
      for (const rule of listed.slice(0, 40)) {
        const answer = await get({ rule_id: rule.rule_id }, key);
        expect(answer.status, answer.text).toBe(200);
        wireAutomationRuleSchema.parse(answer.body.data);
        expect(answer.body.data).toStrictEqual(rule);
      }
    }
  });

  it("an unknown id, another account's rule or another member's personal rule: 400 ResourceNotFound", async () => {
    expectError(await get({ rule_id: "arule_nope" }), 400, "ResourceNotFound");
    const otherAccount = allRules.find((r) => r.account_id === 2)!;
    expectError(await get({ rule_id: otherAccount.rule_id }), 400, "ResourceNotFound");
    const othersPersonal = allRules.find((r) => r.account_id === 1 && r.run_scope === "person" && r.owner_id !== user(emu.keys.admin).memberId)!;
    expectError(await get({ rule_id: othersPersonal.rule_id }), 400, "ResourceNotFound");
    const answer = await get({ rule_id: othersPersonal.rule_id }, SEED_USERS.find((u) => u.memberId === othersPersonal.owner_id)!.appKey);
    expect(answer.body.data.rule_id).toBe(othersPersonal.rule_id);
  });

  it("rule_id missing, empty or not a string: 400 InvalidParameter naming it", async () => {
    for (const body of [{}, { rule_id: "" }, { rule_id: 5 }]) {
      const answer = await get(body);
      expectError(answer, 400, "InvalidParameter");
      expect(answer.body.error.message).toContain("rule_id");
    }
  });
});

describe("filters", () => {
  it("scope: personal, team, all (default)", async () => {
    const all = await walk({});
    expect((await walk({ scope: "all" })).length).toBe(all.length);
    const personal = await walk({ scope: "personal" });
    const team = await walk({ scope: "team" });
    expect(personal.every((r) => r.run_scope === "person")).toBe(true);
    expect(team.every((r) => r.run_scope === "team")).toBe(true);
    expect(personal.length + team.length).toBe(all.length);
    const bad = await list({ scope: "everything" });
    expectError(bad, 400, "InvalidParameter");
    expect(bad.body.error.message).toContain("scope");
  });

  it("include_person: false with empty scope behaves as scope=team; otherwise no effect", async () => {
    const team = (await walk({ scope: "team" })).map((r) => r.rule_id);
    expect((await walk({ include_person: false })).map((r) => r.rule_id)).toEqual(team);
    expect((await walk({ scope: "", include_person: false })).map((r) => r.rule_id)).toEqual(team);
    const all = (await walk({})).map((r) => r.rule_id);
    expect((await walk({ include_person: true })).map((r) => r.rule_id)).toEqual(all);
    expect((await walk({ include_person: null })).map((r) => r.rule_id)).toEqual(all);
    expect((await walk({ scope: "all", include_person: false })).map((r) => r.rule_id)).toEqual(all);
  });

  it("team_ids only narrows: teams the caller cannot see add nothing; personal rules (team 0) drop out", async () => {
    const member = emu.keys.member;
    const team2 = await walk({ team_ids: [2] }, member);
    expect(team2.length).toBeGreaterThan(0);
    expect(team2.every((r) => r.team_id === 2)).toBe(true);
    expect((await walk({ team_ids: [2, 3, 4] }, member)).map((r) => r.rule_id)).toEqual(team2.map((r) => r.rule_id));
    expect(await walk({ team_ids: [3] }, member)).toEqual([]);
    expect((await walk({ team_ids: [] }, member)).length).toBe((await walk({}, member)).length);
    const withPersonal = await walk({ team_ids: [0, 2] }, member);
    expect(withPersonal.some((r) => r.run_scope === "person")).toBe(true);
  });

  it("enabled: true, false, or null/absent for both", async () => {
    const all = await walk({});
    const on = await walk({ enabled: true });
    const off = await walk({ enabled: false });
    expect(on.every((r) => r.enabled)).toBe(true);
    expect(off.every((r) => !r.enabled)).toBe(true);
    expect(on.length + off.length).toBe(all.length);
    expect(off.length).toBeGreaterThan(0);
    expect((await walk({ enabled: null })).length).toBe(all.length);
  });

  it("keyword: case-insensitive substring of the name, at most 64 characters", async () => {
    const disk = await walk({ keyword: "DISK usage" });
    expect(disk.length).toBeGreaterThan(0);
    expect(disk.every((r) => r.name.toLowerCase().includes("disk usage"))).toBe(true);
    expect(disk.length).toBe((await walk({})).filter((r) => /disk usage/i.test(r.name)).length);
    expect((await walk({ keyword: "告警" })).every((r) => r.name.includes("告警"))).toBe(true);
    expect((await walk({ keyword: "告警" })).length).toBeGreaterThan(0);
    expect(await walk({ keyword: "no rule is called this" })).toEqual([]);
    expect((await list({ keyword: "x".repeat(64) })).status).toBe(200);
    expect((await list({ keyword: "告".repeat(64) })).status).toBe(200);
    const long = await list({ keyword: "x".repeat(65) });
    expectError(long, 400, "InvalidParameter");
    expect(long.body.error.message).toContain("keyword");
  });
});

describe("paging", () => {
  it("default limit 20, default p 1; 0 means the default", async () => {
    const first = await page({});
    expect(first.rules.length).toBe(20);
    expect((await page({ p: 0, limit: 0 })).rules).toEqual(first.rules);
    expect((await page({ p: 1, limit: 20 })).rules).toEqual(first.rules);
  });

  it("total counts all matches on every page; pages tile the result; past the end is empty", async () => {
    const all = await walk({});
    const p2 = await page({ p: 2, limit: 7 });
    expect(p2.total).toBe(all.length);
    expect(p2.rules).toEqual(all.slice(7, 14));
    const past = await page({ p: 50, limit: 100 });
    expect(past).toEqual({ total: all.length, rules: [] });
  });

  it("limit over 100: 400 naming limit (not clamped); 100 is fine", async () => {
    expect((await page({ limit: 100 })).rules.length).toBe(100);
    const answer = await list({ limit: 101 });
    expectError(answer, 400, "InvalidParameter");
    expect(answer.body.error.message).toContain("limit");
  });

  it("p * limit over 10000: 400 InvalidParameter; exactly 10000 is allowed", async () => {
    expect((await list({ p: 100, limit: 100 })).status).toBe(200);
    expect((await list({ p: 10000, limit: 1 })).status).toBe(200);
    for (const body of [{ p: 101, limit: 100 }, { p: 10001, limit: 1 }, { p: 501 }]) {
      const answer = await list(body);
      expectError(answer, 400, "InvalidParameter");
      expect(answer.body.error.message).toMatch(/\bp\b.*limit/);
    }
  });

  it("negative p or limit: 400 naming it", async () => {
    const p = await list({ p: -1 });
    expectError(p, 400, "InvalidParameter");
    expect(p.body.error.message).toContain("p");
    const limit = await list({ limit: -5 });
    expectError(limit, 400, "InvalidParameter");
    expect(limit.body.error.message).toContain("limit");
  });

  it("fixed order: created_at descending, then rule_id ascending (ties exist)", async () => {
    const rules = await walk({});
    expect([...rules].sort(compareRules).map((r) => r.rule_id)).toEqual(rules.map((r) => r.rule_id));
    let ties = 0;
    for (let i = 1; i < rules.length; i++) {
      if (rules[i]!.created_at === rules[i - 1]!.created_at) {
        ties++;
        expect(rules[i]!.rule_id > rules[i - 1]!.rule_id).toBe(true);
      } else {
        expect(rules[i]!.created_at).toBeLessThan(rules[i - 1]!.created_at);
      }
    }
    expect(ties).toBeGreaterThan(0);
  });
});

describe("seed variety", () => {
  it("has 320 rules by default, of every kind the platform has", () => {
    expect(allRules.length).toBe(320);
    const values = <K extends keyof StoredRule>(key: K) => new Set(allRules.map((r) => JSON.stringify(r[key])));
    expect(values("run_scope")).toEqual(new Set(['"person"', '"team"']));
    expect(values("environment_kind")).toEqual(new Set(['""', '"cloud"', '"byoc"']));
    expect(values("enabled")).toEqual(new Set(["true", "false"]));
    expect(values("account_id")).toEqual(new Set(["1", "2"]));
    expect(values("timezone").has('""')).toBe(true);
    expect(values("timezone").size).toBeGreaterThanOrEqual(5);
    expect(values("cron_expr").size).toBeGreaterThanOrEqual(8);
    const severities = new Set(allRules.flatMap((r) => r.oncall_incident_severities ?? []));
    expect(severities).toEqual(new Set(["Critical", "Warning", "Info"]));
    expect(new Set(allRules.map((r) => r.oncall_incident_channel_ids?.length)).size).toBeGreaterThan(2);
    for (const flag of ["schedule_trigger_enabled", "http_post_trigger_enabled", "oncall_incident_trigger_enabled"] as const) {
      expect(values(flag)).toEqual(new Set(["true", "false"]));
    }
  });

  it("has the partial shapes the platform sends: missing triggers, HTTP-POST-only rules, legacy timezones", () => {
    const count = (test: (r: StoredRule) => boolean) => allRules.filter(test).length;
    const has = (r: StoredRule, key: keyof StoredRule) => Object.hasOwn(r, key);
    // Each shape several times.
    expect(count((r) => !has(r, "http_post_trigger_id") && has(r, "schedule_trigger_id"))).toBeGreaterThan(5);
    expect(count((r) => !has(r, "oncall_incident_trigger_id") && has(r, "http_post_trigger_id") && r.cron_expr !== PLACEHOLDER_CRON)).toBeGreaterThan(5);
    expect(count((r) => !has(r, "schedule_trigger_id") && has(r, "http_post_trigger_id"))).toBeGreaterThan(5);
    expect(count((r) => !has(r, "schedule_trigger_id") && !has(r, "http_post_trigger_id") && !has(r, "oncall_incident_trigger_id"))).toBeGreaterThan(5);
    const httpPostOnly = allRules.filter((r) => r.cron_expr === PLACEHOLDER_CRON && has(r, "http_post_trigger_id") && !has(r, "oncall_incident_trigger_id"));
    expect(httpPostOnly.length).toBeGreaterThan(5);
    for (const r of httpPostOnly) {
      expect(r.schedule_trigger_enabled).toBe(false);
      expect(r.schedule_next_fire_at_ms).toBe(0);
    }
    // Legacy rows: `timezone` is "" (UTC), never absent (the vendor's model requires the field).
    expect(count((r) => r.timezone === "")).toBeGreaterThan(5);
    expect(count((r) => !has(r, "timezone"))).toBe(0);
    // Even a small seed (20 rules, as README.md promises) has every shape.
    const small = seedRules(20, Date.now());
    const shapes = [
      (r: StoredRule) => !has(r, "http_post_trigger_id") && has(r, "schedule_trigger_id"),
      (r: StoredRule) => !has(r, "oncall_incident_trigger_id") && has(r, "http_post_trigger_id") && r.cron_expr !== PLACEHOLDER_CRON,
      (r: StoredRule) => !has(r, "schedule_trigger_id") && has(r, "http_post_trigger_id"),
      (r: StoredRule) => !has(r, "schedule_trigger_id") && !has(r, "http_post_trigger_id") && !has(r, "oncall_incident_trigger_id"),
      (r: StoredRule) => r.cron_expr === PLACEHOLDER_CRON && !has(r, "oncall_incident_trigger_id"),
      (r: StoredRule) => r.timezone === "",
    ];
    for (const shape of shapes) expect(small.some(shape), String(shape)).toBe(true);
    // Nothing is ever sent as null or undefined: absent means absent.
    for (const r of allRules) for (const value of Object.values(r)) expect(value ?? "missing").not.toBe("missing");
  });

  it("every rule has the documented shapes", async () => {
    const schemaKeys = Object.keys(wireAutomationRuleSchema.shape);
    const triggerFields: Record<string, readonly string[]> = {
      schedule: ["schedule_trigger_id"],
      httpPost: ["http_post_trigger_id", "http_post_trigger_url"],
      oncall: ["oncall_incident_trigger_id", "oncall_incident_channel_ids", "oncall_incident_severities"],
    };
    const optional = new Set(Object.values(triggerFields).flat());
    expect(new Set(allRules.map((r) => r.rule_id)).size).toBe(allRules.length);
    for (const rule of allRules) {
      for (const key of Object.keys(rule)) expect(schemaKeys).toContain(key);
      for (const key of schemaKeys) if (!optional.has(key)) expect(rule).toHaveProperty(key);
      // A trigger's fields come together or not at all; a missing trigger is disabled.
      for (const [trigger, fields] of Object.entries(triggerFields)) {
        const present = fields.filter((f) => Object.hasOwn(rule, f));
        expect(present.length === 0 || present.length === fields.length, `${rule.rule_id} ${trigger}`).toBe(true);
      }
      if (rule.schedule_trigger_id === undefined) expect(rule.schedule_trigger_enabled).toBe(false);
      if (rule.http_post_trigger_id === undefined) expect(rule.http_post_trigger_enabled).toBe(false);
      if (rule.oncall_incident_trigger_id === undefined) expect(rule.oncall_incident_trigger_enabled).toBe(false);
      expect(rule.rule_id).toMatch(/^arule_[0-9a-z]+$/);
      for (const id of [rule.schedule_trigger_id, rule.http_post_trigger_id, rule.oncall_incident_trigger_id]) {
        if (id !== undefined) expect(id).toMatch(/^atrig_[0-9a-z]+$/);
      }
      if (rule.http_post_trigger_id !== undefined) {
        expect(rule.http_post_trigger_url).toBe(`/safari/automation/triggers/${rule.http_post_trigger_id}/fire`);
      }
      expect(rule.cron_expr.split(" ")).toHaveLength(5);
      expect(String(rule.created_at)).toMatch(/^\d{13}$/);
      expect(rule.updated_at).toBeGreaterThanOrEqual(rule.created_at);
      expect(rule.environment_id === "").toBe(rule.environment_kind === "");
      if (!rule.schedule_trigger_enabled || !rule.enabled) expect(rule.schedule_next_fire_at_ms).toBe(0);
      else expect(String(rule.schedule_next_fire_at_ms)).toMatch(/^\d{13}$/);
      if (rule.run_scope === "person") expect(rule.team_id).toBe(0);
      else expect(rule.team_id).toBeGreaterThan(0);
    }
  });

  it("the wire carries the same keys as the seed: absent fields are absent, not null", async () => {
    const wire = await walk({});
    const seeded = new Map(allRules.map((r) => [r.rule_id, r]));
    for (const rule of wire) expect(Object.keys(rule).sort()).toEqual(Object.keys(seeded.get(rule.rule_id)!).sort());
  });
});
