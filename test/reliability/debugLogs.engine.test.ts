/**
 * Secrets in debug output (issue 49): one stack of the test program (test/engine/program, the
 * package's dynamic resources on `@pulumi/pulumi`'s Node.js runtime, as a TypeScript program
 * runs them) with every kind of secret: the app key (secret stack config), an `env` value and a
 * `headers` value of `McpServer`s, an `authConfig` value of an `A2aAgent`, and an
 * `AutomationRule`'s generated HTTP POST token. Each
 * debug mode runs over it: `up --debug`, `preview --refresh --debug` with the policy pack,
 * `--event-log` (with `PULUMI_DEBUG_COMMANDS`), `PULUMI_DEBUG_GRPC`, `--logtostderr -v=9`, the
 * drift report, and the state (`stack export`, the backend's files).
 *
 * What is asserted (docs/reliability.md "Secrets in logs"): the app key never appears but where
 * the engine prints the config it holds (the `-v=9` trace, the gRPC log's requests); the env,
 * header and authConfig values never appear in a provider's answer or a real update's events, only where
 * Pulumi prints the inputs it holds (those same places, and `@pulumi/pulumi`'s
 * `RegisterResource RPC finished` debug line at preview, whose planned state the engine makes of
 * a dynamic resource's inputs); the token only in that debug line, in `-v=9` and in the gRPC
 * answers that carry the rule's state. Drift report, policy diagnostics and state: nothing.
 * And a stack whose state holds the values themselves (written by 0.2) moves to digests on the
 * next `up` with no write to the platform.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { spawn } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { digestMatches, isSecretDigest } from "../../provider/engine/secretDigest";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { BUILT_CLI } from "../support/cliRun";
import { filesUnder } from "../support/files";
import { reliabilitySuite } from "../support/reliability";
import { writeCounts } from "../support/writeCounts";

const suite = reliabilitySuite({ port: 0 });

const ENV_SECRET = "ghp_debuglogs_env_secret_0123456789";
const HEADER_SECRET = "Bearer debuglogs_header_secret_0123456789";
const A2A_SECRET = "debuglogs_a2a_api_key_secret_0123456789";
const PACK = path.join(REPO_ROOT, "examples", "policy-pack");

const MCP_SERVERS = [
  {
    name: "remote",
    args: {
      serverName: "debuglogs-remote",
      description: "Dashboards",
      transport: "streamable-http",
      url: "https://grafana.example/mcp",
      headers: { Authorization: HEADER_SECRET, "X-Org": "1" },
      teamId: 1,
      // The guardrails policy reports it: the pack's diagnostics name this server.
      allowInsecureTlsSkipVerify: true,
    },
  },
  {
    name: "local",
    args: { serverName: "debuglogs-local", transport: "stdio", command: "github-mcp-server", env: { GITHUB_PERSONAL_ACCESS_TOKEN: ENV_SECRET } },
  },
];
const A2A_AGENTS = [
  {
    name: "agent",
    args: {
      agentName: "debuglogs-agent",
      instructions: "Answer billing questions.",
      cardUrl: "https://billing.example/.well-known/agent-card.json",
      authType: "api_key",
      authConfig: { api_key: A2A_SECRET, header_name: "X-Api-Key" },
      teamId: 1,
      // The A2A guardrails policy reports it: the pack's diagnostics name this agent.
      allowInsecureTlsSkipVerify: true,
    },
  },
];
const RULES = [
  {
    name: "hook",
    args: {
      name: "Debug logs hook",
      prompt: "Check the deploy.",
      cronExpr: "0 0 * * *",
      scheduleTriggerEnabled: false,
      httpPostTriggerEnabled: true,
      teamId: 1,
    },
  },
];

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "flashduty-debuglogs-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The secrets by name, for messages that never print them. */
type Secrets = Record<"appKey" | "env" | "header" | "authConfig" | "token", string>;

/** The names of the secrets `text` holds. */
function leaked(text: string, secrets: Secrets): string[] {
  return Object.entries(secrets)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

/** `pulumi-flashduty drift` on the stack: its stdout and stderr. */
function driftReport(cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, "drift", "--stack", "test", "--cwd", cwd], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(output));
  });
}

/** The message of each diagnostic event of an event log (`--event-log`, JSON lines). */
function diagnostics(eventLog: string): Array<{ severity: string; message: string }> {
  return eventLog
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { diagnosticEvent?: { severity: string; message: string } })
    .flatMap((event) => (event.diagnosticEvent === undefined ? [] : [event.diagnosticEvent]));
}

/** The `RegisterResource RPC finished` line of `@pulumi/pulumi` for resource `name`: it prints the engine's answer whole. */
const registerFinished = (name: string) => `RegisterResource RPC finished: resource:${name}[`;

/**
 * Asserts that each occurrence of each secret in `text` lies in a `debug:` message that
 * `allowed` lists for it (a message's start, such as {@link registerFinished}); none lists the
 * app key. A message runs from its `debug: ` to the next (the answer `@pulumi/pulumi` prints
 * spans lines).
 */
function expectOnlyIn(text: string, secrets: Secrets, allowed: Partial<Record<keyof Secrets, string[]>>, where: string): void {
  for (const [name, value] of Object.entries(secrets) as Array<[keyof Secrets, string]>) {
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
      const message = text.slice(text.lastIndexOf("debug: ", at) + "debug: ".length, at);
      const ok = (allowed[name] ?? []).some((start) => message.startsWith(start));
      expect(ok, `${where}: the ${name} in ${JSON.stringify(message.slice(0, 120))}...`).toBe(true);
    }
  }
}

/** Each entry of a `PULUMI_DEBUG_GRPC` log: the method, and the names of the secrets in its request and its response. */
function grpcEntries(log: string, secrets: Secrets): Array<{ method: string; request: string[]; response: string[] }> {
  return log
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { method: string; request?: unknown; response?: unknown })
    .map((entry) => ({
      method: entry.method,
      request: leaked(JSON.stringify(entry.request ?? null), secrets),
      response: leaked(JSON.stringify(entry.response ?? null), secrets),
    }));
}

/** The McpServer outputs of a deployment (`stack export --show-secrets`), by resource name. */
function serverOutputs(deployment: { resources?: Array<Record<string, any>> }): Record<string, Record<string, any>> {
  const servers = (deployment.resources ?? []).filter((r) => String(r.type).endsWith("flashduty:McpServer"));
  return Object.fromEntries(servers.map((r) => [String(r.urn).split("::").pop(), r.outputs]));
}

/** The A2aAgent outputs of a deployment (`stack export --show-secrets`), by resource name. */
function agentOutputs(deployment: { resources?: Array<Record<string, any>> }): Record<string, Record<string, any>> {
  const agents = (deployment.resources ?? []).filter((r) => String(r.type).endsWith("flashduty:A2aAgent"));
  return Object.fromEntries(agents.map((r) => [String(r.urn).split("::").pop(), r.outputs]));
}

/** A secret value of an exported deployment, decrypted (`--show-secrets` writes `plaintext`, JSON text). */
function plain(value: any): any {
  return value !== null && typeof value === "object" && "plaintext" in value ? JSON.parse(value.plaintext) : value;
}

describe("secrets in debug output", () => {
  test("up --debug, preview --refresh --debug with the policy pack, the event log, PULUMI_DEBUG_GRPC, the drift report, the state, and -v=9 on the move from 0.2's state", async () => {
    const stack = await suite.newStack({ program: {} });
    await stack.setProgram({ mcpServers: MCP_SERVERS, automationRules: RULES, a2aAgents: A2A_AGENTS });
    const debugEnv = (name: string) => ({ PULUMI_DEBUG_COMMANDS: "true", PULUMI_DEBUG_GRPC: path.join(work, `${name}.grpc.json`) });
    const eventLog = (name: string) => ["--event-log", path.join(work, `${name}.events.json`)];
    const read = (file: string) => readFileSync(path.join(work, file), "utf8");

    const up = await stack.ws.run(["up", "--yes", "--debug", ...eventLog("up")], { env: debugEnv("up") });
    const outputs = (await stack.ws.outputs()) as {
      automationRules: Record<string, { httpPostToken: string }>;
      mcpServers: Record<string, { serverId: string }>;
    };
    const secrets: Secrets = {
      appKey: suite.emulator.keys.admin,
      env: ENV_SECRET,
      header: HEADER_SECRET,
      authConfig: A2A_SECRET,
      token: outputs.automationRules.hook!.httpPostToken,
    };
    expect(secrets.token).toMatch(/\S{8,}/);

    // Drift for the refresh and the report: a console edit of the remote server.
    suite.emulator.updateServer(outputs.mcpServers.remote!.serverId, { description: "edited in the console" });
    const preview = await stack.ws.run(["preview", "--refresh", "--diff", "--debug", "--policy-pack", PACK, ...eventLog("preview")], {
      env: debugEnv("preview"),
    });
    expect(preview.output).toMatch(/edited in the console/);
    expect(preview.output).toMatch(/flashduty-mcp-server-guardrails/);
    expect(preview.output).toMatch(/flashduty-a2a-agent-guardrails/);
    const drift = await driftReport(stack.projectDir, stack.ws.environment());
    expect(drift).toMatch(/description/);

    // The update's event log: the real answers of create hold digests, never a value; the token
    // is in the rule's outputs, which @pulumi/pulumi prints in its debug line (documented).
    const upEvents = diagnostics(read("up.events.json"));
    expect(upEvents.some((d) => d.severity === "debug" && d.message.startsWith(registerFinished("remote")))).toBe(true);
    expect(upEvents.some((d) => d.severity === "debug" && d.message.startsWith(registerFinished("agent")))).toBe(true);
    for (const d of upEvents) {
      const names = leaked(d.message, secrets);
      expect({ message: d.message.slice(0, 80), names }).toEqual({
        message: d.message.slice(0, 80),
        names: d.message.startsWith(registerFinished("hook")) ? ["token"] : [],
      });
    }
    // The refresh preview: the engine answers a planned update with the program's inputs, which
    // that same line prints (the remote server's header; documented); the unchanged local
    // server's and the unchanged agent's answers are their state, digests only.
    for (const d of diagnostics(read("preview.events.json"))) {
      const names = leaked(d.message, secrets);
      const allowed = d.message.startsWith(registerFinished("hook")) ? ["token"] : d.message.startsWith(registerFinished("remote")) ? ["header"] : [];
      expect(
        names.every((n) => allowed.includes(n)),
        `${names.join(", ")} in ${d.message.slice(0, 80)}`,
      ).toBe(true);
    }
    // Every other event (steps, the config in the prelude, policy events, the summary): no secret at all.
    for (const file of ["up.events.json", "preview.events.json"]) {
      const others = read(file)
        .split("\n")
        .filter((line) => line.trim() !== "" && !line.includes('"diagnosticEvent"'));
      expect(others.length, file).toBeGreaterThan(3);
      for (const line of others) expect(leaked(line, secrets), `${file}: ${line.slice(0, 80)}`).toEqual([]);
    }
    // The CLI's --debug output: the same lines, and the preview part of `up` (planned creates answered with their inputs).
    expectOnlyIn(
      up.output,
      secrets,
      { token: [registerFinished("hook")], header: [registerFinished("remote")], env: [registerFinished("local")], authConfig: [registerFinished("agent")] },
      "up --debug",
    );
    expectOnlyIn(preview.output, secrets, { token: [registerFinished("hook")], header: [registerFinished("remote")] }, "preview --refresh --debug");

    // The gRPC log: what the provider answers (Create, Read, Update) holds no app key and no
    // env, header or authConfig value; the token only in the rule's. The rest is the engine's own traffic.
    for (const file of ["up.grpc.json", "preview.grpc.json"]) {
      const entries = grpcEntries(read(file), secrets);
      const answers = entries.filter((e) => /ResourceProvider\/(Create|Read|Update)$/.test(e.method));
      expect(answers.length, file).toBeGreaterThan(2);
      for (const e of answers)
        expect(
          e.response.filter((n) => n !== "token"),
          `${file} ${e.method}`,
        ).toEqual([]);
    }

    // The drift report and the state (without --show-secrets): no secret at all.
    expect(leaked(drift, secrets)).toEqual([]);
    const exported = (await stack.ws.run(["stack", "export"])).stdout;
    expect(leaked(exported, secrets)).toEqual([]);
    for (const file of filesUnder(stack.stateDir)) expect(leaked(readFileSync(file, "latin1"), secrets), file).toEqual([]);
    // Decrypted, the outputs hold digests of the values (the inputs hold the values, encrypted, as for every provider).
    const revealed = JSON.parse((await stack.ws.run(["stack", "export", "--show-secrets"])).stdout);
    const servers = serverOutputs(revealed.deployment);
    expect(digestMatches(plain(servers.remote!.headers).Authorization, HEADER_SECRET)).toBe(true);
    expect(digestMatches(plain(servers.local!.env).GITHUB_PERSONAL_ACCESS_TOKEN, ENV_SECRET)).toBe(true);
    expect(leaked(JSON.stringify(Object.values(servers)), secrets)).toEqual([]);
    const agents = agentOutputs(revealed.deployment);
    expect(digestMatches(plain(agents.agent!.authConfig).api_key, A2A_SECRET)).toBe(true);
    expect(plain(agents.agent!.authConfigKeys)).toEqual(["api_key", "header_name"]);
    expect(leaked(JSON.stringify(Object.values(agents)), secrets)).toEqual([]);

    // State written by 0.2 (the values themselves in the outputs): the next `up` moves it to
    // digests with no write to the platform; traced with -v=9.
    const old = JSON.parse((await stack.ws.run(["stack", "export", "--show-secrets"])).stdout);
    for (const resource of old.deployment.resources as Array<Record<string, any>>) {
      if (!String(resource.type).endsWith("flashduty:McpServer")) continue;
      for (const key of ["env", "headers"]) resource.outputs[key] = resource.inputs[key];
    }
    expect(leaked(JSON.stringify(serverOutputs(old.deployment)), secrets).sort()).toEqual(["env", "header"]);
    await stack.importState(old);
    const before = writeCounts(suite.emulator);
    const traced = await stack.ws.run(["up", "--yes", "--skip-preview", "--logtostderr", "-v=9"]);
    expect(writeCounts(suite.emulator)).toEqual(before);
    const moved = serverOutputs(JSON.parse((await stack.ws.run(["stack", "export", "--show-secrets"])).stdout).deployment);
    expect(Object.values(plain(moved.remote!.headers)).every(isSecretDigest)).toBe(true);
    expect(Object.values(plain(moved.local!.env)).every(isSecretDigest)).toBe(true);
    expect(leaked(JSON.stringify(Object.values(moved)), secrets)).toEqual([]);
    expect((await stack.ws.run(["preview", "--expect-no-changes"])).code).toBe(0);

    // -v=9 (JSON lines): the engine marshals to the providers what it holds (the inputs, the
    // stack config, the prior state: "Marshaling property for RPC[...]") and logs the inputs it
    // receives from the program and from Check ("Unmarshaling ..."); those are Pulumi's own lines
    // (documented). What a provider answers for state (Create, Read, Update) and what the program
    // prints hold no value but the token.
    const kinds = new Set<string>();
    for (const line of traced.output.split("\n")) {
      const names = leaked(line, secrets);
      if (names.length === 0) continue;
      const msg = line.startsWith("{") ? String((JSON.parse(line) as { msg?: unknown }).msg ?? "") : line;
      const engineOwn =
        msg.startsWith("Marshaling property for RPC[") ||
        /^Unmarshaling property for RPC\[(ResourceMonitor\.RegisterResource|Provider\[[^\]]*\]\.Check)\(/.test(msg);
      // The rule's state, and the stack outputs the program exports (it exports the token).
      const state =
        /^Unmarshaling property for RPC\[(Provider\[[^\]]*\]\.(Create|Read|Update)|ResourceMonitor\.RegisterResourceOutputs)\(/.test(msg) ||
        msg.includes(registerFinished("hook"));
      if (!(engineOwn || (state && names.every((n) => n === "token")))) kinds.add(`${names.sort().join("+")}: ${msg.slice(0, 90).replace(/\d+/g, "#")}`);
    }
    expect([...kinds].sort(), "-v=9 records holding a secret that is neither the engine's own nor the token in state").toEqual([]);
  });
});
