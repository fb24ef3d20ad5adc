/**
 * The CLI as users run it: compiled with tsc (as `npm run emulator` does), started as a real
 * process, stopped with SIGTERM/SIGINT.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { SEED_USERS, type EmulatorOptions } from "../../emulator";
import { parseCliArgs } from "../../emulator/cli";
import { call } from "../support/emulatorCalls";

const root = resolve(__dirname, "../..");
// Inside the repository so the compiled CLI resolves fastify, zod... from node_modules.
const outDir = join(root, "node_modules", ".cache", "emulator-cli-test");
const cli = join(outDir, "emulator", "cli.js");
const stateDir = mkdtempSync(join(tmpdir(), "fd-emulator-cli-"));

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [
    join(root, "node_modules", "typescript", "bin", "tsc"),
    "--module",
    "node16",
    "--moduleResolution",
    "node16",
    "--target",
    "ES2022",
    "--strict",
    "--esModuleInterop",
    "--skipLibCheck",
    "--types",
    "node",
    "--rootDir",
    root,
    "--outDir",
    outDir,
    join(root, "emulator", "cli.ts"),
  ]);
}, 60_000);
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  // A failed assertion must not leave a CLI running.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(stateDir, { recursive: true, force: true });
});

function start(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string; url: Promise<string>; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [cli, ...args]);
  children.push(child);
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = new Promise<string>((resolveUrl, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolveUrl(match[1]!);
    });
    child.on("exit", () => reject(new Error(`CLI exited before listening:\n${output}`)));
  });
  url.catch(() => undefined); // runs that are meant to fail never listen
  const exit = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));
  return { child, output: () => output, url, exit };
}

describe("emulator CLI", () => {
  it("prints the base URL and every seed user's key, serves, and stops cleanly on SIGTERM", async () => {
    const state = join(stateDir, "state.json");
    const run = start(["--port", "0", "--rules", "50", "--servers", "14", "--state", state, "--no-limits"]);
    const url = await run.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const user of SEED_USERS) expect(run.output()).toContain(user.appKey);
    for (const label of ["admin", "member", "noAiSre", "otherAccount", "teamMember2"]) expect(run.output()).toContain(label);
    const emu = { url };
    const admin = SEED_USERS.find((u) => u.memberId === 1002)!.appKey;
    const rules = await call(emu, PATHS.automationRuleList, { key: admin, body: { limit: 100 } });
    expect(rules.status).toBe(200);
    expect((await call(emu, PATHS.mcpServerList, { key: admin, body: { limit: 100 } })).body.data.total).toBe(14); // 9 fixed + 2 generated + 3 legacy in account 1
    expect((await call(emu, PATHS.mcpServerDisable, { key: admin, body: { server_id: "mcp_grafana" } })).status).toBe(200);
    run.child.kill("SIGTERM");
    expect(await run.exit).toBe(0);
    const saved = JSON.parse(readFileSync(state, "utf8"));
    expect(saved.servers.find((s: { server_id: string }) => s.server_id === "mcp_grafana").status).toBe("disabled");
  }, 30_000);

  it("stops on SIGINT too", async () => {
    const run = start(["--port", "0", "--rules", "0"]);
    await run.url;
    run.child.kill("SIGINT");
    expect(await run.exit).toBe(0);
  }, 30_000);

  it("bad arguments exit 2 with the usage", async () => {
    const run = start(["--rules", "many"]);
    expect(await run.exit).toBe(2);
    expect(run.output()).toContain("--rules");
    expect(run.output()).toContain("Usage");
  }, 30_000);

  it("parses its options", () => {
    expect(parseCliArgs([])).toEqual({ port: 8787, host: undefined, seed: { rules: undefined, servers: undefined }, stateFile: undefined, limits: undefined });
    expect(parseCliArgs(["--port", "0", "--rules", "10000", "--servers", "20", "--state", "s.json", "--no-limits", "--host", "0.0.0.0"])).toEqual({
      port: 0,
      host: "0.0.0.0",
      seed: { rules: 10000, servers: 20 },
      stateFile: "s.json",
      limits: false,
    });
    expect((parseCliArgs(["--rate-window", "sliding", "--clock-offset-ms=-30000"]) as EmulatorOptions).limits).toEqual({
      perSecond: 50,
      perMinute: 1000,
      window: "sliding",
      clockOffsetMs: -30_000,
    });
    expect((parseCliArgs(["--clock-offset-ms", "500"]) as EmulatorOptions).limits).toEqual({ perSecond: 50, perMinute: 1000, clockOffsetMs: 500 });
    expect(() => parseCliArgs(["--rate-window", "leaky"])).toThrow(/--rate-window must be fixed or sliding/);
    expect(() => parseCliArgs(["--clock-offset-ms", "1.5"])).toThrow(/--clock-offset-ms must be an integer/);
    expect(parseCliArgs(["--help"])).toBe("help");
    expect(() => parseCliArgs(["--port", "-1"])).toThrow(/--port/);
    expect(() => parseCliArgs(["--bogus"])).toThrow();
  });
});
