/**
 * Moving a stack from the TypeScript package's dynamic resources to the provider plugin
 * (docs/moving-to-the-plugin.md): a stack made by a TypeScript program with an
 * McpServerDisablement, an AutomationRule and an McpServer changes its program to one on the
 * plugin (a YAML program here: the same plugin every language's SDK calls), in a folder of its own
 * outside this repository (same project name, backend, stack and stack config), each resource
 * with an alias to its old URN. Real CLI, `file://` backend, the emulator over HTTP.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { ensurePulumiYaml, PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";
import { createEngineStack } from "../support/engineStack";
import { writeCounts } from "../support/writeCounts";

let emulator: Emulator;
let yamlHost: string;

beforeAll(() => {
  yamlHost = ensurePulumiYaml();
}, 1_200_000);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

/** The moved programs' folders, outside the repository. */
const movedDirs: string[] = [];

afterAll(async () => {
  for (const dir of movedDirs) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

const DISABLED_SERVER = "mcp_grafana";
const PROMPT = "Summarise the open incidents";
const HEADER_SECRET = "Bearer migration_header_secret_0123456789";
const RULE_ARGS = { name: "migrated-rule", prompt: PROMPT, cronExpr: "0 9 * * *", timezone: "Asia/Shanghai", httpPostTriggerEnabled: true };
const SERVER_ARGS = {
  serverName: "migrated-server",
  transport: "streamable-http",
  url: "https://grafana.example/mcp",
  headers: { Authorization: HEADER_SECRET },
};

/** The URN the TypeScript program gave a resource of `type` (its dynamic type token) named `name`. */
const oldUrn = (type: string, name: string) => `urn:pulumi:test::flashduty-engine-test::pulumi-nodejs:dynamic/flashduty:${type}::${name}`;

/**
 * The same resources as a YAML program on the plugin (same project name, so the same stack), each
 * with an alias to the URN the TypeScript program gave it. The header is written in the program
 * here for brevity; the plugin keeps it secret whatever the program sends.
 */
function pluginProgram(): string {
  return `name: flashduty-engine-test
runtime: yaml
plugins:
  providers:
    - name: flashduty
      path: ${path.join(REPO_ROOT, "dist", "plugin")}
resources:
  ${DISABLED_SERVER}:
    type: flashduty:index:McpServerDisablement
    properties:
      serverId: ${DISABLED_SERVER}
    options:
      aliases:
        - ${oldUrn("McpServerDisablement", DISABLED_SERVER)}
  digest:
    type: flashduty:index:AutomationRule
    properties:
      name: ${RULE_ARGS.name}
      prompt: ${RULE_ARGS.prompt}
      cronExpr: "${RULE_ARGS.cronExpr}"
      timezone: ${RULE_ARGS.timezone}
      httpPostTriggerEnabled: true
    options:
      aliases:
        - ${oldUrn("AutomationRule", "digest")}
  grafana:
    type: flashduty:index:McpServer
    properties:
      serverName: ${SERVER_ARGS.serverName}
      transport: ${SERVER_ARGS.transport}
      url: ${SERVER_ARGS.url}
      headers:
        Authorization: ${HEADER_SECRET}
    options:
      aliases:
        - ${oldUrn("McpServer", "grafana")}
`;
}

describe("moving a stack from the dynamic resources to the provider plugin", () => {
  test("aliases to the old URNs: no change and no write, the same ids under the plugin's types; refresh drops the old provider code; the moved stack updates and destroys as before", async () => {
    emulator.reset();
    const stackEnv = { PATH: `${yamlHost}${path.delimiter}${process.env.PATH ?? ""}`, FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined };
    const stack = await createEngineStack({
      baseUrl: emulator.url,
      appKey: emulator.keys.admin,
      env: stackEnv,
      program: {
        servers: [DISABLED_SERVER],
        automationRules: [{ name: "digest", args: RULE_ARGS }],
        mcpServers: [{ name: "grafana", args: SERVER_ARGS }],
      },
    });
    try {
      await stack.ws.run(["up", "--yes"]);
      const made = await stack.ws.exportState();
      const idOf = (type: string) => made.deployment.resources?.find((r) => r.type === type)?.id as string;
      const ruleId = idOf("pulumi-nodejs:dynamic/flashduty:AutomationRule");
      const serverId = idOf("pulumi-nodejs:dynamic/flashduty:McpServer");
      expect(ruleId).toMatch(/^arule_/);
      expect(emulator.server(DISABLED_SERVER)?.status).toBe("disabled");
      const before = writeCounts(emulator);

      // The program on the plugin, each resource aliased to its old URN: the preview shows no
      // change, the up writes nothing, and the stack keeps the same ids under the plugin's types.
      // The new program lives in a folder of its own outside this repository, as a Go, Python or
      // YAML project would: neither `@pulumi/pulumi` nor `pulumi-flashduty` resolves from it, so
      // the move cannot lean on the old dynamic provider. Same backend, stack and stack config.
      const movedDir = mkdtempSync(path.join(os.tmpdir(), "flashduty-move-"));
      movedDirs.push(movedDir);
      writeFileSync(path.join(movedDir, "Pulumi.yaml"), pluginProgram());
      copyFileSync(path.join(stack.projectDir, "Pulumi.test.yaml"), path.join(movedDir, "Pulumi.test.yaml"));
      const ws = new PulumiWorkspace({ projectDir: movedDir, stateDir: stack.stateDir, stack: "test", env: stackEnv });
      expect(() => createRequire(path.join(movedDir, "Pulumi.yaml")).resolve("pulumi-flashduty")).toThrow();
      await ws.run(["preview", "--diff", "--expect-no-changes"]);
      await ws.run(["up", "--yes", "--expect-no-changes"]);
      expect(writeCounts(emulator)).toEqual(before);
      const moved = await ws.exportState();
      const resources = (moved.deployment.resources ?? []).filter((r) => r.type.startsWith("flashduty:") || r.type.startsWith("pulumi-nodejs"));
      expect(resources.map((r) => [r.type, r.id]).sort()).toEqual(
        [
          ["flashduty:index:AutomationRule", ruleId],
          ["flashduty:index:McpServer", serverId],
          ["flashduty:index:McpServerDisablement", DISABLED_SERVER],
        ].sort(),
      );
      for (const r of resources) expect(r.provider).toMatch(/::pulumi:providers:flashduty::default::/);

      // A refresh reads each resource through the plugin: no drift, no write, and the old
      // dynamic provider's code is gone from the state. Secrets stay encrypted.
      await ws.run(["refresh", "--yes", "--expect-no-changes"]);
      expect(writeCounts(emulator)).toEqual(before);
      const refreshed = await ws.exportState();
      const text = JSON.stringify(refreshed);
      expect(text).not.toContain("__provider");
      expect(text).not.toContain(HEADER_SECRET);
      expect(text).not.toContain(emulator.keys.admin);
      const rule = refreshed.deployment.resources?.find((r) => r.type === "flashduty:index:AutomationRule");
      expect(rule?.outputs.httpPostToken).toHaveProperty("ciphertext");

      // The moved stack works as one made on the plugin: a console edit put back by up --refresh,
      // and destroy deletes the rule and the server and enables the server the stack disabled
      // (what the disablement recorded before the move).
      emulator.updateRule(ruleId, { prompt: "Edited in the console" });
      emulator.setServerStatus(DISABLED_SERVER, "enabled");
      await ws.run(["up", "--refresh", "--yes"]);
      expect(emulator.rule(ruleId)?.prompt).toBe(PROMPT);
      expect(emulator.server(DISABLED_SERVER)?.status).toBe("disabled");
      expect(writeCounts(emulator)).toEqual({ ...before, ruleUpdate: before.ruleUpdate + 1, disable: before.disable + 1 });
      await ws.run(["destroy", "--yes"]);
      expect(emulator.rule(ruleId)).toBeUndefined();
      expect(emulator.server(serverId)).toBeUndefined();
      expect(emulator.server(DISABLED_SERVER)?.status).toBe("enabled");
    } finally {
      stack.dispose();
    }
  });
});
