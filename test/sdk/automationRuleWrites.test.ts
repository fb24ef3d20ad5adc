/**
 * Rule writes of the client against the real emulator over HTTP: create, get, update, delete,
 * run and fire as the platform answers them (JSON types, token once, permissions, audit), the
 * exactly-once create under lost answers, 429s, and the field checks before any call.
 */
import { request } from "undici";
import { describe, expect, test } from "vitest";
import { startEmulator } from "../../emulator";
import { FlashdutyAmbiguousCreateError, FlashdutyApiError, FlashdutyClient, FlashdutyValidationError, type CreateAutomationRuleParams } from "../../sdk";
import { PLACEHOLDER_CRON } from "../../wire/protocol";
import { call } from "../support/emulatorCalls";
import { emulatorPerFile, flashdutyRejection } from "../support/sdkEmulator";

const shared = emulatorPerFile();
const { client } = shared;

const caught = flashdutyRejection;

const DIGEST: CreateAutomationRuleParams = {
  name: "Nightly digest (checkout)",
  prompt: "Summarise yesterday's alerts of checkout.",
  cronExpr: "30 7 * * 1-5",
  timezone: "Asia/Shanghai",
  teamId: 1,
  enabled: true,
};

const ruleCount = (name: string) => shared.em.visibleRules(shared.em.keys.admin, { keyword: name }).filter((r) => r.name === name).length;

describe("create, get, update, delete", () => {
  test("a create answers the full rule with the vendor's JSON types and its token once; get never returns the token", async () => {
    const api = client();
    const before = Date.now();
    const created = await api.automationRules.create({ ...DIGEST, httpPostTriggerEnabled: true });
    expect(created.ruleId).toMatch(/^arule_/);
    expect(created).toMatchObject({ teamId: 1, runScope: "team", enabled: true, cronExpr: "30 7 * * 1-5", timezone: "Asia/Shanghai", canEdit: true });
    expect(created.httpPostToken).toMatch(/^sat_/);
    expect(created.httpPostTriggerUrl).toBe(`/safari/automation/triggers/${created.httpPostTriggerId}/fire`);
    // 07:30 in Shanghai is 23:30 UTC, on a weekday, after now.
    expect(created.scheduleNextFireAtMs).toBeGreaterThan(before);
    const next = new Date(created.scheduleNextFireAtMs);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([23, 30]);
    expect(created.createdAt).toBeGreaterThanOrEqual(before);

    const raw = await call(shared.em, "/safari/automation/rule/get", { key: shared.em.keys.admin, body: { rule_id: created.ruleId } });
    expect(raw.status).toBe(200);
    const data = raw.body.data;
    expect(data.http_post_token).toBeUndefined();
    for (const key of ["created_at", "updated_at", "schedule_next_fire_at_ms", "team_id", "owner_id", "account_id"])
      expect(Number.isInteger(data[key])).toBe(true);
    expect(typeof data.timezone).toBe("string");
    expect(await api.automationRules.get({ ruleId: created.ruleId })).not.toHaveProperty("httpPostToken");
  });

  test("omitted fields take the platform's defaults: enabled false, schedule trigger on, no HTTP or on-call trigger; 0 next fire when disabled", async () => {
    const created = await client().automationRules.create({ name: "Defaults", prompt: "p", cronExpr: "0 9 * * *" });
    expect(created).toMatchObject({
      enabled: false,
      scheduleTriggerEnabled: true,
      httpPostTriggerEnabled: false,
      teamId: 0,
      runScope: "person",
      scheduleNextFireAtMs: 0,
    });
    expect(created).not.toHaveProperty("httpPostTriggerId");
    expect(created).not.toHaveProperty("httpPostToken");
    expect(created).not.toHaveProperty("oncallIncidentTriggerId");
  });

  test("update sends only the given fields, recomputes the next fire time, rotates the token on request; delete makes it unknown", async () => {
    const api = client();
    const created = await api.automationRules.create({ ...DIGEST, httpPostTriggerEnabled: true });
    const updated = await api.automationRules.update({ ruleId: created.ruleId, cronExpr: "0 6 * * *", timezone: "UTC" });
    expect(updated).toMatchObject({ name: DIGEST.name, prompt: DIGEST.prompt, cronExpr: "0 6 * * *", timezone: "UTC" });
    expect(new Date(updated.scheduleNextFireAtMs).getUTCHours()).toBe(6);
    expect(updated).not.toHaveProperty("httpPostToken");

    const rotated = await api.automationRules.update({ ruleId: created.ruleId, rotateHttpPostTriggerToken: true });
    expect(rotated.httpPostToken).toMatch(/^sat_/);
    expect(rotated.httpPostToken).not.toBe(created.httpPostToken);
    const fire = (token: string) =>
      request(`${shared.em.url}${created.httpPostTriggerUrl}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ text: "go" }),
      });
    expect((await fire(created.httpPostToken!)).statusCode).toBe(401);
    const fired = await fire(rotated.httpPostToken!);
    expect(fired.statusCode).toBe(200);
    expect(((await fired.body.json()) as { data: { type: string } }).data.type).toBe("routine_fire");

    const disabled = await api.automationRules.update({ ruleId: created.ruleId, enabled: false });
    expect(disabled.scheduleNextFireAtMs).toBe(0);
    expect((await fire(rotated.httpPostToken!)).statusCode).toBe(400);

    await api.automationRules.delete({ ruleId: created.ruleId });
    const gone = await caught(api.automationRules.get({ ruleId: created.ruleId }));
    expect(gone).toBeInstanceOf(FlashdutyApiError);
    expect((gone as FlashdutyApiError).isNotFound).toBe(true);
    expect(((await caught(api.automationRules.delete({ ruleId: created.ruleId }))) as FlashdutyApiError).code).toBe("ResourceNotFound");
    expect((await fire(rotated.httpPostToken!)).statusCode).toBe(401);
    const ops = shared.em
      .audit()
      .filter((e) => e.ruleId === created.ruleId)
      .map((e) => `${e.operation}:${e.outcome}`);
    expect(ops).toEqual([
      "rule.create:success",
      "rule.update:success",
      "rule.update:success",
      "rule.update:success",
      "rule.delete:success",
      "rule.delete:ResourceNotFound",
    ]);
  });

  test("an update that makes the HTTP POST trigger answers no token (the vendor: only on a rotation); one that also rotates answers it", async () => {
    const api = client();
    const created = await api.automationRules.create({ ...DIGEST, name: "Token on update", httpPostTriggerEnabled: false });
    expect(created).not.toHaveProperty("httpPostTriggerId");
    const made = await api.automationRules.update({ ruleId: created.ruleId, httpPostTriggerEnabled: true });
    expect(made.httpPostTriggerUrl).toMatch(/^\//);
    expect(made).not.toHaveProperty("httpPostToken");
    const rotated = await api.automationRules.update({ ruleId: created.ruleId, rotateHttpPostTriggerToken: true });
    expect(rotated.httpPostToken).toMatch(/^sat_/);
    const fired = await request(`${shared.em.url}${rotated.httpPostTriggerUrl}`, {
      method: "POST",
      headers: { authorization: `Bearer ${rotated.httpPostToken}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "go" }),
    });
    await fired.body.dump();
    expect(fired.statusCode).toBe(200);
    const both = await api.automationRules.create({ ...DIGEST, name: "Token on update 2", httpPostTriggerEnabled: false });
    const madeAndRotated = await api.automationRules.update({ ruleId: both.ruleId, httpPostTriggerEnabled: true, rotateHttpPostTriggerToken: true });
    expect(madeAndRotated.httpPostToken).toMatch(/^sat_/);
  });

  test("team_id cannot change; an enabled on-call trigger needs channels and severities (the platform's answer)", async () => {
    const api = client();
    const created = await api.automationRules.create(DIGEST);
    const moved = await caught(api.automationRules.update({ ruleId: created.ruleId, teamId: 2 }));
    expect((moved as FlashdutyApiError).code).toBe("InvalidParameter");
    expect((moved as FlashdutyApiError).serverMessage).toContain("team_id");
    const raw = await call(shared.em, "/safari/automation/rule/update", {
      key: shared.em.keys.admin,
      body: { rule_id: created.ruleId, oncall_incident_trigger_enabled: true },
    });
    expect(raw.status).toBe(400);
    expect(raw.body.error.message).toContain("oncall_incident_channel_ids");
  });
});

describe("permissions", () => {
  test("a personal rule is writable by its owner only; a team rule by its members and admins; 403 names what is missing", async () => {
    const personal = await client("member").automationRules.create({ name: "Mine", prompt: "p", cronExpr: "0 9 * * *" });
    const admin = client("admin");
    // An admin does not even see another member's personal rule.
    expect(((await caught(admin.automationRules.update({ ruleId: personal.ruleId, name: "x" }))) as FlashdutyApiError).code).toBe("ResourceNotFound");

    const teamRule = await admin.automationRules.create({ ...DIGEST, teamId: 1 });
    const outsider = await caught(client("teamMember2").automationRules.update({ ruleId: teamRule.ruleId, name: "x" }));
    expect((outsider as FlashdutyApiError).code).toBe("ResourceNotFound");
    expect(await client("member").automationRules.update({ ruleId: teamRule.ruleId, name: "Renamed" })).toMatchObject({ name: "Renamed" });

    const noTeam = await caught(client("teamMember2").automationRules.create({ ...DIGEST, teamId: 1 }));
    expect(noTeam).toBeInstanceOf(FlashdutyApiError);
    expect((noTeam as FlashdutyApiError).code).toBe("AccessDenied");
    expect((noTeam as FlashdutyApiError).serverMessage).toContain("team 1");
    expect(((await caught(client("noAiSre").automationRules.create(DIGEST))) as FlashdutyApiError).serverMessage).toContain("ai-sre");
  });
});

describe("exactly-once create", () => {
  test("an answer lost after the rule was made is reconciled: one rule, no second create, the token rotated once", async () => {
    shared.em.setFaults([{ operation: "automationRule.create", kind: "applyThenDrop", count: 1 }]);
    const rule = await client().automationRules.create({ ...DIGEST, httpPostTriggerEnabled: true });
    expect(rule.httpPostToken).toMatch(/^sat_/);
    expect(ruleCount(DIGEST.name)).toBe(1);
    expect(shared.em.counters()["automationRule.create"]).toEqual({ requests: 1, statuses: { dropped: 1 } });
    expect(shared.em.counters()["automationRule.update"].requests).toBe(1);
  });

  test("a 500 before anything was made is retried after the check finds nothing", async () => {
    shared.em.setFaults([{ operation: "automationRule.create", kind: "error", count: 1 }]);
    const rule = await client().automationRules.create(DIGEST);
    expect(rule.name).toBe(DIGEST.name);
    expect(ruleCount(DIGEST.name)).toBe(1);
    expect(shared.em.counters()["automationRule.create"].statuses).toEqual({ "500": 1, "200": 1 });
    expect(shared.em.counters()["automationRule.list"].requests).toBeGreaterThanOrEqual(1);
  });

  test("a 429 is retried without a check (nothing was applied)", async () => {
    shared.em.setFaults([{ operation: "automationRule.create", kind: "rateLimit", count: 1, retryAfterSeconds: 1 }]);
    await client().automationRules.create(DIGEST);
    expect(ruleCount(DIGEST.name)).toBe(1);
    expect(shared.em.counters()["automationRule.list"].requests).toBe(0);
  });

  test("429s until the deadline: the create gives up at its deadline, and no attempt waits out a deadline of its own", async () => {
    shared.em.setFaults([{ operation: "automationRule.create", kind: "rateLimit", count: 100, retryAfterSeconds: 1 }]);
    // 1.5 s for the whole create: the first 429, one retry after its 1 s Retry-After, a second
    // 429, and no time left for another. A fresh deadline per attempt would send 2 per attempt.
    const error = await caught(client().automationRules.create(DIGEST, { deadlineMs: 1_500 }));
    expect(error).toBeInstanceOf(FlashdutyApiError);
    expect((error as FlashdutyApiError).isRateLimited).toBe(true);
    expect(shared.em.counters()["automationRule.create"].requests).toBe(2);
    expect(ruleCount(DIGEST.name)).toBe(0);
  });

  test("several matching rules made since the create began: an error naming them and ruleId, no retry", async () => {
    const api = client();
    const first = await api.automationRules.create(DIGEST);
    const second = await api.automationRules.create(DIGEST);
    shared.em.setFaults([{ operation: "automationRule.create", kind: "reset", count: 1 }]);
    // A reset before any answer: the outcome is unknown, and two identical rules exist already.
    const error = await caught(api.automationRules.create(DIGEST));
    expect(error).toBeInstanceOf(FlashdutyAmbiguousCreateError);
    expect((error as FlashdutyAmbiguousCreateError).candidateRuleIds.slice().sort()).toEqual([first.ruleId, second.ruleId].sort());
    expect(error.message).toContain("ruleId");
    expect(ruleCount(DIGEST.name)).toBe(2);
  });

  test("out of retries with an unknown outcome, the check still runs once more and never creates twice", async () => {
    shared.em.setFaults([{ operation: "automationRule.create", kind: "applyThenDrop" }]);
    const rule = await client("admin", { maxRetries: 0 }).automationRules.create(DIGEST);
    expect(ruleCount(DIGEST.name)).toBe(1);
    expect(rule.name).toBe(DIGEST.name);
  });
});

describe("limits and checks", () => {
  test("the server refuses a 21st write in one second with 429; the client paces writes at 20/s and never draws it", async () => {
    const raw = [];
    for (let i = 0; i < 21; i++)
      raw.push(
        call(shared.em, "/safari/automation/rule/create", { key: shared.em.keys.admin, body: { name: `burst ${i}`, prompt: "p", cron_expr: "0 9 * * *" } }),
      );
    const statuses = (await Promise.all(raw)).map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    shared.em.reset();
    const api = client("admin", { maxRetries: 0 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => api.automationRules.create({ name: `paced ${i}`, prompt: "p", cronExpr: "0 9 * * *" })));
    expect(shared.em.counters()["automationRule.create"].statuses).toEqual({ "200": 30 });
  });

  test("one manual run per rule per minute", async () => {
    const created = await client().automationRules.create(DIGEST);
    const run = () => call(shared.em, "/safari/automation/rule/run", { key: shared.em.keys.admin, body: { rule_id: created.ruleId } });
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ rule_id: created.ruleId, trigger_kind: "manual" });
    const second = await run();
    expect(second.status).toBe(429);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);
  });

  test.each([
    [{ name: "" }, "name", "1 to 255"],
    [{ name: "x".repeat(256) }, "name", "256 characters"],
    [{ prompt: " " }, "prompt", "non-empty"],
    [{ cronExpr: "*/5 * * * *" }, "cronExpr", "minute must be one fixed number"],
    [{ cronExpr: "0 0 9 * * *" }, "cronExpr", "seconds field"],
    [{ cronExpr: "0 9 1 * 1" }, "cronExpr", "cannot both be restricted"],
    [{ cronExpr: "0 25 * * *" }, "cronExpr", "not a valid cron"],
    [{ timezone: "Mars/Olympus" }, "timezone", "IANA"],
    [{ oncallIncidentTriggerEnabled: true, oncallIncidentChannelIds: [1], oncallIncidentSeverities: [] }, "oncallIncidentSeverities", "at least one"],
    [{ oncallIncidentChannelIds: [0] }, "oncallIncidentChannelIds", "positive integer"],
    [{ oncallIncidentSeverities: ["Fatal"] }, "oncallIncidentSeverities", "Critical, Warning, Info"],
    [{ environmentKind: "cloud", environmentId: "run_1" }, "environmentId", "byoc"],
  ] as const)("refused before any call: %j", async (change, field, words) => {
    const error = await caught(client().automationRules.create({ ...DIGEST, ...change } as CreateAutomationRuleParams));
    expect(error).toBeInstanceOf(FlashdutyValidationError);
    expect((error as FlashdutyValidationError).field).toBe(field);
    expect(error.message).toContain(words);
    expect(shared.em.counters()["automationRule.create"].requests).toBe(0);
  });

  test("the emulator applies the same cron dialect; 4 fields and the placeholder are accepted", async () => {
    const raw = await call(shared.em, "/safari/automation/rule/create", {
      key: shared.em.keys.admin,
      body: { name: "n", prompt: "p", cron_expr: "*/10 * * * *" },
    });
    expect(raw.status).toBe(400);
    expect(raw.body.error.message).toContain("cron_expr");
    const api = client();
    expect((await api.automationRules.create({ ...DIGEST, cronExpr: "9 * * 1-5" })).cronExpr).toBe("9 * * 1-5");
    const httpOnly = await api.automationRules.create({ ...DIGEST, cronExpr: PLACEHOLDER_CRON, scheduleTriggerEnabled: false, httpPostTriggerEnabled: true });
    expect(httpOnly.scheduleNextFireAtMs).toBe(0);
  });
});

describe("state file", () => {
  test("rules written through the API and the console survive a restart; tokens are kept as digests only", async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "rules-state-"));
    const stateFile = join(dir, "state.jsonl");
    try {
      const first = await startEmulator({ port: 0, stateFile });
      const api = new FlashdutyClient({ appKey: first.keys.admin, baseUrl: first.url });
      const hook = await api.automationRules.create({ ...DIGEST, httpPostTriggerEnabled: true });
      const other = await api.automationRules.create({ ...DIGEST, name: "To delete" });
      await api.automationRules.update({ ruleId: hook.ruleId, prompt: "Updated." });
      first.updateRule(hook.ruleId, { name: "Console name" });
      await api.automationRules.delete({ ruleId: other.ruleId });
      const seedRule = first.visibleRules(first.keys.admin)[5]!;
      first.deleteRule(seedRule.rule_id);
      await first.close();
      expect(readFileSync(stateFile, "utf8")).not.toContain(hook.httpPostToken!);

      const second = await startEmulator({ port: 0, stateFile });
      try {
        expect(second.rule(hook.ruleId)).toMatchObject({ name: "Console name", prompt: "Updated.", http_post_trigger_enabled: true });
        expect(second.rule(other.ruleId)).toBeUndefined();
        expect(second.rule(seedRule.rule_id)).toBeUndefined();
        const fired = await request(`${second.url}${hook.httpPostTriggerUrl}`, { method: "POST", headers: { authorization: `Bearer ${hook.httpPostToken}` } });
        await fired.body.dump();
        expect(fired.statusCode).toBe(200);
        expect(
          second
            .audit()
            .filter((e) => e.ruleId === hook.ruleId)
            .map((e) => e.operation),
        ).toEqual(["rule.create", "rule.update"]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
