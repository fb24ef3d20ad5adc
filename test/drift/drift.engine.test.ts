/**
 * `pulumi-flashduty drift` (the built dist/cli/main.js as a child process, run with the command
 * lines of examples/gitops's workflow) and `detectDrift`, with the real Pulumi CLI on a local
 * backend against the emulator, after changes made as a person in the console would.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { detectDrift, DriftError, renderMarkdown, type DriftReport } from "../../drift";
import { startEmulator, type Emulator } from "../../emulator";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { BUILT_CLI } from "../support/cliRun";
import { createEngineStack, type EngineStack, type EngineStackOptions } from "../support/engineStack";
import { filesUnder } from "../support/files";
import {
  ISSUE_EXAMPLES,
  TERMINAL_CONTROL,
  comments,
  elements,
  outsideCode,
  renderHtml,
  shownInCode,
  visibleText,
  GITHUB_LINKABLE,
} from "../support/hostileText";

const WORKFLOW = path.join(REPO_ROOT, "examples", "gitops", ".github", "workflows", "flashduty.yml");
const GOLDEN = path.join(REPO_ROOT, "test", "drift", "golden", "drift-report.md");

let emulator: Emulator;
const stacks: EngineStack[] = [];
/** Every stdout and stderr of every drift run: none may contain the app key. */
const printed: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
});

async function deployedStack(program: NonNullable<EngineStackOptions["program"]>): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, program });
  stacks.push(stack);
  await stack.ws.run(["up", "--yes"]);
  return stack;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/cli/main.js <args>` in `cwd` with the stack's environment (or `env`). */
function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      printed.push(stdout, stderr);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

function drift(stack: EngineStack, args: string[]): Promise<Run> {
  return cli(["drift", "--stack", stack.ws.stack, "--cwd", stack.projectDir, ...args], stack.projectDir, stack.ws.environment());
}

async function driftJson(stack: EngineStack): Promise<{ code: number; report: DriftReport }> {
  const run = await drift(stack, ["--json"]);
  expect(run.stderr).toBe("");
  return { code: run.code, report: JSON.parse(run.stdout) as DriftReport };
}

/** The workflow's `pulumi-flashduty drift` command lines, as argument lists with `$STACK` and `$PROJECT_DIR` filled in. */
function workflowDriftCommands(stack: string, projectDir: string): string[][] {
  const lines = readFileSync(WORKFLOW, "utf8")
    .split("\n")
    // The Terraform job's line is run by terraformPlan.test.ts.
    .filter((line) => line.includes("npx pulumi-flashduty drift") && !line.includes("--terraform"));
  return lines.map((line) =>
    line
      .slice(line.indexOf("npx pulumi-flashduty ") + "npx pulumi-flashduty ".length)
      .trim()
      .split(/\s+/)
      .map((word) =>
        word
          .replace(/^"(.*)"$/, "$1")
          .replace("$STACK", stack)
          .replace("$PROJECT_DIR", projectDir),
      ),
  );
}

function stateFiles(stack: EngineStack): Map<string, string> {
  return new Map(filesUnder(stack.stateDir).map((file) => [file, readFileSync(file, "utf8")]));
}

function writes(): number {
  const counters = emulator.counters();
  return counters["mcpServer.disable"].requests + counters["mcpServer.enable"].requests;
}

// Up to ten CLI commands per test; on a loaded 2-core machine one can take half a minute, so
// the limit is far above any normal run (these tests assert behaviour, never time).
describe("pulumi-flashduty drift with the real Pulumi CLI against the emulator", { timeout: 900_000 }, () => {
  test("no drift: exit 0 and says so; then one and many re-enabled servers: exit 2; no state written, no write calls", async () => {
    emulator.reset();
    const servers = ["mcp_grafana", "mcp_k8s", "mcp_prometheus", "mcp_github"];
    const stack = await deployedStack({ servers, rules: { scope: "team", enabled: true }, templates: ["en-US", "zh-CN"] });
    const before = stateFiles(stack);
    const writesBefore = writes();

    const clean = await drift(stack, []);
    expect(clean.code).toBe(0);
    expect(clean.stderr).toBe("");
    expect(clean.stdout.split("\n")[0]).toBe(
      "**No drift** in stack `test` (project `flashduty-engine-test`): 4 MCP server disablements and 3 rule or template outputs match the platform.",
    );
    const cleanJson = await driftJson(stack);
    expect(cleanJson.code).toBe(0);
    expect(cleanJson.report).toEqual({
      version: 1,
      stack: "test",
      project: "flashduty-engine-test",
      drift: false,
      checkedServers: 4,
      checkedOutputs: ["rules.rules", "templates.en-US.templates", "templates.zh-CN.templates"],
      servers: [],
      rules: [],
      templates: [],
      summary: { servers: 0, rules: { added: 0, removed: 0, changed: 0 }, templates: { added: 0, removed: 0, changed: 0 } },
      notes: [],
    });

    emulator.setServerStatus("mcp_k8s", "enabled");
    const one = await driftJson(stack);
    expect(one.code).toBe(2);
    expect(one.report.servers).toEqual([
      {
        urn: "urn:pulumi:test::flashduty-engine-test::pulumi-nodejs:dynamic/flashduty:McpServerDisablement::mcp_k8s",
        resourceName: "mcp_k8s",
        serverId: "mcp_k8s",
        serverName: "Kubernetes",
        declared: "disabled",
        observed: "enabled",
        nextUp: "disable",
      },
    ]);
    expect(one.report.rules).toEqual([]);
    expect(one.report.templates).toEqual([]);

    for (const id of ["mcp_grafana", "mcp_github"]) emulator.setServerStatus(id, "enabled");
    const many = await drift(stack, []);
    expect(many.code).toBe(2);
    expect(many.stdout.split("\n")[0]).toBe(
      "**Drift found** in stack `test` (project `flashduty-engine-test`): 3 MCP servers changed on the platform since the last `pulumi up`.",
    );
    for (const id of ["mcp_github", "mcp_grafana", "mcp_k8s"]) {
      expect(many.stdout).toMatch(new RegExp(`^\\| \`${id}\` \\| .* \\| disabled \\| \\*\\*enabled\\*\\* \\| disables it again \\|$`, "m"));
    }
    expect(many.stdout).not.toContain("`mcp_prometheus`");

    // Only reads: the state is byte for byte the same and no disable or enable was sent.
    expect(stateFiles(stack)).toEqual(before);
    expect(writes()).toBe(writesBefore);

    // What the report promised: the next `up` disables the three again, and then there is no drift.
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(
      emulator
        .servers()
        .filter((s) => servers.includes(s.server_id))
        .every((s) => s.status === "disabled"),
    ).toBe(true);
    expect((await drift(stack, [])).code).toBe(0);
  });

  test("a server deleted on the platform: exit 2, observed deleted; the next `up` fails with not found, as reported", async () => {
    emulator.reset();
    const stack = await deployedStack({ servers: ["mcp_grafana", "mcp_k8s"] });
    emulator.deleteServer("mcp_k8s");
    const { code, report } = await driftJson(stack);
    expect(code).toBe(2);
    expect(report.servers).toEqual([
      expect.objectContaining({ serverId: "mcp_k8s", serverName: "Kubernetes", declared: "disabled", observed: "deleted", nextUp: "failNotFound" }),
    ]);
    const markdown = renderMarkdown(report);
    expect(markdown).toContain("| `mcp_k8s` | `Kubernetes` | `mcp_k8s` | disabled | **deleted on the platform** | fails:");
    const up = await stack.ws.run(["up", "--refresh", "--yes"], { check: false });
    expect(up.code).not.toBe(0);
    expect(up.output).toContain("MCP server 'mcp_k8s' not found");
  });

  test("rules and templates edited in the console, servers enabled and deleted: the workflow's command lines, Markdown equal to the golden file", async () => {
    emulator.reset();
    const stack = await deployedStack({ servers: ["mcp_grafana", "mcp_k8s", "mcp_prometheus"], rules: { scope: "team", enabled: true }, templates: ["en-US"] });
    emulator.setServerStatus("mcp_grafana", "enabled");
    emulator.deleteServer("mcp_prometheus");
    const edited = [
      emulator.updateRule("arule_a4fa96df00013f", { enabled: false }), // leaves the enabled-only list: removed
      emulator.updateRule("arule_6b40ea3a00013c", { enabled: true }), // joins it: added
      emulator.updateRule("arule_d154c6b500013e", { name: "Backup verification (search, nightly)", prompt: "Verify last night's backups only." }),
      emulator.updateRule("arule_0624bd2800013b", { cron_expr: "30 8 * * 1-5" }),
    ];
    emulator.updateTemplate("en-US", "Daily alert digest", { prompt: "Summarise only P1 and P2 alerts.", enabled: false });
    // The edit time is the one volatile value of the report: replaced by a fixed word.
    const normalize = (text: string) => edited.reduce((out, rule) => out.split(String(rule.updated_at)).join("<edited at>"), text);

    const commands = workflowDriftCommands(stack.ws.stack, stack.projectDir);
    expect(commands.length).toBeGreaterThanOrEqual(2);
    for (const args of commands) {
      const output = path.join(stack.projectDir, "drift.md");
      rmSync(output, { force: true });
      const run = await cli(args, stack.projectDir, stack.ws.environment());
      expect(run).toMatchObject({ code: 2, stdout: "", stderr: "" });
      expect(existsSync(output)).toBe(true);
      const markdown = normalize(readFileSync(output, "utf8"));
      expect(markdown).toBe(readFileSync(GOLDEN, "utf8"));
    }

    // The library function, in this process: the same report as the command's JSON.
    const saved = { ...process.env };
    Object.assign(process.env, stack.ws.environment());
    let report: DriftReport;
    try {
      report = await detectDrift({ stack: stack.ws.stack, cwd: stack.projectDir });
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
    expect(report).toEqual((await driftJson(stack)).report);
    expect(report.summary).toEqual({ servers: 2, rules: { added: 1, removed: 1, changed: 2 }, templates: { added: 0, removed: 0, changed: 1 } });
    expect(report.templates).toEqual([
      {
        output: "templates.en-US.templates",
        kind: "changed",
        id: "Daily alert digest",
        name: "Daily alert digest",
        locale: "en-US",
        fields: [
          { field: "enabled", before: true, after: false },
          {
            field: "prompt",
            before: "Summarise the alerts and incidents of the last 24 hours, grouped by service, and highlight anything still open.",
            after: "Summarise only P1 and P2 alerts.",
          },
        ],
      },
    ]);

    // Long tables are capped with a count, never cut silently.
    const capped = renderMarkdown(report, { maxRows: 1 });
    expect(capped).toContain("... and 1 more servers (`--json` lists them all).");
    expect(capped).toContain("... and 3 more rule changes (`--json` lists them all).");
    expect(capped).not.toContain("template changes (`--json`");
  });

  test("rules renamed in the console to hostile text: the Markdown shows them as code with nothing alive, stdout has no control character, the JSON has them whole", async () => {
    emulator.reset();
    const stack = await deployedStack({ servers: ["mcp_grafana"], rules: { scope: "team", enabled: true }, templates: ["en-US"] });
    // Three enabled rules of the seed, renamed as in the issue (links, image, HTML, mention, comment, escape sequences).
    const names = [ISSUE_EXAMPLES[0]!, ISSUE_EXAMPLES[1]!, ISSUE_EXAMPLES[2]!];
    const ids = ["arule_d154c6b500013e", "arule_0624bd2800013b", "arule_a4fa96df00013f"];
    const edited = ids.map((id, i) => emulator.updateRule(id, { name: names[i]!, prompt: `${ISSUE_EXAMPLES[5]} ${ISSUE_EXAMPLES[4]}` }));
    emulator.updateTemplate("en-US", "Daily alert digest", { prompt: `${ISSUE_EXAMPLES[6]} ${ISSUE_EXAMPLES[7]}` });

    const run = await drift(stack, []);
    expect(run).toMatchObject({ code: 2, stderr: "" });
    expect(run.stdout.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
    const html = renderHtml(run.stdout);
    expect(elements(html).filter((e) => !["p", "strong", "code", "h3", "table", "thead", "tbody", "tr", "th", "td", "blockquote", "sub"].includes(e))).toEqual(
      [],
    );
    expect(comments(html)).toEqual(["<!-- pulumi-flashduty-drift stack=test -->"]);
    expect(run.stdout.endsWith("\n<!-- pulumi-flashduty-drift stack=test -->\n")).toBe(true);
    expect(outsideCode(html)).not.toMatch(GITHUB_LINKABLE);
    expect(visibleText(html)).not.toMatch(GITHUB_LINKABLE);
    for (const name of names) expect(html).toContain(`<code>${shownInCode(name)}</code>`);

    const json = await drift(stack, ["--json"]);
    expect(json).toMatchObject({ code: 2, stderr: "" });
    expect(json.stdout.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
    const report = JSON.parse(json.stdout) as DriftReport;
    const renamed = report.rules
      .filter((r) => r.kind === "changed")
      .map((r) => r.name)
      .sort();
    expect(renamed).toEqual([...names].sort());
    const n3 = report.rules.find((r) => r.id === ids[2])!;
    expect(n3.fields.find((f) => f.field === "name")).toEqual({ field: "name", before: expect.any(String), after: ISSUE_EXAMPLES[2] });
    expect(report.templates[0]!.fields.find((f) => f.field === "prompt")!.after).toBe(`${ISSUE_EXAMPLES[6]} ${ISSUE_EXAMPLES[7]}`);
    expect(edited).toHaveLength(3);
  });

  test("errors exit 1 with a clear message: unknown stack, no project, bad arguments, no CLI, API errors", async () => {
    emulator.reset();
    const stack = await deployedStack({ servers: ["mcp_grafana"] });
    const env = stack.ws.environment();

    const unknown = await cli(["drift", "--stack", "nope", "--cwd", stack.projectDir], stack.projectDir, env);
    expect(unknown).toMatchObject({ code: 1, stdout: "" });
    expect(unknown.stderr).toContain("pulumi-flashduty: error: stack 'nope' not found in project 'flashduty-engine-test'");

    const noProject = await cli(["drift", "--stack", "test", "--cwd", stack.stateDir], stack.projectDir, env);
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toContain(`no Pulumi project in ${stack.stateDir}: Pulumi.yaml not found`);

    for (const args of [
      ["drift"],
      ["drift", "--stack"],
      ["drift", "--stack", "test", "--bogus"],
      ["drift", "--stack", "test", "--max-rows", "0"],
      ["deploy"],
      [],
    ]) {
      const run = await cli(args, stack.projectDir, env);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr, args.join(" ")).toMatch(/^pulumi-flashduty: error: .+\n\nUsage: pulumi-flashduty/);
    }
    const help = await cli(["drift", "--help"], stack.projectDir, env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Exit codes: 0 no drift, 2 drift found, 1 error.");

    const noCli = await cli(["drift", "--stack", "test"], stack.projectDir, { ...env, PATH: path.dirname(process.execPath) });
    expect(noCli.code).toBe(1);
    expect(noCli.stderr).toContain("pulumi-flashduty: error: the Pulumi CLI could not be run");

    // The platform fails every read (after the client's retries): the preview fails, exit 1.
    emulator.setFaults([{ operation: "mcpServer.get", kind: "error", status: 503 }]);
    const apiError = await cli(["drift", "--stack", "test"], stack.projectDir, env);
    emulator.setFaults([]);
    expect(apiError).toMatchObject({ code: 1, stdout: "" });
    expect(apiError.stderr).toContain("pulumi-flashduty: error: the refresh preview of stack 'test' failed:");
    expect(apiError.stderr).toContain("POST /safari/mcp/server/get");
    expect(apiError.stderr).toContain("ServiceUnavailable");

    await expect(detectDrift({ stack: " " })).rejects.toThrow(DriftError);
  });

  test("a stack with no deployment yet: exit 0, with a note that there is nothing to compare", async () => {
    emulator.reset();
    const stack = await createEngineStack({
      baseUrl: emulator.url,
      appKey: emulator.keys.admin,
      program: { servers: ["mcp_grafana"], rules: { scope: "all" } },
    });
    stacks.push(stack);
    const { code, report } = await driftJson(stack);
    expect(code).toBe(0);
    expect(report).toMatchObject({
      drift: false,
      checkedServers: 0,
      checkedOutputs: [],
      notes: ["The stack has no deployment yet (run `pulumi up` first); there is nothing to compare."],
    });
    expect(emulator.server("mcp_grafana")?.status).toBe("enabled");
  });

  test("declared McpServer resources: a console edit, an added header key and a deletion are rows; env/headers values never printed, a rotated secret not seen", async () => {
    emulator.reset();
    const headerSecret = "Bearer drift-header-secret-0123456789";
    const envSecret = "ghp_driftEnvSecret0123456789";
    const rotated = "Bearer rotated-in-console-0123456789";
    const stack = await deployedStack({
      mcpServers: [
        {
          name: "web",
          args: {
            serverName: "web-prod",
            description: "Web tools",
            transport: "streamable-http",
            url: "https://web.example/mcp",
            headers: { Authorization: headerSecret, "X-Org": "acme-org-value" },
            teamId: 1,
          },
        },
        { name: "runner", args: { serverName: "runner", transport: "stdio", command: "run", env: { GITHUB_TOKEN: envSecret }, teamId: 1 } },
      ],
    });
    const byName = (name: string) => emulator.servers().find((s) => s.server_name === name)!;
    const web = byName("web-prod");
    const runner = byName("runner");

    const clean = await driftJson(stack);
    expect(clean.code).toBe(0);
    expect(clean.report).toMatchObject({ drift: false, checkedMcpServerResources: 2, mcpServerResources: [] });

    // In the console: the description edited, the secret header rotated (answered masked), a plain header added; the runner deleted.
    emulator.updateServer(web.server_id, {
      description: "Edited [in the console](https://evil.example) @acme/oncall",
      headers: { Authorization: rotated, "X-Org": "acme-org-value", "X-Added": "added-header-value" },
    });
    emulator.deleteServer(runner.server_id);
    const { code, report } = await driftJson(stack);
    expect(code).toBe(2);
    expect(report.mcpServerResources).toEqual([
      {
        urn: "urn:pulumi:test::flashduty-engine-test::pulumi-nodejs:dynamic/flashduty:McpServer::runner",
        resourceName: "runner",
        serverId: runner.server_id,
        serverName: "runner",
        observed: "deleted",
        fields: [],
        nextUp: "create",
      },
      {
        urn: "urn:pulumi:test::flashduty-engine-test::pulumi-nodejs:dynamic/flashduty:McpServer::web",
        resourceName: "web",
        serverId: web.server_id,
        serverName: "web-prod",
        observed: "changed",
        // The rotated secret is not seen (the platform answers it masked). The added header is, by
        // its key only: the engine hands `headers` over as one secret, so the key comes from the
        // resource's plain `headersKeys` (docs/drift-reports.md).
        fields: [
          { field: "description", before: "Web tools", after: "Edited [in the console](https://evil.example) @acme/oncall" },
          { field: "headers.X-Added", before: null, after: "(value not shown)" },
        ],
        nextUp: "update",
      },
    ]);
    const markdown = await drift(stack, []);
    expect(markdown).toMatchObject({ code: 2, stderr: "" });
    expect(markdown.stdout.split("\n")[0]).toBe(
      "**Drift found** in stack `test` (project `flashduty-engine-test`): 2 declared MCP servers changed on the platform since the last `pulumi up`.",
    );
    expect(markdown.stdout).toContain("### MCP servers declared in the stack (`McpServer`)");
    expect(markdown.stdout).toContain(`| \`runner\` | \`${runner.server_id}\` | \`runner\` | **deleted on the platform** | makes the server again`);
    const html = renderHtml(markdown.stdout);
    expect(outsideCode(html)).not.toMatch(GITHUB_LINKABLE);
    expect(elements(html).filter((e) => !["p", "strong", "code", "h3", "table", "thead", "tbody", "tr", "th", "td", "blockquote", "sub"].includes(e))).toEqual(
      [],
    );
    for (const text of [markdown.stdout, JSON.stringify(report)]) {
      for (const secret of [
        headerSecret,
        envSecret,
        rotated,
        "drift-header-secret",
        "driftEnvSecret",
        "rotated-in-console",
        "added-header-value",
        "acme-org-value",
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  test("the app key is in no output of any run", () => {
    expect(printed.length).toBeGreaterThan(20);
    for (const key of Object.values(emulator.keys)) for (const text of printed) expect(text).not.toContain(key);
  });
});
