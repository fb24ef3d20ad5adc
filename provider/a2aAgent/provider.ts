/**
 * The dynamic provider of `A2aAgent` (docs/platform-api.md "A2A agents"): check, diff, create,
 * read, update and delete over the client's `a2aAgents`. The plugin serves the same functions
 * (`entry.ts`). Secrets (`authConfig`) never appear in messages: errors name keys only.
 *
 * @packageDocumentation
 */
import type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult } from "../engine/operations";
import type { A2aAgent, FlashdutyClient, UpdateA2aAgentParams } from "../../sdk";
import { FlashdutyApiError, isFlashdutyApiError } from "../../sdk/errors";
import { a2aAgentFieldProblems } from "../../sdk/resources/a2aAgentModel";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { MASKED_VALUE } from "../../wire/protocol";
import { beginRateLimitNotice } from "../client/rateLimitNotice";
import { stackSettings } from "../client/stackSettings";
import { untilSettled } from "../engine/gracefulShutdown";
import { prepareSecretMapsMatch, prepareSecretMapsSeal } from "../engine/secretMap";
import { knownSecretMaps, readInputs, unchangedOutputs } from "../engine/secretMapNoun";
import { isUnknown, UNKNOWN_VALUE } from "../engine/unknown";
import { adoptionRecipe, replaceRecipe, goneRecipe } from "../engine/frontDoor";
import { adoptedInThisProcess, fromInterruptedCreate, noteAdopted, warnAdopted } from "../engine/interruptedCreate";
import { failuresAgainstState, programInputs, readJsonText, withDefaults } from "../engine/programFields";
import { A2A_AGENT_PLUGIN_TYPE } from "../engine/typeToken";
import { describeAgentAccessDenied } from "./accessDenied";
import { DECLARED_FIELDS, type DeclaredField, SECRET_FIELDS } from "./fields";
import {
  changedFields as changedDeclaredFields,
  createFields,
  DEFAULTS,
  pick,
  same,
  toOutputs,
  toSdkFields,
  type A2aAgentDeclared,
  type A2aAgentInputs,
  type A2aAgentOutputs,
} from "./state";
/** The operation shapes these functions answer (`../engine/operations.ts`). */
export type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult, ConfigSettings } from "../engine/operations";

export type { A2aAgentDeclared, A2aAgentInputs, A2aAgentOutputs, JsonValue } from "./state";

const ADOPTION = { token: A2A_AGENT_PLUGIN_TYPE, idInput: "agentId" };

/** A2aAgent as a noun with secret maps (`../engine/secretMapNoun.ts`). */
const NOUN = { declaredFields: DECLARED_FIELDS, secretFields: SECRET_FIELDS, idInput: "agentId" };

/**
 * The declared fields whose new value differs from the old one (an unknown new value counts as
 * different); for the plugin's entry and the tests.
 *
 * @internal
 */
export function changedFields(olds: Partial<A2aAgentDeclared>, news: Partial<A2aAgentDeclared>): DeclaredField[] {
  return changedDeclaredFields(olds, news);
}

const settings = stackSettings();

/** Receives the stack config (secrets decrypted) once per plugin process, i.e. per update. */
export async function configure(req: ConfigureRequest): Promise<void> {
  settings.configure(req);
}

const client = () => settings.client();

/**
 * Validates before any API call: each failure names the input and the rule the platform would
 * refuse it by (name and instructions length, card URL, enumerations, `secretSchema` with a
 * `header_name` for `per_user_secret`), and an empty `authConfig` value (named by its key, never
 * shown). A field the program leaves out is not managed (`../engine/programFields.ts`): the
 * inputs keep it out and create fills its default. A value the state already holds passes while
 * the program keeps it; values not known yet (preview) are skipped.
 */
export async function check(olds: Partial<A2aAgentInputs>, news: Record<string, unknown>): Promise<CheckResult<A2aAgentInputs>> {
  const inputs = programInputs(news);
  // JSON text where a structured value is expected (the platform's own form) is read as that value.
  readJsonText(inputs, ["secretSchema", "oauthMetadata"]);
  const failures: CheckFailure[] = [];
  for (const key of ["agentName", "instructions", "cardUrl"] as const)
    if (inputs[key] === undefined) failures.push({ property: key, reason: `${key} is required` });
  failures.push(
    ...failuresAgainstState(DECLARED_FIELDS, DEFAULTS, olds as Record<string, unknown>, inputs, judge, (key, a, b) => same(key as DeclaredField, a, b)),
  );
  const agentId = inputs.agentId;
  if (agentId !== undefined && agentId !== UNKNOWN_VALUE && (typeof agentId !== "string" || agentId.trim() === "")) {
    failures.push({ property: "agentId", reason: "agentId must be the id of an existing A2A agent to adopt, such as 'a2a_0123abcd'" });
  }
  return { inputs: inputs as unknown as A2aAgentInputs, failures };
}

/** The rules over an agent's full set of values (defaults and state under the program's). */
function judge(values: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const known: Record<string, unknown> = {};
  for (const key of DECLARED_FIELDS) if (values[key] !== undefined && !isUnknown(values[key])) known[key] = values[key];
  if (known.enabled !== undefined && typeof known.enabled !== "boolean") failures.push({ property: "enabled", reason: "enabled must be a boolean" });
  const sdkKnown = toSdkFields(known);
  // The header_name rule needs both the mode and the schema known.
  if (isUnknown(values.authMode) || isUnknown(values.secretSchema)) {
    delete sdkKnown.secretSchema;
    delete sdkKnown.authMode;
  }
  for (const problem of a2aAgentFieldProblems(sdkKnown, false)) failures.push({ property: problem.field, reason: problem.problem });
  if (known.authMode === "per_user_secret" && values.secretSchema === undefined) {
    failures.push({ property: "secretSchema", reason: "secretSchema must hold a non-empty header_name when authMode is per_user_secret" });
  }
  return failures;
}

/**
 * Every declared field is an in-place update (a team move keeps the agent); only an `agentId`
 * input naming another agent replaces. `authConfig` compares the new values with the digests in
 * state: a changed value is a change (named `authConfig`, its value never shown), an unchanged one
 * is none, and a masked value on either side is none. State holding a value itself rather than its
 * digest (never written by a released version) compares by value and is sealed at the next
 * refresh or update.
 */
export async function diff(_id: string, olds: A2aAgentOutputs, news: A2aAgentInputs): Promise<DiffResult> {
  await prepareSecretMapsMatch(olds.authConfig, news.authConfig);
  const changed = changedDeclaredFields(olds, news);
  const replaces = news.agentId !== undefined && news.agentId !== olds.agentId ? ["agentId"] : [];
  // Delete first: names are unique in their scope, so a new agent of the same name could not be made beside the old one.
  return { changes: changed.length > 0 || replaces.length > 0, replaces, deleteBeforeReplace: true };
}

/** Turns a 403 into a message naming what is missing; anything else passes through. */
function explain(err: unknown, action: "create" | "update" | "delete" | "move" | "enable" | "disable", agent: { agentId: string; teamId: number }): unknown {
  if (err instanceof FlashdutyApiError && err.isAccessDenied) return new Error(describeAgentAccessDenied(err, agent, action));
  return err;
}

/** The agent gone on the platform, as an error telling how to recover. */
function vanished(agentId: string, err: FlashdutyApiError): Error {
  return new Error(
    escapeTerminalControls(
      `A2A agent '${agentId}' was not found: it was deleted on the platform (${goneRecipe("create")}) ` +
        `(${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`,
    ),
  );
}

/**
 * Enables or disables `agent` to match `enabled` (`undefined`: not managed, no call). Both refuse
 * a no-op, so the agent as last read decides whether a call is needed; a repeat that applied
 * (`InvalidParameter`, "already") is read back rather than failed.
 */
async function applyEnabled(api: FlashdutyClient, agent: A2aAgent, enabled: boolean | undefined): Promise<A2aAgent> {
  if (enabled === undefined || (agent.status === "enabled") === enabled) return agent;
  try {
    if (enabled) await api.a2aAgents.enable({ agentId: agent.agentId });
    else await api.a2aAgents.disable({ agentId: agent.agentId });
  } catch (err) {
    if (!(isFlashdutyApiError(err) && err.code === "InvalidParameter")) throw explain(err, enabled ? "enable" : "disable", agent);
  }
  return api.a2aAgents.get({ agentId: agent.agentId });
}

/**
 * One `a2a-agent/create` (exactly once: a lost answer is found by name in its scope, see the
 * SDK's `a2aAgents.create`), then disable when `enabled` is false; or, with an `agentId` input,
 * adoption: `a2a-agent/get`, then one `a2a-agent/update` with the declared fields that differ. A
 * name already taken in the scope by an agent with every declared field equal, made by the key's
 * member, is what an interrupted create of this stack left: adopted with a warning. Any other
 * fails naming the existing agent and how to adopt it.
 */
export async function create(inputs: A2aAgentInputs): Promise<CreateResult<A2aAgentOutputs>> {
  return untilSettled(() => createAgent(inputs));
}

async function createAgent(inputs: A2aAgentInputs): Promise<CreateResult<A2aAgentOutputs>> {
  beginRateLimitNotice(subject(inputs.agentId !== undefined ? `'${inputs.agentId}'` : JSON.stringify(inputs.agentName)));
  // The secret values' digests, computed off the event loop while the API answers.
  const sealing = prepareSecretMapsSeal(inputs, undefined, SECRET_FIELDS);
  const api = await client();
  // A field the program leaves out takes its default at create (and is not managed afterwards).
  const fields = withDefaults(DEFAULTS, inputs);
  if (inputs.agentId === undefined) {
    let agent: A2aAgent;
    try {
      agent = await api.a2aAgents.create(createFields(fields));
    } catch (err) {
      if (isFlashdutyApiError(err) && err.code === "InvalidParameter") {
        const existing = await api.a2aAgents.findByName({ agentName: fields.agentName, teamId: fields.teamId }).catch(() => undefined);
        if (existing !== undefined) {
          // What an interrupted create of this stack left: adopted with a warning (docs/interrupted-runs.md).
          const adopted = await adoptInterruptedAgent(api, existing, fields);
          if (adopted !== undefined) {
            await sealing;
            return { id: adopted.agentId, outs: toOutputs(adopted, fields) };
          }
          throw new Error(
            escapeTerminalControls(
              `an A2A agent named ${JSON.stringify(existing.agentName)} already exists ${fields.teamId === 0 ? "account-wide" : `in team ${fields.teamId}`} ('${existing.agentId}'): ` +
                `to manage it with this resource, ${adoptionRecipe(ADOPTION, existing.agentId)}; or choose another agentName. ` +
                `If this resource is being replaced, the old agent must be deleted first: ${replaceRecipe()}`,
            ),
          );
        }
      }
      throw explain(err, "create", { agentId: JSON.stringify(fields.agentName), teamId: fields.teamId });
    }
    agent = await applyEnabled(api, agent, fields.enabled);
    await sealing;
    return { id: agent.agentId, outs: toOutputs(agent, fields) };
  }
  const agentId = inputs.agentId;
  let current: A2aAgent;
  try {
    current = await api.a2aAgents.get({ agentId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      throw new Error(
        escapeTerminalControls(`A2A agent '${agentId}' (the agentId input) not found (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`),
      );
    }
    throw err;
  }
  // A secret the console made is answered masked: adoption writes the declared map once, so the
  // platform surely holds what the program says.
  const forced = SECRET_FIELDS.filter((key) => Object.values(current[key] ?? {}).includes(MASKED_VALUE) && Object.keys(inputs[key] ?? {}).length > 0);
  const agent = await writeChanges(api, toOutputs(current, {}), inputs, current, forced);
  await sealing;
  return { id: agentId, outs: toOutputs(agent, inputs, agentId) };
}

/**
 * Adopts `existing`, the agent a create found under its name in its scope, when it is what an
 * interrupted create of this stack left (`../engine/interruptedCreate.ts`): every declared field
 * of the create (`fields`, defaults filled) equal but `enabled` (values the platform masks count
 * as equal) and made by the key's member. Then warns, writes what differs (the declared
 * `authConfig` always, since masked values cannot be compared; `enabled` by enable/disable) and
 * notes the agent so that no delete of this process deletes it.
 *
 * @returns the agent as the platform then holds it, or undefined when it is not adoptable.
 */
async function adoptInterruptedAgent(api: FlashdutyClient, existing: A2aAgent, fields: A2aAgentInputs): Promise<A2aAgent | undefined> {
  const held = toOutputs(existing, {});
  const creator = await fromInterruptedCreate(
    api,
    existing,
    changedDeclaredFields(held, fields).filter((key) => key !== "enabled"),
  );
  if (creator === undefined) return undefined;
  noteAdopted(existing.agentId);
  warnAdopted({
    noun: "A2aAgent",
    kind: "A2A agent",
    id: existing.agentId,
    name: existing.agentName,
    teamId: existing.teamId,
    matched: "every declared field equal (the secret values it holds are written again)",
    creator,
  });
  const secrets = SECRET_FIELDS.filter((key) => Object.keys(fields[key] ?? {}).length > 0);
  return writeChanges(api, held, fields, existing, secrets);
}

/**
 * One partial update with the changed fields (none: no call; it reads the agent back), then
 * enable/disable when `enabled` differs from what the platform holds. A new `authMode` sends the
 * declared `secretSchema` and `oauthMetadata` with it (the platform rewrites them); `authConfig`
 * is sent whole, with the program's values (the platform replaces the whole map).
 */
async function writeChanges(
  api: FlashdutyClient,
  olds: A2aAgentOutputs,
  news: A2aAgentInputs,
  current: A2aAgent,
  forced: readonly DeclaredField[] = [],
): Promise<A2aAgent> {
  const changes = [...new Set([...changedDeclaredFields(olds, news), ...forced])].filter((key) => key !== "enabled");
  if (changes.includes("authMode")) changes.push(...(["secretSchema", "oauthMetadata"] as const).filter((k) => !changes.includes(k)));
  let agent = current;
  if (changes.length > 0) {
    // The platform rewrites secretSchema and oauthMetadata with a new authMode: they belong to the
    // mode, so a program that changes the mode and leaves one out clears it (the one exception to
    // "a field left out is not managed", ../engine/programFields.ts).
    const fields = toSdkFields(pick(news, changes), changes);
    const params = { agentId: olds.agentId, ...fields } as UpdateA2aAgentParams;
    try {
      agent = await api.a2aAgents.update(params);
    } catch (err) {
      if (isFlashdutyApiError(err) && err.isNotFound) throw vanished(olds.agentId, err);
      throw explain(err, changes.includes("teamId") ? "move" : "update", {
        agentId: olds.agentId,
        teamId: changes.includes("teamId") ? news.teamId : olds.teamId,
      });
    }
  }
  return applyEnabled(api, agent, news.enabled);
}

/**
 * `a2a-agent/get` (or `a2a-agent/list` pages, shared with the other reads arriving together:
 * `getBatched`): the agent as the platform holds it, so a console edit shows in
 * `pulumi preview --refresh --diff` as an update naming the fields. Masked secret values read as
 * the values held in state (no phantom drift); a key added or removed shows. An agent gone leaves
 * the stack. Also serves `A2aAgent.get` and `pulumi import` (an unknown agent fails them).
 */
export async function read(id: string, props: Partial<A2aAgentOutputs>): Promise<ReadResult<A2aAgentOutputs>> {
  const agentId = props.agentId ?? id;
  beginRateLimitNotice(subject(`'${agentId}'`));
  let agent: A2aAgent;
  try {
    agent = await (await client()).a2aAgents.getBatched({ agentId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      if (props.agentId !== undefined) return {};
      throw new Error(escapeTerminalControls(`A2A agent '${agentId}' not found (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`));
    }
    throw err;
  }
  const outs = toOutputs(agent, props, props.adoptedAgentId);
  const inputs = readInputs(
    NOUN,
    outs as unknown as Record<string, unknown>,
    agent as unknown as Record<string, unknown>,
    props.agentId === undefined,
    props.adoptedAgentId,
  );
  return { id, props: outs, inputs: inputs as unknown as A2aAgentOutputs };
}

/**
 * One partial `a2a-agent/update` with only the changed fields and a read back; `enabled` through
 * `a2a-agent/enable` / `disable` after reading the agent (both refuse a no-op). No call when
 * nothing changes.
 */
export async function update(id: string, olds: A2aAgentOutputs, news: A2aAgentInputs): Promise<UpdateResult<A2aAgentOutputs>> {
  return untilSettled(() => updateAgent(id, olds, news));
}

async function updateAgent(id: string, olds: A2aAgentOutputs, news: A2aAgentInputs): Promise<UpdateResult<A2aAgentOutputs>> {
  const agentId = olds.agentId ?? id;
  beginRateLimitNotice(subject(`'${agentId}'`));
  // The new secret values' digests, computed off the event loop while the API answers.
  const sealing = prepareSecretMapsSeal(news, olds, SECRET_FIELDS);
  const changes = changedFields(olds, news);
  if (changes.length === 0) {
    // No API call: the outputs take the inputs, `authConfig` values as digests (an unchanged value keeps its digest).
    await sealing;
    return { outs: unchangedOutputs(NOUN, olds, news) };
  }
  const api = await client();
  let current: A2aAgent | undefined;
  if (changes.every((key) => key === "enabled")) {
    try {
      current = await api.a2aAgents.get({ agentId });
    } catch (err) {
      if (isFlashdutyApiError(err) && err.isNotFound) throw vanished(agentId, err);
      throw err;
    }
  }
  // With fields to write, the update's read back is the agent `applyEnabled` starts from.
  const agent = await writeChanges(api, { ...olds, agentId }, news, current ?? ({ agentId, teamId: olds.teamId } as A2aAgent));
  await sealing;
  return { outs: toOutputs(agent, knownSecretMaps(NOUN, news, olds), olds.adoptedAgentId, olds) };
}

/** `a2a-agent/delete`; an agent already gone is success. An agent a create of this process adopted is left (no call). */
export async function deleteResource(id: string, props: A2aAgentOutputs): Promise<void> {
  return untilSettled(() => deleteAgent(id, props));
}

async function deleteAgent(id: string, props: A2aAgentOutputs): Promise<void> {
  const agentId = props.agentId ?? id;
  // A create of this process took the agent over (a replacement that creates first, a renamed resource): it stays.
  if (adoptedInThisProcess(agentId)) return;
  beginRateLimitNotice(subject(`'${agentId}'`));
  try {
    await (await client()).a2aAgents.delete({ agentId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) return;
    throw explain(err, "delete", { agentId, teamId: props.teamId });
  }
}

/** Who waits, in the rate-limit notice: `A2aAgent "<name>"` for a create, `A2aAgent '<agentId>'` after. */
function subject(text: string): string {
  return `A2aAgent ${escapeTerminalControls(text)}`;
}
