/** `flashduty-restore-on-delete`: how `restoreOnDelete` must be set. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { isMcpServerDisablement, toDisablement } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";

export const RESTORE_ON_DELETE = "flashduty-restore-on-delete";

/** Settings of {@link restoreOnDeletePolicy}. */
export interface RestoreOnDeleteConfig {
  /** The value every `McpServerDisablement` must have for `restoreOnDelete`; default true. */
  required: boolean;
}

const SCHEMA: DefaultedSchema = {
  properties: {
    required: {
      type: "boolean",
      default: true,
      description:
        'true: every McpServerDisablement must enable its server again on destroy (restoreOnDelete unset, true or "always"); ' +
        "false: every one must leave it disabled (restoreOnDelete: false).",
    },
  },
};

/**
 * Resource policy: each `McpServerDisablement`'s `restoreOnDelete` (default true) must equal
 * `required`; the violation names the resource and its server id. Default enforcement: advisory.
 */
export function restoreOnDeletePolicy(options: PolicyOptions<RestoreOnDeleteConfig> = {}): ResourceValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: RESTORE_ON_DELETE,
    description: "McpServerDisablement resources must set restoreOnDelete as the platform team requires (default: true).",
    enforcementLevel: options.enforcementLevel ?? "advisory",
    configSchema: schema,
    validateResource: (args, reportViolation) => {
      if (!isMcpServerDisablement(args.type)) return;
      const { required } = readConfig<RestoreOnDeleteConfig>(schema, args.getConfig());
      const disablement = toDisablement(args.urn, args.name, args.props);
      const actual = disablement.restoreOnDelete ?? true;
      // "always" restores too (also servers the resource adopted).
      if ((actual !== false) !== required) {
        reportViolation(
          `McpServerDisablement "${disablement.name}" (server ${disablement.serverId ?? "(unknown)"}) has restoreOnDelete ` +
            `${String(actual)}; this stack requires restoreOnDelete ${String(required)}` +
            (required ? " so that destroy enables the server again." : " so that destroy leaves the server disabled."),
        );
      }
    },
  };
}
