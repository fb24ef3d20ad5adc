/**
 * `flashduty-skill-guardrails`: where a `Skill` may live. Reads only the resource's inputs: no
 * API call, and never the archive's contents (what a skill may do is the skill's review, in the
 * pull request that changes its folder).
 */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { isResourceType } from "../provider/engine/typeToken";
import { markdownCode } from "../sdk/markdownText";
import { knownProp } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";

export const SKILL_GUARDRAILS = "flashduty-skill-guardrails";

/** Settings of {@link skillGuardrailsPolicy}. */
export interface SkillGuardrailsConfig {
  /** Every `Skill` must belong to a team (`teamId` > 0); default false (account-wide skills allowed). */
  requireTeamScope: boolean;
  /** Teams a `Skill` may belong to; default `[]`: any team. Account-wide skills are `requireTeamScope`'s. */
  allowedTeamIds: number[];
}

const SCHEMA: DefaultedSchema = {
  properties: {
    requireTeamScope: {
      type: "boolean",
      default: false,
      description: "Every Skill must set teamId to a team (> 0); account-wide skills (every team's AI SRE uses them) are reported.",
    },
    allowedTeamIds: {
      type: "array",
      items: { type: "integer", minimum: 1 },
      default: [],
      description: "Teams a Skill may belong to (teamId); empty: any team.",
    },
  },
};

/** True for a `Skill`, by type token in either form (`pulumi-nodejs:dynamic/flashduty:Skill`, `flashduty:index:Skill`). */
export function isSkill(type: string): boolean {
  return isResourceType(type, "Skill");
}

/**
 * Resource policy over each `Skill`'s inputs; each violation names the resource and the field:
 * an account-wide skill (`teamId` unset or 0) under `requireTeamScope`, a `teamId` outside
 * `allowedTeamIds` (when the list is not empty). A value not known at preview is not checked.
 * Default enforcement: advisory.
 */
export function skillGuardrailsPolicy(options: PolicyOptions<SkillGuardrailsConfig> = {}): ResourceValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: SKILL_GUARDRAILS,
    description: "Skill resources must belong to a team where required, and to an allowed team.",
    enforcementLevel: options.enforcementLevel ?? "advisory",
    configSchema: schema,
    validateResource: (args, reportViolation) => {
      if (!isSkill(args.type)) return;
      const config = readConfig<SkillGuardrailsConfig>(schema, args.getConfig());
      for (const message of skillViolations(args.name, args.props, config)) reportViolation(message);
    },
  };
}

/** The violation messages for one `Skill` (its resource name and inputs) under `config`. */
export function skillViolations(resourceName: string, props: Record<string, unknown>, config: SkillGuardrailsConfig): string[] {
  const label = `Skill ${markdownCode(resourceName, { maxLength: 200 }) || '""'}`;
  const raw = knownProp(props, "teamId");
  // Absent or null: the default, account-wide. Anything else not a number is unknown at preview.
  const teamId = raw === undefined || raw === null ? 0 : typeof raw === "number" ? raw : undefined;
  if (teamId === undefined) return [];
  const messages: string[] = [];
  if (config.requireTeamScope && !(teamId > 0)) {
    messages.push(`${label}: account-wide skill (teamId unset or 0); this stack requires team-scoped skills: set teamId`);
  }
  if (teamId > 0 && config.allowedTeamIds.length > 0 && !config.allowedTeamIds.includes(teamId)) {
    messages.push(`${label}: teamId ${teamId} is not one of the allowed teams (allowedTeamIds: ${config.allowedTeamIds.join(", ")})`);
  }
  return messages;
}
