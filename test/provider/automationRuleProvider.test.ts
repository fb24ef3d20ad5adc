/**
 * The AutomationRule provider's check and diff (pure), and its create, read, update and delete
 * called directly, as the engine's plugin would, against the emulator over real HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import * as impl from "../../provider/automationRule/provider";
import type { AutomationRuleInputs, AutomationRuleOutputs } from "../../provider/automationRule/provider";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  useKey(emulator.keys.admin);
});

function useKey(appKey: string): void {
  const config: Record<string, string> = { "flashduty:appKey": appKey, "flashduty:baseUrl": `${emulator.url}/` };
  void impl.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
}

const BASE = { name: "Digest", prompt: "Summarise.", cronExpr: "0 9 * * 1-5" };

async function checked(news: Record<string, unknown>): Promise<{ inputs: AutomationRuleInputs; failures: { property: string; reason: string }[] }> {
  const result = await impl.check({}, news);
  return { inputs: result.inputs as AutomationRuleInputs, failures: [...(result.failures ?? [])] as { property: string; reason: string }[] };
}

describe("check", () => {
  test("leaves out what the program leaves out (not managed); create sends the defaults, UTC written explicitly", async () => {
    const { inputs, failures } = await checked({ ...BASE, timezone: null });
    expect(failures).toEqual([]);
    for (const key of ["timezone", "teamId", "enabled", "scheduleTriggerEnabled", "oncallIncidentChannelIds", "environmentKind"])
      expect(inputs).not.toHaveProperty(key);
    const created = await impl.create(inputs);
    expect(created.outs).toMatchObject({ timezone: "UTC", teamId: 0, enabled: true, scheduleTriggerEnabled: true, httpPostTriggerEnabled: false });
    expect(emulator.rule(created.id)?.timezone).toBe("UTC");
  });

  test("a rule the state holds passes while the program keeps it, and is refused when created or changed into", async () => {
    // An on-call trigger whose channels were deleted: older than today's rule.
    const legacy = { ...BASE, oncallIncidentTriggerEnabled: true, oncallIncidentChannelIds: [], oncallIncidentSeverities: ["Critical"] };
    expect((await impl.check(legacy as unknown as AutomationRuleInputs, { ...legacy })).failures).toEqual([]);
    expect((await impl.check({}, { ...legacy })).failures?.map((f) => f.property)).toEqual(["oncallIncidentChannelIds"]);
    const off = { ...legacy, oncallIncidentTriggerEnabled: false };
    expect((await impl.check(off as unknown as AutomationRuleInputs, { ...legacy })).failures?.map((f) => f.property)).toEqual(["oncallIncidentChannelIds"]);
  });

  test.each([
    [{ name: undefined }, "name", "name is required"],
    [{ cronExpr: undefined }, "cronExpr", "0 0 * * *"],
    [{ name: "n".repeat(256) }, "name", "1 to 255"],
    [{ prompt: "" }, "prompt", "non-empty"],
    [{ cronExpr: "* 9 * * *" }, "cronExpr", "fixed number"],
    [{ cronExpr: "0 0 0 9 * *" }, "cronExpr", "seconds"],
    [{ cronExpr: "0 9 1 * 1-5" }, "cronExpr", "both be restricted"],
    [{ cronExpr: "@daily" }, "cronExpr", "5 fields"],
    [{ timezone: "Europe/Atlantis" }, "timezone", "IANA"],
    [{ teamId: -1 }, "teamId", ">= 0"],
    [{ oncallIncidentTriggerEnabled: true }, "oncallIncidentChannelIds", "at least one channel"],
    [{ oncallIncidentTriggerEnabled: true, oncallIncidentChannelIds: [5] }, "oncallIncidentSeverities", "at least one of Critical"],
    [{ oncallIncidentChannelIds: [1.5] }, "oncallIncidentChannelIds", "positive integer"],
    [{ oncallIncidentSeverities: ["critical"] }, "oncallIncidentSeverities", "Critical, Warning, Info"],
    [{ environmentId: "runner-1" }, "environmentId", "byoc"],
    [{ environmentKind: "onprem" }, "environmentKind", "byoc"],
    [{ ruleId: "" }, "ruleId", "existing rule"],
    [{ httpPostTokenRotation: 3 }, "httpPostTokenRotation", "non-empty string"],
  ])("refuses %j naming the input and the rule", async (change, property, words) => {
    const { failures } = await checked({ ...BASE, ...change });
    const failure = failures.find((f) => f.property === property);
    expect(failure?.reason).toContain(words);
  });

  test("accepts 4 fields, a weekday range, byoc with a runner, on-call with both lists", async () => {
    const { failures } = await checked({
      ...BASE,
      cronExpr: "9 * * 1-5",
      environmentKind: "byoc",
      environmentId: "runner-1",
      oncallIncidentTriggerEnabled: true,
      oncallIncidentChannelIds: [1, 2],
      oncallIncidentSeverities: ["Critical", "Info"],
    });
    expect(failures).toEqual([]);
  });

  test("unknown values at preview are skipped, also on the other side of a cross-field rule", async () => {
    const { failures } = await checked({
      ...BASE,
      cronExpr: UNKNOWN,
      oncallIncidentTriggerEnabled: UNKNOWN,
      environmentKind: UNKNOWN,
      environmentId: "runner",
      oncallIncidentChannelIds: [UNKNOWN],
    });
    expect(failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = {
    ...BASE,
    timezone: "UTC",
    teamId: 1,
    enabled: true,
    scheduleTriggerEnabled: true,
    httpPostTriggerEnabled: false,
    oncallIncidentTriggerEnabled: true,
    oncallIncidentChannelIds: [1, 2],
    oncallIncidentSeverities: ["Critical", "Warning"],
    environmentKind: "",
    environmentId: "",
    ruleId: "arule_1",
    ownerId: 1,
    runScope: "team",
    scheduleNextFireAtMs: 0,
    createdAt: 0,
    updatedAt: 0,
  } as AutomationRuleOutputs;
  const news = (change: Partial<AutomationRuleInputs> = {}) => ({ ...olds, ruleId: undefined, ...change }) as AutomationRuleInputs;

  test("no change: lists compared as sets, a legacy empty time zone equals UTC", async () => {
    expect(
      await impl.diff("arule_1", { ...olds, timezone: "" }, news({ oncallIncidentSeverities: ["Warning", "Critical"], oncallIncidentChannelIds: [2, 1] })),
    ).toMatchObject({ changes: false, replaces: [] });
  });

  test("in-place changes name the fields; teamId and another ruleId replace; rotation is a change", async () => {
    expect(impl.changedFields(olds, news({ name: "x", cronExpr: "0 1 * * *" }))).toEqual(["name", "cronExpr"]);
    expect(await impl.diff("arule_1", olds, news({ name: "x" }))).toMatchObject({ changes: true, replaces: [] });
    expect(await impl.diff("arule_1", olds, news({ teamId: 2 }))).toMatchObject({ changes: true, replaces: ["teamId"] });
    expect(await impl.diff("arule_1", olds, news({ ruleId: "arule_2" }))).toMatchObject({ changes: true, replaces: ["ruleId"] });
    expect(await impl.diff("arule_1", olds, news({ ruleId: "arule_1" }))).toMatchObject({ changes: false });
    expect(await impl.diff("arule_1", olds, news({ httpPostTokenRotation: "1" }))).toMatchObject({ changes: true, replaces: [] });
    expect(impl.changedFields(olds, news({ prompt: UNKNOWN }))).toEqual(["prompt"]);
  });
});

describe("create, read, update, delete against the emulator", () => {
  async function created(extra: Record<string, unknown> = {}): Promise<AutomationRuleOutputs> {
    const { inputs } = await checked({ ...BASE, teamId: 1, ...extra });
    return (await impl.create(inputs)).outs!;
  }

  test("update sends one partial rule/update; a rotation change rotates; nothing to change makes no call", async () => {
    const outs = await created({ httpPostTriggerEnabled: true });
    expect(outs.httpPostTriggerUrl).toBe(`${emulator.url}/safari/automation/triggers/${outs.httpPostTriggerId}/fire`);
    const { inputs } = await checked({ ...BASE, teamId: 1, httpPostTriggerEnabled: true, prompt: "New." });
    const updated = (await impl.update(outs.ruleId, outs, inputs)).outs!;
    expect(updated).toMatchObject({ prompt: "New.", httpPostToken: outs.httpPostToken });
    expect(emulator.counters()["automationRule.update"].requests).toBe(1);
    const same = (await impl.update(outs.ruleId, updated, inputs)).outs!;
    expect(same.prompt).toBe("New.");
    expect(emulator.counters()["automationRule.update"].requests).toBe(1);
    const rotated = (await impl.update(outs.ruleId, updated, { ...inputs, httpPostTokenRotation: "r1" })).outs!;
    expect(rotated.httpPostToken).not.toBe(outs.httpPostToken);
    expect(rotated.httpPostTokenRotation).toBe("r1");
  });

  test("a rule whose token the state does not hold (imported) keeps it through an update; a rotation gives one", async () => {
    const outs = await created({ httpPostTriggerEnabled: true });
    const token = outs.httpPostToken!;
    const fire = async (bearer: string) => {
      const response = await fetch(outs.httpPostTriggerUrl!, { method: "POST", headers: { authorization: `Bearer ${bearer}` } });
      await response.body?.cancel();
      return response.status;
    };
    expect(await fire(token)).toBe(200);
    // What an import records: the rule as read, no token.
    const imported = (await impl.read(outs.ruleId, { ruleId: outs.ruleId } as AutomationRuleOutputs)).props!;
    expect(imported).not.toHaveProperty("httpPostToken");
    const { inputs } = await checked({ ...BASE, teamId: 1, httpPostTriggerEnabled: true, prompt: "New." });
    const updated = (await impl.update(outs.ruleId, imported, inputs)).outs!;
    expect(updated.prompt).toBe("New.");
    expect(updated).not.toHaveProperty("httpPostToken");
    expect(await fire(token)).toBe(200);
    const rotated = (await impl.update(outs.ruleId, updated, { ...inputs, httpPostTokenRotation: "r1" })).outs!;
    expect(rotated.httpPostToken).toMatch(/\S{8,}/);
    expect(await fire(token)).toBe(401);
    expect(await fire(rotated.httpPostToken!)).toBe(200);
  });

  test("an update that makes the HTTP POST trigger asks for its token (the platform returns one only on a rotation)", async () => {
    const outs = await created({ httpPostTriggerEnabled: false });
    expect(outs).not.toHaveProperty("httpPostTriggerId");
    const { inputs } = await checked({ ...BASE, teamId: 1, httpPostTriggerEnabled: true });
    const updated = (await impl.update(outs.ruleId, outs, inputs)).outs!;
    expect(updated.httpPostToken).toMatch(/\S{8,}/);
    const response = await fetch(updated.httpPostTriggerUrl!, { method: "POST", headers: { authorization: `Bearer ${updated.httpPostToken}` } });
    await response.body?.cancel();
    expect(response.status).toBe(200);
    expect(emulator.requestLog().filter((e) => e.operation === "automationRule.update")).toHaveLength(1);
  });

  test("read returns the platform's values as outputs and inputs, keeps the token; an unknown rule leaves the stack", async () => {
    const outs = await created({ httpPostTriggerEnabled: true });
    emulator.updateRule(outs.ruleId, { name: "Console name", enabled: false });
    const read = await impl.read(outs.ruleId, outs);
    expect(read.props).toMatchObject({ name: "Console name", enabled: false, httpPostToken: outs.httpPostToken, scheduleNextFireAtMs: 0 });
    expect(read.inputs).toMatchObject({ name: "Console name", enabled: false });
    expect(read.inputs).not.toHaveProperty("httpPostToken");
    emulator.deleteRule(outs.ruleId);
    expect(await impl.read(outs.ruleId, outs)).toEqual({});
    await impl.deleteResource(outs.ruleId, outs);
  });

  test("read for get: only the id (and any state given), the rule as the platform holds it", async () => {
    const outs = await created({ httpPostTriggerEnabled: true });
    const read = await impl.read(outs.ruleId, { __provider: "exports.handler = ..." } as object);
    expect(read.id).toBe(outs.ruleId);
    expect(read.props).toMatchObject({ ruleId: outs.ruleId, name: outs.name, teamId: outs.teamId, httpPostTriggerId: outs.httpPostTriggerId });
    expect(read.props).not.toHaveProperty("httpPostToken");
    expect((await impl.read(outs.ruleId, { httpPostToken: "sat_known" })).props?.httpPostToken).toBe("sat_known");
    await expect(impl.read("arule_missing", {})).rejects.toThrow(/^automation rule 'arule_missing' not found, or not visible to the app key's member/);
    await impl.deleteResource(outs.ruleId, outs);
  });

  test("a team the member is not in: 403 naming the team; adopting a rule whose team differs names its team", async () => {
    useKey(emulator.keys.member);
    const { inputs } = await checked(BASE);
    const mine = (await impl.create(inputs)).outs!;
    useKey(emulator.keys.teamMember2);
    await expect(impl.create({ ...inputs, teamId: 1 })).rejects.toThrow(/lacks membership of team 1/);
    useKey(emulator.keys.member);
    const { inputs: teamInputs } = await checked({ ...BASE, teamId: 2 });
    await expect(impl.create({ ...teamInputs, ruleId: mine.ruleId })).rejects.toThrow(/personal rule.*set teamId to 0/);
  });
});

describe("waiting on the account's rate limit", () => {
  // Outside the engine, pulumi.log.info prints `info: [runtime] ...` on the console.
  async function infoLines(work: () => Promise<unknown>): Promise<string[]> {
    const spy = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await work();
      return spy.mock.calls.map((args) => String(args[0])).filter((line) => line.includes("rate limit"));
    } finally {
      spy.mockRestore();
    }
  }

  test("create, update and delete each say once which rule waits (a hostile name escaped), then go on", async () => {
    const name = "Digest \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007";
    const { inputs } = await checked({ ...BASE, teamId: 1, name });
    emulator.setFaults([{ operation: "automationRule.create", kind: "rateLimit", retryAfterSeconds: 1, count: 2 }]);
    let outs: AutomationRuleOutputs | undefined;
    const createLines = await infoLines(async () => (outs = (await impl.create(inputs)).outs!));
    expect(createLines).toHaveLength(1);
    expect(createLines[0]).toMatch(/^info: \[runtime\] AutomationRule "Digest .*" is waiting about [\d.]+ s on the Flashduty account's rate limit/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters
    expect(createLines[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(emulator.counters()["automationRule.create"].statuses).toEqual({ "429": 2, "200": 1 });

    emulator.setFaults([{ operation: "automationRule.update", kind: "rateLimit", retryAfterSeconds: 1, count: 1 }]);
    const updateLines = await infoLines(() => impl.update(outs!.ruleId, outs!, { ...inputs, prompt: "New." }));
    expect(updateLines).toEqual([expect.stringContaining(`AutomationRule '${outs!.ruleId}' is waiting about`)]);

    emulator.setFaults([{ operation: "automationRule.delete", kind: "rateLimit", retryAfterSeconds: 1, count: 1 }]);
    const deleteLines = await infoLines(() => impl.deleteResource(outs!.ruleId, outs!));
    expect(deleteLines).toEqual([expect.stringContaining(`AutomationRule '${outs!.ruleId}' is waiting about`)]);
    expect(emulator.rule(outs!.ruleId)).toBeUndefined();
  });
});
