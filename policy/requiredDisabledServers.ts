/** `flashduty-required-disabled-servers`: listed MCP servers must be kept off by this stack. */
import type { StackValidationPolicy } from "@pulumi/policy";
import { declaredDisablements } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";

export const REQUIRED_DISABLED_SERVERS = "flashduty-required-disabled-servers";

/** Settings of {@link requiredDisabledServersPolicy}. */
export interface RequiredDisabledServersConfig {
  /** Server ids that must each be declared by an `McpServerDisablement`; default none. */
  serverIds: string[];
}

const SCHEMA: DefaultedSchema = {
  properties: {
    serverIds: {
      type: "array",
      items: { type: "string", minLength: 1 },
      default: [],
      description: "MCP server ids that must each be declared by an McpServerDisablement in the stack.",
    },
  },
};

/**
 * Stack policy: each id in `serverIds` must be the `serverId` of an `McpServerDisablement` of
 * the stack (either form of its type token); one violation names every missing id and how to
 * declare one in TypeScript and on the provider plugin. Default enforcement: mandatory.
 */
export function requiredDisabledServersPolicy(options: PolicyOptions<RequiredDisabledServersConfig> = {}): StackValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: REQUIRED_DISABLED_SERVERS,
    description: "Each MCP server listed in serverIds must be kept disabled by an McpServerDisablement in this stack.",
    enforcementLevel: options.enforcementLevel ?? "mandatory",
    configSchema: schema,
    validateStack: (args, reportViolation) => {
      const { serverIds } = readConfig<RequiredDisabledServersConfig>(schema, args.getConfig());
      const declared = new Set(declaredDisablements(args.resources).map((d) => d.serverId));
      const missing = [...new Set(serverIds)].filter((id) => !declared.has(id));
      if (missing.length > 0) {
        reportViolation(
          `MCP servers that must be disabled have no McpServerDisablement in this stack: ${missing.join(", ")}. ` +
            `Declare one per server (TypeScript: new flashduty.McpServerDisablement("<name>", { serverId: "<id>" }); ` +
            'YAML, Python, Go: a resource of type flashduty:index:McpServerDisablement with serverId "<id>").',
        );
      }
    },
  };
}
