/**
 * Every policy on resources of a program on the provider plugin (YAML, Python, Go): type tokens
 * `flashduty:index:<Noun>`, properties as the engine gives them to a policy (the plugin's checked
 * inputs to a resource policy, its planned or real state to a stack policy; secret maps unwrapped
 * by `@pulumi/policy`, `McpServer`'s `env` and `headers` as digests in its state), through
 * `@pulumi/policy`'s own unknown-value proxy. The same checks, the same messages as for the
 * dynamic resources, and the two forms of one noun meet in the stack policies. The engine test
 * (`pluginPolicyPack.engine.test.ts`) runs the pack on a YAML program through the CLI.
 */
import { describe, expect, test } from "vitest";
import {
  type PolicyResource,
  type ResourceValidationArgs,
  type ResourceValidationPolicy,
  type StackValidationArgs,
  type StackValidationPolicy,
  unknownCheckingProxy,
} from "@pulumi/policy";
import { RESOURCES } from "../../plugin/resources";
import {
  A2A_AGENT_PLUGIN_TYPE,
  AUTOMATION_RULE_PLUGIN_TYPE,
  KNOWLEDGE_FILE_PLUGIN_TYPE,
  MCP_SERVER_DISABLEMENT_PLUGIN_TYPE,
  MCP_SERVER_DISABLEMENT_TYPE,
  MCP_SERVER_PLUGIN_TYPE,
  MCP_SERVER_TYPE,
  RESOURCE_TYPE_TOKENS,
  SKILL_PLUGIN_TYPE,
  a2aAgentGuardrailsPolicy,
  automationRuleGuardrailsPolicy,
  declaredDisablements,
  declaredMcpServers,
  declaredRuleViolations,
  declaredRules,
  isKnowledgeFile,
  isMcpServer,
  isMcpServerDisablement,
  isResourceType,
  isSkill,
  knowledgeFileGuardrailsPolicy,
  mcpServerGuardrailsPolicy,
  oneResourcePerServerPolicy,
  requiredDisabledServersPolicy,
  resourceNounOf,
  restoreOnDeletePolicy,
  skillGuardrailsPolicy,
  type AutomationRuleGuardrailsConfig,
  type DefaultedSchema,
  type ResourceNoun,
} from "../../policy";
import { readConfig } from "../../policy/policyConfig";
import { A2aAgent, AutomationRule, KnowledgeFile, McpServer, McpServerDisablement, Skill } from "../../provider";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const SECRET = "plugin-s3cr3t-value";
const urn = (type: string, name: string) => `urn:pulumi:s::p::${type}::${name}`;

/** The violations a resource policy reports for one resource, the way the engine calls it. */
function resourceViolations(policy: ResourceValidationPolicy, type: string, name: string, props: Record<string, unknown>, config: object = {}): string[] {
  const found: string[] = [];
  const args = { type, urn: urn(type, name), name, props: unknownCheckingProxy(props), getConfig: () => config };
  const validate = policy.validateResource as (a: ResourceValidationArgs, report: (message: string) => void) => void;
  validate(args as unknown as ResourceValidationArgs, (message) => found.push(message));
  return found;
}

type Declared = { type: string; name: string; props: Record<string, unknown> };

/** The violations a stack policy with no API call reports for `resources`, the way the engine calls it. */
function stackViolations(policy: StackValidationPolicy, resources: Declared[], config: object = {}): { message: string; urn?: string }[] {
  const found: { message: string; urn?: string }[] = [];
  const args = {
    resources: resources.map((r) => ({ ...r, urn: urn(r.type, r.name), props: unknownCheckingProxy(r.props) }) as unknown as PolicyResource),
    getConfig: () => config,
  };
  const validate = policy.validateStack as (a: StackValidationArgs, report: (message: string, urn?: string) => void) => void;
  validate(args as StackValidationArgs, (message, u) => found.push({ message, urn: u }));
  return found;
}

/** A plugin `McpServerDisablement` as a YAML program declares it (its checked inputs carry the resource's name). */
const pluginOff = (name: string, props: Record<string, unknown>): Declared => ({
  type: MCP_SERVER_DISABLEMENT_PLUGIN_TYPE,
  name,
  props: { resourceName: name, ...props },
});

/** A plugin `McpServer`'s state: `headers` and `env` hold digests, their keys beside them. */
const pluginServer = (name: string, props: Record<string, unknown>): Declared => ({
  type: MCP_SERVER_PLUGIN_TYPE,
  name,
  props: {
    transport: "streamable-http",
    url: "https://mcp.example/",
    headers: { Authorization: "scrypt:c2FsdA:aGFzaA" },
    headersKeys: ["Authorization"],
    env: {},
    envKeys: [],
    ...props,
  },
});

describe("the type tokens of each noun, from one home", () => {
  test("each noun's tokens are its dynamic resource's and the plugin's, as the resource classes and the plugin declare them", () => {
    const classes: Record<ResourceNoun, { __pulumiType: string }> = {
      McpServerDisablement,
      AutomationRule,
      McpServer,
      Skill,
      KnowledgeFile,
      A2aAgent,
    };
    for (const [noun, [dynamic, plugin]] of Object.entries(RESOURCE_TYPE_TOKENS) as [ResourceNoun, readonly [string, string]][]) {
      expect(classes[noun].__pulumiType, noun).toBe(dynamic);
      expect(dynamic).toBe(`pulumi-nodejs:dynamic/flashduty:${noun}`);
      expect(plugin).toBe(`flashduty:index:${noun}`);
      expect(resourceNounOf(dynamic)).toBe(noun);
      expect(resourceNounOf(plugin)).toBe(noun);
    }
    // Every resource the plugin serves is one of them, and every plugin token is served.
    expect([...RESOURCES.keys()].sort()).toEqual(
      Object.values(RESOURCE_TYPE_TOKENS)
        .map(([, plugin]) => plugin)
        .sort(),
    );
  });

  test("other tokens mean no noun: providers, the stack, other packages, a prefix", () => {
    for (const type of ["pulumi:providers:flashduty", "pulumi:pulumi:Stack", "aws:s3:Bucket", "flashduty:index:McpServerInfo", "flashduty:index:Mcp", ""]) {
      expect(resourceNounOf(type), type).toBeUndefined();
    }
    expect(isResourceType(MCP_SERVER_TYPE, "McpServerDisablement")).toBe(false);
    expect(isResourceType(MCP_SERVER_DISABLEMENT_PLUGIN_TYPE, "McpServer")).toBe(false);
    expect([isMcpServer, isMcpServerDisablement, isSkill, isKnowledgeFile].map((is) => is(MCP_SERVER_PLUGIN_TYPE))).toEqual([true, false, false, false]);
    expect([isMcpServer, isMcpServerDisablement, isSkill, isKnowledgeFile].map((is) => is(KNOWLEDGE_FILE_PLUGIN_TYPE))).toEqual([false, false, false, true]);
  });
});

describe("resource policies on plugin resources", () => {
  test("flashduty-mcp-server-guardrails: a YAML McpServer's inputs (secret headers unwrapped) get the same checks", () => {
    const props = {
      serverName: "Grafana",
      transport: "sse",
      url: `https://user:${SECRET}@mcp.example/`,
      headers: { Authorization: SECRET },
      env: { TOKEN: SECRET },
      allowInsecureTlsSkipVerify: true,
    };
    const found = resourceViolations(mcpServerGuardrailsPolicy(), MCP_SERVER_PLUGIN_TYPE, "grafana", props, {
      allowedTransports: ["stdio", "streamable-http"],
      requireTeamScope: true,
    });
    const label = "McpServer `grafana` (server `Grafana`)";
    expect(found).toEqual([
      `${label}: transport \`sse\` is not allowed (allowedTransports: \`stdio\`, \`streamable-http\`)`,
      `${label}: allowInsecureTlsSkipVerify is true (the server's TLS certificate is not checked); remove it, or allow it with the policy setting allowInsecureTlsSkipVerify`,
      `${label}: account-wide server (teamId unset or 0); this stack requires team-scoped MCP servers: set teamId`,
      `${label}: url has credentials in its user info; send them in headers (McpServer keeps header values secret)`,
    ]);
    expect(found.join("\n")).not.toContain(SECRET);
    // The same resource on the dynamic token: the same messages.
    expect(
      resourceViolations(mcpServerGuardrailsPolicy(), MCP_SERVER_TYPE, "grafana", props, {
        allowedTransports: ["stdio", "streamable-http"],
        requireTeamScope: true,
      }),
    ).toEqual(found);
    // Values not known at preview pass.
    expect(
      resourceViolations(
        mcpServerGuardrailsPolicy(),
        MCP_SERVER_PLUGIN_TYPE,
        "grafana",
        { serverName: "Grafana", transport: UNKNOWN, teamId: UNKNOWN },
        { allowedTransports: [], requireTeamScope: true },
      ),
    ).toEqual([]);
  });

  test("flashduty-restore-on-delete: a plugin McpServerDisablement's restoreOnDelete (YAML false or always)", () => {
    const check = (restoreOnDelete: unknown, required: boolean) =>
      resourceViolations(
        restoreOnDeletePolicy(),
        MCP_SERVER_DISABLEMENT_PLUGIN_TYPE,
        "grafana-off",
        pluginOff("grafana-off", { serverId: "mcp_grafana", restoreOnDelete }).props,
        { required },
      );
    expect(check(false, true)).toEqual([
      'McpServerDisablement "grafana-off" (server mcp_grafana) has restoreOnDelete false; this stack requires restoreOnDelete true so that destroy enables the server again.',
    ]);
    expect(check("always", true)).toEqual([]);
    expect(check(undefined, true)).toEqual([]);
    expect(check("always", false)).toHaveLength(1);
  });

  test("flashduty-skill-guardrails: a plugin Skill (its source an archive) by teamId", () => {
    const props = { source: { path: "skills/triage" }, teamId: 0, description: "Triage" };
    expect(resourceViolations(skillGuardrailsPolicy(), SKILL_PLUGIN_TYPE, "triage", props, { requireTeamScope: true })).toEqual([
      "Skill `triage`: account-wide skill (teamId unset or 0); this stack requires team-scoped skills: set teamId",
    ]);
    expect(resourceViolations(skillGuardrailsPolicy(), SKILL_PLUGIN_TYPE, "triage", { ...props, teamId: 7 }, { allowedTeamIds: [1, 2] })).toEqual([
      "Skill `triage`: teamId 7 is not one of the allowed teams (allowedTeamIds: 1, 2)",
    ]);
  });

  test("flashduty-knowledge-file-guardrails: a plugin KnowledgeFile (content from a file asset) by path and team", () => {
    const props = { path: "scratch/todo.md", source: { path: "notes/todo.md" }, teamId: 0 };
    expect(
      resourceViolations(knowledgeFileGuardrailsPolicy(), KNOWLEDGE_FILE_PLUGIN_TYPE, "notes", props, {
        allowedPaths: ["DUTY.md", "runbooks/**/*.md"],
        requireTeamScope: true,
      }),
    ).toEqual([
      "KnowledgeFile `notes`: path `scratch/todo.md` is not under an allowed path (allowedPaths: `DUTY.md`, `runbooks/**/*.md`)",
      "KnowledgeFile `notes`: a file of the account's pack (teamId unset or 0); this stack requires team packs: set teamId",
    ]);
  });

  test("flashduty-a2a-agent-guardrails: a plugin A2aAgent (authConfig unwrapped) by card URL and flags; no secret shown", () => {
    const props = {
      agentName: "payments-oncall",
      cardUrl: `http://payments.example/card.json?token=${SECRET}`,
      authType: "api_key",
      authConfig: { header_name: "X-Api-Key", api_key: SECRET },
      allowInsecureOauthHttp: true,
      teamId: 1,
    };
    const found = resourceViolations(a2aAgentGuardrailsPolicy(), A2A_AGENT_PLUGIN_TYPE, "payments", props);
    const label = "A2aAgent `payments` (agent `payments-oncall`)";
    expect(found).toEqual([
      `${label}: cardUrl uses plain http; use https, or allow it with the policy setting allowHttpCardUrl`,
      `${label}: cardUrl carries credentials (user info or a query string); put them in authConfig, which A2aAgent keeps secret`,
      `${label}: allowInsecureOauthHttp is true (OAuth over plain HTTP); remove it, or allow it with the policy setting allowInsecureOauthHttp`,
    ]);
    expect(found.join("\n")).not.toContain(SECRET);
  });
});

describe("stack policies on plugin resources, and on both forms in one stack", () => {
  test("flashduty-required-disabled-servers: a plugin McpServerDisablement keeps its server off", () => {
    const resources = [
      pluginOff("grafana-off", { serverId: "mcp_grafana" }),
      { type: MCP_SERVER_DISABLEMENT_TYPE, name: "k8s-off", props: { serverId: "mcp_k8s" } },
    ];
    expect(declaredDisablements(resources.map((r) => ({ ...r, urn: urn(r.type, r.name) }) as unknown as PolicyResource)).map((d) => d.serverId)).toEqual([
      "mcp_grafana",
      "mcp_k8s",
    ]);
    expect(stackViolations(requiredDisabledServersPolicy(), resources, { serverIds: ["mcp_grafana", "mcp_k8s", "mcp_github"] })).toEqual([
      {
        message:
          "MCP servers that must be disabled have no McpServerDisablement in this stack: mcp_github. " +
          'Declare one per server (TypeScript: new flashduty.McpServerDisablement("<name>", { serverId: "<id>" }); ' +
          'YAML, Python, Go: a resource of type flashduty:index:McpServerDisablement with serverId "<id>").',
        urn: undefined,
      },
    ]);
  });

  test("flashduty-one-resource-per-server: two plugin disablements of one server, and a plugin McpServer against a dynamic disablement", () => {
    expect(stackViolations(oneResourcePerServerPolicy(), [pluginOff("b", { serverId: "mcp_grafana" }), pluginOff("a", { serverId: "mcp_grafana" })])).toEqual([
      {
        message: 'MCP server mcp_grafana is managed by 2 McpServerDisablement resources ("a", "b"); keep one.',
        urn: urn(MCP_SERVER_DISABLEMENT_PLUGIN_TYPE, "b"),
      },
    ]);
    const mixed = stackViolations(oneResourcePerServerPolicy(), [
      { type: MCP_SERVER_DISABLEMENT_TYPE, name: "grafana-off", props: { serverId: "mcp_grafana" } },
      pluginServer("grafana", { serverName: "Grafana", serverId: "mcp_grafana" }),
      pluginServer("grafana-2", { serverName: "GRAFANA", serverId: UNKNOWN }),
    ]);
    expect(mixed.map((v) => v.urn)).toEqual([urn(MCP_SERVER_PLUGIN_TYPE, "grafana"), urn(MCP_SERVER_PLUGIN_TYPE, "grafana-2")]);
    expect(mixed[0]!.message).toMatch(
      /^MCP server `mcp_grafana` is declared by McpServer `grafana` and kept disabled by McpServerDisablement `grafana-off`: the disablement wins/,
    );
    expect(mixed[1]!.message).toBe(
      "2 McpServer resources declare the same server name account-wide (`grafana` (`Grafana`), `grafana-2` (`GRAFANA`); names compare case-insensitively); keep one.",
    );
    expect(
      declaredMcpServers(
        [pluginServer("grafana", { serverName: "Grafana", serverId: "mcp_grafana", teamId: 3 })].map(
          (r) => ({ ...r, urn: urn(r.type, r.name) }) as unknown as PolicyResource,
        ),
      ),
    ).toEqual([{ urn: urn(MCP_SERVER_PLUGIN_TYPE, "grafana"), name: "grafana", serverId: "mcp_grafana", serverName: "Grafana", teamId: 3 }]);
  });

  test("flashduty-automation-rule-guardrails: a plugin AutomationRule's state (secret token unwrapped) is checked as declared", () => {
    const DEFAULTS = readConfig<AutomationRuleGuardrailsConfig>(automationRuleGuardrailsPolicy().configSchema as DefaultedSchema, {});
    const rules = declaredRules([
      {
        type: AUTOMATION_RULE_PLUGIN_TYPE,
        name: "hook",
        props: {
          name: "Personal hook",
          prompt: "p",
          cronExpr: "*/5 * * * *",
          timezone: "UTC",
          teamId: 0,
          enabled: true,
          scheduleTriggerEnabled: true,
          httpPostTriggerEnabled: true,
          ruleId: "arule_1",
          httpPostTriggerId: "trg_1",
          httpPostToken: SECRET,
        },
      },
      { type: MCP_SERVER_PLUGIN_TYPE, name: "not-a-rule", props: {} },
    ]);
    expect(rules.map((r) => [r.resourceName, r.ruleId])).toEqual([["hook", "arule_1"]]);
    const messages = declaredRuleViolations(rules, DEFAULTS, Date.UTC(2026, 0, 5));
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^AutomationRule resource "hook" \(rule "Personal hook"\): schedule `\*\/5 \* \* \* \*` \(`UTC`\) cannot be evaluated/);
    expect(messages[1]).toBe(
      'AutomationRule resource "hook" (rule "Personal hook"): personal rule with an enabled HTTP POST trigger (`trg_1`); move the rule to a team or disable the trigger',
    );
    expect(messages.join("\n")).not.toContain(SECRET);
  });
});
