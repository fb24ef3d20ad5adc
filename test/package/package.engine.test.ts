/**
 * What users install, tried as they use it: the packed tarballs (`npm pack`) installed into fresh
 * projects shaped like `pulumi new typescript` (both template tsconfigs, `skipLibCheck` off),
 * type-checked with the project's own TypeScript, and run with the real Pulumi CLI through the
 * SDK's ts-node against the emulator started from the installed `pulumi-flashduty-emulator` bin.
 * Also the engine smoke of the support matrix: Node.js 22 with the oldest @pulumi/pulumi of the
 * peer range (the full suite runs on the project's Node.js 24 with the newest).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_USERS } from "../../emulator";
import { PulumiWorkspace, REPO_ROOT, ensurePulumiCli } from "../../scripts/pulumiCli";
import { RESOURCE_DECLARATIONS } from "../../plugin/schemaBuild";
import { TSCONFIG_COMMONJS, TSCONFIG_NODENEXT, createFreshProject, typeCheck, type FreshProject } from "../support/freshProject";

const run = promisify(execFile);
const rootPkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
  version: string;
  peerDependencies: Record<string, string>;
};
/** The oldest @pulumi/pulumi the peer range admits, e.g. ">=3.249.0 <4" -> "3.249.0". */
const OLDEST_PULUMI = /^>=(\d+\.\d+\.\d+)/.exec(rootPkg.peerDependencies["@pulumi/pulumi"] ?? "")?.[1];
const OWNER = SEED_USERS.find((u) => u.role === "owner" && u.accountId === 1)!;

// The program a user writes: the resource, both data sources with inputs at every level and
// invoke options, the error classes and guards from the package root and from /sdk, and the
// resources' get, isInstance and state types (get type-checked only: the matrix's oldest
// @pulumi/pulumi cannot run it).
const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as flashduty from "pulumi-flashduty";
import { FlashdutyClient, isFlashdutyApiError as sdkGuard, type McpServer } from "pulumi-flashduty/sdk";
import { FlashdutyApiError, FlashdutyError, isFlashdutyApiError, isFlashdutyError } from "pulumi-flashduty";
import * as storedProviderModule from "pulumi-flashduty/provider/mcpServerDisablementProvider";

const config = new pulumi.Config();
const server = new flashduty.McpServerDisablement("grafana", { serverId: config.get("serverId") ?? "mcp_grafana" });
const teamRules = flashduty.getAutomationRulesOutput(
  { teamIds: [pulumi.output(1)], enabled: pulumi.output(true), pageSize: 50 },
  { dependsOn: [server], parent: server },
);
const templates = flashduty.getAutomationTemplatesOutput({ locale: pulumi.output("en-US") }, { dependsOn: server });

function describeError(e: unknown): string {
  if (isFlashdutyApiError(e) || sdkGuard(e)) return (e as FlashdutyApiError).code;
  return isFlashdutyError(e) && e instanceof FlashdutyError ? e.operation : String(e);
}
const clientClass: typeof FlashdutyClient = FlashdutyClient;
const serverName = (s: McpServer): string => s.serverName;
const readServer = (id: string, state?: flashduty.McpServerDisablementState): flashduty.McpServerDisablement =>
  flashduty.McpServerDisablement.get(\`read-\${id}\`, id, state, { parent: server });
const readRule = (id: string, state?: flashduty.AutomationRuleState): flashduty.AutomationRule => flashduty.AutomationRule.get("rule", id, state);

export const status = server.status;
export const ruleCount = teamRules.total;
export const ruleIds = teamRules.rules.apply((rules) => rules.map((r) => r.ruleId));
export const templateNames = templates.templates.apply((ts) => ts.map((t) => t.name));
export const checks = [typeof describeError, typeof clientClass, typeof serverName, typeof storedProviderModule.deleteResource, typeof readServer, typeof readRule];
export const isDisablement = flashduty.McpServerDisablement.isInstance(server) && !flashduty.AutomationRule.isInstance(server);
`;

// The emulator's entry, type-checked as a user's offline-CI helper would import it.
const EMULATOR_CHECK = `import { startEmulator, type Emulator, type EmulatorOptions } from "pulumi-flashduty-emulator";

export async function startOffline(options: EmulatorOptions = { port: 0 }): Promise<Emulator> {
  return startEmulator(options);
}
`;

let work: string;
let nodenext: FreshProject;
let tarballs: Record<string, string>;
let emulator: ChildProcess | undefined;
let baseUrl: string;
const projects: string[] = [];

/** `npm pack` of a package folder (already built by `npm test`; `--ignore-scripts` skips prepack). */
async function pack(args: string[]): Promise<string> {
  const { stdout } = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work, ...args], { cwd: REPO_ROOT });
  const [info] = JSON.parse(stdout) as Array<{ filename: string }>;
  return path.join(work, info!.filename);
}

function readFromTarball(tgz: string, file: string): string {
  return execFileSync("tar", ["xzOf", tgz, `package/${file}`], { encoding: "utf8" });
}

/**
 * Packages that the JavaScript of a tarball loads (`require("x")`, `import("x")`), by package name,
 * without Node.js builtins and the package itself.
 */
function importedPackages(tgz: string, self: string): string[] {
  const dir = mkdtempSync(path.join(work, "unpacked-"));
  execFileSync("tar", ["xzf", tgz, "-C", dir]);
  const found = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".js")) continue;
    const text = readFileSync(path.join(dir, file), "utf8");
    for (const m of text.matchAll(/\b(?:require|import)\(\s*["']([^"'.][^"']*)["']\s*\)/g)) {
      const spec = m[1]!;
      if (spec.startsWith("node:") || isBuiltin(spec)) continue;
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
      if (name !== self) found.add(name);
    }
  }
  return [...found].sort();
}

function tarList(tgz: string): string[] {
  return execFileSync("tar", ["tzf", tgz], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ""));
}

/** Calls the emulator's control API; resolves with the envelope's `data`. */
async function control(pathname: string, body?: unknown): Promise<any> {
  const res = await fetch(
    `${baseUrl}${pathname}`,
    body === undefined ? {} : { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } },
  );
  const envelope = (await res.json()) as { data?: unknown; error?: unknown };
  if (!res.ok) throw new Error(`${pathname}: HTTP ${res.status} ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

/** Operations that succeeded on one server, in order, from the emulator's audit log. */
async function writesOn(serverId: string): Promise<string[]> {
  const { entries } = (await control("/_emulator/audit")) as { entries: Array<{ serverId: string; operation: string; outcome: string }> };
  return entries.filter((e) => e.serverId === serverId && e.outcome === "success").map((e) => e.operation);
}

async function serverStatus(serverId: string): Promise<string> {
  const state = (await control("/_emulator/state")) as { servers: Array<{ server_id: string; status: string }> };
  return state.servers.find((s) => s.server_id === serverId)!.status;
}

/** Starts the emulator from a project's installed `pulumi-flashduty-emulator` bin; resolves with its base URL. */
function startInstalledEmulator(projectDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(projectDir, "node_modules", ".bin", "pulumi-flashduty-emulator"), ["--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    emulator = child;
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.stderr!.on("data", (chunk: Buffer) => (out += chunk));
    child.on("exit", (code) => reject(new Error(`the emulator exited with ${code}:\n${out}`)));
  });
}

async function stackIn(dir: string, env: NodeJS.ProcessEnv = {}): Promise<PulumiWorkspace> {
  const ws = new PulumiWorkspace({ projectDir: dir, stateDir: path.join(dir, ".state"), stack: "dev", env });
  await ws.initFresh();
  await ws.setConfig("flashduty:baseUrl", baseUrl);
  await ws.setConfig("flashduty:appKey", OWNER.appKey, true);
  return ws;
}

beforeAll(async () => {
  ensurePulumiCli();
  work = mkdtempSync(path.join(tmpdir(), "pulumi-flashduty-pack-"));
  tarballs = {
    "pulumi-flashduty": await pack([]),
    "pulumi-flashduty-emulator": await pack(["--workspace", "emulator"]),
  };
  // Installed here, not in its test, because every test needs the emulator from its bin.
  nodenext = await createFreshProject("fresh-nodenext", {
    tsconfig: TSCONFIG_NODENEXT,
    tarballs,
    files: { "index.ts": PROGRAM, "emulatorCheck.ts": EMULATOR_CHECK },
  });
  projects.push(nodenext.dir);
  baseUrl = await startInstalledEmulator(nodenext.dir);
}, 600_000);

afterAll(() => {
  emulator?.kill();
  for (const dir of [...projects, work]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the published tarballs", () => {
  it("hold only what users need, with repository, type and self-contained source maps", async () => {
    const files = tarList(tarballs["pulumi-flashduty"]!);
    expect(files).toContain("dist/provider/index.js");
    expect(files).toContain("dist/provider/mcpServerDisablement/provider.js");
    expect(files).toContain("dist/sdk/index.d.ts");
    expect(files).toContain("README.md");
    expect(files).toContain("CHANGELOG.md");
    // The provider plugin: its executable wrapper keeps its mode, beside the code it runs.
    expect(files).toContain("dist/plugin/main.js");
    expect(files).toContain("dist/plugin/schema.json");
    expect(execFileSync("tar", ["tvzf", tarballs["pulumi-flashduty"]!], { encoding: "utf8" })).toMatch(
      /^-rwxr-xr-x .* package\/dist\/plugin\/pulumi-resource-flashduty$/m,
    );
    expect(readFromTarball(tarballs["pulumi-flashduty"]!, "LICENSE")).toMatch(/Apache License\s+Version 2\.0/);
    expect(
      files.filter((f) => /^(dist\/(bench|scripts|test|emulator)\/|scripts\/|bench\/|test\/|emulator\/)|\.go$|go\.(mod|sum)$|\.tsbuildinfo$/.test(f)),
    ).toEqual([]);
    const emulatorFiles = tarList(tarballs["pulumi-flashduty-emulator"]!);
    expect(emulatorFiles).toContain("dist/emulator/cli.js");
    expect(emulatorFiles).toContain("dist/emulator/index.d.ts");
    expect(emulatorFiles).toContain("dist/wire/wire.js");
    expect(emulatorFiles.filter((f) => !/^(dist\/|README\.md$|LICENSE$|package\.json$)/.test(f))).toEqual([]);
    expect(readFromTarball(tarballs["pulumi-flashduty-emulator"]!, "LICENSE")).toMatch(/Apache License\s+Version 2\.0/);

    const manifest = JSON.parse(execFileSync("tar", ["xzOf", tarballs["pulumi-flashduty"]!, "package/package.json"], { encoding: "utf8" }));
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\//);
    expect(manifest.type).toBe("commonjs");
    expect(manifest.engines.node).toBe(">=22");
    expect(Object.keys(manifest.dependencies).sort()).not.toContain("fastify");
    // Every package the code loads is declared (a dependency, or a peer the user installs).
    const declared = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)];
    expect(importedPackages(tarballs["pulumi-flashduty"]!, "pulumi-flashduty").filter((p) => !declared.includes(p))).toEqual([]);
    const emulatorManifest = JSON.parse(readFromTarball(tarballs["pulumi-flashduty-emulator"]!, "package.json"));
    const emulatorDeclared = Object.keys(emulatorManifest.dependencies);
    expect(importedPackages(tarballs["pulumi-flashduty-emulator"]!, "pulumi-flashduty-emulator").filter((p) => !emulatorDeclared.includes(p))).toEqual([]);
    // The emulator carries its copy of the wire schemas: it installs neither the provider nor Pulumi.
    expect(emulatorDeclared.filter((p) => p === "pulumi-flashduty" || p.startsWith("@pulumi/"))).toEqual([]);
    expect(emulatorManifest.peerDependencies ?? {}).toEqual({});
    expect(manifest.bin["pulumi-flashduty"]).toBeDefined();
    // Every source map carries its sources, so it points at nothing the tarball lacks.
    const maps = files.filter((f) => f.endsWith(".js.map"));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const parsed = JSON.parse(execFileSync("tar", ["xzOf", tarballs["pulumi-flashduty"]!, `package/${map}`], { encoding: "utf8" }));
      expect(parsed.sourcesContent?.length, map).toBe(parsed.sources.length);
    }
  });
});

describe("the provider plugin", () => {
  it("runs from the installed package (its dependencies resolve there) and answers its schema", async () => {
    const plugin = path.join(nodenext.dir, "node_modules", "pulumi-flashduty", "dist", "plugin", "pulumi-resource-flashduty");
    const { stdout } = await run("pulumi", ["package", "get-schema", plugin], {
      env: { ...process.env, PATH: `${ensurePulumiCli()}${path.delimiter}${process.env.PATH ?? ""}`, PULUMI_SKIP_UPDATE_CHECK: "true" },
      maxBuffer: 16 * 1024 * 1024,
    });
    const schema = JSON.parse(stdout) as { name: string; version: string; resources: Record<string, unknown> };
    expect(schema).toMatchObject({ name: "flashduty", version: rootPkg.version });
    expect(Object.keys(schema.resources).sort()).toEqual(RESOURCE_DECLARATIONS.map((d) => d.token).sort());
  });
});

describe("the entry points", () => {
  // What a program, a policy pack or a stored provider text may load; everything else is internal.
  const PUBLIC = [
    "pulumi-flashduty",
    "pulumi-flashduty/sdk",
    "pulumi-flashduty/drift",
    "pulumi-flashduty/policy",
    "pulumi-flashduty/package.json",
    "pulumi-flashduty/provider/mcpServerDisablementProvider",
    "pulumi-flashduty/provider/automationRuleProvider",
    "pulumi-flashduty/provider/mcpServerProvider",
    "pulumi-flashduty/provider/knowledgeFileProvider",
    "pulumi-flashduty/provider/skillProvider",
    "pulumi-flashduty/provider/a2aAgentProvider",
    "pulumi-flashduty-emulator",
    "pulumi-flashduty-emulator/package.json",
  ];
  const INTERNAL = [
    "pulumi-flashduty/provider/serverClaims",
    "pulumi-flashduty/provider/config",
    "pulumi-flashduty/provider/index",
    "pulumi-flashduty/provider/mcpServerDisablementProvider.js",
    "pulumi-flashduty/provider/mcpServerDisablement/provider",
    "pulumi-flashduty/sdk/wire",
    "pulumi-flashduty/sdk/protocol",
    "pulumi-flashduty/sdk/wireTypes",
    "pulumi-flashduty/sdk/client",
    "pulumi-flashduty/drift/report",
    "pulumi-flashduty/dist/provider/index.js",
    "pulumi-flashduty/dist/sdk/index",
    "pulumi-flashduty/README.md",
    "pulumi-flashduty-emulator/dist/server.js",
    "pulumi-flashduty-emulator/server",
  ];

  /** Resolves each specifier with `require.resolve` from the project, in a child Node.js; maps it to "ok" or the error code. */
  function resolveFrom(dir: string, specifiers: string[]): Record<string, string> {
    const script = `const out = {}; for (const s of ${JSON.stringify(specifiers)}) { try { require.resolve(s); out[s] = "ok"; } catch (e) { out[s] = e.code; } } console.log(JSON.stringify(out));`;
    return JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: dir, encoding: "utf8" })) as Record<string, string>;
  }

  it("resolve in an installed project, and no other deep import does", () => {
    expect(resolveFrom(nodenext.dir, PUBLIC)).toEqual(Object.fromEntries(PUBLIC.map((s) => [s, "ok"])));
    expect(resolveFrom(nodenext.dir, INTERNAL)).toEqual(Object.fromEntries(INTERNAL.map((s) => [s, "ERR_PACKAGE_PATH_NOT_EXPORTED"])));
  });
});

describe("a fresh `pulumi new typescript` project", () => {
  it("with today's tsconfig (nodenext): installs without engine warnings, type-checks, runs up and destroy through ts-node", async () => {
    expect(nodenext.installLog).not.toMatch(/EBADENGINE/);
    await typeCheck(nodenext.dir);
    const ws = await stackIn(nodenext.dir);
    await ws.run(["up", "--yes", "--skip-preview"]);
    const outputs = await ws.outputs();
    expect(outputs.status).toBe("disabled");
    expect(outputs.isDisablement).toBe(true);
    expect(outputs.ruleCount).toBe((outputs.ruleIds as string[]).length);
    expect((outputs.templateNames as string[]).length).toBeGreaterThan(0);
    expect(await serverStatus("mcp_grafana")).toBe("disabled");

    await ws.run(["destroy", "--yes", "--skip-preview"]);
    expect(await serverStatus("mcp_grafana")).toBe("enabled");
    expect(await writesOn("mcp_grafana")).toEqual(["disable", "enable"]);
  });

  it("with the 2019-2026 tsconfig (commonjs, moduleResolution node): type-checks and runs up and destroy", async () => {
    const project = await createFreshProject("fresh-commonjs", {
      tsconfig: TSCONFIG_COMMONJS,
      tarballs,
      files: { "index.ts": PROGRAM.replace('"mcp_grafana"', '"mcp_github"'), "emulatorCheck.ts": EMULATOR_CHECK },
    });
    projects.push(project.dir);
    await typeCheck(project.dir);
    const ws = await stackIn(project.dir);
    await ws.run(["up", "--yes", "--skip-preview"]);
    expect((await ws.outputs()).status).toBe("disabled");
    expect(await serverStatus("mcp_github")).toBe("disabled");
    await ws.run(["destroy", "--yes", "--skip-preview"]);
    expect(await serverStatus("mcp_github")).toBe("enabled");
    expect(await writesOn("mcp_github")).toEqual(["disable", "enable"]);
  });
});

describe("support matrix: Node.js 22 with the oldest @pulumi/pulumi of the peer range", () => {
  it("installs the provider alone without engine warnings or an HTTP server stack; engine smoke: up, drift in preview --refresh, destroy", async () => {
    expect(OLDEST_PULUMI).toMatch(/^3\.\d+\.\d+$/);
    const project = await createFreshProject("matrix-node22", {
      tsconfig: TSCONFIG_NODENEXT,
      tarballs: { "pulumi-flashduty": tarballs["pulumi-flashduty"]! },
      dependencies: { "@pulumi/pulumi": OLDEST_PULUMI! },
      devDependencies: { "@types/node": "^22", typescript: "^5.0.0", node: "^22.0.0" },
      files: { "index.ts": PROGRAM.replace('"mcp_grafana"', '"mcp_k8s"') },
    });
    projects.push(project.dir);
    expect(project.installLog).not.toMatch(/EBADENGINE/);
    for (const serverPackage of ["fastify", "rate-limiter-flexible"]) {
      expect(existsSync(path.join(project.dir, "node_modules", serverPackage)), serverPackage).toBe(false);
    }
    // The project's own Node.js first on PATH: the CLI, the language host, the program and the
    // dynamic-provider plugin all run on it.
    const bin = path.join(project.dir, "node_modules", ".bin");
    const env = { PATH: `${bin}${path.delimiter}${ensurePulumiCli()}${path.delimiter}${process.env.PATH ?? ""}` };
    expect(execFileSync("node", ["--version"], { env, encoding: "utf8" })).toMatch(/^v22\./);
    expect(JSON.parse(readFileSync(path.join(project.dir, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")).version).toBe(OLDEST_PULUMI);

    const ws = await stackIn(project.dir, env);
    await ws.run(["up", "--yes", "--skip-preview"]);
    expect(await serverStatus("mcp_k8s")).toBe("disabled");
    await control("/_emulator/servers/status", { server_id: "mcp_k8s", status: "enabled" });
    const drift = await ws.run(["preview", "--refresh", "--diff"]);
    expect(drift.output).toMatch(/status\s*:\s*"disabled"\s*=>\s*"enabled"/);
    await ws.run(["up", "--yes", "--skip-preview", "--refresh"]);
    expect(await serverStatus("mcp_k8s")).toBe("disabled");
    await ws.run(["destroy", "--yes", "--skip-preview"]);
    expect(await serverStatus("mcp_k8s")).toBe("enabled");
  });
});
