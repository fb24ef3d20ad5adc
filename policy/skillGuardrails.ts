/**
 * `flashduty-skill-guardrails`: where a `Skill` may live. Reads only the resource's inputs (no
 * API call, no archive read): platform teams keep skills team-scoped by default, and may limit
 * them to some teams or forbid adopting skills made in the console.
 */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { markdownCode } from "../sdk/markdownText";
import { SKILL_TYPE } from "../provider/engine/typeToken";
import { knownProp } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";

export const SKILL_GUARDRAILS = "flashduty-skill-guardrails";

/** Settings of {@link skillGuardrailsPolicy}. */
export interface SkillGuardrailsConfig {
  /** Every `Skill` must belong to a team (`teamId` > 0); default true (account-wide skills reach every team's AI SRE). */
  requireTeamScope: boolean;
  /** Teams a `Skill` may belong to; default `[]` = any team. */
  allowedTeamIds: number[];
  /** Allow adopting a skill made elsewhere (`skillId` input); default true. */
  allowAdoption: boolean;
}

const SCHEMA: DefaultedSchema = {
  properties: {
    requireTeamScope: {
      type: "boolean",
      default: true,
      description: "Every Skill must set teamId to a team (> 0); account-wide skills are reported.",
    },
    allowedTeamIds: {
      type: "array",
      items: { type: "integer" },
      default: [],
      description: "Teams a Skill may belong to; empty = any team.",
    },
    allowAdoption: { type: "boolean", default: true, description: "Allow a Skill to adopt an existing skill with skillId." },
  },
};

function quoted(text: string): string {
  return markdownCode(text, { maxLength: 200 }) || '""';
}

/**
 * Resource policy over each `Skill`'s inputs: an account-wide skill (`teamId` unset or 0) under
 * `requireTeamScope`, a team outside `allowedTeamIds`, a `skillId` adoption where `allowAdoption`
 * is false. Each violation names the resource and the field; values not known at preview are not
 * checked. Default enforcement: advisory.
 */
export function skillGuardrailsPolicy(options: PolicyOptions<SkillGuardrailsConfig> = {}): ResourceValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: SKILL_GUARDRAILS,
    description: "Skill resources must be team-scoped where required, in an allowed team, and adopt only where allowed.",
    enforcementLevel: options.enforcementLevel ?? "advisory",
    configSchema: schema,
    validateResource: (args, reportViolation) => {
      if (args.type !== SKILL_TYPE) return;
      const config = readConfig<SkillGuardrailsConfig>(schema, args.getConfig());
      for (const message of skillViolations(args.name, args.props, config)) reportViolation(message);
    },
  };
}

/** The violation messages for one `Skill` (its resource name and inputs) under `config`. */
export function skillViolations(resourceName: string, props: Record<string, unknown>, config: SkillGuardrailsConfig): string[] {
  const label = `Skill ${quoted(resourceName)}`;
  const messages: string[] = [];
  const raw = knownProp(props, "teamId");
  const teamId = raw === undefined || raw === null ? 0 : raw;
  if (typeof teamId === "number") {
    if (config.requireTeamScope && !(teamId > 0)) {
      messages.push(`${label}: account-wide skill (teamId unset or 0); this stack requires team-scoped skills: set teamId`);
    } else if (teamId > 0 && config.allowedTeamIds.length > 0 && !config.allowedTeamIds.includes(teamId)) {
      messages.push(`${label}: team ${teamId} is not allowed (allowedTeamIds: ${config.allowedTeamIds.join(", ")})`);
    }
  }
  const skillId = knownProp(props, "skillId");
  if (!config.allowAdoption && typeof skillId === "string" && skillId !== "") {
    messages.push(`${label}: adopts the existing skill ${quoted(skillId)} (skillId); this stack does not allow adoption: remove skillId`);
  }
  return messages;
}
