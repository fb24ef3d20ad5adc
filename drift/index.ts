/**
 * Drift reports for pull-request previews (`pulumi-flashduty/drift`): what changed on the
 * Flashduty platform behind a stack's back since its last `pulumi up`, found with a refresh
 * preview (`pulumi preview --refresh`), or behind a Terraform configuration's back since its last
 * `terraform apply`, found with a refresh-only plan; rendered as Markdown or JSON. The command
 * `pulumi-flashduty drift` is a thin shell around these.
 *
 * @packageDocumentation
 */
export { detectDrift, type DetectDriftOptions } from "./detectDrift";
export { detectTerraformDrift, type DetectTerraformDriftOptions } from "./detectTerraformDrift";
export { terraformDriftReport, type TerraformPlanNames } from "./terraformPlan";
export { DriftError, type DriftErrorKind } from "./errors";
export {
  renderMarkdown,
  reportMarker,
  DEFAULT_MAX_ROWS,
  DEFAULT_MAX_LENGTH,
  GITHUB_COMMENT_LIMIT,
  MIN_MAX_LENGTH,
  type MarkdownOptions,
} from "./markdown";
export { renderJson } from "./json";
export { compareDataSourceOutputs, type DataSourceDrift } from "./dataSources";
export {
  DRIFT_REPORT_VERSION,
  type A2aAgentResourceDrift,
  type ChangeCounts,
  type DriftReport,
  type FieldChange,
  type ItemChange,
  type ItemChangeKind,
  type KnowledgeFileResourceDrift,
  type McpServerResourceDrift,
  type NextUpAction,
  type ObservedServerState,
  type RuleResourceDrift,
  type ServerDrift,
  type SkillResourceDrift,
  type TerraformPlanSource,
} from "./report";
