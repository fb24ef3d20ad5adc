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
