/**
 * The dynamic provider functions of `KnowledgeFile` (the module the stored provider text loads:
 * `pulumi-flashduty/provider/knowledgeFileProvider`, a frozen contract), also served by the
 * provider plugin (`entry.ts`).
 *
 * @packageDocumentation
 */
import type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult } from "../engine/operations";
// The log module alone: the provider plugin needs nothing else of the Pulumi SDK's entry point.
import { notice } from "../engine/notices";
import type { FlashdutyClient, KnowledgeFile, KnowledgeWarning } from "../../sdk";
import { isFlashdutyApiError } from "../../sdk/errors";
import { knowledgeContentProblem } from "../../sdk/resources/knowledgeModel";
import { escapeTerminalControls, escapeTerminalControlsInLines } from "../../sdk/terminalText";
import { KNOWLEDGE_RULES, knowledgeRelPathProblem } from "../../wire/protocol";
import { beginRateLimitNotice } from "../client/rateLimitNotice";
import { stackSettings } from "../client/stackSettings";
import { readAssetText } from "../engine/assetText";
import { untilSettled } from "../engine/gracefulShutdown";
import { isUnknown, UNKNOWN_VALUE } from "../engine/unknown";
import { checksumOf, DEFAULTS, parseResourceId, resourceId, toOutputs, type KnowledgeFileInputs, type KnowledgeFileOutputs } from "./state";
/** The operation shapes these functions answer (`../engine/operations.ts`). */
export type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult, ConfigSettings } from "../engine/operations";

export type { KnowledgeFileDeclared, KnowledgeFileInputs, KnowledgeFileOutputs } from "./state";

const settings = stackSettings();

/** Receives the stack config (secrets decrypted) once per plugin process, i.e. per update. */
export async function configure(req: ConfigureRequest): Promise<void> {
  settings.configure(req);
}

const client = () => settings.client();

/**
 * Fills the defaults, reads `source` into `content`, and validates before any API call, each
 * failure naming the input and the rule: `teamId` an integer >= 0; `path` the platform's
 * `rel_path` rules; exactly one of `content` and `source`; the text UTF-8 (no lone surrogate), at
 * most 1 MiB. A path or text the state already holds passes while the program keeps it. Values
 * not known yet (preview) are skipped; an unknown `source` leaves `content` unknown. `teamId` can
 * change only by a replacement, so its default is filled in as before.
 */
export async function check(olds: Partial<KnowledgeFileInputs>, news: Record<string, unknown>): Promise<CheckResult<KnowledgeFileInputs>> {
  const { source, ...rest } = news;
  const inputs: Record<string, unknown> = { ...rest };
  for (const [key, value] of Object.entries(DEFAULTS)) if (inputs[key] === undefined || inputs[key] === null) inputs[key] = value;
  const failures: CheckFailure[] = [];
  const { teamId, path, force } = inputs;
  if (!isUnknown(teamId) && (typeof teamId !== "number" || !Number.isSafeInteger(teamId) || teamId < 0)) {
    failures.push({ property: "teamId", reason: "teamId must be an integer >= 0 (0 = the account's pack)" });
  }
  if (path === undefined || path === null) failures.push({ property: "path", reason: "path is required" });
  else if (!isUnknown(path)) {
    const problem = typeof path === "string" ? knowledgeRelPathProblem(path) : "must be a string";
    // The path itself is not repeated: it may hold control characters.
    if (problem !== undefined) failures.push({ property: "path", reason: `path ${problem}` });
  }
  if (!isUnknown(force) && typeof force !== "boolean") failures.push({ property: "force", reason: "force must be a boolean" });
  const hasContent = inputs.content !== undefined && inputs.content !== null;
  const hasSource = source !== undefined && source !== null;
  if (hasContent && hasSource) failures.push({ property: "source", reason: "give content or source, not both" });
  else if (!hasContent && !hasSource) failures.push({ property: "content", reason: "content or source is required: the file's text" });
  else if (hasSource) {
    if (isUnknown(source)) inputs.content = UNKNOWN_VALUE;
    else {
      const read = await readAssetText(source, KNOWLEDGE_RULES.maxFileBytes);
      if ("problem" in read) failures.push({ property: "source", reason: `source ${read.problem}` });
      else inputs.content = read.text;
    }
  }
  const content = inputs.content;
  if (content !== undefined && !isUnknown(content)) {
    const problem = knowledgeContentProblem(content);
    if (problem !== undefined)
      failures.push(hasSource ? { property: "source", reason: `the text of source ${problem}` } : { property: "content", reason: `content ${problem}` });
  }
  // A path or text the state already holds (a file older than today's rules) passes while the
  // program keeps it (../engine/programFields.ts); a replacement is checked again without state.
  const kept = (key: "path" | "content") => olds[key] !== undefined && olds[key] === inputs[key];
  const standing = failures.filter((f) => !((f.property === "path" && kept("path")) || (f.property === "content" && kept("content"))));
  return { inputs: inputs as unknown as KnowledgeFileInputs, failures: standing };
}

/**
 * `teamId` or `path` changed: a replacement (a file cannot move between packs or be renamed; the
 * new one is written first, then the old one deleted). The content compared by SHA-256 with the
 * state's `checksum`: the same text writes nothing. `force` alone changes state only.
 */
export async function diff(_id: string, olds: KnowledgeFileOutputs, news: KnowledgeFileInputs): Promise<DiffResult> {
  const replaces = (["teamId", "path"] as const).filter((key) => isUnknown(news[key]) || news[key] !== olds[key]);
  const changed = contentChanged(olds, news) || news.force !== olds.force;
  return { changes: replaces.length > 0 || changed, replaces, deleteBeforeReplace: false };
}

/** Whether the new content differs from the state's (by SHA-256; an unknown one counts as changed). @internal */
export function contentChanged(olds: Pick<KnowledgeFileOutputs, "checksum" | "content">, news: Pick<KnowledgeFileInputs, "content">): boolean {
  return isUnknown(news.content) || checksumOf(news.content) !== olds.checksum || news.content !== olds.content;
}

/** The pack id of team `teamId`'s pack (0 = the account's), made when there is none. */
async function ensurePack(api: FlashdutyClient, teamId: number): Promise<string> {
  return (await api.knowledge.ensurePack({ teamId })).packId;
}

/** Shows the platform's warnings of a write as Pulumi warnings (platform text escaped). */
function warn(subject: string, warnings: readonly KnowledgeWarning[]): void {
  for (const w of warnings) {
    const what =
      w.code === "unresolved_reference"
        ? `refers to ${JSON.stringify(w.ref ?? "")}, which is not in its pack (yet)`
        : w.code === "still_referenced_by"
          ? `was deleted although ${(w.refs ?? []).map((r) => JSON.stringify(r)).join(", ")} still refer to it`
          : `platform warning ${JSON.stringify(w.code)}${w.ref !== undefined ? ` (${JSON.stringify(w.ref)})` : ""}`;
    notice("warning", escapeTerminalControls(`${subject} ${what}`));
  }
}

/** `KnowledgeFile "<teamId>/<path>"`, for messages (platform-controlled parts escaped by the callers). */
function subject(teamId: number, path: string): string {
  return `KnowledgeFile ${JSON.stringify(resourceId(teamId, path))}`;
}

/** One `file/put` into the pack of `inputs.teamId` (ensured first); warnings shown. */
async function put(api: FlashdutyClient, inputs: KnowledgeFileInputs, packId: string): Promise<KnowledgeFileOutputs> {
  const { file, warnings } = await api.knowledge.putFile({ relPath: inputs.path, content: inputs.content, packId });
  warn(subject(inputs.teamId, inputs.path), warnings);
  return toOutputs(file, inputs.content, inputs.teamId, inputs.force);
}

/**
 * `pack/ensure` of the team's pack (the account's for 0), then one `file/put`. A file already at
 * that path is taken over (adoption: the platform's put overwrites; the same text writes nothing).
 */
export async function create(inputs: KnowledgeFileInputs): Promise<CreateResult<KnowledgeFileOutputs>> {
  return untilSettled(async () => {
    beginRateLimitNotice(escapeTerminalControls(subject(inputs.teamId, inputs.path)));
    const api = await client();
    const outs = await put(api, inputs, await ensurePack(api, inputs.teamId));
    return { id: resourceId(inputs.teamId, inputs.path), outs };
  });
}

/** The pack of team `teamId` without making one (`pack/list`), or undefined. */
async function findPack(api: FlashdutyClient, teamId: number): Promise<string | undefined> {
  const packs = await api.knowledge.listAllPacks(teamId === 0 ? { scope: "account" } : { scope: "team", teamIds: [teamId] });
  return packs.find((p) => (teamId === 0 ? p.scope === "account" : p.scope === "team" && p.scopeId === teamId))?.packId;
}

/**
 * `file/get` (or the pack's `file/list`, shared with the other reads of the pack arriving
 * together, when the file's checksum is the one in state: `getFileBatched`): the text the platform holds, so a console edit shows line by line in
 * `pulumi preview --refresh --diff` (its terminal controls escaped, line breaks kept) and the
 * next `up` puts the declared text back. A file (or
 * pack) gone from the platform leaves the stack. Also serves `pulumi import` by the id
 * `<teamId>/<path>` (an unknown file fails it).
 */
export async function read(id: string, props: Partial<KnowledgeFileOutputs>): Promise<ReadResult<KnowledgeFileOutputs>> {
  const parsed = parseResourceId(id);
  const teamId = props.teamId ?? parsed?.teamId;
  const path = props.path ?? parsed?.path;
  if (teamId === undefined || path === undefined) {
    throw new Error(escapeTerminalControls(`KnowledgeFile id ${JSON.stringify(id)} is not <teamId>/<path> (e.g. 0/DUTY.md)`));
  }
  beginRateLimitNotice(escapeTerminalControls(subject(teamId, path)));
  const api = await client();
  const importing = props.fileId === undefined;
  const packId = props.packId ?? (await findPack(api, teamId));
  let file: KnowledgeFile;
  let content: string;
  try {
    if (packId === undefined) throw Object.assign(new Error("no pack"), { noPack: true });
    // Reads of one pack arriving together share its file list; a file still at the checksum in
    // state comes without its text, which is the state's (getFileBatched).
    const unlessChecksum = props.content !== undefined ? props.checksum : undefined;
    const read = await api.knowledge.getFileBatched({ relPath: path, packId, unlessChecksum });
    file = read.file;
    content = read.content ?? (props.content as string);
  } catch (err) {
    if ((isFlashdutyApiError(err) && err.isNotFound) || (err as { noPack?: boolean }).noPack === true) {
      if (!importing) return {};
      throw new Error(
        escapeTerminalControls(`knowledge file ${JSON.stringify(path)} not found in the ${teamId === 0 ? "account's pack" : `pack of team ${teamId}`}`),
      );
    }
    throw err;
  }
  // The CLI shows this text (`preview --refresh --diff`): text the stack did not write (another
  // checksum: a console edit, an import) is untrusted platform text, given with its terminal
  // controls escaped (line breaks kept; the diff still sees the change and `up` writes the
  // declared text); the text the stack wrote is the state's, as it was declared.
  const unchanged = props.checksum !== undefined && props.content !== undefined && file.checksum === props.checksum;
  const outs = toOutputs(file, unchanged ? (props.content as string) : escapeTerminalControlsInLines(content), teamId, props.force ?? false);
  const inputs: KnowledgeFileInputs = { teamId, path, content: outs.content, force: outs.force };
  return { id: resourceId(teamId, path), props: outs, inputs: inputs as unknown as KnowledgeFileOutputs };
}

/** One `file/put` when the content changed (by SHA-256); nothing when only `force` changed. */
export async function update(_id: string, olds: KnowledgeFileOutputs, news: KnowledgeFileInputs): Promise<UpdateResult<KnowledgeFileOutputs>> {
  if (!contentChanged(olds, news)) return { outs: { ...olds, force: news.force } };
  return untilSettled(async () => {
    beginRateLimitNotice(escapeTerminalControls(subject(news.teamId, news.path)));
    const api = await client();
    // The pack may have been deleted in the console since: ensure gives it back (empty).
    return { outs: await put(api, news, await ensurePack(api, news.teamId)) };
  });
}

/**
 * `file/delete` (with `force` when set); a file or pack already gone is success. A file other
 * files refer to fails naming them, unless `force`; the pack itself is never deleted.
 */
export async function deleteResource(_id: string, props: KnowledgeFileOutputs): Promise<void> {
  return untilSettled(async () => {
    const name = subject(props.teamId, props.path);
    beginRateLimitNotice(escapeTerminalControls(name));
    try {
      const { warnings } = await (await client()).knowledge.deleteFile({ relPath: props.path, packId: props.packId, ...(props.force ? { force: true } : {}) });
      warn(name, warnings);
    } catch (err) {
      if (isFlashdutyApiError(err) && err.isNotFound) return;
      if (isFlashdutyApiError(err) && err.code === "ReferenceExist") {
        throw new Error(
          escapeTerminalControls(
            `${name} cannot be deleted: other files of its pack still refer to it (${err.message}). ` +
              "Remove those references first, or set force: true on this resource to delete it anyway",
          ),
        );
      }
      throw err;
    }
  });
}
