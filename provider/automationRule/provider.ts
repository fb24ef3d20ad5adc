/**
 * Implementation of the `AutomationRule` dynamic provider: the code the engine's `pulumi-nodejs`
 * plugin runs for check, diff, create, read, update and delete.
 *
 * FROZEN CONTRACT: the provider text stored in every stack's state (`automationRule.ts`) loads
 * this module by its path `pulumi-flashduty/provider/automationRuleProvider` and calls
 * `configure`, `check`, `diff`, `create`, `read`, `update` and `deleteResource`; those names and
 * that path must never change or disappear. The installed package version decides the behaviour
 * of `refresh` and `destroy`, not the version that created the resource.
 *
 * @packageDocumentation
 */

import { DECLARED_FIELDS, type DeclaredField } from "./fields";
import { isUnknown, UNKNOWN_VALUE } from "../engine/unknown";
import { failuresAgainstState, programInputs, setFields, withDefaults } from "../engine/programFields";
import type { Equal } from "../../wire/typeAssert";
import type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult } from "../engine/operations";
import type { AutomationRule as Rule, AutomationRuleFields, AutomationRuleWithToken, RuleSeverity, UpdateAutomationRuleParams } from "../../sdk";
import { DEFAULT_BASE_URL } from "../../sdk/client";
import { FlashdutyApiError, isFlashdutyApiError } from "../../sdk/errors";
import { ruleFieldProblems } from "../../sdk/resources/automationRuleModel";
import { stackSettings } from "../client/stackSettings";
import { untilSettled } from "../engine/gracefulShutdown";
import { describeRuleAccessDenied } from "./accessDenied";
import { adoptInterruptedRule, claimRule } from "./interruptedCreate";
import { adoptedInThisProcess } from "../engine/interruptedCreate";
import { noteKeyMember } from "../client/keyMember";
import { beginRateLimitNotice } from "../client/rateLimitNotice";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { goneRecipe } from "../engine/frontDoor";
/** The operation shapes these functions answer (`../engine/operations.ts`). */
export type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult, ConfigSettings } from "../engine/operations";

/** The declared fields, with the defaults a create fills in for the fields a program leaves out. */
export interface AutomationRuleDeclared {
  name: string;
  prompt: string;
  cronExpr: string;
  /** Default `"UTC"`. */
  timezone: string;
  /** Default 0 (personal). Changing it replaces the rule. */
  teamId: number;
  /** Default true. */
  enabled: boolean;
  /** Default true. */
  scheduleTriggerEnabled: boolean;
  /** Default false. */
  httpPostTriggerEnabled: boolean;
  /** Default false. */
  oncallIncidentTriggerEnabled: boolean;
  /** Default `[]`. */
  oncallIncidentChannelIds: number[];
  /** Default `[]`. */
  oncallIncidentSeverities: RuleSeverity[];
  /** Default `""`. */
  environmentKind: "" | "cloud" | "byoc";
  /** Default `""`. */
  environmentId: string;
}

/**
 * Inputs after `check`: what the engine stores as the resource's inputs. Typed as the declared
 * fields, but a field the program leaves out is absent (not managed; create fills its default).
 */
export interface AutomationRuleInputs extends AutomationRuleDeclared {
  /** Any value; changing it rotates the HTTP POST token. */
  httpPostTokenRotation?: string;
  /** Adoption: the id of an existing rule to take over instead of creating one. */
  ruleId?: string;
}

/** Outputs (state) of the resource; see `AutomationRule` for the meaning of each. */
export interface AutomationRuleOutputs extends AutomationRuleDeclared {
  ruleId: string;
  /** The `ruleId` input when the rule was adopted. */
  adoptedRuleId?: string;
  httpPostTokenRotation?: string;
  ownerId: number;
  runScope: string;
  scheduleTriggerId?: string;
  httpPostTriggerId?: string;
  /** Full URL: the API base URL joined with the platform's path. */
  httpPostTriggerUrl?: string;
  /** SECRET (additionalSecretOutputs): kept from the create or rotation that returned it. */
  httpPostToken?: string;
  oncallIncidentTriggerId?: string;
  scheduleNextFireAtMs: number;
  createdAt: number;
  updatedAt: number;
}

const UNKNOWN = UNKNOWN_VALUE;

// Every declared field is a key of AutomationRuleDeclared, and every key is declared.
true satisfies Equal<DeclaredField, keyof AutomationRuleDeclared>;

const DEFAULTS: Omit<AutomationRuleDeclared, "name" | "prompt" | "cronExpr"> = {
  timezone: "UTC",
  teamId: 0,
  enabled: true,
  scheduleTriggerEnabled: true,
  httpPostTriggerEnabled: false,
  oncallIncidentTriggerEnabled: false,
  oncallIncidentChannelIds: [],
  oncallIncidentSeverities: [],
  environmentKind: "",
  environmentId: "",
};

const settings = stackSettings();

/** Receives the stack config (secrets decrypted) once per plugin process, i.e. per update. */
export async function configure(req: ConfigureRequest): Promise<void> {
  settings.configure(req);
}

const client = () => settings.client();

/** The API base URL the rule's trigger path is joined to (no trailing slash). */
function baseUrl(): string {
  return (settings.config().baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * Validates before any API call: each failure names the input and the rule it breaks (name 1-255
 * characters, non-empty prompt, the platform's cron dialect, an IANA time zone, severities,
 * positive channel ids, at least one of each when the on-call trigger is enabled, environmentId
 * only with byoc). A field the program leaves out is not managed (`../engine/programFields.ts`):
 * the inputs keep it out and create fills its default. A value the state already holds passes
 * while the program keeps it (a rule older than today's rules: a legacy cron, no time zone, an
 * on-call trigger whose channels were deleted); values not known yet (preview) are skipped.
 */
export async function check(olds: Partial<AutomationRuleInputs>, news: Record<string, unknown>): Promise<CheckResult<AutomationRuleInputs>> {
  const inputs = programInputs(news);
  const failures: CheckFailure[] = [];
  for (const key of ["name", "prompt", "cronExpr"] as const) {
    if (inputs[key] !== undefined) continue;
    failures.push({
      property: key,
      reason: `${key} is required${key === "cronExpr" ? ' (for a rule with only an HTTP POST trigger use the placeholder "0 0 * * *" with scheduleTriggerEnabled: false)' : ""}`,
    });
  }
  failures.push(
    ...failuresAgainstState(DECLARED_FIELDS, DEFAULTS, olds as Record<string, unknown>, inputs, judge, (key, a, b) => same(key as DeclaredField, a, b)),
  );
  for (const key of ["ruleId", "httpPostTokenRotation"] as const) {
    const value = inputs[key];
    if (value === undefined || value === UNKNOWN) continue;
    if (typeof value !== "string" || value.trim() === "") {
      failures.push({
        property: key,
        reason:
          key === "ruleId"
            ? `ruleId must be the id of an existing rule to adopt, such as 'arule_0123abcd' (got ${describe(value)})`
            : `httpPostTokenRotation must be a non-empty string; change it to rotate the HTTP POST token (got ${describe(value)})`,
      });
    }
  }
  return { inputs: inputs as unknown as AutomationRuleInputs, failures };
}

/** The rules over a rule's full set of values (defaults and state under the program's). */
function judge(values: Record<string, unknown>): CheckFailure[] {
  const known: Record<string, unknown> = {};
  for (const key of DECLARED_FIELDS) if (values[key] !== undefined && !isUnknown(values[key])) known[key] = values[key];
  // A cross-field rule needs both sides known; an unknown side leaves it to the next check.
  if (isUnknown(values.oncallIncidentTriggerEnabled)) delete known.oncallIncidentTriggerEnabled;
  if (isUnknown(values.environmentKind)) delete known.environmentId;
  return ruleFieldProblems(known, false).map((problem) => ({ property: problem.field, reason: problem.problem }));
}

/** Lists compared as sets; a legacy empty time zone equals UTC. */
function same(key: (typeof DECLARED_FIELDS)[number], a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = new Set(Array.isArray(a) ? a : []);
    const y = new Set(Array.isArray(b) ? b : []);
    return x.size === y.size && [...x].every((v) => y.has(v));
  }
  if (key === "timezone") return (a || "UTC") === (b || "UTC");
  return a === b;
}

/**
 * The declared fields the program sets whose new value differs from the old one (an unknown new
 * value counts as different). Exported for tests only: not one of the module's frozen names.
 *
 * @internal
 */
export function changedFields(olds: Partial<AutomationRuleDeclared>, news: Partial<AutomationRuleDeclared>): (keyof AutomationRuleDeclared)[] {
  // A field the program leaves out is not managed (../engine/programFields.ts).
  return setFields(DECLARED_FIELDS, news).filter((key) => isUnknown(news[key]) || !same(key, olds[key], news[key]));
}

/**
 * A new `teamId` replaces the rule (the platform cannot move a rule), and so does a `ruleId` input
 * naming another rule than the one held; any other declared field, a rule changed in the console
 * (after refresh), or a new `httpPostTokenRotation` is an in-place update.
 */
export async function diff(_id: string, olds: AutomationRuleOutputs, news: AutomationRuleInputs): Promise<DiffResult> {
  const changed = changedFields(olds, news);
  const replaces: string[] = changed.includes("teamId") ? ["teamId"] : [];
  if (news.ruleId !== undefined && news.ruleId !== olds.ruleId) replaces.push("ruleId");
  const rotation = (news.httpPostTokenRotation ?? "") !== (olds.httpPostTokenRotation ?? "");
  return { changes: changed.length > 0 || rotation || replaces.length > 0, replaces, deleteBeforeReplace: false };
}

/** Outputs for `rule` as the platform holds it; `token` is the one kept (or newly returned). */
/**
 * The declared fields of `rule` as the outputs (and an import's inputs) hold them: a legacy empty
 * time zone as `"UTC"`, absent on-call lists as `[]`. For `import-file`'s checks too.
 *
 * @internal
 */
export function declaredFieldsOf(rule: Rule): AutomationRuleDeclared {
  return {
    name: rule.name,
    prompt: rule.prompt,
    cronExpr: rule.cronExpr,
    timezone: rule.timezone === "" ? "UTC" : rule.timezone,
    teamId: rule.teamId,
    enabled: rule.enabled,
    scheduleTriggerEnabled: rule.scheduleTriggerEnabled,
    httpPostTriggerEnabled: rule.httpPostTriggerEnabled,
    oncallIncidentTriggerEnabled: rule.oncallIncidentTriggerEnabled,
    oncallIncidentChannelIds: [...(rule.oncallIncidentChannelIds ?? [])],
    oncallIncidentSeverities: [...(rule.oncallIncidentSeverities ?? [])] as RuleSeverity[],
    environmentKind: rule.environmentKind as AutomationRuleDeclared["environmentKind"],
    environmentId: rule.environmentId,
  };
}

function toOutputs(rule: Rule, extras: { token?: string; rotation?: string; adopted?: string }): AutomationRuleOutputs {
  const outs: AutomationRuleOutputs = {
    ...declaredFieldsOf(rule),
    ruleId: rule.ruleId,
    ownerId: rule.ownerId,
    runScope: rule.runScope,
    scheduleNextFireAtMs: rule.scheduleNextFireAtMs,
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
  };
  if (rule.scheduleTriggerId !== undefined) outs.scheduleTriggerId = rule.scheduleTriggerId;
  if (rule.oncallIncidentTriggerId !== undefined) outs.oncallIncidentTriggerId = rule.oncallIncidentTriggerId;
  if (rule.httpPostTriggerId !== undefined) {
    outs.httpPostTriggerId = rule.httpPostTriggerId;
    if (rule.httpPostTriggerUrl !== undefined) outs.httpPostTriggerUrl = `${baseUrl()}${rule.httpPostTriggerUrl}`;
    if (extras.token !== undefined) outs.httpPostToken = extras.token;
  }
  if (extras.rotation !== undefined) outs.httpPostTokenRotation = extras.rotation;
  if (extras.adopted !== undefined) outs.adoptedRuleId = extras.adopted;
  return outs;
}

/** The declared fields `inputs` sets. */
function declared(inputs: AutomationRuleDeclared): AutomationRuleFields {
  const fields: Record<string, unknown> = {};
  for (const key of DECLARED_FIELDS) if (inputs[key] !== undefined) fields[key] = inputs[key];
  return fields as unknown as AutomationRuleFields;
}

/** Turns a 403 into a message naming what is missing; anything else passes through. */
function explain(err: unknown, action: string, rule: { label: string; teamId: number }): unknown {
  if (err instanceof FlashdutyApiError && err.isAccessDenied) return new Error(describeRuleAccessDenied(err, action, rule));
  return err;
}

/**
 * One `rule/create` (exactly once, see the SDK's `automationRules.create`), or, with a `ruleId`
 * input, adoption: `rule/get`, then one `rule/update` with the declared fields that differ (and
 * a token rotation when an HTTP POST trigger is declared, since no read returns its token).
 * Before a `rule/create`, the rule an interrupted create of this stack left (same scope, name and
 * declared fields, made by the key's member, not taken by another create of this process) is
 * adopted with a warning instead (`interruptedCreate.ts`, docs/interrupted-runs.md).
 *
 * @throws Error naming the rule for an unknown `ruleId`, an adopted rule of another team, or a 403;
 *   the errors of the scope's rule listing
 */
export async function create(inputs: AutomationRuleInputs): Promise<CreateResult<AutomationRuleOutputs>> {
  return untilSettled(() => createRule(inputs));
}

/** The work of {@link create}, which a SIGINT or SIGTERM lets finish (`untilSettled`). */
async function createRule(inputs: AutomationRuleInputs): Promise<CreateResult<AutomationRuleOutputs>> {
  beginRateLimitNotice(subject(inputs.ruleId === undefined ? JSON.stringify(inputs.name) : `'${inputs.ruleId}'`));
  const api = await client();
  // A field the program leaves out takes its default at create (and is not managed afterwards).
  const fields = declared(withDefaults(DEFAULTS, inputs));
  const extras = { ...(inputs.httpPostTokenRotation !== undefined ? { rotation: inputs.httpPostTokenRotation } : {}) };
  if (inputs.ruleId === undefined) {
    // What an interrupted create of this stack left (rule names are not unique): adopted with a warning.
    const found = await adoptInterruptedRule(api, fields);
    if (found !== undefined) {
      return { id: found.ruleId, outs: toOutputs(found, { ...extras, ...(found.httpPostToken !== undefined ? { token: found.httpPostToken } : {}) }) };
    }
    let rule: AutomationRuleWithToken;
    try {
      rule = await api.automationRules.create(fields);
    } catch (err) {
      throw explain(err, "create", { label: JSON.stringify(inputs.name), teamId: fields.teamId ?? 0 });
    }
    claimRule(rule.ruleId);
    noteKeyMember(api, rule.ownerId);
    return { id: rule.ruleId, outs: toOutputs(rule, { ...extras, ...(rule.httpPostToken !== undefined ? { token: rule.httpPostToken } : {}) }) };
  }

  const ruleId = inputs.ruleId;
  claimRule(ruleId);
  let current: Rule;
  try {
    current = await api.automationRules.get({ ruleId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      throw new Error(
        `automation rule '${ruleId}' (the ruleId input) not found, or not visible to the app key's member (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`,
      );
    }
    throw err;
  }
  if (inputs.teamId !== undefined && current.teamId !== inputs.teamId) {
    throw new Error(
      `automation rule '${ruleId}' belongs to ${current.teamId === 0 ? "no team (a personal rule)" : `team ${current.teamId}`}, but teamId is ${inputs.teamId}: set teamId to ${current.teamId} to adopt it (a rule cannot move to another team)`,
    );
  }
  const changes = changedFields(toOutputs(current, {}), inputs).filter((key) => key !== "teamId");
  const rotate = inputs.httpPostTriggerEnabled ?? current.httpPostTriggerEnabled;
  let rule: AutomationRuleWithToken = current;
  if (changes.length > 0 || rotate) {
    const params: UpdateAutomationRuleParams = { ruleId, ...pick(declared(inputs), changes), ...(rotate ? { rotateHttpPostTriggerToken: true } : {}) };
    try {
      rule = await api.automationRules.update(params);
    } catch (err) {
      throw explain(err, "adopt", { label: `'${ruleId}'`, teamId: current.teamId });
    }
  }
  return { id: ruleId, outs: toOutputs(rule, { ...extras, adopted: ruleId, ...(rule.httpPostToken !== undefined ? { token: rule.httpPostToken } : {}) }) };
}

function pick(fields: AutomationRuleFields, keys: readonly (keyof AutomationRuleDeclared)[]): Partial<AutomationRuleFields> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = fields[key];
  return out as Partial<AutomationRuleFields>;
}

/**
 * `rule/get` (or `rule/list` pages, shared with the other reads arriving together:
 * `getBatched`): the rule as the platform holds it, so a console edit shows in
 * `pulumi preview --refresh --diff` as an update naming the fields (the refreshed inputs are
 * the platform's values, the program's are the declared ones). An unknown rule leaves the stack.
 * The token is kept from state (no read returns it).
 *
 * Also serves `AutomationRule.get`, where `props` holds only what the program passed (no
 * `ruleId`: the id names the rule). An unknown rule fails the `get` with "automation rule '<id>'
 * not found" (the engine would record an empty resource for a read that finds nothing).
 */
export async function read(id: string, props: Partial<AutomationRuleOutputs>): Promise<ReadResult<AutomationRuleOutputs>> {
  const ruleId = props.ruleId ?? id;
  beginRateLimitNotice(subject(`'${ruleId}'`));
  let rule: Rule;
  try {
    rule = await (await client()).automationRules.getBatched({ ruleId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      if (props.ruleId !== undefined) return {};
      throw new Error(
        escapeTerminalControls(
          `automation rule '${ruleId}' not found, or not visible to the app key's member (a personal rule is visible to its owner only) ` +
            `(${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`,
        ),
      );
    }
    throw err;
  }
  const outs = toOutputs(rule, {
    ...(props.httpPostToken !== undefined ? { token: props.httpPostToken } : {}),
    ...(props.httpPostTokenRotation !== undefined ? { rotation: props.httpPostTokenRotation } : {}),
    ...(props.adoptedRuleId !== undefined ? { adopted: props.adoptedRuleId } : {}),
  });
  const inputs: Record<string, unknown> = {};
  for (const key of DECLARED_FIELDS) inputs[key] = outs[key];
  if (props.httpPostTokenRotation !== undefined) inputs.httpPostTokenRotation = props.httpPostTokenRotation;
  if (props.adoptedRuleId !== undefined) inputs.ruleId = props.adoptedRuleId;
  return { id, props: outs, inputs: inputs as unknown as AutomationRuleOutputs };
}

/**
 * One partial `rule/update` with only the changed fields (and `rotateHttpPostTriggerToken` when
 * `httpPostTokenRotation` changed and an HTTP POST trigger is declared, or when the update makes
 * the trigger: the platform returns a token only when it rotates one); no call when nothing the
 * platform holds changes. A rule whose token the state does not hold (an imported one: no read
 * returns it) keeps its token: an update of another field never rotates it, since whatever calls
 * the trigger with it would stop working; `httpPostToken` stays absent until a rotation.
 */
export async function update(id: string, olds: AutomationRuleOutputs, news: AutomationRuleInputs): Promise<UpdateResult<AutomationRuleOutputs>> {
  return untilSettled(() => updateRule(id, olds, news));
}

/** The work of {@link update}, which a SIGINT or SIGTERM lets finish (`untilSettled`). */
async function updateRule(id: string, olds: AutomationRuleOutputs, news: AutomationRuleInputs): Promise<UpdateResult<AutomationRuleOutputs>> {
  const ruleId = olds.ruleId ?? id;
  beginRateLimitNotice(subject(`'${ruleId}'`));
  const changes = changedFields(olds, news).filter((key) => key !== "teamId");
  const rotationChanged = (news.httpPostTokenRotation ?? "") !== (olds.httpPostTokenRotation ?? "");
  // The platform answers an update with the token only when it rotates one: an update that makes
  // the trigger (none before) asks for one, which nobody can hold yet.
  const makesTrigger = news.httpPostTriggerEnabled === true && olds.httpPostTriggerId === undefined;
  const rotate = (rotationChanged && (news.httpPostTriggerEnabled ?? olds.httpPostTriggerEnabled)) || makesTrigger;
  const extras = {
    ...(news.httpPostTokenRotation !== undefined ? { rotation: news.httpPostTokenRotation } : {}),
    ...(olds.adoptedRuleId !== undefined ? { adopted: olds.adoptedRuleId } : {}),
  };
  if (changes.length === 0 && !rotate) {
    const outs: AutomationRuleOutputs = { ...olds };
    delete outs.httpPostTokenRotation;
    return { outs: { ...outs, ...(extras.rotation !== undefined ? { httpPostTokenRotation: extras.rotation } : {}) } };
  }
  let rule: AutomationRuleWithToken;
  try {
    rule = await (await client()).automationRules.update({ ruleId, ...pick(declared(news), changes), ...(rotate ? { rotateHttpPostTriggerToken: true } : {}) });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      throw new Error(
        `automation rule '${ruleId}' was not found: it was deleted on the platform (${goneRecipe("create")}), ` +
          `or the app key's member cannot see it (a personal rule is visible to and writable by its owner only) (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`,
      );
    }
    throw explain(err, "update", { label: `'${ruleId}'`, teamId: olds.teamId });
  }
  const token = rule.httpPostToken ?? olds.httpPostToken;
  return { outs: toOutputs(rule, { ...extras, ...(token !== undefined ? { token } : {}) }) };
}

/** `rule/delete`; a rule already gone is success. A rule a create of this process adopted is left (no call): that resource holds it now. */
export async function deleteResource(id: string, props: AutomationRuleOutputs): Promise<void> {
  return untilSettled(() => deleteRule(id, props));
}

/** The work of {@link deleteResource}, which a SIGINT or SIGTERM lets finish (`untilSettled`). */
async function deleteRule(id: string, props: AutomationRuleOutputs): Promise<void> {
  const ruleId = props.ruleId ?? id;
  // A create of this process took the rule over (a replacement that creates first, a renamed resource): it stays.
  if (adoptedInThisProcess(ruleId)) return;
  beginRateLimitNotice(subject(`'${ruleId}'`));
  try {
    await (await client()).automationRules.delete({ ruleId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) return;
    throw explain(err, "delete", { label: `'${ruleId}'`, teamId: props.teamId });
  }
}

/**
 * Who waits, in the rate-limit notice (see `rateLimitNotice.ts`), from the same label as
 * {@link explain}'s: `AutomationRule "<name>"` for a create, `AutomationRule '<ruleId>'` after.
 */
function subject(label: string): string {
  return `AutomationRule ${escapeTerminalControls(label)}`;
}
