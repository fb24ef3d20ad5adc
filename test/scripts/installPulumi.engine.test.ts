/**
 * scripts/install-pulumi.sh with the real Pulumi CLI: where the Node.js language host it names is
 * installed on its own (no CLI beside it), the folders it prints make the real CLI run that host,
 * and the dynamic-provider shim, without its warning `using pulumi-language-nodejs from $PATH at
 * <host> expected <CLI folder>/pulumi-language-nodejs` (printed on every command otherwise).
 *
 * The host installed on its own is a folder holding only `pulumi-language-nodejs`: a script that
 * answers `-version` as the official host does (the offline stand-in does not, and the install
 * script takes only a host that answers for an official one) and otherwise records that it ran and
 * execs the host the suite runs with (official or stand-in). The CLI is the suite's own, hard-linked
 * into a folder of its own (no host beside it), as a CLI installed apart from its host would be.
 */
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { REPO_ROOT, ensurePulumiCli } from "../../scripts/pulumiCli";
import { createEngineStack, type EngineStack } from "../support/engineStack";

const run = promisify(execFile);
const HOST_WARNING = /warning: using pulumi-(language|resource)-\S+ from \$PATH/;

let emulator: Emulator;
let dir: string;
let cliOnly: string;
let hostOnly: string;
let cliDir: string;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  // Under the checkout's git-ignored .pulumi-state, on the file system of .pulumi-cli: the CLI is hard-linked, not copied.
  mkdirSync(path.join(REPO_ROOT, ".pulumi-state"), { recursive: true });
  dir = mkdtempSync(path.join(REPO_ROOT, ".pulumi-state", "install-pulumi-"));
  const suiteBin = ensurePulumiCli().split(path.delimiter)[0]!;
  const suiteCli = realpathSync(path.join(suiteBin, "pulumi"));
  const suiteHost = realpathSync(path.join(suiteBin, "pulumi-language-nodejs"));

  cliOnly = path.join(dir, "cli");
  mkdirSync(cliOnly);
  try {
    linkSync(suiteCli, path.join(cliOnly, "pulumi"));
  } catch {
    copyFileSync(suiteCli, path.join(cliOnly, "pulumi"));
  }
  hostOnly = path.join(dir, "host");
  mkdirSync(hostOnly);
  const { stdout: version } = await run(path.join(cliOnly, "pulumi"), ["version"]);
  writeFileSync(
    path.join(hostOnly, "pulumi-language-nodejs"),
    `#!/bin/sh\nif [ "$1" = -version ]; then echo ${version.trim()}; exit 0; fi\necho $$ >>'${path.join(dir, "host-runs")}'\nexec '${suiteHost}' "$@"\n`,
    { mode: 0o755 },
  );
  // A project-local folder of its own, holding only what the script adds: the shim.
  cliDir = path.join(dir, "project-local");
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

/** Runs the install script with `folders` first on PATH; returns the folders it prints and its log. */
async function install(folders: string[]): Promise<{ fragment: string; log: string }> {
  const { stdout, stderr } = await run("bash", [path.join(REPO_ROOT, "scripts", "install-pulumi.sh")], {
    env: { ...process.env, PATH: [...folders, process.env.PATH ?? ""].join(path.delimiter), PULUMI_CLI_DIR: cliDir },
  });
  return { fragment: stdout.trim(), log: stderr };
}

/** A stack whose every command runs with `path` as PATH; `pulumi preview` of one server (the program, the host, the shim). */
async function preview(pathValue: string) {
  const stack = await createEngineStack({
    baseUrl: emulator.url,
    appKey: emulator.keys.admin,
    program: { servers: ["mcp_grafana"] },
    env: { PATH: pathValue },
    // This test is about which CLI and host a PATH picks: the workspace must not put the suite's first.
    pathAsGiven: true,
  });
  stacks.push(stack);
  return stack.ws.run(["preview", "--diff"], { check: false });
}

describe("install-pulumi.sh with the real CLI and a language host installed on its own", () => {
  test("the folders printed run that host and the shim beside the CLI: no warning; the host's and the CLI's folders alone warn", async () => {
    const userPath = [hostOnly, cliOnly];
    const { fragment, log } = await install(userPath);
    const paired = fragment.split(path.delimiter)[0]!;
    expect(log).toContain(`using Pulumi CLI `);
    expect(log).toContain(`(found on PATH, ${cliOnly}); Node.js language host: official pulumi-language-nodejs`);
    expect(log).toContain(` at ${hostOnly}; run together from ${paired}`);

    // The suite's own folders after the user's, for nothing but the shim where the script found it there.
    const rest = [ensurePulumiCli(), process.env.PATH ?? ""];
    rmSync(path.join(dir, "host-runs"), { force: true });
    const result = await preview([fragment, ...userPath, ...rest].join(path.delimiter));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("mcp_grafana");
    expect(result.output).not.toMatch(HOST_WARNING);
    // The CLI ran the host named (through the paired folder's symlink).
    expect(existsSync(path.join(dir, "host-runs"))).toBe(true);

    // The check above can fail: the CLI's and the host's folders first on PATH, without the pairing, warn.
    const unpaired = await preview([...userPath, ...rest].join(path.delimiter));
    expect(unpaired.code, unpaired.output).toBe(0);
    expect(unpaired.output).toContain(`warning: using pulumi-language-nodejs from $PATH at ${path.join(hostOnly, "pulumi-language-nodejs")}`);
  });
});
