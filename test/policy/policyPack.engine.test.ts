/**
 * The example policy pack (examples/policy-pack, the eight policies of pulumi-flashduty/policy)
 * run by the real Pulumi CLI (`pulumi preview --policy-pack`, through the language host's
 * RunPlugin) on a stack of the test program, against the emulator over HTTP.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LEGACY_RULE_NAME_SUFFIX, startEmulator, type Emulator } from "../../emulator";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { createEngineStack, type EngineStack } from "../support/engineStack";
import { printedViolations as violations } from "../support/policyOutput";

const PACK = path.join(REPO_ROOT, "examples", "policy-pack");

let emulator: Emulator;
let configDir: string;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  configDir = mkdtempSync(path.join(os.tmpdir(), "flashduty-policy-config-"));
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  rmSync(configDir, { recursive: true, force: true });
  await emulator?.close();
});

async function newStack(options: Omit<Parameters<typeof createEngineStack>[0], "baseUrl">): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, ...options });
  stacks.push(stack);
  return stack;
}

let configCount = 0;

/** `pulumi preview --policy-pack examples/policy-pack [--policy-pack-config <config as a file>]`. */
async function previewWithPack(stack: EngineStack, config?: Record<string, unknown>, pack = PACK) {
  const args = ["preview", "--policy-pack", pack];
  if (config !== undefined) {
    const file = path.join(configDir, `config-${++configCount}.json`);
    writeFileSync(file, JSON.stringify(config));
    args.push("--policy-pack-config", file);
  }
  return stack.ws.run(args, { check: false });
}

const LENIENT_GUARDRAILS = { minScheduleIntervalMinutes: 1, maxEnabledRules: 10_000, checkPersonalHttpPostTriggers: false };

describe("the Flashduty policy pack with the real Pulumi CLI", () => {
  test("a compliant stack passes every policy", async () => {
    emulator.reset();
    const stack = await newStack({ appKey: emulator.keys.admin, program: { servers: ["mcp_grafana", "mcp_github"] } });
    const result = await previewWithPack(stack, {
      "flashduty-required-disabled-servers": { serverIds: ["mcp_grafana", "mcp_github"] },
      "flashduty-automation-rule-guardrails": LENIENT_GUARDRAILS,
    });
    expect(result.code, result.output).toBe(0);
    expect(violations(result.output)).toEqual([]);
    expect(result.output).toMatch(/flashduty@v0\.1\.0/);
    // The guardrails did read the rules (with the stack's flashduty:appKey).
    expect(emulator.counters()["automationRule.list"].requests).toBeGreaterThan(0);
  });

  test("each violation names its policy and the resource, server or rule; mandatory ones fail the preview", async () => {
    emulator.reset();
    const stack = await newStack({
      appKey: emulator.keys.admin,
      keyVia: "env",
      program: { servers: ["mcp_grafana", { name: "grafana-again", args: { serverId: "mcp_grafana", restoreOnDelete: false } }] },
    });
    const result = await previewWithPack(stack, {
      "flashduty-required-disabled-servers": { serverIds: ["mcp_grafana", "mcp_github", "mcp_k8s"] },
    });
    expect(result.code).not.toBe(0);
    const found = violations(result.output);
    const of = (policy: string) => found.filter((v) => v.policy === policy);

    expect(of("flashduty-required-disabled-servers")).toHaveLength(1);
    expect(of("flashduty-required-disabled-servers")[0]).toMatchObject({ level: "mandatory" });
    expect(of("flashduty-required-disabled-servers")[0]!.text).toMatch(/: mcp_github, mcp_k8s\./);

    expect(of("flashduty-one-resource-per-server")).toHaveLength(1);
    expect(of("flashduty-one-resource-per-server")[0]).toMatchObject({
      level: "mandatory",
      subject: "pulumi-nodejs:dynamic/flashduty:McpServerDisablement: mcp_grafana",
    });
    expect(of("flashduty-one-resource-per-server")[0]!.text).toMatch(
      /mcp_grafana is managed by 2 McpServerDisablement resources \("grafana-again", "mcp_grafana"\); keep one\./,
    );

    expect(of("flashduty-restore-on-delete")).toEqual([
      expect.objectContaining({ level: "advisory", subject: "pulumi-nodejs:dynamic/flashduty:McpServerDisablement: grafana-again" }),
    ]);

    // Guardrails (advisory) with the defaults, the key from FLASHDUTY_APP_KEY: every enabled rule
    // whose enabled schedule fires every 5 minutes (the seed's legacy `*/5` rows, the only crons
    // outside the platform's dialect), every personal rule with an enabled HTTP POST trigger.
    const rules = emulator.visibleRules(emulator.keys.admin);
    const guardrails = of("flashduty-automation-rule-guardrails");
    expect(guardrails.every((v) => v.level === "advisory")).toBe(true);
    const texts = guardrails.map((v) => v.text).join("\n");
    const tooOften = rules.filter((r) => r.enabled && r.schedule_trigger_enabled && r.cron_expr.startsWith("*/5 "));
    const personalHttp = rules.filter((r) => r.enabled && r.team_id === 0 && r.http_post_trigger_enabled);
    expect(tooOften.length).toBeGreaterThan(0);
    for (const rule of tooOften) expect(rule.name.endsWith(LEGACY_RULE_NAME_SUFFIX), rule.name).toBe(true);
    expect(personalHttp.length).toBeGreaterThan(0);
    for (const rule of tooOften) {
      expect(texts).toContain(
        `rule \`${rule.name}\` (\`${rule.rule_id}\`): schedule \`${rule.cron_expr}\` (\`${rule.timezone || "UTC"}\`) fires every 5 minutes`,
      );
    }
    for (const rule of personalHttp) {
      expect(texts).toContain(`rule \`${rule.name}\` (\`${rule.rule_id}\`): personal rule with an enabled HTTP POST trigger`);
    }
    const enabled = rules.filter((r) => r.enabled).length;
    expect(enabled).toBeGreaterThan(100);
    expect(texts).toContain(`${enabled} automation rules are enabled, more than maxEnabledRules (100)`);
    // Nothing else: the legacy 15-minute rows and every hourly or slower schedule pass the default of 15.
    expect(guardrails).toHaveLength(tooOften.length + personalHttp.length + 1);
    expect(result.output).not.toContain(emulator.keys.admin);
  });

  test("advisory only warns: the same violations with every policy advisory let the preview succeed", async () => {
    emulator.reset();
    const stack = await newStack({
      appKey: emulator.keys.admin,
      program: { servers: ["mcp_grafana", { name: "grafana-again", args: { serverId: "mcp_grafana" } }] },
    });
    const result = await previewWithPack(stack, {
      "flashduty-required-disabled-servers": { enforcementLevel: "advisory", serverIds: ["mcp_github"] },
      "flashduty-one-resource-per-server": "advisory",
      "flashduty-automation-rule-guardrails": { ...LENIENT_GUARDRAILS, maxEnabledRules: 1 },
    });
    expect(result.code, result.output).toBe(0);
    const found = violations(result.output);
    expect(found.map((v) => `${v.level} ${v.policy}`).sort()).toEqual([
      "advisory flashduty-automation-rule-guardrails",
      "advisory flashduty-one-resource-per-server",
      "advisory flashduty-required-disabled-servers",
    ]);
    expect(found.find((v) => v.policy === "flashduty-required-disabled-servers")!.text).toMatch(/: mcp_github\./);
  });

  test("config overrides: restoreOnDelete required false, disabled policies, a mandatory guardrail and its thresholds", async () => {
    emulator.reset();
    const stack = await newStack({ appKey: emulator.keys.admin, program: { servers: ["mcp_grafana", "mcp_github"] } });
    const result = await previewWithPack(stack, {
      "flashduty-restore-on-delete": { enforcementLevel: "mandatory", required: false },
      "flashduty-one-resource-per-server": "disabled",
      "flashduty-automation-rule-guardrails": {
        enforcementLevel: "mandatory",
        minScheduleIntervalMinutes: 30,
        checkPersonalHttpPostTriggers: false,
        checkMaxEnabledRules: false,
      },
    });
    expect(result.code).not.toBe(0);
    const found = violations(result.output);
    const restore = found.filter((v) => v.policy === "flashduty-restore-on-delete");
    expect(restore.map((v) => v.subject).sort()).toEqual([
      "pulumi-nodejs:dynamic/flashduty:McpServerDisablement: mcp_github",
      "pulumi-nodejs:dynamic/flashduty:McpServerDisablement: mcp_grafana",
    ]);
    expect(restore.every((v) => v.level === "mandatory" && /restoreOnDelete true; this stack requires restoreOnDelete false/.test(v.text))).toBe(true);

    const guardrails = found.filter((v) => v.policy === "flashduty-automation-rule-guardrails");
    const rules = emulator.visibleRules(emulator.keys.admin);
    // Under 30 minutes: the legacy `*/5` and `*/15` rows only (hourly is the seed's most frequent dialect-valid schedule).
    const tooOften = rules.filter((r) => r.enabled && r.schedule_trigger_enabled && /^\*\/(5|15) /.test(r.cron_expr));
    expect(tooOften.every((r) => r.name.endsWith(LEGACY_RULE_NAME_SUFFIX))).toBe(true);
    expect(guardrails).toHaveLength(tooOften.length);
    expect(guardrails.every((v) => v.level === "mandatory" && /more often than minScheduleIntervalMinutes \(30\)/.test(v.text))).toBe(true);
    expect(guardrails.some((v) => /fires every 15 minutes/.test(v.text))).toBe(true);
    expect(found.filter((v) => v.policy === "flashduty-one-resource-per-server")).toEqual([]);
  });

  test("an API error inside the guardrails is a clear violation with the request id, never the key", async () => {
    emulator.reset();
    const stack = await newStack({ appKey: emulator.keys.admin, program: { servers: ["mcp_grafana"] } });
    await stack.ws.setConfig("flashduty:maxRetries", "0");
    emulator.setFaults([{ operation: "automationRule.list", kind: "error", status: 503 }]);
    const result = await previewWithPack(stack, { "flashduty-automation-rule-guardrails": "mandatory" });
    emulator.setFaults([]);
    expect(result.code).not.toBe(0);
    const guardrails = violations(result.output).filter((v) => v.policy === "flashduty-automation-rule-guardrails");
    expect(guardrails).toHaveLength(1);
    expect(guardrails[0]!.level).toBe("mandatory");
    expect(guardrails[0]!.text).toMatch(
      /could not check the automation rules: `POST \/safari\/automation\/rule\/list failed: ServiceUnavailable \(HTTP 503, request id [\w-]+\)/,
    );
    expect(result.output).not.toContain(emulator.keys.admin);

    // A wrong key in the policy config: Unauthorized, with the request id, and the key not shown.
    const wrongKey = "0123456789abcdef0123456789abcdef";
    const unauthorized = await previewWithPack(stack, { "flashduty-automation-rule-guardrails": { enforcementLevel: "advisory", appKey: wrongKey } });
    expect(unauthorized.code, unauthorized.output).toBe(0);
    const text = violations(unauthorized.output).find((v) => v.policy === "flashduty-automation-rule-guardrails")?.text;
    expect(text).toMatch(/could not check the automation rules: .*Unauthorized \(HTTP 401, request id [\w-]+\)/);
    expect(unauthorized.output).not.toContain(wrongKey);
  });

  test("a pack whose folder cannot reach @pulumi/pulumi fails to start with a message saying what to install", async () => {
    const stack = await newStack({ appKey: emulator.keys.admin, program: { servers: ["mcp_grafana"] } });
    const outside = path.join(configDir, "pack-without-node-modules");
    cpSync(PACK, outside, { recursive: true });
    const result = await previewWithPack(stack, undefined, outside);
    // What holds under the official language host and the offline stand-in alike (both word it as
    // the official host does): the pack fails to start, the message names its folder and says to
    // run npm install there.
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`policy pack "${outside}" failed to start`);
    expect(result.output).toMatch(/the Pulumi SDK has not been installed/i);
    expect(result.output).toContain(`npm install in ${outside}?`);
  });

  test("the guardrails check declared AutomationRule resources at preview, before anything is created", async () => {
    emulator.reset();
    const stack = await newStack({
      appKey: emulator.keys.admin,
      program: {
        automationRules: [
          { name: "hook", args: { name: "Personal hook", prompt: "p", cronExpr: "0 0 * * *", scheduleTriggerEnabled: false, httpPostTriggerEnabled: true } },
          { name: "hourly", args: { name: "Hourly check", prompt: "p", cronExpr: "0 * * * *", teamId: 1 } },
        ],
      },
    });
    const result = await previewWithPack(stack, {
      "flashduty-automation-rule-guardrails": {
        ...LENIENT_GUARDRAILS,
        minScheduleIntervalMinutes: 120,
        checkPersonalHttpPostTriggers: true,
        enforcementLevel: "mandatory",
      },
    });
    expect(result.code).not.toBe(0);
    const texts = violations(result.output)
      .filter((v) => v.policy === "flashduty-automation-rule-guardrails")
      .map((v) => v.text)
      .join("\n");
    expect(texts).toContain('AutomationRule resource "hook" (rule "Personal hook"): personal rule with an enabled HTTP POST trigger');
    expect(texts).toContain('AutomationRule resource "hourly" (rule "Hourly check"): schedule `0 * * * *` (`UTC`) fires every 60 minutes');
    expect(emulator.counters()["automationRule.create"].requests).toBe(0);
  });

  test("McpServer: the guardrails report allowInsecureTlsSkipVerify and (requireTeamScope) an account-wide server; adopting a server a disablement holds is reported; no env/headers value is printed", async () => {
    emulator.reset();
    const envSecret = "ghp_policyEnvSecretValue0123456789";
    const headerSecret = "Bearer policy-header-secret-value-0123456789";
    const stack = await newStack({
      appKey: emulator.keys.admin,
      program: {
        servers: ["mcp_grafana"],
        mcpServers: [
          // Adopts the seed's mcp_grafana, which the McpServerDisablement above keeps disabled.
          {
            name: "grafana-adopted",
            args: {
              serverId: "mcp_grafana",
              serverName: "Grafana",
              transport: "sse",
              url: "https://grafana.northwind.example/api/mcp/sse",
              headers: { Authorization: headerSecret },
              teamId: 1,
            },
          },
          // Account-wide (no teamId) and without TLS certificate checks.
          {
            name: "insecure",
            args: { serverName: "insecure-http", transport: "streamable-http", url: "https://mcp.example/mcp", allowInsecureTlsSkipVerify: true },
          },
          {
            name: "runner",
            args: { serverName: "runner", transport: "stdio", command: "github-mcp-server", env: { GITHUB_PERSONAL_ACCESS_TOKEN: envSecret }, teamId: 1 },
          },
        ],
      },
    });
    const result = await previewWithPack(stack, { "flashduty-mcp-server-guardrails": { requireTeamScope: true } });
    // flashduty-one-resource-per-server is mandatory by default: the preview fails.
    expect(result.code).not.toBe(0);
    const found = violations(result.output);
    const of = (policy: string) => found.filter((v) => v.policy === policy);

    const guardrails = of("flashduty-mcp-server-guardrails");
    expect(guardrails.every((v) => v.level === "advisory" && v.subject === "pulumi-nodejs:dynamic/flashduty:McpServer: insecure")).toBe(true);
    // Each violation's text: the policy's description, then the message.
    expect(guardrails.map((v) => v.text.split("\n").at(-1)).sort()).toEqual([
      "McpServer `insecure` (server `insecure-http`): account-wide server (teamId unset or 0); this stack requires team-scoped MCP servers: set teamId",
      "McpServer `insecure` (server `insecure-http`): allowInsecureTlsSkipVerify is true (the server's TLS certificate is not checked); remove it, or allow it with the policy setting allowInsecureTlsSkipVerify",
    ]);

    const oneResource = of("flashduty-one-resource-per-server");
    expect(oneResource).toEqual([expect.objectContaining({ level: "mandatory", subject: "pulumi-nodejs:dynamic/flashduty:McpServer: grafana-adopted" })]);
    expect(oneResource[0]!.text).toMatch(
      /^MCP server `mcp_grafana` is declared by McpServer `grafana-adopted` and kept disabled by McpServerDisablement `mcp_grafana`: the disablement wins/m,
    );

    for (const secret of [envSecret, headerSecret, "policyEnvSecret", "policy-header-secret", emulator.keys.admin]) expect(result.output).not.toContain(secret);
    // A preview: nothing was created, adopted or disabled.
    expect(emulator.counters()["mcpServer.create"].requests + emulator.counters()["mcpServer.update"].requests).toBe(0);
    expect(emulator.server("mcp_grafana")?.status).toBe("enabled");
  });
});
