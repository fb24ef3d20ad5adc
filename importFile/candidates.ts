/**
 * What an account holds, read for an import file: every object the app key can see, one
 * {@link Candidate} each, through the client's listing operations (which page completely and
 * share the client's rate limits). Nothing secret is kept: of a secret map only the keys whose
 * values the platform answered masked (`MASKED_VALUE` of `wire/protocol.ts`), and the inputs the
 * resource's `read` would answer (`importedCheck.ts`), where the platform answers such values masked.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient } from "../sdk";
import { MASKED_VALUE } from "../wire/protocol";
import {
  a2aAgentImportInputs,
  automationRuleImportInputs,
  type CheckFailure,
  type Inputs,
  knowledgeFileImportInputs,
  mcpServerImportInputs,
} from "./importedCheck";

/** The kinds an import file can hold, by the name `--kind` takes. */
export const KINDS = ["mcpServer", "automationRule", "a2aAgent", "knowledgeFile", "skill"] as const;
/** One of {@link KINDS}. */
export type Kind = (typeof KINDS)[number];

/**
 * The provider plugin's type token of each kind, and of a disablement (`plugin/schema.json`, a
 * frozen contract; `test/importFile/importFile.unit.test.ts` checks them against the declarations).
 */
export const TYPE_TOKENS = {
  mcpServer: "flashduty:index:McpServer",
  mcpServerDisablement: "flashduty:index:McpServerDisablement",
  automationRule: "flashduty:index:AutomationRule",
  a2aAgent: "flashduty:index:A2aAgent",
  knowledgeFile: "flashduty:index:KnowledgeFile",
  skill: "flashduty:index:Skill",
} as const;

/** One object of the account as the import file needs it. */
export interface Candidate {
  kind: Kind;
  /** The platform's id (`mcp_...`, `arule_...`, `a2a_...`, `<teamId>/<path>` for a knowledge file, `skill_...`). */
  id: string;
  /** The platform's name (a knowledge file's path); untrusted text. */
  name: string;
  /** Owning team; 0 = account-wide (a personal rule: 0 too). */
  teamId: number;
  /** Whether the app key may edit it (`can_edit`; a knowledge file: its pack's). */
  canEdit: boolean;
  /**
   * Creation time, epoch ms: what orders duplicate names, so it must never change. A knowledge
   * file's is its pack's (the platform answers only a file's last update, which an edit moves;
   * two files of one name are in two packs, so the older pack's keeps the plain name).
   */
  createdAt: number;
  /** MCP servers: whether it is disabled. */
  disabled?: boolean;
  /** The keys of the secret maps whose values the platform answered masked, as `field.key` (`headers.Authorization`). */
  maskedSecrets: string[];
  /**
   * The inputs the resource's `read` answers for it on an import (`importedCheck.ts`): values as
   * the platform answers them (secrets masked; a knowledge file's text a stand-in). Absent for a
   * skill (never imported).
   */
  importInputs?: Inputs;
  /**
   * What the resource's own `check` still refuses after an import (`failuresAfterImport`): a value
   * no program could declare as the platform holds it. Set by `withCheckFailures`; absent when it
   * passes or was not checked.
   */
  checkFailures?: CheckFailure[];
}

/**
 * Reads every object of `kinds` the app key can see. Operations: `mcp/server/list`,
 * `automation/rule/list`, `a2a-agent/list`, `skill/list` (every page of each), and
 * `knowledge/pack/list` then `knowledge/file/list` per pack; all at once, each paced by the
 * client's rate limit of its operation.
 *
 * @throws the client's errors (`FlashdutyApiError`, `FlashdutyNetworkError`, ...), whose
 *   messages hold no key.
 */
export async function readCandidates(client: FlashdutyClient, kinds: ReadonlySet<Kind>): Promise<Candidate[]> {
  return (await Promise.all(candidateLists(client, kinds))).flat();
}

/**
 * The listings of {@link readCandidates}, started at once, one promise per kind (in the order of
 * {@link KINDS}), so a caller can work on each as it arrives.
 */
export function candidateLists(client: FlashdutyClient, kinds: ReadonlySet<Kind>): Array<Promise<Candidate[]>> {
  const readers: Record<Kind, (client: FlashdutyClient) => Promise<Candidate[]>> = {
    mcpServer: readServers,
    automationRule: readRules,
    a2aAgent: readAgents,
    knowledgeFile: readKnowledgeFiles,
    skill: readSkills,
  };
  return KINDS.filter((kind) => kinds.has(kind)).map((kind) => readers[kind](client));
}

/**
 * `field.key` of each key of `map` whose value the platform answered masked (the values are
 * never kept). A value it shows (`GITHUB_HOST: github.com`) is no secret to fill in: the
 * program `pulumi import` writes holds it.
 */
function keysOf(field: string, map: Record<string, string> | undefined): string[] {
  return Object.entries(map ?? {})
    .filter(([, value]) => value === MASKED_VALUE)
    .map(([key]) => `${field}.${key}`)
    .sort();
}

async function readServers(client: FlashdutyClient): Promise<Candidate[]> {
  const servers = await client.mcpServers.listAllAsArray();
  return servers.map((s) => ({
    kind: "mcpServer",
    id: s.serverId,
    name: s.serverName,
    teamId: s.teamId,
    canEdit: s.canEdit,
    createdAt: s.createdAt,
    disabled: s.status === "disabled",
    // Every value of env and headers is a secret input of McpServer (written only from the program).
    maskedSecrets: [...keysOf("env", s.env), ...keysOf("headers", s.headers)],
    importInputs: mcpServerImportInputs(s),
  }));
}

async function readRules(client: FlashdutyClient): Promise<Candidate[]> {
  const rules = await client.automationRules.listAllAsArray();
  return rules.map((r) => ({
    kind: "automationRule",
    id: r.ruleId,
    name: r.name,
    teamId: r.teamId,
    canEdit: r.canEdit,
    createdAt: r.createdAt,
    maskedSecrets: [],
    importInputs: automationRuleImportInputs(r),
  }));
}

async function readAgents(client: FlashdutyClient): Promise<Candidate[]> {
  const agents = await client.a2aAgents.listAllAsArray();
  return agents.map((a) => ({
    kind: "a2aAgent",
    id: a.agentId,
    name: a.agentName,
    teamId: a.teamId,
    canEdit: a.canEdit,
    createdAt: a.createdAt,
    maskedSecrets: keysOf("authConfig", a.authConfig),
    importInputs: a2aAgentImportInputs(a),
  }));
}

async function readSkills(client: FlashdutyClient): Promise<Candidate[]> {
  const skills = await client.skills.listAllAsArray();
  return skills.map((s) => ({
    kind: "skill",
    id: s.skillId,
    name: s.skillName,
    teamId: s.teamId,
    canEdit: s.canEdit,
    createdAt: s.createdAt,
    maskedSecrets: [],
  }));
}

/**
 * The files of every pack the key can read (legacy `channel` packs left out: `KnowledgeFile`
 * names a pack by team): the account's pack is team 0, a team's pack its team. The import id is `<teamId>/<path>`, as `KnowledgeFile` reads it.
 */
async function readKnowledgeFiles(client: FlashdutyClient): Promise<Candidate[]> {
  const packs = (await client.knowledge.listAllPacks()).filter((p) => p.scope === "account" || p.scope === "team");
  const perPack = await Promise.all(
    packs.map(async (pack) => {
      const teamId = pack.scope === "account" ? 0 : pack.scopeId;
      const { files } = await client.knowledge.listFiles({ packId: pack.packId });
      return files.map(
        (f): Candidate => ({
          kind: "knowledgeFile",
          id: `${teamId}/${f.relPath}`,
          name: f.relPath,
          teamId,
          canEdit: pack.canEdit,
          createdAt: pack.createdAtMs,
          maskedSecrets: [],
          importInputs: knowledgeFileImportInputs(teamId, f.relPath),
        }),
      );
    }),
  );
  return perPack.flat();
}
