/**
 * The provider plugin's schema (plugin/schema.json) against the implementation: every resource,
 * function, input, output and config key of one is in the other, with descriptions, the defaults
 * the implementations' `check` fills in, and the secret flags the plugin applies. A field added
 * to an implementation (its declared fields, its state keys, its input or output interface) and
 * not to the schema fails here, at compile time (`npm run typecheck`) or at run time, and so
 * does the reverse.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import schemaJson from "../../plugin/schema.json";
import { A2A_AGENT } from "../../provider/a2aAgent/declaration";
import { STATE_KEYS as AGENT_STATE_KEYS } from "../../provider/dynamic/a2aAgent";
import { DECLARED_FIELDS as AGENT_FIELDS, SECRET_FIELDS as AGENT_SECRET_FIELDS } from "../../provider/a2aAgent/fields";
import type { GetA2aAgentsArgs } from "../../provider/dynamic/getA2aAgents";
import * as agentProvider from "../../provider/a2aAgent/provider";
import { AUTOMATION_RULE } from "../../provider/automationRule/declaration";
import { MCP_SERVER } from "../../provider/mcpServer/declaration";
import { DOCUMENTED, withDocstrings } from "../../scripts/docstrings";
import { schemaFile } from "../../scripts/genSchema";
import { generatedPart, referencePages } from "../../scripts/referencePages";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { FUNCTIONS } from "../../plugin/functions";
import { RESOURCES } from "../../plugin/resources";
import type { A2aAgent as AgentModel, A2aAgentCardSkill, AutomationRule as RuleModel, AutomationTemplate, McpServer as ServerModel } from "../../sdk";
import { STATE_KEYS as RULE_STATE_KEYS } from "../../provider/dynamic/automationRule";
import { DECLARED_FIELDS as RULE_FIELDS } from "../../provider/automationRule/fields";
import type { GetAutomationRulesArgs } from "../../provider/dynamic/getAutomationRules";
import * as ruleProvider from "../../provider/automationRule/provider";
import type { GetAutomationTemplatesArgs } from "../../provider/dynamic/getAutomationTemplates";
import { SETTINGS } from "../../provider/client/config";
import { DECLARED_FIELDS as SERVER_FIELDS, SECRET_FIELDS as SERVER_SECRET_FIELDS } from "../../provider/mcpServer/fields";
import { STATE_KEYS as KNOWLEDGE_STATE_KEYS } from "../../provider/dynamic/knowledgeFile";
import * as knowledgeProvider from "../../provider/knowledgeFile/provider";
import type { GetMcpServersArgs } from "../../provider/dynamic/getMcpServers";
import { STATE_KEYS as SERVER_STATE_KEYS } from "../../provider/dynamic/mcpServer";
import * as serverProvider from "../../provider/mcpServer/provider";
import type { McpServerDisablementState } from "../../provider/dynamic/mcpServerDisablement";
import type { McpServerDisablementInputs, McpServerDisablementOutputs } from "../../provider/mcpServerDisablement/provider";
import * as disablementProvider from "../../provider/mcpServerDisablement/provider";
import type { Equal } from "../../wire/typeAssert";

interface SchemaProperty {
  type?: string;
  description?: string;
  default?: unknown;
  secret?: boolean;
  $ref?: string;
  items?: { $ref?: string };
}
interface SchemaObject {
  description?: string;
  inputProperties?: Record<string, SchemaProperty>;
  requiredInputs?: string[];
  properties?: Record<string, SchemaProperty>;
  required?: string[];
}
const schema = schemaJson as unknown as {
  name: string;
  pluginDownloadURL?: string;
  config: { variables: Record<string, SchemaProperty> };
  provider: SchemaObject;
  resources: Record<string, SchemaObject>;
  types: Record<string, SchemaObject>;
  functions: Record<string, { description?: string; inputs: SchemaObject; outputs: SchemaObject }>;
};

const sorted = (keys: Iterable<string>): string[] => [...new Set(keys)].sort();

// What each resource takes and answers besides its declared fields and state keys, checked
// against the implementation's interfaces at compile time.
const RULE_INPUT_EXTRAS = ["httpPostTokenRotation", "ruleId"] as const;
true satisfies Equal<(typeof RULE_FIELDS)[number] | (typeof RULE_INPUT_EXTRAS)[number], keyof ruleProvider.AutomationRuleInputs>;
const RULE_OUTPUT_EXTRAS = ["adoptedRuleId"] as const;
true satisfies Equal<(typeof RULE_STATE_KEYS)[number] | (typeof RULE_OUTPUT_EXTRAS)[number], keyof ruleProvider.AutomationRuleOutputs>;
const SERVER_INPUT_EXTRAS = ["serverId"] as const;
true satisfies Equal<(typeof SERVER_FIELDS)[number] | (typeof SERVER_INPUT_EXTRAS)[number], keyof serverProvider.McpServerInputs>;
const SERVER_OUTPUT_EXTRAS = ["adoptedServerId"] as const;
true satisfies Equal<(typeof SERVER_STATE_KEYS)[number] | (typeof SERVER_OUTPUT_EXTRAS)[number], keyof serverProvider.McpServerOutputs>;
const AGENT_INPUT_EXTRAS = ["agentId"] as const;
true satisfies Equal<(typeof AGENT_FIELDS)[number] | (typeof AGENT_INPUT_EXTRAS)[number], keyof agentProvider.A2aAgentInputs>;
const AGENT_OUTPUT_EXTRAS = ["adoptedAgentId"] as const;
true satisfies Equal<(typeof AGENT_STATE_KEYS)[number] | (typeof AGENT_OUTPUT_EXTRAS)[number], keyof agentProvider.A2aAgentOutputs>;
// McpServerDisablement: `resourceName` is an input of the implementation that the plugin sets
// from the URN (the dynamic resource class from its name), so the schema has it as an output only.
const DISABLEMENT_INPUTS = ["serverId", "restoreOnDelete"] as const;
true satisfies Equal<(typeof DISABLEMENT_INPUTS)[number] | "resourceName", keyof McpServerDisablementInputs>;
const DISABLEMENT_OUTPUTS = [
  "serverId",
  "restoreOnDelete",
  "resourceName",
  "serverName",
  "teamId",
  "status",
  "disabledByThisResource",
  "disabledAt",
  "adoptedAt",
] as const;
true satisfies Equal<(typeof DISABLEMENT_OUTPUTS)[number], keyof McpServerDisablementOutputs>;
true satisfies Equal<Exclude<(typeof DISABLEMENT_OUTPUTS)[number], "resourceName">, keyof McpServerDisablementState>;

// The functions' arguments and the objects they answer.
const RULES_ARGS = ["scope", "teamIds", "includePerson", "enabled", "keyword", "pageSize"] as const;
true satisfies Equal<(typeof RULES_ARGS)[number], keyof GetAutomationRulesArgs>;
const TEMPLATES_ARGS = ["locale"] as const;
true satisfies Equal<(typeof TEMPLATES_ARGS)[number], keyof GetAutomationTemplatesArgs>;
const SERVERS_ARGS = ["scope", "query", "teamIds", "includeAccount", "pageSize"] as const;
true satisfies Equal<(typeof SERVERS_ARGS)[number], keyof GetMcpServersArgs>;
const AGENTS_ARGS = ["scope", "query", "teamIds", "includeAccount", "pageSize"] as const;
true satisfies Equal<(typeof AGENTS_ARGS)[number], keyof GetA2aAgentsArgs>;
const AGENT_MODEL = [
  "agentId",
  "accountId",
  "teamId",
  "canEdit",
  "agentName",
  "instructions",
  "cardUrl",
  "authType",
  "authMode",
  "authConfig",
  "secretSchema",
  "oauthMetadata",
  "streaming",
  "allowInsecureOauthHttp",
  "allowInsecureTlsSkipVerify",
  "status",
  "cardResolveTimeout",
  "taskTimeout",
  "agentCardName",
  "agentCardSkills",
  "createdBy",
  "createdAt",
  "updatedAt",
  "environments",
] as const;
true satisfies Equal<(typeof AGENT_MODEL)[number], keyof AgentModel>;
const CARD_SKILL_MODEL = ["id", "name", "description"] as const;
true satisfies Equal<(typeof CARD_SKILL_MODEL)[number], keyof A2aAgentCardSkill>;
const RULE_MODEL = [
  "ruleId",
  "accountId",
  "teamId",
  "ownerId",
  "name",
  "enabled",
  "runScope",
  "cronExpr",
  "timezone",
  "prompt",
  "environmentKind",
  "environmentId",
  "scheduleTriggerId",
  "scheduleTriggerEnabled",
  "httpPostTriggerId",
  "httpPostTriggerUrl",
  "httpPostTriggerEnabled",
  "canEdit",
  "createdAt",
  "updatedAt",
  "scheduleNextFireAtMs",
  "oncallIncidentTriggerId",
  "oncallIncidentTriggerEnabled",
  "oncallIncidentChannelIds",
  "oncallIncidentSeverities",
] as const;
true satisfies Equal<(typeof RULE_MODEL)[number], keyof RuleModel>;
const TEMPLATE_MODEL = ["name", "description", "icon", "enabled", "prompt"] as const;
true satisfies Equal<(typeof TEMPLATE_MODEL)[number], keyof AutomationTemplate>;
const SERVER_MODEL = [
  "serverId",
  "accountId",
  "teamId",
  "canEdit",
  "environments",
  "serverName",
  "description",
  "transport",
  "status",
  "connectTimeout",
  "callTimeout",
  "createdBy",
  "createdAt",
  "updatedAt",
  "aiDescription",
  "command",
  "args",
  "env",
  "url",
  "headers",
  "proxyUrl",
  "allowInsecureOauthHttp",
  "allowInsecureTlsSkipVerify",
  "authMode",
  "secretSchema",
  "oauthMetadata",
  "sourceTemplateName",
  "tools",
  "toolCount",
  "listError",
  "environmentKind",
  "environmentId",
] as const;
true satisfies Equal<(typeof SERVER_MODEL)[number], keyof ServerModel>;

const RULE = schema.resources["flashduty:index:AutomationRule"]!;
const SERVER = schema.resources["flashduty:index:McpServer"]!;
const DISABLEMENT = schema.resources["flashduty:index:McpServerDisablement"]!;
const KNOWLEDGE = schema.resources["flashduty:index:KnowledgeFile"]!;
const AGENT = schema.resources["flashduty:index:A2aAgent"]!;

function secretKeys(props: Record<string, SchemaProperty> | undefined): string[] {
  return sorted(Object.entries(props ?? {}).flatMap(([key, p]) => (p.secret ? [key] : [])));
}

describe("generated from the declarations", () => {
  it("plugin/schema.json, the generated part of every docs/resources/ page and the TypeScript docstrings are what `npm run schema` writes (run it after changing a declaration)", () => {
    expect(readFileSync(path.join(REPO_ROOT, "plugin", "schema.json"), "utf8")).toBe(schemaFile());
    const pages = referencePages();
    // One page per resource and function.
    expect(pages.size).toBe(Object.keys(schema.resources).length + Object.keys(schema.functions).length);
    for (const [file, generated] of pages) expect(generatedPart(readFileSync(path.join(REPO_ROOT, file), "utf8")), file).toBe(generated);
    // The TypeScript resources' docstrings, as the declarations give them.
    for (const { file, name, declaration } of DOCUMENTED) {
      const source = readFileSync(path.join(REPO_ROOT, file), "utf8");
      expect(withDocstrings(source, file, name, declaration), file).toBe(source);
    }
    // No page is left behind by a resource or function that is gone.
    const committed = readdirSync(path.join(REPO_ROOT, "docs", "resources")).map((f) => `docs/resources/${f}`);
    expect(committed.sort()).toEqual([...pages.keys()].sort());
  });

  it("the declarations say which fields are declared state and secret, as the provider's lists hold them", () => {
    expect(SERVER_FIELDS).toEqual(
      Object.keys(MCP_SERVER.fields).filter((k) => k !== "serverId" && (MCP_SERVER.fields as Record<string, { kind?: string }>)[k]?.kind !== "out"),
    );
    expect(RULE_FIELDS).toEqual(
      Object.keys(AUTOMATION_RULE.fields).filter(
        (k) => !["ruleId", "httpPostTokenRotation"].includes(k) && (AUTOMATION_RULE.fields as Record<string, { kind?: string }>)[k]?.kind !== "out",
      ),
    );
    expect([...SERVER_SECRET_FIELDS]).toEqual(["env", "headers"]);
    expect(AGENT_FIELDS).toEqual(
      Object.keys(A2A_AGENT.fields).filter((k) => k !== "agentId" && (A2A_AGENT.fields as Record<string, { kind?: string }>)[k]?.kind !== "out"),
    );
    expect([...AGENT_SECRET_FIELDS]).toEqual(["authConfig"]);
  });
});

describe("plugin/schema.json against the implementation", () => {
  it("names the package, the resources the plugin serves and the functions", () => {
    expect(schema.name).toBe("flashduty");
    expect(sorted(Object.keys(schema.resources))).toEqual(sorted(RESOURCES.keys()));
    expect(sorted(Object.keys(schema.functions))).toEqual(sorted(FUNCTIONS.keys()));
    expect(sorted(RESOURCES.keys())).toEqual([
      "flashduty:index:A2aAgent",
      "flashduty:index:AutomationRule",
      "flashduty:index:KnowledgeFile",
      "flashduty:index:McpServer",
      "flashduty:index:McpServerDisablement",
      "flashduty:index:Skill",
    ]);
  });

  it("has every input and output of each resource, and nothing else", () => {
    expect(sorted(Object.keys(RULE.inputProperties!))).toEqual(sorted([...RULE_FIELDS, ...RULE_INPUT_EXTRAS]));
    expect(sorted(Object.keys(RULE.properties!))).toEqual(sorted([...RULE_STATE_KEYS, ...RULE_OUTPUT_EXTRAS]));
    expect(sorted(Object.keys(SERVER.inputProperties!))).toEqual(sorted([...SERVER_FIELDS, ...SERVER_INPUT_EXTRAS]));
    expect(sorted(Object.keys(SERVER.properties!))).toEqual(sorted([...SERVER_STATE_KEYS, ...SERVER_OUTPUT_EXTRAS]));
    expect(sorted(Object.keys(DISABLEMENT.inputProperties!))).toEqual(sorted(DISABLEMENT_INPUTS));
    expect(sorted(Object.keys(DISABLEMENT.properties!))).toEqual(sorted(DISABLEMENT_OUTPUTS));
    expect(sorted(Object.keys(AGENT.inputProperties!))).toEqual(sorted([...AGENT_FIELDS, ...AGENT_INPUT_EXTRAS]));
    expect(sorted(Object.keys(AGENT.properties!))).toEqual(sorted([...AGENT_STATE_KEYS, ...AGENT_OUTPUT_EXTRAS]));
    for (const resource of [RULE, SERVER, DISABLEMENT, AGENT]) {
      for (const key of resource.required ?? []) expect(resource.properties).toHaveProperty(key);
      for (const key of resource.requiredInputs ?? []) expect(resource.inputProperties).toHaveProperty(key);
    }
  });

  it("KnowledgeFile: its outputs are the class's state; check requires path and the text, and fills the declared defaults", async () => {
    expect(sorted(Object.keys(KNOWLEDGE.properties!))).toEqual(sorted(KNOWLEDGE_STATE_KEYS));
    expect(sorted(Object.keys(KNOWLEDGE.inputProperties!))).toEqual(["content", "force", "path", "source", "teamId"]);
    expect(KNOWLEDGE.inputProperties!.source?.$ref).toBe("pulumi.json#/Asset");
    expect(KNOWLEDGE.requiredInputs).toEqual(["path"]);
    const empty = await knowledgeProvider.check({}, {});
    expect(sorted(empty.failures?.map((f) => f.property) ?? [])).toEqual(["content", "path"]);
    const { inputs } = await knowledgeProvider.check({}, { path: "a.md", content: "x" });
    // teamId changes only by a replacement, so check fills it (0) though the schema declares no default for it.
    expect(inputs).toMatchObject({ teamId: 0, force: KNOWLEDGE.inputProperties!.force?.default });
  });

  it("requires the inputs check requires; a declared field carries no schema default (not managed when left out), its create default in its description", async () => {
    const cases = [
      { resource: RULE, check: ruleProvider.check, minimal: { name: "n", prompt: "p", cronExpr: "0 9 * * *" } },
      { resource: SERVER, check: serverProvider.check, minimal: { serverName: "s", transport: "stdio", command: "c" } },
      { resource: DISABLEMENT, check: disablementProvider.check, minimal: { serverId: "mcp_x" } },
      { resource: AGENT, check: agentProvider.check, minimal: { agentName: "a", instructions: "i", cardUrl: "https://a.example/card" } },
    ];
    for (const { resource, check, minimal } of cases) {
      // Nothing given: each failure names a required input.
      const empty = await check({}, {});
      expect(sorted(empty.failures?.map((f) => f.property) ?? [])).toEqual(sorted(resource.requiredInputs ?? []));
      const { inputs, failures } = await check({}, minimal);
      expect(failures).toEqual([]);
      for (const [key, value] of Object.entries(inputs as unknown as Record<string, unknown>)) {
        if (key in minimal) continue;
        // Only a field outside the platform's state (the disablement's settings) is filled in.
        const declared = resource.inputProperties?.[key];
        expect(declared, key).toBeDefined();
        if (declared?.default !== undefined) expect(value, key).toEqual(declared.default);
        else expect(declared?.description, key).toContain(`Default \`${JSON.stringify(value)}\``);
      }
      for (const [key, declared] of Object.entries(resource.inputProperties ?? {})) {
        if (declared.default !== undefined) expect((inputs as unknown as Record<string, unknown>)[key], key).toEqual(declared.default);
        if (/Left out, it is/.test(declared.description ?? "")) expect(inputs as unknown as Record<string, unknown>, key).not.toHaveProperty(key);
      }
    }
  });

  it("marks secret exactly what the plugin keeps secret: the trigger token, McpServer env and headers, A2aAgent authConfig, the app key", () => {
    expect(secretKeys(RULE.properties)).toEqual(["httpPostToken"]);
    expect(secretKeys(RULE.inputProperties)).toEqual([]);
    expect(secretKeys(SERVER.inputProperties)).toEqual(sorted(SERVER_SECRET_FIELDS));
    expect(secretKeys(SERVER.properties)).toEqual(sorted(SERVER_SECRET_FIELDS));
    expect(secretKeys(DISABLEMENT.properties)).toEqual([]);
    expect(secretKeys(AGENT.inputProperties)).toEqual(sorted(AGENT_SECRET_FIELDS));
    expect(secretKeys(AGENT.properties)).toEqual(sorted(AGENT_SECRET_FIELDS));
    for (const [token, resource] of RESOURCES) {
      expect(sorted(resource.secretOutputs), token).toEqual(secretKeys(schema.resources[token]!.properties));
      expect(sorted(resource.secretInputs), token).toEqual(secretKeys(schema.resources[token]!.inputProperties));
    }
    expect(secretKeys(schema.config.variables)).toEqual(["appKey"]);
  });

  it("has every config key of resolveConfig, as flashduty:<key>", () => {
    expect(sorted(Object.keys(schema.config.variables))).toEqual(sorted(Object.keys(SETTINGS)));
    for (const [key, setting] of Object.entries(SETTINGS)) expect(setting.config).toBe(`${schema.name}:${key}`);
  });

  it("takes every config key as an input of an explicit provider, of the same type, the app key secret, no default sent", () => {
    const inputs = schema.provider.inputProperties ?? {};
    expect(sorted(Object.keys(inputs))).toEqual(sorted(Object.keys(SETTINGS)));
    for (const [key, variable] of Object.entries(schema.config.variables)) {
      expect(inputs[key]?.type, key).toBe(variable.type);
      expect(inputs[key]?.secret ?? false, key).toBe(variable.secret ?? false);
      // A default in inputProperties would make every SDK send it, hiding FLASHDUTY_* of the plugin's environment.
      expect(inputs[key]?.default, key).toBeUndefined();
      if (variable.default !== undefined) expect(inputs[key]?.description, key).toContain(`Default \`${JSON.stringify(variable.default)}\``);
    }
    expect(schema.provider.requiredInputs ?? []).toEqual([]);
  });

  it("names the server the engine downloads the plugin from (the project's GitHub releases)", () => {
    expect(schema.pluginDownloadURL).toBe("github://api.github.com/flashcatcloud/pulumi-flashduty");
  });

  it("has every argument of each function and every field of the objects they answer", () => {
    const fn = (token: string) => schema.functions[token]!;
    const typeOf = (name: string) => schema.types[`flashduty:index:${name}`]!;
    expect(sorted(Object.keys(fn("flashduty:index:getAutomationRules").inputs.properties!))).toEqual(sorted(RULES_ARGS));
    expect(sorted(Object.keys(fn("flashduty:index:getAutomationTemplates").inputs.properties!))).toEqual(sorted(TEMPLATES_ARGS));
    expect(sorted(Object.keys(fn("flashduty:index:getMcpServers").inputs.properties!))).toEqual(sorted(SERVERS_ARGS));
    expect(sorted(Object.keys(fn("flashduty:index:getAutomationRules").outputs.properties!))).toEqual(["rules", "total"]);
    expect(sorted(Object.keys(fn("flashduty:index:getAutomationTemplates").outputs.properties!))).toEqual(["locale", "templates"]);
    expect(sorted(Object.keys(fn("flashduty:index:getMcpServers").outputs.properties!))).toEqual(["servers", "total"]);
    expect(sorted(Object.keys(typeOf("AutomationRuleInfo").properties!))).toEqual(sorted(RULE_MODEL));
    expect(sorted(Object.keys(typeOf("AutomationTemplateInfo").properties!))).toEqual(sorted(TEMPLATE_MODEL));
    expect(sorted(Object.keys(typeOf("McpServerInfo").properties!))).toEqual(sorted(SERVER_MODEL));
    expect(sorted(Object.keys(fn("flashduty:index:getA2aAgents").inputs.properties!))).toEqual(sorted(AGENTS_ARGS));
    expect(sorted(Object.keys(fn("flashduty:index:getA2aAgents").outputs.properties!))).toEqual(["agents", "total"]);
    expect(sorted(Object.keys(typeOf("A2aAgentInfo").properties!))).toEqual(sorted(AGENT_MODEL));
    expect(sorted(Object.keys(typeOf("A2aAgentCardSkillInfo").properties!))).toEqual(sorted(CARD_SKILL_MODEL));
  });

  it("describes everything, and every reference names a declared type", () => {
    const objects: Array<[string, Record<string, SchemaProperty> | undefined]> = [["config", schema.config.variables]];
    for (const [token, r] of Object.entries(schema.resources)) {
      expect(r.description, token).toBeTruthy();
      objects.push([`${token} inputs`, r.inputProperties], [`${token} outputs`, r.properties]);
    }
    for (const [token, t] of Object.entries(schema.types)) objects.push([token, t.properties]);
    for (const [token, f] of Object.entries(schema.functions)) {
      expect(f.description, token).toBeTruthy();
      objects.push([`${token} inputs`, f.inputs.properties], [`${token} outputs`, f.outputs.properties]);
    }
    for (const [where, props] of objects) {
      for (const [key, p] of Object.entries(props ?? {})) {
        expect(p.description, `${where}.${key}`).toBeTruthy();
        const ref = p.$ref ?? p.items?.$ref;
        if (ref?.startsWith("#/types/")) expect(schema.types, `${where}.${key}`).toHaveProperty([ref.slice("#/types/".length)]);
      }
    }
  });
});
