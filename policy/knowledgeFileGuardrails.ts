/**
 * `flashduty-knowledge-file-guardrails`: where a `KnowledgeFile` may be written. Reads only the
 * resource's inputs: no API call, and never the file's content.
 */
import type { ResourceValidationPolicy } from "@pulumi/policy";
// picomatch: the glob dialect users know from .gitignore-like settings and CI path filters,
// maintained and dependency-free; a matcher of our own would be a dialect nobody knows.
import picomatch from "picomatch";
import { isResourceType } from "../provider/engine/typeToken";
import { markdownCode } from "../sdk/markdownText";
import { knownProp } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";

export const KNOWLEDGE_FILE_GUARDRAILS = "flashduty-knowledge-file-guardrails";

/** Settings of {@link knowledgeFileGuardrailsPolicy}. */
export interface KnowledgeFileGuardrailsConfig {
  /**
   * Globs (picomatch, `**` crosses folders, dotfiles included) a `KnowledgeFile`'s `path` must
   * match one of; default `["**"]`: any path.
   */
  allowedPaths: string[];
  /** Every `KnowledgeFile` must be in a team's pack (`teamId` > 0); default false (the account's pack allowed). */
  requireTeamScope: boolean;
}

const SCHEMA: DefaultedSchema = {
  properties: {
    allowedPaths: {
      type: "array",
      items: { type: "string", minLength: 1 },
      default: ["**"],
      description: 'Globs a KnowledgeFile path must match one of, e.g. ["DUTY.md", "runbooks/**/*.md"]; "**" crosses folders.',
    },
    requireTeamScope: {
      type: "boolean",
      default: false,
      description: "Every KnowledgeFile must set teamId to a team (> 0); files of the account's pack (every team's AI SRE reads them) are reported.",
    },
  },
};

/** True for a `KnowledgeFile`, by type token in either form (`pulumi-nodejs:dynamic/flashduty:KnowledgeFile`, `flashduty:index:KnowledgeFile`). */
export function isKnowledgeFile(type: string): boolean {
  return isResourceType(type, "KnowledgeFile");
}

/**
 * Resource policy over each `KnowledgeFile`'s inputs; each violation names the resource and the
 * field: a `path` that matches none of `allowedPaths`, a file of the account's pack (`teamId`
 * unset or 0) under `requireTeamScope`. A value not known at preview is not checked. Default
 * enforcement: advisory.
 */
export function knowledgeFileGuardrailsPolicy(options: PolicyOptions<KnowledgeFileGuardrailsConfig> = {}): ResourceValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: KNOWLEDGE_FILE_GUARDRAILS,
    description: "KnowledgeFile resources must be written under an allowed path, and to a team's pack where required.",
    enforcementLevel: options.enforcementLevel ?? "advisory",
    configSchema: schema,
    validateResource: (args, reportViolation) => {
      if (!isKnowledgeFile(args.type)) return;
      const config = readConfig<KnowledgeFileGuardrailsConfig>(schema, args.getConfig());
      for (const message of knowledgeFileViolations(args.name, args.props, config)) reportViolation(message);
    },
  };
}

/** Program text in a violation message: an inert code span, as the other policies show it. */
function quoted(text: string): string {
  return markdownCode(text, { maxLength: 200 }) || '""';
}

/** The violation messages for one `KnowledgeFile` (its resource name and inputs) under `config`. */
export function knowledgeFileViolations(resourceName: string, props: Record<string, unknown>, config: KnowledgeFileGuardrailsConfig): string[] {
  const label = `KnowledgeFile ${quoted(resourceName)}`;
  const messages: string[] = [];
  const path = knownProp(props, "path");
  if (typeof path === "string" && !picomatch.isMatch(path, config.allowedPaths, { dot: true })) {
    const allowed = config.allowedPaths.length === 0 ? "none" : config.allowedPaths.map((p) => quoted(p)).join(", ");
    messages.push(`${label}: path ${quoted(path)} is not under an allowed path (allowedPaths: ${allowed})`);
  }
  const raw = knownProp(props, "teamId");
  const teamId = raw === undefined || raw === null ? 0 : typeof raw === "number" ? raw : undefined;
  if (config.requireTeamScope && teamId !== undefined && !(teamId > 0)) {
    messages.push(`${label}: a file of the account's pack (teamId unset or 0); this stack requires team packs: set teamId`);
  }
  return messages;
}
