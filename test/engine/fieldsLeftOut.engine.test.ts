/**
 * What the platform holds never blocks a stack (issue 58), with the real Pulumi CLI and the
 * dynamic resources against the emulator: a program that declares each noun with only its
 * required fields; a console edit of every optional field it leaves out is no drift that blocks
 * anything (`preview --refresh` and `up --refresh` exit 0, the console's values stay, the next
 * `preview --refresh --expect-no-changes` is clean); a field the program sets is still put back;
 * clearing a field the platform cannot clear is refused naming the way out; `up --replace` of a
 * resource whose name is unique in its scope works.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { BUILT_CLI } from "../support/cliRun";
import { createEngineStack, type EngineStack } from "../support/engineStack";
import { skillMd } from "../support/skillArchives";

let emulator: Emulator;
let stack: EngineStack | undefined;
const dirs: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
});

afterAll(async () => {
  stack?.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

function skillFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "fd-left-out-"));
  dirs.push(dir);
  writeFileSync(join(dir, "SKILL.md"), skillMd({ name, description: "From the frontmatter" }));
  mkdirSync(join(dir, "scripts"));
  writeFileSync(join(dir, "scripts", "run.sh"), "echo run\n");
  return dir;
}

/** `pulumi-flashduty drift` of the stack: its exit code and output. */
function drift(stack: EngineStack): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const args = [BUILT_CLI, "drift", "--stack", stack.ws.stack, "--cwd", stack.projectDir];
    const child = spawn(process.execPath, args, { cwd: stack.projectDir, env: stack.ws.environment(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

interface Outs {
  mcpServers: Record<string, { serverId: string; description: string; enabled: boolean }>;
  automationRules: Record<string, { ruleId: string; timezone: string; enabled: boolean }>;
  a2aAgents: Record<string, { agentId: string; streaming: boolean }>;
  skills: Record<string, { skillId: string }>;
}

describe("fields a program leaves out, with the dynamic resources", () => {
  test("console edits of every optional field left out never block preview or up; declared fields are put back; clearing is refused with a way out; --replace works", async () => {
    const folder = skillFolder("left-out-skill");
    const server = { name: "srv", args: { serverName: "left-out-server", transport: "streamable-http", url: "https://left-out.example/mcp" } };
    const rule = { name: "rule", args: { name: "left-out-rule", prompt: "Summarise.", cronExpr: "0 9 * * *" } };
    const agent = { name: "agent", args: { agentName: "left-out-agent", instructions: "Answer.", cardUrl: "https://left-out.example/card.json" } };
    const skill = { name: "skill", args: { folder } };
    const program = { mcpServers: [server], automationRules: [rule], a2aAgents: [agent], skills: [skill] };
    stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, program });
    const { ws } = stack;
    await ws.run(["up", "--yes"]);
    const outs = (await ws.outputs()) as unknown as Outs;
    const serverId = outs.mcpServers.srv!.serverId;
    const ruleId = outs.automationRules.rule!.ruleId;
    const agentId = outs.a2aAgents.agent!.agentId;
    const skillId = outs.skills.skill!.skillId;
    // Create sent the defaults for what the program leaves out.
    expect(emulator.server(serverId)).toMatchObject({ description: "", team_id: 0, status: "enabled", connect_timeout: 0 });
    expect(emulator.rule(ruleId)).toMatchObject({ timezone: "UTC", enabled: true, schedule_trigger_enabled: true });

    // The console edits every optional field the program leaves out.
    const serverEdit = {
      description: "Edited in the console",
      environments: ["cloud"],
      connect_timeout: 30,
      call_timeout: 120,
      allow_insecure_tls_skip_verify: true,
      allow_insecure_oauth_http: true,
      oauth_metadata: '{"issuer":"https://idp.example"}',
      team_id: 1,
    };
    emulator.updateServer(serverId, serverEdit);
    emulator.setServerStatus(serverId, "disabled");
    emulator.updateRule(ruleId, { timezone: "Asia/Shanghai", enabled: false, environment_kind: "cloud" });
    emulator.updateA2aAgent(agentId, { streaming: true, environments: ["cloud"], allow_insecure_tls_skip_verify: true, team_id: 2, status: "disabled" });
    emulator.updateSkill(skillId, { description: "Console description", description_en: "Console English", status: "disabled" });

    // The drift report of a pull request: nothing the program manages changed.
    const report = await drift(stack);
    expect(report.code, report.output).toBe(0);
    const preview = await ws.run(["preview", "--refresh", "--diff"]);
    expect(preview.code).toBe(0);
    await ws.run(["up", "--refresh", "--yes"]);
    // Nothing the program leaves out was put back.
    expect(emulator.server(serverId)).toMatchObject({ ...serverEdit, status: "disabled" });
    expect(emulator.rule(ruleId)).toMatchObject({ timezone: "Asia/Shanghai", enabled: false, environment_kind: "cloud" });
    expect(emulator.a2aAgent(agentId)).toMatchObject({ streaming: true, environments: ["cloud"], team_id: 2, status: "disabled" });
    expect(emulator.skills().find((s) => s.skill_id === skillId)).toMatchObject({
      description: "Console description",
      description_en: "Console English",
      status: "disabled",
    });
    // The outputs show the platform's values; the next refresh finds nothing new.
    const after = (await ws.outputs()) as unknown as Outs;
    expect(after.mcpServers.srv).toMatchObject({ description: "Edited in the console", enabled: false });
    expect(after.automationRules.rule).toMatchObject({ enabled: false });
    await ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // A field the program sets is compared and put back.
    await stack.setProgram({ ...program, mcpServers: [{ ...server, args: { ...server.args, description: "Declared" } }] });
    await ws.run(["up", "--yes"]);
    expect(emulator.server(serverId)?.description).toBe("Declared");
    emulator.updateServer(serverId, { description: "Edited again" });
    const declaredDrift = await drift(stack);
    expect(declaredDrift.code, declaredDrift.output).toBe(2);
    expect(declaredDrift.output).toMatch(/description/);
    await ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.server(serverId)?.description).toBe("Declared");

    // Clearing what the platform's update cannot clear: refused at preview, naming the ways out.
    await stack.setProgram({ ...program, mcpServers: [{ ...server, args: { ...server.args, description: "" } }] });
    const refused = await ws.run(["preview"], { check: false });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/description cannot be cleared/);
    expect(refused.output).toMatch(/leave description out to stop managing it/);
    expect(refused.output).toMatch(/pulumi up --replace <urn>/);
    // Leaving it out instead: no change, no error.
    await stack.setProgram(program);
    await ws.run(["preview", "--expect-no-changes"]);

    // The recipe works: a replacement of a server (a name unique in its scope) deletes first.
    const urn = "urn:pulumi:test::flashduty-engine-test::pulumi-nodejs:dynamic/flashduty:McpServer::srv";
    await ws.run(["up", "--replace", urn, "--yes"]);
    const replaced = emulator.servers().filter((s) => s.server_name === "left-out-server");
    expect(replaced).toHaveLength(1);
    expect(replaced[0]?.server_id).not.toBe(serverId);

    await ws.run(["destroy", "--yes"]);
    expect(emulator.servers().filter((s) => s.server_name === "left-out-server")).toHaveLength(0);
    expect(emulator.rule(ruleId)).toBeUndefined();
    expect(emulator.a2aAgent(agentId)).toBeUndefined();
  });
});
