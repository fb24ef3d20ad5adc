import type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult } from "../engine/operations";
import type { FlashdutyClient, McpServer, UpdateMcpServerParams } from "../../sdk";
import { FlashdutyApiError, isFlashdutyApiError } from "../../sdk/errors";
import { mcpServerFieldProblems } from "../../sdk/resources/mcpServerModel";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { MASKED_VALUE } from "../../wire/protocol";
import { MCP_SERVER_PLUGIN_TYPE } from "../engine/typeToken";
import { stackSettings } from "../client/stackSettings";
import { untilSettled } from "../engine/gracefulShutdown";
import { beginRateLimitNotice } from "../client/rateLimitNotice";
import { prepareSecretMapsMatch, prepareSecretMapsSeal } from "../engine/secretMap";
import { knownSecretMaps, readInputs, unchangedOutputs } from "../engine/secretMapNoun";
import { isUnknown, UNKNOWN_VALUE } from "../engine/unknown";
import { adoptionRecipe, replaceRecipe, goneRecipe, ownerNoun } from "../engine/frontDoor";
import { adoptedInThisProcess, fromInterruptedCreate, noteAdopted, warnAdopted } from "../engine/interruptedCreate";
import { failuresAgainstState, programInputs, readJsonText, withDefaults } from "../engine/programFields";
import { noteEnabledByMcpServer, otherClaim } from "../mcpServerControl/serverClaims";
import { describeAccessDenied } from "../mcpServerControl/accessDenied";
import { DECLARED_FIELDS, type DeclaredField, SECRET_FIELDS } from "./fields";
import {
  DEFAULTS,
  toSdkFields,
  FROM_SDK_FIELD,
  changedFields as changedDeclaredFields,
  toOutputs,
  createFields,
  pick,
  same,
  unsealedFields,
  type McpServerDeclared,
  type McpServerInputs,
  type McpServerOutputs,
} from "./state";
/** The operation shapes these functions answer (`../engine/operations.ts`). */
export type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult, ConfigSettings } from "../engine/operations";

// The state's shape, as the frozen module has always exported it.
export type { JsonValue, McpServerDeclared, McpServerInputs, McpServerOutputs } from "./state";

/**
 * The declared fields whose new value differs from the old one (an unknown new value counts as
 * different); for the plugin's entry and the tests.
 *
 * @internal
 */
export function changedFields(olds: Partial<McpServerDeclared>, news: Partial<McpServerDeclared>): DeclaredField[] {
  return changedDeclaredFields(olds, news);
}

const UNKNOWN = UNKNOWN_VALUE;

const settings = stackSettings();

/** Receives the stack config (secrets decrypted) once per plugin process, i.e. per update. */
export async function configure(req: ConfigureRequest): Promise<void> {
  settings.configure(req);
}

const client = () => settings.client();

/**
 * Validates before any API call; each failure names the input and the rule (name syntax and
 * length, transport-specific fields, `secretSchema` for `per_user_secret`, timeouts in range,
 * known enumerations). A field the program leaves out is not managed (`../engine/programFields.ts`):
 * the inputs keep it out, create sends its default, and an update neither compares nor writes it.
 * A value the state already holds passes while the program keeps it (a server older than today's
 * rules); values not known yet (preview) are skipped.
 */
export async function check(olds: Partial<McpServerInputs>, news: Record<string, unknown>): Promise<CheckResult<McpServerInputs>> {
  const inputs = programInputs(news);
  // JSON text where a structured value is expected (the platform's own form) is read as that value.
  readJsonText(inputs, ["secretSchema", "oauthMetadata"]);
  const failures: CheckFailure[] = [];
  for (const key of ["serverName", "transport"] as const) if (inputs[key] === undefined) failures.push({ property: key, reason: `${key} is required` });
  failures.push(
    ...failuresAgainstState(DECLARED_FIELDS, DEFAULTS, olds as Record<string, unknown>, inputs, judge, (key, a, b) => same(key as DeclaredField, a, b)),
  );
  failures.push(...irreversible(olds, inputs));
  const serverId = inputs.serverId;
  if (serverId !== undefined && serverId !== UNKNOWN && (typeof serverId !== "string" || serverId.trim() === "")) {
    failures.push({ property: "serverId", reason: "serverId must be the id of an existing MCP server to adopt, such as 'mcp_0123abcd'" });
  }
  return { inputs: inputs as unknown as McpServerInputs, failures };
}

/** The rules over a server's full set of values (defaults and state under the program's). */
function judge(values: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const known: Record<string, unknown> = {};
  for (const key of DECLARED_FIELDS) if (values[key] !== undefined && !isUnknown(values[key])) known[key] = values[key];
  if (typeof known.enabled !== "boolean" && known.enabled !== undefined) failures.push({ property: "enabled", reason: "enabled must be a boolean" });
  // Transport rules need the transport known; an unknown one leaves them to the next check.
  const sdkKnown = toSdkFields(known);
  if (isUnknown(values.transport)) delete sdkKnown.transport;
  if (isUnknown(values.authMode)) delete sdkKnown.secretSchema;
  for (const problem of mcpServerFieldProblems(sdkKnown, false)) {
    failures.push({
      property: FROM_SDK_FIELD[problem.field] ?? problem.field,
      reason: problem.problem.replace(/^connectTimeout|^callTimeout/, (m) => `${m}Seconds`),
    });
  }
  const transport = known.transport;
  const missing = (value: unknown) => value === undefined || value === null || value === "";
  if (transport === "stdio" && missing(values.command)) failures.push({ property: "command", reason: "command is required with transport stdio" });
  if ((transport === "sse" || transport === "streamable-http") && missing(values.url)) {
    failures.push({ property: "url", reason: `url is required with transport ${transport}` });
  }
  if (known.authMode === "per_user_secret" && values.secretSchema === undefined) {
    failures.push({ property: "secretSchema", reason: "secretSchema is required when authMode is per_user_secret" });
  }
  return failures;
}

/**
 * The changes the platform's update cannot make (docs/platform-api.md "MCP server writes": an
 * empty or zero value means "unchanged"), refused at preview instead of being re-sent by every
 * `up`: a timeout set back to 0, a description, command or URL set to "", a secret schema or
 * OAuth metadata set to an empty value. Only a value the program writes counts: a field it leaves
 * out is not managed, so leaving it out is always the way to stop managing it.
 */
function irreversible(olds: Partial<McpServerInputs>, news: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const had = (value: unknown) => value !== undefined && value !== null && value !== "" && value !== 0;
  const emptied = (value: unknown) => value === "" || value === 0;
  const replace = `or replace the server (${replaceRecipe()})`;
  const rules: [keyof McpServerDeclared, string][] = [
    [
      "connectTimeoutSeconds",
      `cannot go back to 0 (the platform default): its update takes 0 as unchanged; set the default's value (10), leave connectTimeoutSeconds out to stop managing it, ${replace}`,
    ],
    [
      "callTimeoutSeconds",
      `cannot go back to 0 (the platform default): its update takes 0 as unchanged; set the default's value (60), leave callTimeoutSeconds out to stop managing it, ${replace}`,
    ],
    [
      "description",
      `cannot be cleared: the platform's update takes "" as unchanged; write another text, leave description out to stop managing it, ${replace}`,
    ],
    ["command", `cannot be cleared: the platform's update takes "" as unchanged; write another command, leave command out to stop managing it, ${replace}`],
    ["url", `cannot be cleared: the platform's update takes "" as unchanged; write another URL, leave url out to stop managing it, ${replace}`],
    ["secretSchema", `cannot be emptied: the platform's update takes an empty value as unchanged; leave secretSchema out to stop managing it, ${replace}`],
    ["oauthMetadata", `cannot be emptied: the platform's update takes an empty value as unchanged; leave oauthMetadata out to stop managing it, ${replace}`],
  ];
  for (const [key, reason] of rules) {
    if (had(olds[key]) && emptied(news[key])) failures.push({ property: key, reason: `${key} ${reason}` });
  }
  return failures;
}

const ADOPTION = { token: MCP_SERVER_PLUGIN_TYPE, idInput: "serverId" };

/** McpServer as a noun with secret maps (`../engine/secretMapNoun.ts`). */
const NOUN = { declaredFields: DECLARED_FIELDS, secretFields: SECRET_FIELDS, idInput: "serverId" };

/**
 * Every declared field is an in-place update (the platform's update takes `team_id`, so a move
 * between scopes keeps the server); only a `serverId` input naming another server replaces.
 * `env` and `headers` compare the new values with the digests in state. State that still holds
 * secret values themselves (written by 0.2 or earlier) is a change too: the update it brings rewrites the
 * outputs as digests and makes no API call (docs/reliability.md "Secrets in logs").
 */
export async function diff(_id: string, olds: McpServerOutputs, news: McpServerInputs): Promise<DiffResult> {
  await Promise.all([prepareSecretMapsMatch(olds.env, news.env), prepareSecretMapsMatch(olds.headers, news.headers)]);
  const changed = changedDeclaredFields(olds, news).filter((key) => key !== "enabled" || !heldByDisablement(olds.serverId));
  const replaces = news.serverId !== undefined && news.serverId !== olds.serverId ? ["serverId"] : [];
  const unsealed = unsealedFields(olds);
  // Delete first: names are unique in their scope, so a new server of the same name could not be made beside the old one.
  return { changes: changed.length > 0 || replaces.length > 0 || unsealed.length > 0, replaces, deleteBeforeReplace: true };
}

/** Whether an `McpServerDisablement` of this update keeps the server disabled: it wins over `enabled`. */
function heldByDisablement(serverId: string): boolean {
  return otherClaim(serverId, undefined, undefined) !== undefined;
}

function label(inputs: { serverName?: string }, serverId?: string): string {
  return serverId !== undefined ? `'${serverId}'` : JSON.stringify(inputs.serverName);
}

/** Turns a 403 into a message naming what is missing; anything else passes through. */
function explain(err: unknown, action: "create" | "update" | "delete" | "move" | "enable" | "disable", server: { serverId: string; teamId: number }): unknown {
  if (err instanceof FlashdutyApiError && err.isAccessDenied) return new Error(escapeTerminalControls(describeAccessDenied(err, server, action)));
  return err;
}

/**
 * Enables or disables `serverId` to match `enabled` (`undefined`: not managed, no call); a server
 * an `McpServerDisablement` of this update holds is never enabled.
 */
async function applyEnabled(api: FlashdutyClient, server: McpServer, enabled: boolean | undefined): Promise<McpServer> {
  if (enabled === undefined) return server;
  const want = enabled ? "enabled" : "disabled";
  if (server.status === want) return server;
  if (enabled && heldByDisablement(server.serverId)) {
    console.error(
      escapeTerminalControls(
        `McpServer '${server.serverId}': an McpServerDisablement of this ${ownerNoun()} keeps the server disabled, so enabled: true is not applied (the disablement wins)`,
      ),
    );
    return server;
  }
  try {
    if (enabled) {
      noteEnabledByMcpServer(server.serverId);
      await api.mcpServers.enable({ serverId: server.serverId });
    } else await api.mcpServers.disable({ serverId: server.serverId });
  } catch (err) {
    // A repeat of a switch that applied answers InvalidParameter ("already ..."): read the outcome.
    if (!(isFlashdutyApiError(err) && err.code === "InvalidParameter")) throw explain(err, enabled ? "enable" : "disable", server);
  }
  return api.mcpServers.get({ serverId: server.serverId });
}

/**
 * One `server/create` (exactly once: a lost answer is found by name in its scope, see the SDK's
 * `mcpServers.create`); or, with a `serverId` input, adoption: `server/get`, then one
 * `server/update` with the declared fields that differ. A name already taken in the scope by a
 * server with every declared field equal, made by the key's member, is what an interrupted create
 * of this stack left: adopted with a warning. Any other fails with an error naming the existing
 * server and how to adopt it.
 *
 * @throws Error naming the server for a taken name, an unknown `serverId`, or a 403
 */
export async function create(inputs: McpServerInputs): Promise<CreateResult<McpServerOutputs>> {
  return untilSettled(() => createServer(inputs));
}

/** The work of {@link create}, which a SIGINT or SIGTERM lets finish (`untilSettled`). */
async function createServer(inputs: McpServerInputs): Promise<CreateResult<McpServerOutputs>> {
  beginRateLimitNotice(subject(label(inputs, inputs.serverId)));
  // The secret values' digests, computed off the event loop while the API answers.
  const sealing = prepareSecretMapsSeal(inputs, undefined, SECRET_FIELDS);
  const api = await client();
  // A field the program leaves out takes its default at create (and is not managed afterwards).
  const fields = withDefaults(DEFAULTS, inputs);
  if (inputs.serverId === undefined) {
    let server: McpServer;
    try {
      server = await api.mcpServers.create(createFields(fields));
    } catch (err) {
      if (isFlashdutyApiError(err) && err.code === "InvalidParameter") {
        const existing = await api.mcpServers.findByName({ serverName: fields.serverName, teamId: fields.teamId }).catch(() => undefined);
        if (existing !== undefined) {
          // What an interrupted create of this stack left: adopted with a warning (docs/interrupted-runs.md).
          const adopted = await adoptInterruptedServer(api, existing, fields);
          if (adopted !== undefined) {
            await sealing;
            return { id: adopted.serverId, outs: toOutputs(adopted, fields) };
          }
          throw new Error(
            escapeTerminalControls(
              `an MCP server named ${JSON.stringify(existing.serverName)} already exists ${fields.teamId === 0 ? "account-wide" : `in team ${fields.teamId}`} ('${existing.serverId}'): ` +
                `to manage it with this resource, ${adoptionRecipe(ADOPTION, existing.serverId)}; or choose another serverName. ` +
                `If this resource is being replaced, the old server must be deleted first: ${replaceRecipe()}`,
            ),
          );
        }
      }
      throw explain(err, "create", { serverId: fields.serverName, teamId: fields.teamId });
    }
    if (server.status === "enabled") noteEnabledByMcpServer(server.serverId);
    await sealing;
    return { id: server.serverId, outs: toOutputs(server, fields) };
  }
  const serverId = inputs.serverId;
  let current: McpServer;
  try {
    current = await api.mcpServers.get({ serverId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      throw new Error(`MCP server '${serverId}' (the serverId input) not found (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`);
    }
    throw err;
  }
  // A secret the console made is answered masked: adoption writes the declared map once, so the
  // platform surely holds what the program says.
  const maskedSecrets = SECRET_FIELDS.filter((key) => Object.values(current[key] ?? {}).includes(MASKED_VALUE) && Object.keys(inputs[key] ?? {}).length > 0);
  const server = await writeChanges(api, toOutputs(current, {}), inputs, current, maskedSecrets);
  await sealing;
  return { id: serverId, outs: toOutputs(server, inputs, serverId) };
}

/**
 * Adopts `existing`, the server a create found under its name in its scope, when it is what an
 * interrupted create of this stack left (`../engine/interruptedCreate.ts`): every declared field
 * of the create (`fields`, defaults filled) equal but `enabled` (secret values the platform
 * masks count as equal) and made by the key's member. Then warns, writes what differs (the
 * declared secret maps always, since masked values cannot be compared; `enabled` by
 * enable/disable) and notes the server so that no delete of this process deletes it.
 *
 * @returns the server as the platform then holds it, or undefined when it is not adoptable.
 */
async function adoptInterruptedServer(api: FlashdutyClient, existing: McpServer, fields: McpServerInputs): Promise<McpServer | undefined> {
  const held = toOutputs(existing, {});
  const creator = await fromInterruptedCreate(
    api,
    existing,
    changedDeclaredFields(held, fields).filter((key) => key !== "enabled"),
  );
  if (creator === undefined) return undefined;
  noteAdopted(existing.serverId);
  warnAdopted({
    noun: "McpServer",
    kind: "MCP server",
    id: existing.serverId,
    name: existing.serverName,
    teamId: existing.teamId,
    matched: "every declared field equal (the secret values it holds are written again)",
    creator,
  });
  const secrets = SECRET_FIELDS.filter((key) => Object.keys(fields[key] ?? {}).length > 0);
  const server = await writeChanges(api, held, fields, existing, secrets);
  if (server.status === "enabled") noteEnabledByMcpServer(server.serverId);
  return server;
}

/** One partial update with the changed fields the program sets (none: no call), then enable/disable when `enabled` changed. */
async function writeChanges(
  api: FlashdutyClient,
  olds: McpServerOutputs,
  news: McpServerInputs,
  current: McpServer,
  forced: readonly DeclaredField[] = [],
): Promise<McpServer> {
  const changes = [...new Set([...changedDeclaredFields(olds, news), ...forced])].filter((key) => key !== "enabled");
  let server = current;
  if (changes.length > 0) {
    const fields = toSdkFields(pick(news, changes));
    // A switch of transport sends the new transport's fields too (the platform drops the old ones).
    if (changes.includes("transport"))
      Object.assign(fields, toSdkFields(pick(news, news.transport === "stdio" ? ["command", "args", "env"] : ["url", "headers"])));
    const params = { serverId: olds.serverId, ...fields } as UpdateMcpServerParams;
    try {
      server = await api.mcpServers.update(params);
    } catch (err) {
      if (isFlashdutyApiError(err) && err.isNotFound) {
        throw new Error(
          `MCP server '${olds.serverId}' was not found: it was deleted on the platform (${goneRecipe("create")}) ` +
            `(${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`,
        );
      }
      throw explain(err, changes.includes("teamId") ? "move" : "update", {
        serverId: olds.serverId,
        teamId: changes.includes("teamId") ? news.teamId : olds.teamId,
      });
    }
  }
  return applyEnabled(api, server, news.enabled);
}

/**
 * `server/get` (or `server/list` pages, shared with the other reads arriving together:
 * `getBatched`): the server as the platform holds it, so a console edit shows in
 * `pulumi preview --refresh --diff` as an update naming the fields. Masked secret values read as
 * the values held in state (no phantom drift); a key added or removed shows. An unknown server
 * leaves the stack. Also serves `McpServer.get` (an unknown server fails it) and `pulumi import`,
 * whose inputs hold `env` and `headers` as the platform answered them (masks included), not digests.
 */
export async function read(id: string, props: Partial<McpServerOutputs>): Promise<ReadResult<McpServerOutputs>> {
  const serverId = props.serverId ?? id;
  beginRateLimitNotice(subject(`'${serverId}'`));
  let server: McpServer;
  try {
    server = await (await client()).mcpServers.getBatched({ serverId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      if (props.serverId !== undefined) return {};
      throw new Error(escapeTerminalControls(`MCP server '${serverId}' not found (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`));
    }
    throw err;
  }
  const outs = toOutputs(server, props, props.adoptedServerId);
  // An import (no state) answers env and headers masked, to be replaced by config secrets (docs/importing-an-account.md).
  const inputs = readInputs(
    NOUN,
    outs as unknown as Record<string, unknown>,
    server as unknown as Record<string, unknown>,
    props.serverId === undefined,
    props.adoptedServerId,
  );
  return { id, props: outs, inputs: inputs as unknown as McpServerOutputs };
}

/** One partial `server/update` with only the changed fields, then disable/enable for `enabled`; no call when nothing changes. */
export async function update(id: string, olds: McpServerOutputs, news: McpServerInputs): Promise<UpdateResult<McpServerOutputs>> {
  return untilSettled(() => updateServer(id, olds, news));
}

/** The work of {@link update}, which a SIGINT or SIGTERM lets finish (`untilSettled`). */
async function updateServer(id: string, olds: McpServerOutputs, news: McpServerInputs): Promise<UpdateResult<McpServerOutputs>> {
  const serverId = olds.serverId ?? id;
  beginRateLimitNotice(subject(`'${serverId}'`));
  // The new secret values' digests, computed off the event loop while the API answers.
  const sealing = prepareSecretMapsSeal(news, olds, SECRET_FIELDS);
  const changes = changedFields(olds, news);
  if (changes.length === 0) {
    // No API call: the outputs take the inputs, secret values as digests (the update of state written by 0.2 or earlier).
    await sealing;
    return { outs: unchangedOutputs(NOUN, olds, news) };
  }
  const api = await client();
  const current: McpServer =
    changes.length === 1 && changes[0] === "enabled"
      ? await api.mcpServers.get({ serverId })
      : ({ serverId, status: olds.enabled ? "enabled" : "disabled", teamId: olds.teamId } as McpServer);
  const server = await writeChanges(api, { ...olds, serverId }, news, current);
  // writeChanges answers the full server whenever it wrote; otherwise read it once.
  const full = server.createdAt === undefined ? await api.mcpServers.get({ serverId }) : server;
  await sealing;
  return { outs: toOutputs(full, knownSecretMaps(NOUN, news, olds), olds.adoptedServerId, olds) };
}

/** `server/delete`; a server already gone is success. A server a create of this process adopted is left (no call). */
export async function deleteResource(id: string, props: McpServerOutputs): Promise<void> {
  return untilSettled(() => deleteServer(id, props));
}

/** The work of {@link deleteResource}, which a SIGINT or SIGTERM lets finish (`untilSettled`). */
async function deleteServer(id: string, props: McpServerOutputs): Promise<void> {
  const serverId = props.serverId ?? id;
  // A create of this process took the server over (a replacement that creates first, a renamed resource): it stays.
  if (adoptedInThisProcess(serverId)) return;
  beginRateLimitNotice(subject(`'${serverId}'`));
  try {
    await (await client()).mcpServers.delete({ serverId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) return;
    throw explain(err, "delete", { serverId, teamId: props.teamId });
  }
}

/** Who waits, in the rate-limit notice: `McpServer "<name>"` for a create, `McpServer '<serverId>'` after. */
function subject(text: string): string {
  return `McpServer ${escapeTerminalControls(text)}`;
}
