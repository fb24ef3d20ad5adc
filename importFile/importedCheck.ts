/**
 * Each object of the import file held to its resource's own `check`: the implementation module
 * the provider plugin runs (`provider/<noun>/provider.ts`), called as the engine calls it after
 * `pulumi import`. The import step reads the object (`read`: its inputs as the platform holds
 * them) and checks them (olds and news both those inputs); the program `pulumi import` writes
 * declares every input that check answers, and the first preview checks the program's inputs
 * against them. A value the platform holds passes while the program keeps it
 * (`provider/engine/programFields.ts`), so a row older than today's rules imports; what still
 * fails is something no program could declare as the platform holds it, and `import-file` leaves
 * it out with a line naming the field.
 *
 * The inputs `read` answers are made here from the listings `readCandidates` already holds (no
 * request per object): by the noun's own `toOutputs` where its module exports one (McpServer,
 * A2aAgent), as `read` then picks the declared fields; AutomationRule's mapping is written out
 * below, and `test/importFile/importedCheck.test.ts` compares each with the real `read` over the
 * emulator's whole seed. A knowledge file's text is in no listing: the check runs with a
 * stand-in kept on both sides, which its content rules pass as they pass any kept text.
 *
 * The implementation modules load the provider's runtime (about 0.5 s): each is imported on
 * first use, for the kinds the file holds.
 *
 * @packageDocumentation
 */
import type { A2aAgent, AutomationRule, McpServer } from "../sdk";
import { DECLARED_FIELDS as A2A_AGENT_FIELDS } from "../provider/a2aAgent/fields";
import { toOutputs as a2aAgentOutputs } from "../provider/a2aAgent/state";
import { DECLARED_FIELDS as AUTOMATION_RULE_FIELDS } from "../provider/automationRule/fields";
import { declaredFieldsOf } from "../provider/automationRule/provider";
import { DECLARED_FIELDS as MCP_SERVER_FIELDS } from "../provider/mcpServer/fields";
import { toOutputs as mcpServerOutputs } from "../provider/mcpServer/state";

/** Inputs as the engine passes them to `check`: plain values by input name. */
export type Inputs = Record<string, unknown>;

/** One failure `check` answers: the input it names and why, in the provider's words (it may quote platform text: escape it before showing it). */
export interface CheckFailure {
  field: string;
  reason: string;
}

/** The resources an import file can hold, by their provider module. */
export type CheckedResource = "mcpServer" | "mcpServerDisablement" | "automationRule" | "a2aAgent" | "knowledgeFile";

/** The declared fields of `outs` that are set: how each `read` picks its inputs from its outputs. */
function declared(fields: readonly string[], outs: object): Inputs {
  const values = outs as Inputs;
  const inputs: Inputs = {};
  for (const key of fields) if (values[key] !== undefined) inputs[key] = values[key];
  return inputs;
}

/**
 * The inputs `McpServer`'s `read` answers for `server` on an import: the declared fields of its
 * outputs, and `env` and `headers` as the platform answered them (`******` where it masks a
 * value), as `provider/mcpServer/provider.ts` does when it has no state.
 */
export function mcpServerImportInputs(server: McpServer): Inputs {
  // The maps are set from the answer below: the outputs' digests of them are not computed.
  const { env, headers, ...rest } = server;
  const inputs = declared(MCP_SERVER_FIELDS, mcpServerOutputs(rest as McpServer, {}));
  return { ...inputs, env: { ...(env ?? {}) }, headers: { ...(headers ?? {}) } };
}

/** The inputs `A2aAgent`'s `read` answers for `agent` on an import: the declared fields, `authConfig` as the platform answered it. */
export function a2aAgentImportInputs(agent: A2aAgent): Inputs {
  const { authConfig, ...rest } = agent;
  const inputs = declared(A2A_AGENT_FIELDS, a2aAgentOutputs(rest as A2aAgent, {}));
  return { ...inputs, authConfig: { ...(authConfig ?? {}) } };
}

/**
 * The inputs `AutomationRule`'s `read` answers for `rule` on an import: every declared field as
 * its outputs hold it (an empty time zone, a legacy row's, as `"UTC"`; absent trigger lists as `[]`).
 */
export function automationRuleImportInputs(rule: AutomationRule): Inputs {
  return declared(AUTOMATION_RULE_FIELDS, declaredFieldsOf(rule));
}

/**
 * The stand-in for a knowledge file's text (see the file's comment): its read answers the file's
 * text, which no listing holds.
 */
export const KNOWLEDGE_TEXT_STAND_IN = "(the file's text, as the platform holds it)\n";

/** The inputs `KnowledgeFile`'s `read` answers for the file `path` of team `teamId`'s pack (0: the account's), its text a stand-in. */
export function knowledgeFileImportInputs(teamId: number, path: string): Inputs {
  return { teamId, path, content: KNOWLEDGE_TEXT_STAND_IN, force: false };
}

/** The inputs an import of an `McpServerDisablement` of `serverId` takes (its plugin entry's `importInputs`). */
export function disablementImportInputs(serverId: string): Inputs {
  return { serverId };
}

/** A resource's `check`, as `loadCheck` gives it. */
export type Check = (olds: Inputs, news: Inputs) => Promise<{ inputs?: unknown; failures?: ReadonlyArray<{ property: string; reason: string }> }>;

const checks = new Map<CheckedResource, Promise<Check>>();

/** The `check` of `resource`'s implementation module, imported on first use (call it early to load it while waiting on something else). */
export function loadCheck(resource: CheckedResource): Promise<Check> {
  let loaded = checks.get(resource);
  if (loaded === undefined) {
    loaded = load(resource);
    checks.set(resource, loaded);
  }
  return loaded;
}

async function load(resource: CheckedResource): Promise<Check> {
  switch (resource) {
    case "mcpServer":
      return (await import("../provider/mcpServer/provider.js")).check as unknown as Check;
    case "mcpServerDisablement":
      return (await import("../provider/mcpServerDisablement/provider.js")).check as unknown as Check;
    case "automationRule":
      return (await import("../provider/automationRule/provider.js")).check as unknown as Check;
    case "a2aAgent":
      return (await import("../provider/a2aAgent/provider.js")).check as unknown as Check;
    case "knowledgeFile":
      return (await import("../provider/knowledgeFile/provider.js")).check as unknown as Check;
  }
}

/** A copy as a program holds the values: plain JSON (what the engine passes is what the program wrote). */
function asWritten(values: unknown): Inputs {
  return JSON.parse(JSON.stringify(values ?? {})) as Inputs;
}

/**
 * The failures of `resource`'s own `check` after an import of an object whose `read` answers
 * `imported`: the import's check (olds and news `imported`) gives the inputs the state and the
 * written program hold, then the first preview's check (olds `imported`, news those inputs)
 * answers what stands. Empty when the program `pulumi import` writes would pass.
 */
export async function failuresAfterImport(resource: CheckedResource, imported: Inputs): Promise<CheckFailure[]> {
  const check = await loadCheck(resource);
  // A check reads its arguments and answers new objects: one copy serves as both.
  const read = asWritten(imported);
  const atImport = await check(read, read);
  const text = JSON.stringify(read);
  const program = asWritten(atImport.inputs);
  // The same arguments give the same answer (check is a function of them): the common case, where
  // the program holds exactly what read answered, needs no second call.
  const atPreview = JSON.stringify(program) === text ? atImport : await check(read, program);
  const seen = new Set<string>();
  const failures: CheckFailure[] = [];
  for (const { property, reason } of atPreview.failures ?? []) {
    const key = `${property}\u0000${reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    failures.push({ field: property, reason });
  }
  return failures;
}
