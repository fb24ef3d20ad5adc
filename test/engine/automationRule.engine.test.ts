/**
 * AutomationRule with the real Pulumi CLI (local file:// backend) against the emulator over HTTP:
 * the whole lifecycle in one stack, then adoption, a lost create answer, bad input at preview
 * and a least-privilege key in a second, and an `up` stopped by SIGTERM while a create is in
 * flight in a third.
 */
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { FlashdutyClient } from "../../sdk";
import { createEngineStack, type EngineStack } from "../support/engineStack";
import { signalCli, startCli } from "../support/interruptedCli";

let emulator: Emulator;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
});

async function newStack(appKey: string, automationRules: unknown[]): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, appKey, program: { automationRules } });
  stacks.push(stack);
  return stack;
}

interface RuleOutputs {
  ruleId: string;
  name: string;
  cronExpr: string;
  teamId: number;
  httpPostTriggerUrl?: string;
  httpPostToken?: string;
  scheduleNextFireAtMs: number;
}

async function ruleOutputs(stack: EngineStack): Promise<Record<string, RuleOutputs>> {
  return ((await stack.ws.outputs()) as { automationRules: Record<string, RuleOutputs> }).automationRules;
}

const writes = () => {
  const c = emulator.counters();
  return { create: c["automationRule.create"].requests, update: c["automationRule.update"].requests, delete: c["automationRule.delete"].requests };
};

const named = (key: string, name: string) => emulator.visibleRules(key, { keyword: name }).filter((r) => r.name === name);

async function fire(url: string, token: string): Promise<number> {
  const res = await request(url, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  await res.body.dump();
  return res.statusCode;
}

const DIGEST = {
  name: "digest",
  args: { name: "Daily digest (engine)", prompt: "Summarise yesterday's alerts.", cronExpr: "0 8 * * *", timezone: "Asia/Shanghai", teamId: 1 },
};
const HOOK = {
  name: "hook",
  args: {
    name: "Deploy hook (engine)",
    prompt: "Check the deploy.",
    cronExpr: "0 0 * * *",
    scheduleTriggerEnabled: false,
    httpPostTriggerEnabled: true,
    teamId: 1,
  },
};
const ONCALL = {
  name: "oncall",
  args: {
    name: "Incident triage (engine)",
    prompt: "Triage the incident.",
    cronExpr: "0 0 * * *",
    scheduleTriggerEnabled: false,
    oncallIncidentTriggerEnabled: true,
    oncallIncidentChannelIds: [3001],
    oncallIncidentSeverities: ["Critical", "Warning"],
    teamId: 1,
  },
};

describe("AutomationRule with the real Pulumi CLI", () => {
  test("create, no-change preview, update, console edit, out-of-band delete, rotation, secret token, replace on teamId, destroy", async () => {
    emulator.reset();
    const key = emulator.keys.admin;
    const stack = await newStack(key, [DIGEST, HOOK, ONCALL]);

    await stack.ws.run(["up", "--yes"]);
    expect(writes()).toEqual({ create: 3, update: 0, delete: 0 });
    let outs = await ruleOutputs(stack);
    const digestId = outs.digest!.ruleId;
    expect(emulator.rule(digestId)).toMatchObject({ name: DIGEST.args.name, timezone: "Asia/Shanghai", team_id: 1, enabled: true });
    expect(outs.digest!.scheduleNextFireAtMs).toBeGreaterThan(Date.now());
    const hook = outs.hook!;
    expect(hook.httpPostTriggerUrl).toBe(`${emulator.url}/safari/automation/triggers/${emulator.rule(hook.ruleId)!.http_post_trigger_id}/fire`);
    expect(hook.httpPostToken).toMatch(/^sat_/);
    expect(await fire(hook.httpPostTriggerUrl!, hook.httpPostToken!)).toBe(200);

    // The token is a secret: never in plaintext in the state or in outputs shown without --show-secrets.
    const exported = JSON.stringify(await stack.ws.exportState());
    expect(exported).not.toContain(hook.httpPostToken!);
    const shown = await stack.ws.run(["stack", "output", "--json"]);
    expect(shown.stdout).not.toContain(hook.httpPostToken!);

    await stack.ws.run(["preview", "--expect-no-changes"]);
    expect(writes()).toEqual({ create: 3, update: 0, delete: 0 });

    // In-place update: one rule/update, same rule.
    await stack.setProgram({ automationRules: [{ ...DIGEST, args: { ...DIGEST.args, cronExpr: "30 9 * * 1-5" } }, HOOK, ONCALL] });
    await stack.ws.run(["up", "--yes"]);
    expect(writes()).toEqual({ create: 3, update: 1, delete: 0 });
    expect(emulator.rule(digestId)?.cron_expr).toBe("30 9 * * 1-5");

    // Someone renames the rule in the console: refresh names the field, up puts it back with the same id.
    emulator.updateRule(digestId, { name: "Edited in the console" });
    const preview = await stack.ws.run(["preview", "--refresh", "--diff"]);
    expect(preview.output).toMatch(/1 to update/);
    expect(preview.output).toMatch(/~ name\s*: "Edited in the console" => "Daily digest \(engine\)"/);
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.rule(digestId)?.name).toBe(DIGEST.args.name);
    expect(writes()).toEqual({ create: 3, update: 2, delete: 0 });

    // Someone deletes the on-call rule: it leaves the stack on refresh and is made again, once.
    emulator.deleteRule(outs.oncall!.ruleId);
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(named(key, ONCALL.args.name)).toHaveLength(1);
    expect(writes()).toEqual({ create: 4, update: 2, delete: 0 });

    // Rotation: a new token; the old one stops working; the new one is still a secret.
    await stack.setProgram({
      automationRules: [
        { ...DIGEST, args: { ...DIGEST.args, cronExpr: "30 9 * * 1-5" } },
        { ...HOOK, args: { ...HOOK.args, httpPostTokenRotation: "2026-11" } },
        ONCALL,
      ],
    });
    await stack.ws.run(["up", "--yes"]);
    outs = await ruleOutputs(stack);
    expect(outs.hook!.ruleId).toBe(hook.ruleId);
    expect(outs.hook!.httpPostToken).toMatch(/^sat_/);
    expect(outs.hook!.httpPostToken).not.toBe(hook.httpPostToken);
    expect(await fire(hook.httpPostTriggerUrl!, hook.httpPostToken!)).toBe(401);
    expect(await fire(outs.hook!.httpPostTriggerUrl!, outs.hook!.httpPostToken!)).toBe(200);
    expect(JSON.stringify(await stack.ws.exportState())).not.toContain(outs.hook!.httpPostToken!);

    // A new teamId replaces the rule: a new one in team 2, the old one deleted.
    await stack.setProgram({
      automationRules: [
        { ...DIGEST, args: { ...DIGEST.args, cronExpr: "30 9 * * 1-5", teamId: 2 } },
        { ...HOOK, args: { ...HOOK.args, httpPostTokenRotation: "2026-11" } },
        ONCALL,
      ],
    });
    const replacePreview = await stack.ws.run(["preview", "--diff"]);
    expect(replacePreview.output).toMatch(/1 to replace/);
    await stack.ws.run(["up", "--yes"]);
    outs = await ruleOutputs(stack);
    expect(outs.digest!.ruleId).not.toBe(digestId);
    expect(outs.digest!.teamId).toBe(2);
    expect(emulator.rule(digestId)).toBeUndefined();

    await stack.ws.run(["destroy", "--yes"]);
    for (const rule of Object.values(outs)) expect(emulator.rule(rule.ruleId)).toBeUndefined();
  });

  test("bad input fails at preview with no write; a least-privilege key; a lost create answer leaves one rule; adoption by ruleId", async () => {
    emulator.reset();
    const key = emulator.keys.member; // ai-sre, member of teams 1 and 2, not an admin
    const bad = await newStack(key, [{ name: "bad", args: { ...DIGEST.args, cronExpr: "*/5 * * * *", oncallIncidentSeverities: ["Fatal"] } }]);
    const refused = await bad.ws.run(["preview"], { check: false });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("cronExpr");
    expect(refused.output).toContain("minute must be one fixed number");
    expect(refused.output).toContain("oncallIncidentSeverities[0]");
    expect(writes()).toEqual({ create: 0, update: 0, delete: 0 });

    // A team the key's member is not in: 403 naming the team; nothing made.
    const outsider = await newStack(emulator.keys.teamMember2, [DIGEST]);
    const denied = await outsider.ws.run(["up", "--yes"], { check: false });
    expect(denied.code).not.toBe(0);
    expect(denied.output).toMatch(/lacks membership of team 1/);
    expect(named(emulator.keys.admin, DIGEST.args.name)).toHaveLength(0);

    // The first create's answer is lost after the rule was made: still exactly one rule.
    emulator.setFaults([{ operation: "automationRule.create", kind: "applyThenDrop", count: 1 }]);
    const console = await new FlashdutyClient({ appKey: key, baseUrl: emulator.url }).automationRules.create({
      name: "Made in the console",
      prompt: "Old prompt.",
      cronExpr: "0 6 * * *",
      teamId: 2,
      enabled: false,
    });
    emulator.setFaults([]);
    expect(named(key, "Made in the console")).toHaveLength(1);
    emulator.setFaults([{ operation: "automationRule.create", kind: "applyThenDrop", count: 1 }]);
    const stack = await newStack(key, [
      DIGEST,
      { name: "adopted", args: { ruleId: console.ruleId, name: "Adopted rule", prompt: "New prompt.", cronExpr: "0 6 * * *", teamId: 2 } },
    ]);
    await stack.ws.run(["up", "--yes"]);
    emulator.setFaults([]);
    expect(named(key, DIGEST.args.name)).toHaveLength(1);
    const outs = await ruleOutputs(stack);
    expect(outs.adopted!.ruleId).toBe(console.ruleId);
    // Adoption writes what the program sets; `enabled`, which it leaves out, is not managed and stays as the console left it.
    expect(emulator.rule(console.ruleId)).toMatchObject({ name: "Adopted rule", prompt: "New prompt.", enabled: false });
    await stack.ws.run(["preview", "--expect-no-changes"]);

    await stack.ws.run(["destroy", "--yes"]);
    expect(emulator.rule(console.ruleId)).toBeUndefined();
    expect(named(key, DIGEST.args.name)).toHaveLength(0);
  });

  // A CI runner or container stop that signals every process of the job: the CLI cancels and
  // waits for the steps in flight, and the provider process lets the create it has started
  // finish (provider/engine/gracefulShutdown.ts), so the state records the rule the platform made.
  test("up stopped by SIGTERM (every process) while a create is in flight: the create finishes and is recorded; the next up makes no second rule", async () => {
    emulator.reset();
    const name = "Digest stopped mid-create (engine)";
    const stack = await newStack(emulator.keys.admin, [{ name: "stopped", args: { ...DIGEST.args, name } }]);
    // The first create answers 503 at once (nothing made), so the provider is inside its create
    // (checking, then sending it again) when the test sees that answer; the second is slow.
    emulator.setFaults([
      { operation: "automationRule.create", kind: "error", status: 503, count: 1 },
      { operation: "automationRule.create", kind: "latency", latencyMs: 3000 },
    ]);
    const cli = startCli(stack.ws, stack.projectDir, ["up", "--yes"]);
    let ended: string | undefined;
    void cli.exited.then((r) => (ended = r.output));
    while (!emulator.requestLog().some((e) => e.operation === "automationRule.create" && e.status === 503)) {
      if (ended !== undefined) throw new Error(`the up ended before its first create was answered:\n${ended}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    signalCli(cli, "SIGTERM", "tree");
    const result = await cli.exited;
    emulator.setFaults([]);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/received; cancelling/);

    expect(named(emulator.keys.admin, name)).toHaveLength(1);
    const { deployment } = (await stack.ws.exportState()) as {
      deployment: { resources?: Array<{ type: string; outputs?: { ruleId?: string } }>; pending_operations?: unknown[] };
    };
    expect(deployment.pending_operations ?? []).toEqual([]);
    const recorded = (deployment.resources ?? []).filter((r) => r.type.endsWith(":AutomationRule"));
    expect(recorded.map((r) => r.outputs?.ruleId)).toEqual([named(emulator.keys.admin, name)[0]!.rule_id]);

    const createsBefore = writes().create;
    await stack.ws.run(["up", "--yes"]);
    expect(writes().create).toBe(createsBefore);
    expect(named(emulator.keys.admin, name)).toHaveLength(1);
    await stack.ws.run(["destroy", "--yes"]);
    expect(named(emulator.keys.admin, name)).toHaveLength(0);
  });
});
