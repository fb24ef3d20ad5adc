/**
 * `flashduty-knowledge-file-paths`: where a `KnowledgeFile` may be written. Reads only the
 * resource's inputs: no API call.
 */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { KNOWLEDGE_FILE_TYPE } from "../provider/engine/typeToken";
import { markdownCode } from "../sdk/markdownText";
import { knownProp } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";

export const KNOWLEDGE_FILE_PATHS = "flashduty-knowledge-file-paths";

/** Settings of {@link knowledgeFilePathsPolicy}. */
export interface KnowledgeFilePathsConfig {
  /**
   * Paths a `KnowledgeFile` may have: an entry ending in `/` allows every path under that folder
   * (`runbooks/`), any other entry that exact path (`DUTY.md`). Default `[]`: every path allowed.
   */
  allowedPaths: string[];
  /** Teams whose packs a `KnowledgeFile` may write (0 = the account's pack). Default `[]`: every team. */
  allowedTeamIds: number[];
}

const SCHEMA: DefaultedSchema = {
  properties: {
    allowedPaths: {
      type: "array",
      items: { type: "string", minLength: 1 },
      default: [],
      description: "Paths a KnowledgeFile may have: an entry ending in / allows a folder (runbooks/), any other one exact path (DUTY.md). Empty: every path.",
    },
    allowedTeamIds: {
      type: "array",
      items: { type: "integer", minimum: 0 },
      default: [],
      description: "Teams whose knowledge packs a KnowledgeFile may write (0 = the account's pack). Empty: every team.",
    },
  },
};

/** True for a `KnowledgeFile` (by type token). */
export function isKnowledgeFile(type: string): boolean {
  return type === KNOWLEDGE_FILE_TYPE;
}

/** Program text in a violation message: an inert code span, as the other policies show it. */
function quoted(text: string): string {
  return markdownCode(text, { maxLength: 200 }) || '""';
}

/** Whether `path` is allowed by `allowed` (see {@link KnowledgeFilePathsConfig.allowedPaths}). */
function pathAllowed(path: string, allowed: readonly string[]): boolean {
  return allowed.length === 0 || allowed.some((entry) => (entry.endsWith("/") ? path.startsWith(entry) : path === entry));
}

/**
 * Resource policy over each `KnowledgeFile`'s inputs: a `path` outside `allowedPaths`, or a
 * `teamId` outside `allowedTeamIds`, is a violation naming the resource, the path and the rule.
 * Values not known at preview are not checked. Default enforcement: mandatory (with the default
 * settings it reports nothing).
 */
export function knowledgeFilePathsPolicy(options: PolicyOptions<KnowledgeFilePathsConfig> = {}): ResourceValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: KNOWLEDGE_FILE_PATHS,
    description: "KnowledgeFile resources must write only the allowed paths of the allowed teams' knowledge packs.",
    enforcementLevel: options.enforcementLevel ?? "mandatory",
    configSchema: schema,
    validateResource: (args, reportViolation) => {
      if (!isKnowledgeFile(args.type)) return;
      const config = readConfig<KnowledgeFilePathsConfig>(schema, args.getConfig());
      for (const message of knowledgeFileViolations(args.name, args.props, config)) reportViolation(message);
    },
  };
}

/** The violation messages for one `KnowledgeFile` (its resource name and inputs) under `config`. */
export function knowledgeFileViolations(resourceName: string, props: Record<string, unknown>, config: KnowledgeFilePathsConfig): string[] {
  const messages: string[] = [];
  const path = knownProp(props, "path");
  const rawTeam = knownProp(props, "teamId");
  const teamId = rawTeam === undefined || rawTeam === null ? 0 : rawTeam;
  const label = `KnowledgeFile ${quoted(resourceName)}${typeof path === "string" ? ` (path ${quoted(path)})` : ""}`;
  if (typeof path === "string" && !pathAllowed(path, config.allowedPaths)) {
    messages.push(`${label}: the path is not allowed (allowedPaths: ${config.allowedPaths.map((p) => quoted(p)).join(", ")})`);
  }
  if (typeof teamId === "number" && config.allowedTeamIds.length > 0 && !config.allowedTeamIds.includes(teamId)) {
    messages.push(`${label}: team ${teamId} is not allowed (allowedTeamIds: ${config.allowedTeamIds.join(", ")}; 0 = the account's pack)`);
  }
  return messages;
}
