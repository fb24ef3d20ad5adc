/**
 * The drift report: what `detectDrift` found, independent of how it is printed (Markdown for a
 * pull-request comment, JSON for tools). Everything here is plain JSON data.
 */

/** Version of the JSON shape; raised on any incompatible change. */
export const DRIFT_REPORT_VERSION = 1;

/** What a refresh observed for a server that the stack declares disabled. */
export type ObservedServerState = "enabled" | "deleted";

/**
 * What the next `pulumi up` does about one drifted `McpServerDisablement`:
 * - `disable`: the update step disables the server again (one API call);
 * - `failNotFound`: the refresh drops the resource from state (the provider's read finds no
 *   server), so `up` creates it again, and the create fails with
 *   `MCP server '<id>' not found` until the server exists again or the resource is removed
 *   from the program.
 */
export type NextUpAction = "disable" | "failNotFound";

/** One `McpServerDisablement` whose server is not disabled on the platform. */
export interface ServerDrift {
  /** The resource's URN in the stack. */
  urn: string;
  /** The resource's name in the program (the last URN segment). */
  resourceName: string;
  /** The MCP server's id (`serverId`). */
  serverId: string;
  /** Display name as last read into state; "" when state has none. */
  serverName: string;
  /** Always "disabled": what the resource declares. */
  declared: "disabled";
  observed: ObservedServerState;
  nextUp: NextUpAction;
}

/**
 * One `AutomationRule` resource whose rule the platform holds otherwise than the stack declares:
 * edited in the console (`changed`: the declared fields that differ) or deleted (`deleted`).
 * The next `pulumi up` puts the declared fields back with one update (`update`), or makes the
 * rule again (`create`: the refresh drops the deleted rule from state).
 */
export interface RuleResourceDrift {
  urn: string;
  /** The resource's name in the program (the last URN segment). */
  resourceName: string;
  ruleId: string;
  /** The rule name the stack declares. */
  name: string;
  observed: "changed" | "deleted";
  /** For `changed`: the declared fields that differ, `before` = declared (state), `after` = the platform's; sorted by name. */
  fields: FieldChange[];
  nextUp: "update" | "create";
}

/**
 * One `McpServer` resource whose server the platform holds otherwise than the stack declares:
 * edited in the console (`changed`: the declared fields that differ) or deleted (`deleted`).
 * The next `pulumi up` puts the declared fields back with one update (`update`), makes the
 * server again (`create`: the refresh drops the deleted server from state), or, for a server
 * the resource adopted (`serverId` input), fails (`failNotFound`: `up` tries to adopt it again
 * and finds no server).
 */
export interface McpServerResourceDrift {
  urn: string;
  /** The resource's name in the program (the last URN segment). */
  resourceName: string;
  /** The server's id (`mcp_...`) as recorded in state. */
  serverId: string;
  /** The server name the stack declares (as recorded in state). */
  serverName: string;
  observed: "changed" | "deleted";
  /**
   * For `changed`: the declared fields that differ, `before` = declared (state), `after` = the
   * platform's; sorted by name. `env` and `headers` are named key by key (`headers.<key>`), and
   * only when their keys can be seen: their values are `null` (key absent) or
   * `"(value not shown)"`, never the value. A field that holds a Pulumi secret is named with
   * both values `"(value not shown)"`.
   */
  fields: FieldChange[];
  nextUp: "update" | "create" | "failNotFound";
}

/**
 * One `Skill` resource whose skill the platform holds otherwise than the stack declares:
 * re-uploaded or edited in the console (`changed`: the declared fields that differ; a re-upload
 * as `sourceHash`) or deleted (`deleted`). The next `pulumi up` uploads the stack's archive again
 * over the same id (`upload`), puts the declared fields back with one update (`update`), uploads
 * the skill again (`create`), or, for an adopted skill (`skillId` input), fails (`failNotFound`).
 */
export interface SkillResourceDrift {
  urn: string;
  /** The resource's name in the program (the last URN segment). */
  resourceName: string;
  /** The skill's id (`skill_...`) as recorded in state. */
  skillId: string;
  /** The skill's name as recorded in state. */
  skillName: string;
  observed: "changed" | "deleted";
  /** For `changed`: the declared fields that differ, `before` = declared (state), `after` = the platform's; sorted by name. */
  fields: FieldChange[];
  nextUp: "upload" | "update" | "create" | "failNotFound";
}

/**
 * One `A2aAgent` resource whose agent the platform holds otherwise than the stack declares:
 * edited in the console (`changed`) or deleted (`deleted`). The next `pulumi up` puts the
 * declared fields back (`update`), makes the agent again (`create`), or, for an adopted agent
 * (`agentId` input), fails (`failNotFound`).
 */
export interface A2aAgentResourceDrift {
  urn: string;
  /** The resource's name in the program (the last URN segment). */
  resourceName: string;
  /** The agent's id (`a2a_...`) as recorded in state. */
  agentId: string;
  /** The agent name the stack declares (as recorded in state). */
  agentName: string;
  observed: "changed" | "deleted";
  /**
   * For `changed`: the declared fields that differ, `before` = declared (state), `after` = the
   * platform's; sorted by name. `authConfig` is named key by key (`authConfig.<key>`), never a
   * value, as `McpServerResourceDrift` names `headers`.
   */
  fields: FieldChange[];
  nextUp: "update" | "create" | "failNotFound";
}

/**
 * One `KnowledgeFile` resource whose file the platform holds otherwise than the stack declares:
 * its text edited in the console (`changed`: one field `content`, each side
 * `sha256:<12 hex>, <n> lines`, never the text) or the file deleted (`deleted`). The next
 * `pulumi up` writes the declared text back (`update`) or writes the file again (`create`).
 */
export interface KnowledgeFileResourceDrift {
  urn: string;
  /** The resource's name in the program (the last URN segment). */
  resourceName: string;
  /** 0 for the account's pack; otherwise the pack's team. */
  teamId: number;
  /** The file's path in its pack. */
  path: string;
  observed: "changed" | "deleted";
  fields: FieldChange[];
  nextUp: "update" | "create";
}

/** How one rule or template differs between the last `up` and now. */
export type ItemChangeKind = "added" | "removed" | "changed";

/** One changed field of a rule or template. `before`/`after` are the output values (JSON). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * One automation rule, template or MCP server that was added, removed or changed on the platform
 * since the last `up`, as seen in one exported stack output.
 */
export interface ItemChange {
  /** Where the list sits in the stack outputs, dotted (e.g. `rules.rules`, `templates.en-US.templates`). */
  output: string;
  kind: ItemChangeKind;
  /** Rules: `ruleId`; templates: `name` (a template's identity within its locale); MCP servers: `serverId`. */
  id: string;
  /** Display name (the `name` field; for templates the same as `id`; for MCP servers `serverName`). */
  name: string;
  /** Templates: the `locale` next to the list in the output, when there is one. */
  locale?: string;
  /**
   * For `changed`: the fields that differ, sorted by name. Empty for `added` / `removed`. An MCP
   * server's `env` and `headers` are compared key by key (`env.<key>`): a value is shown only when
   * it is the platform's mask `******` (`null` when the key is absent); any other value is
   * `"(value not shown)"`, never the value itself.
   */
  fields: FieldChange[];
}

/** Counts of one kind of item. */
export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
}

/**
 * Where a report read from a Terraform plan came from (`pulumi-flashduty drift --terraform`,
 * `detectTerraformDrift`). In such a report `stack` is the Terraform workspace, `project` the
 * configuration's folder name, `urn` and `resourceName` the resource's address
 * (`flashdutyai_mcp_server.grafana`), and field names Terraform's attribute names (snake_case).
 */
export interface TerraformPlanSource {
  /** The plan's `terraform_version` (OpenTofu's version for a plan made by `tofu`). */
  version: string;
  /** The plan JSON's `format_version`. */
  formatVersion: string;
}

/** The result of `detectDrift` (a Pulumi stack) or `detectTerraformDrift` (a Terraform plan). */
export interface DriftReport {
  /** {@link DRIFT_REPORT_VERSION}. */
  version: typeof DRIFT_REPORT_VERSION;
  /** Stack name as selected. */
  stack: string;
  /** Project name from Pulumi.yaml. */
  project: string;
  /** true when anything below changed: the command then exits 2. */
  drift: boolean;
  /** `McpServerDisablement` resources found in state (drifted or not). */
  checkedServers: number;
  /** Rule, template and MCP server lists found in both the last `up`'s outputs and the preview's. */
  checkedOutputs: string[];
  /** Drifted servers, sorted by `serverId` then URN. */
  servers: ServerDrift[];
  /** Rule changes, sorted by output, kind (added, removed, changed), name, id. */
  rules: ItemChange[];
  /** Template changes, sorted the same way. */
  templates: ItemChange[];
  /**
   * Counts of each list; `mcpServers` is present only when {@link DriftReport.mcpServers} is.
   */
  summary: {
    servers: number;
    rules: ChangeCounts;
    templates: ChangeCounts;
    mcpServers?: ChangeCounts;
    skills?: ChangeCounts;
    listedKnowledgeFiles?: ChangeCounts;
  };
  /** Things the reader should know that are not drift (e.g. an output the program added since the last `up`). */
  notes: string[];
  /** `AutomationRule` resources found in state; present only when the stack has any. */
  checkedAutomationRules?: number;
  /** Drifted `AutomationRule` resources, sorted by name, then URN; present only when the stack has any. */
  automationRules?: RuleResourceDrift[];
  /**
   * MCP server changes in exported server lists (`getMcpServers`), sorted like `rules`; present
   * only when such a list was compared. Not to be confused with `servers` (`McpServerDisablement`).
   */
  mcpServers?: ItemChange[];
  /** `McpServer` resources found in state; present only when the stack has any. */
  checkedMcpServerResources?: number;
  /**
   * Drifted `McpServer` resources, sorted by `serverName`, then URN; present only when the stack
   * has any. Not to be confused with `servers` (`McpServerDisablement`) or `mcpServers` (lists in
   * the outputs).
   */
  mcpServerResources?: McpServerResourceDrift[];
  /** Skill changes in exported skill lists (`getSkills`), sorted like `rules`; present only when such a list was compared. */
  skills?: ItemChange[];
  /** `Skill` resources found in state; present only when the stack has any. */
  checkedSkillResources?: number;
  /** Drifted `Skill` resources, sorted by `skillName`, then URN; present only when the stack has any. */
  skillResources?: SkillResourceDrift[];
  /** `A2aAgent` resources found in state; present only when the stack has any. */
  checkedA2aAgentResources?: number;
  /** Drifted `A2aAgent` resources, sorted by `agentName`, then URN; present only when the stack has any. */
  a2aAgentResources?: A2aAgentResourceDrift[];
  /**
   * Knowledge file changes in exported file lists (`getKnowledgeFiles`), sorted like `rules` (the
   * name is `<teamId>/<path>`, the id the `fileId`); present only when such a list was compared.
   */
  listedKnowledgeFiles?: ItemChange[];
  /** `KnowledgeFile` resources found in state; present only when the stack has any. */
  checkedKnowledgeFiles?: number;
  /** Drifted `KnowledgeFile` resources, sorted by team, path, then URN; present only when the stack has any. */
  knowledgeFiles?: KnowledgeFileResourceDrift[];
  /** Present only for a report read from a Terraform plan: which Terraform made it. */
  terraform?: TerraformPlanSource;
}

/** Code-point order of two strings, independent of the machine's locale (reports are reproducible). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
