/**
 * The drift report of a Terraform plan in JSON (`terraform show -json PLAN` of a saved
 * `terraform plan -refresh-only -out=PLAN`): the `flashdutyai_*` resources that changed on the
 * platform since the last `terraform apply`, read by the same rules as a Pulumi stack's
 * (`assembleReport.ts`), named by their addresses and Terraform's attribute names.
 *
 * Facts of Terraform's JSON plan (format_version 1.x; read from Terraform 1.11.4's output):
 * - `resource_drift`: one entry per resource instance changed outside Terraform, with `address`,
 *   `mode`, `type`, `change.actions` (`["update"]`, or `["delete"]` when the read found nothing),
 *   `change.before`, `change.after` (null when deleted), and `change.before_sensitive` /
 *   `change.after_sensitive`: `true`, or a value of the same shape whose `true` leaves mark the
 *   sensitive values. Sensitive values themselves are in `before` and `after` in plain text;
 * - `prior_state.values.root_module` (`resources`, `child_modules` with theirs): the state as the
 *   refresh left it, each resource with `address`, `mode`, `type`, `name`, `values` and
 *   `sensitive_values`; a resource whose read found nothing is not in it;
 * - `configuration.root_module`: `resources` (each `address` within its module, `expressions`
 *   with one key per attribute the configuration sets) and `module_calls.<name>.module`;
 * - `variables` and the configuration's `constant_value`s hold values in plain text, secrets
 *   included: nothing here reads them (only the names of the attributes set);
 * - write-only attributes (`env`, `headers`, `auth_config`) are null everywhere: their keys are in
 *   `env_keys`, `headers_keys`, `auth_config_keys`;
 * - `errored: true`: the plan stopped on an error, so what it holds is incomplete.
 */
import { SECRET_FIELDS as AGENT_SECRETS } from "../provider/a2aAgent/fields";
import { SECRET_FIELDS as SERVER_SECRETS } from "../provider/mcpServer/fields";
import { RESOURCE_TYPE_TOKENS, type ResourceNoun, snakeCase, terraformResourceType } from "../provider/engine/typeToken";
import { assembleReport, noDataSources } from "./assembleReport";
import { VALUE_NOT_SHOWN } from "./dataSources";
import { DriftError } from "./errors";
import { SIG_KEY } from "./mcpServers";
import type { RefreshedResource } from "./refreshEvents";
import type { DriftReport, FieldChange } from "./report";

type Props = Record<string, unknown>;

/** What the report is named by: Terraform's JSON plan has neither. */
export interface TerraformPlanNames {
  /** The Terraform workspace (`default` unless one was selected). */
  workspace: string;
  /** The configuration's folder name. */
  configuration: string;
}

/** Stands in for a write-only map: its keys cannot be seen, so `*_keys` is compared (as for a Pulumi secret). */
const WRITE_ONLY = Object.freeze({ [SIG_KEY]: "write-only" });
const WRITE_ONLY_FIELDS = new Set<string>([...SERVER_SECRETS, ...AGENT_SECRETS]);

/** Each noun's Terraform type name (`flashdutyai_mcp_server`), made from the plugin's token. */
const NOUN_OF_TYPE = new Map<string, ResourceNoun>(
  (Object.keys(RESOURCE_TYPE_TOKENS) as ResourceNoun[]).map((noun) => [terraformResourceType(RESOURCE_TYPE_TOKENS[noun][1]), noun]),
);

function isObject(value: unknown): value is Props {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** `server_name` → `serverName`: the inverse of `snakeCase` for the names it makes. */
function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `headers.X-Org` stays `headers.X-Org`, `authConfig.token` → `auth_config.token`: a field of the report in Terraform's words. */
function attributeName(field: string): string {
  const dot = field.indexOf(".");
  return dot < 0 ? snakeCase(field) : snakeCase(field.slice(0, dot)) + field.slice(dot);
}

/** Whether a sensitivity marker (`true`, or a value whose `true` leaves mark sensitive parts) marks anything. */
function marksAny(marker: unknown): boolean {
  if (marker === true) return true;
  if (Array.isArray(marker)) return marker.some(marksAny);
  return isObject(marker) && Object.values(marker).some(marksAny);
}

/** Every string of `value` under a sensitive mark of `marker` (the values never to print). */
function sensitiveStrings(value: unknown, marker: unknown, into: Set<string>): void {
  if (marker === true) {
    if (typeof value === "string") into.add(value);
    else if (Array.isArray(value)) for (const v of value) sensitiveStrings(v, true, into);
    else if (isObject(value)) for (const v of Object.values(value)) sensitiveStrings(v, true, into);
  } else if (Array.isArray(marker) && Array.isArray(value)) {
    value.forEach((v, i) => {
      sensitiveStrings(v, marker[i], into);
    });
  } else if (isObject(marker) && isObject(value)) {
    for (const [key, m] of Object.entries(marker)) sensitiveStrings(value[key], m, into);
  }
}

/** `module.a["k"].module.b` → `module.a.module.b`: a module instance's address as its configuration's. */
function moduleConfigPath(moduleAddress: string): string {
  return moduleAddress.replace(/\[(?:"(?:[^"\\]|\\.)*"|\d+)\]/g, "");
}

/** What the report needs of one Flashduty resource instance. */
interface Instance {
  address: string;
  noun: ResourceNoun;
  /** Configuration key: module path (without instance keys) and `type.name`. */
  configKey: string;
  before: Props | undefined;
  after: Props | undefined;
  /** Top-level attributes sensitive on either side ("*" when the whole object is). */
  sensitive: Set<string>;
}

function configKey(moduleAddress: unknown, type: string, name: unknown): string {
  const module = typeof moduleAddress === "string" && moduleAddress !== "" ? `${moduleConfigPath(moduleAddress)}.` : "";
  return `${module}${type}.${text(name)}`;
}

function addSensitive(into: Set<string>, marker: unknown): void {
  if (marker === true) into.add("*");
  else if (isObject(marker)) for (const [key, m] of Object.entries(marker)) if (marksAny(m)) into.add(key);
}

/** The attributes each resource's configuration sets (camelCase), by configuration key. */
function configuredFields(plan: Props): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  const visit = (module: unknown, path: string): void => {
    if (!isObject(module)) return;
    for (const resource of Array.isArray(module.resources) ? module.resources : []) {
      if (!isObject(resource) || resource.mode !== "managed" || !isObject(resource.expressions)) continue;
      const set = Object.entries(resource.expressions)
        .filter(([, e]) => !(isObject(e) && Object.hasOwn(e, "constant_value") && e.constant_value === null))
        .map(([name]) => camelCase(name));
      // A skill's `source` (its folder) is compared by its hash, as the Pulumi resource's.
      if (set.includes("source")) set.push("sourceHash");
      fields.set(`${path}${text(resource.address)}`, set);
    }
    if (isObject(module.module_calls)) {
      for (const [name, call] of Object.entries(module.module_calls)) if (isObject(call)) visit(call.module, `${path}module.${name}.`);
    }
  };
  visit(isObject(plan.configuration) ? plan.configuration.root_module : undefined, "");
  return fields;
}

/** An instance's values as the noun's drift rules read them: camelCase names, write-only maps opaque. */
function props(values: unknown): Props | undefined {
  if (!isObject(values)) return undefined;
  const out: Props = {};
  for (const [key, value] of Object.entries(values)) {
    const name = camelCase(key);
    out[name] = WRITE_ONLY_FIELDS.has(name) ? WRITE_ONLY : value;
  }
  return out;
}

/** The Flashduty instances of the plan: its refreshed state and its `resource_drift`; and every sensitive string. */
function instancesOf(plan: Props): { instances: Instance[]; secrets: Set<string> } {
  const byAddress = new Map<string, Instance>();
  const secrets = new Set<string>();
  const visit = (module: unknown): void => {
    if (!isObject(module)) return;
    for (const r of Array.isArray(module.resources) ? module.resources : []) {
      // A deposed object (left by a failed create_before_destroy; `deposed_key` in a state's values) is not the instance the configuration declares.
      const noun = isObject(r) && r.mode === "managed" && r.deposed_key === undefined && r.deposed === undefined ? NOUN_OF_TYPE.get(text(r.type)) : undefined;
      if (noun === undefined || !isObject(r)) continue;
      const values = props(r.values);
      const sensitive = new Set<string>();
      addSensitive(sensitive, r.sensitive_values);
      sensitiveStrings(r.values, r.sensitive_values, secrets);
      const key = configKey(module.address, text(r.type), r.name);
      byAddress.set(text(r.address), { address: text(r.address), noun, configKey: key, before: values, after: values, sensitive });
    }
    for (const child of Array.isArray(module.child_modules) ? module.child_modules : []) visit(child);
  };
  const prior = isObject(plan.prior_state) && isObject(plan.prior_state.values) ? plan.prior_state.values.root_module : undefined;
  visit(prior);
  for (const d of Array.isArray(plan.resource_drift) ? plan.resource_drift : []) {
    const noun = isObject(d) && d.mode === "managed" && d.deposed === undefined ? NOUN_OF_TYPE.get(text(d.type)) : undefined;
    if (noun === undefined || !isObject(d) || !isObject(d.change)) continue;
    const change = d.change;
    const before = props(change.before);
    if (before === undefined) continue;
    const sensitive = byAddress.get(text(d.address))?.sensitive ?? new Set<string>();
    addSensitive(sensitive, change.before_sensitive);
    addSensitive(sensitive, change.after_sensitive);
    sensitiveStrings(change.before, change.before_sensitive, secrets);
    sensitiveStrings(change.after, change.after_sensitive, secrets);
    const deleted = Array.isArray(change.actions) && change.actions.includes("delete");
    const key = configKey(d.module_address, text(d.type), d.name);
    byAddress.set(text(d.address), {
      address: text(d.address),
      noun,
      configKey: key,
      before,
      after: deleted ? undefined : props(change.after),
      sensitive,
    });
  }
  return { instances: [...byAddress.values()], secrets };
}

/** The identity columns of each kind of row, and the attribute each comes from. */
const IDENTITY: Record<string, Record<string, string>> = {
  servers: { serverId: "server_id", serverName: "server_name" },
  automationRules: { ruleId: "rule_id", name: "name" },
  mcpServerResources: { serverId: "server_id", serverName: "server_name" },
  skillResources: { skillId: "skill_id", skillName: "skill_name" },
  a2aAgentResources: { agentId: "agent_id", agentName: "agent_name" },
  knowledgeFiles: { path: "path" },
};

/** Whether `field` (in Terraform's words) shows a sensitive attribute of `sensitive`. */
function isSensitive(sensitive: ReadonlySet<string>, field: string): boolean {
  if (sensitive.has("*")) return true;
  const attribute = field.split(".")[0]!;
  // A knowledge file's text is named by its checksum; a skill's folder by its hash.
  const related = attribute === "content" ? ["content", "checksum"] : attribute === "source_hash" ? ["source_hash", "source"] : [attribute];
  return related.some((a) => sensitive.has(a));
}

/** A string with no sensitive value in it, or {@link VALUE_NOT_SHOWN}. */
function scrub(value: string, secrets: ReadonlySet<string>): string {
  for (const secret of secrets) if (secret.length >= 4 && value.includes(secret)) return VALUE_NOT_SHOWN;
  return value;
}

function scrubDeep(value: unknown, secrets: ReadonlySet<string>): unknown {
  if (typeof value === "string") return scrub(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, secrets));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, secrets)]));
  return value;
}

/** One drifted row in Terraform's words, with no sensitive value: address as its name, attribute names, values masked. */
function terraformRow(row: Props, kind: string, instance: Instance | undefined, secrets: ReadonlySet<string>): Props {
  const sensitive = instance?.sensitive ?? new Set<string>();
  const out: Props = { ...row, resourceName: row.urn };
  for (const [column, attribute] of Object.entries(IDENTITY[kind] ?? {})) {
    if (typeof out[column] === "string" && isSensitive(sensitive, attribute)) out[column] = VALUE_NOT_SHOWN;
  }
  if (Array.isArray(row.fields)) {
    out.fields = (row.fields as FieldChange[]).map((f) => {
      const field = attributeName(f.field);
      // A key of a write-only map (`headers.<key>`) carries no value, only whether the key is there.
      const hidden = !field.includes(".") && isSensitive(sensitive, field);
      return { field, before: hidden ? VALUE_NOT_SHOWN : f.before, after: hidden ? VALUE_NOT_SHOWN : f.after };
    });
  }
  return scrubDeep(out, secrets) as Props;
}

/** Reads `plan`'s format, or says why it is not a plan this can read. */
function checkPlan(plan: unknown): asserts plan is Props {
  if (!isObject(plan) || typeof plan.format_version !== "string") {
    throw new DriftError(
      "invalidArguments",
      "not a Terraform plan in JSON (no `format_version`): pass `terraform show -json PLAN` of a saved plan, or the plan file",
    );
  }
  if (!plan.format_version.startsWith("1.")) {
    throw new DriftError("invalidArguments", `the plan's JSON format ${JSON.stringify(plan.format_version)} is not one this version reads (1.x)`);
  }
  if (!Object.hasOwn(plan, "planned_values") && !Object.hasOwn(plan, "resource_drift")) {
    throw new DriftError(
      "invalidArguments",
      "this JSON is Terraform state, not a plan: save a plan (`terraform plan -refresh-only -out=drift.tfplan`) and pass it",
    );
  }
  if (plan.errored === true) {
    throw new DriftError(
      "previewFailed",
      "the plan stopped on an error (`errored` is true), so it is incomplete: read the errors of `terraform plan` and run it again",
    );
  }
}

/**
 * The drift report of a Terraform plan in JSON (`terraform show -json PLAN`; a refresh-only plan
 * is what a drift report wants, an ordinary plan's `resource_drift` is read the same way).
 * Pure: reads nothing but `plan`, and never a value of its `variables` or configuration.
 *
 * @throws DriftError `invalidArguments` when `plan` is not a plan in a JSON format this reads,
 *   `previewFailed` when the plan stopped on an error
 */
export function terraformDriftReport(plan: unknown, names: TerraformPlanNames): DriftReport {
  checkPlan(plan);
  const configured = configuredFields(plan);
  const { instances, secrets } = instancesOf(plan);
  const byAddress = new Map(instances.map((i) => [i.address, i]));
  const resources: RefreshedResource[] = [];
  for (const instance of instances) {
    if (instance.before === undefined) continue;
    const managed = configured.get(instance.configKey);
    resources.push({
      urn: instance.address,
      type: RESOURCE_TYPE_TOKENS[instance.noun][1],
      before: instance.before,
      after: instance.after,
      ...(managed !== undefined ? { managed } : {}),
    });
  }
  const hasState = isObject(plan.prior_state) || (Array.isArray(plan.resource_drift) && plan.resource_drift.length > 0);
  const notes = hasState ? [] : ["The configuration has no state yet (run `terraform apply` first); there is nothing to compare."];
  const report = assembleReport({ stack: names.workspace, project: names.configuration }, resources, noDataSources(), notes);
  const rows = report as unknown as Record<string, unknown>;
  for (const kind of Object.keys(IDENTITY)) {
    const list = rows[kind];
    if (Array.isArray(list)) rows[kind] = list.map((row: Props) => terraformRow(row, kind, byAddress.get(text(row.urn)), secrets));
  }
  return { ...report, terraform: { version: text(plan.terraform_version), formatVersion: plan.format_version as string } };
}
