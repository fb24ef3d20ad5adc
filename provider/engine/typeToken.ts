/**
 * The type tokens of the package's resources, both forms, and which tokens mean which noun: the
 * one home the resource classes, the plugin's declarations, the policy pack (`policy/`) and drift
 * reports (`drift/`) read them from.
 *
 * A resource of a TypeScript program on the dynamic resources is recorded as
 * `pulumi-nodejs:dynamic/flashduty:<Noun>`; the same resource of a program on the provider plugin
 * (YAML, Python, Go) as `flashduty:index:<Noun>`. Both are frozen contracts (docs/ARCHITECTURE.md,
 * "Frozen contracts"), and their properties have the same names and shapes (one implementation
 * module behind both), so whatever recognises a noun recognises it by {@link RESOURCE_TYPE_TOKENS}.
 */

/**
 * The type token of `McpServerDisablement` in Pulumi state: `pulumi-nodejs:dynamic/` (what Pulumi
 * gives every dynamic resource) followed by the resource's type name. A frozen contract: state,
 * policies (`policy/`) and drift reports (`drift/`) find the resources by it.
 */
export const MCP_SERVER_DISABLEMENT_TYPE = "pulumi-nodejs:dynamic/flashduty:McpServerDisablement";

/** The type token of `AutomationRule` in Pulumi state; a frozen contract like the one above. */
export const AUTOMATION_RULE_TYPE = "pulumi-nodejs:dynamic/flashduty:AutomationRule";

/** The type token of `McpServer` in Pulumi state; a frozen contract like the ones above. */
export const MCP_SERVER_TYPE = "pulumi-nodejs:dynamic/flashduty:McpServer";

/** The type token of `Skill` in Pulumi state; a frozen contract like the ones above. */
export const SKILL_TYPE = "pulumi-nodejs:dynamic/flashduty:Skill";

/** The type token of `KnowledgeFile` in Pulumi state; a frozen contract like the ones above. */
export const KNOWLEDGE_FILE_TYPE = "pulumi-nodejs:dynamic/flashduty:KnowledgeFile";

/** The type token of `A2aAgent` in Pulumi state; a frozen contract like the ones above. */
export const A2A_AGENT_TYPE = "pulumi-nodejs:dynamic/flashduty:A2aAgent";

/**
 * The provider plugin's type token of `McpServerDisablement` (`plugin/schema.json`, made from
 * `provider/mcpServerDisablement/declaration.ts`): what a YAML, Python or Go program's resource
 * is recorded as. A frozen contract: state, the generated SDKs (`sdks/`), policies and drift
 * reports rely on it.
 */
export const MCP_SERVER_DISABLEMENT_PLUGIN_TYPE = "flashduty:index:McpServerDisablement";

/** The provider plugin's type token of `AutomationRule`; a frozen contract like the one above. */
export const AUTOMATION_RULE_PLUGIN_TYPE = "flashduty:index:AutomationRule";

/** The provider plugin's type token of `McpServer`; a frozen contract like the ones above. */
export const MCP_SERVER_PLUGIN_TYPE = "flashduty:index:McpServer";

/** The provider plugin's type token of `Skill`; a frozen contract like the ones above. */
export const SKILL_PLUGIN_TYPE = "flashduty:index:Skill";

/** The provider plugin's type token of `KnowledgeFile`; a frozen contract like the ones above. */
export const KNOWLEDGE_FILE_PLUGIN_TYPE = "flashduty:index:KnowledgeFile";

/** The provider plugin's type token of `A2aAgent`; a frozen contract like the ones above. */
export const A2A_AGENT_PLUGIN_TYPE = "flashduty:index:A2aAgent";

/**
 * Which type tokens mean each resource noun: the dynamic resource's token, then the provider
 * plugin's. A resource of either form has the same property names and shapes (inputs as the
 * noun's `check` returns them, outputs as its `create`, `update` and `read` return them), so a
 * policy or a drift report reads both the same way.
 */
export const RESOURCE_TYPE_TOKENS = {
  McpServerDisablement: [MCP_SERVER_DISABLEMENT_TYPE, MCP_SERVER_DISABLEMENT_PLUGIN_TYPE],
  AutomationRule: [AUTOMATION_RULE_TYPE, AUTOMATION_RULE_PLUGIN_TYPE],
  McpServer: [MCP_SERVER_TYPE, MCP_SERVER_PLUGIN_TYPE],
  Skill: [SKILL_TYPE, SKILL_PLUGIN_TYPE],
  KnowledgeFile: [KNOWLEDGE_FILE_TYPE, KNOWLEDGE_FILE_PLUGIN_TYPE],
  A2aAgent: [A2A_AGENT_TYPE, A2A_AGENT_PLUGIN_TYPE],
} as const satisfies Record<string, readonly [dynamic: string, plugin: string]>;

/** A resource noun of the package: `McpServerDisablement`, `AutomationRule`, `McpServer`, `Skill`, `KnowledgeFile` or `A2aAgent`. */
export type ResourceNoun = keyof typeof RESOURCE_TYPE_TOKENS;

/**
 * True when `type` (a resource's type token, as the engine gives it to a policy or in an engine
 * event) is `noun`'s, in either form: `isResourceType("flashduty:index:McpServer", "McpServer")`
 * and `isResourceType("pulumi-nodejs:dynamic/flashduty:McpServer", "McpServer")` are true.
 */
export function isResourceType(type: string, noun: ResourceNoun): boolean {
  return (RESOURCE_TYPE_TOKENS[noun] as readonly string[]).includes(type);
}

/** The noun `type` means (either form of its token), or undefined for any other resource (providers, the stack, other packages). */
export function resourceNounOf(type: string): ResourceNoun | undefined {
  return (Object.keys(RESOURCE_TYPE_TOKENS) as ResourceNoun[]).find((noun) => isResourceType(type, noun));
}

/**
 * The Terraform provider's type (`terraform/`): `flashdutyai`, since the vendor's own provider
 * `flashcatcloud/flashduty` owns the `flashduty_` prefix. Its resource and data source type names
 * are made from the plugin's tokens by {@link terraformResourceType} and
 * {@link terraformDataSourceType}; configurations, state, import blocks and drift reports of
 * Terraform users rely on them.
 */
export const TERRAFORM_PROVIDER_TYPE = "flashdutyai";

/** `serverName` → `server_name`: a field's name as Terraform attributes (and HCL) write it. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `flashduty:index:McpServer` → `flashdutyai_mcp_server`: a resource's Terraform type name. */
export function terraformResourceType(pluginToken: string): string {
  return `${TERRAFORM_PROVIDER_TYPE}_${snakeCase(pluginToken.slice(pluginToken.lastIndexOf(":") + 1)).replace(/^_/, "")}`;
}

/** `flashduty:index:getAutomationRules` → `flashdutyai_automation_rules`: a data source's Terraform type name. */
export function terraformDataSourceType(functionToken: string): string {
  const name = functionToken.slice(functionToken.lastIndexOf(":") + 1).replace(/^get/, "");
  return `${TERRAFORM_PROVIDER_TYPE}_${snakeCase(name).replace(/^_/, "")}`;
}
