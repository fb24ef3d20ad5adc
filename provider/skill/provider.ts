/**
 * The dynamic provider functions of `Skill` (and the provider plugin's, through `entry.ts`):
 * check, diff, create, read, update, delete. The archive's hash drives the diff; content goes up
 * by one upload (`replace` with the skill's id: same `skillId`), descriptions and team by one
 * update, `enabled` by enable/disable after a read.
 *
 * FROZEN CONTRACT: the module path `pulumi-flashduty/provider/skillProvider` and the names
 * exported here are called by the provider text every stack keeps in its state.
 *
 * @packageDocumentation
 */
import type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult } from "../engine/operations";
import type { FlashdutyClient, Skill } from "../../sdk";
import { FlashdutyApiError, isFlashdutyApiError } from "../../sdk/errors";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { inspectSkillArchive, SkillArchiveError, skillDescriptionProblem } from "../../wire/skillArchive";
import { beginRateLimitNotice } from "../client/rateLimitNotice";
import { stackSettings } from "../client/stackSettings";
import { untilSettled } from "../engine/gracefulShutdown";
import { isUnknown, UNKNOWN_VALUE } from "../engine/unknown";
import { DECLARED_FIELDS, type DeclaredField } from "./fields";
import { readSkillSource, SkillSourceError, type SkillSourceBytes } from "./source";
import { noteKeyMember } from "../client/keyMember";
import { adoptionRecipe, goneRecipe, ownerNoun } from "../engine/frontDoor";
import { SKILL_PLUGIN_TYPE } from "../engine/typeToken";
import { adoptableSkill, warnSkillAdopted } from "./interruptedUpload";
import { adoptedInThisProcess } from "../engine/interruptedCreate";
import { programInputs, withDefaults } from "../engine/programFields";
import { changedFields as changedDeclaredFields, DEFAULTS, toOutputs, type SkillDeclared, type SkillInputs, type SkillOutputs } from "./state";
/** The operation shapes these functions answer (`../engine/operations.ts`). */
export type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult, ConfigSettings } from "../engine/operations";

export type { SkillDeclared, SkillInputs, SkillOutputs } from "./state";

/**
 * The declared fields whose new value differs from the old one (an unknown new value counts as
 * different); for the plugin's entry and the tests.
 *
 * @internal
 */
export function changedFields(olds: Partial<SkillDeclared>, news: Partial<SkillDeclared>): DeclaredField[] {
  return changedDeclaredFields(olds, news);
}

const settings = stackSettings();

/** Receives the stack config (secrets decrypted) once per plugin process, i.e. per update. */
export async function configure(req: ConfigureRequest): Promise<void> {
  settings.configure(req);
}

const client = () => settings.client();

/**
 * Fills the defaults and validates before any API call: `source` is read (a folder zipped the
 * same way every time) and checked as the platform reads it (at most 100 MB, a `SKILL.md` at its
 * root, a frontmatter `name`, a description without `<` or `>`), its SHA-256 becomes `sourceHash`
 * and its frontmatter description the default `description`. Each failure names the input.
 * Values not known yet (preview) are skipped.
 */
export async function check(olds: Partial<SkillInputs>, news: Record<string, unknown>): Promise<CheckResult<SkillInputs>> {
  // A field the program leaves out is not managed (../engine/programFields.ts): create takes the
  // defaults and the frontmatter's description; afterwards a console edit of it stays.
  const inputs = programInputs(news);
  const failures: CheckFailure[] = [];
  delete inputs.sourceHash;
  if (inputs.source === undefined || inputs.source === null)
    failures.push({ property: "source", reason: "source is required: a folder with a SKILL.md, or an archive" });
  else if (isUnknown(inputs.source)) inputs.sourceHash = UNKNOWN_VALUE;
  else {
    try {
      const read = await readSkillSource(inputs.source);
      await inspectSkillArchive(read.bytes);
      inputs.sourceHash = read.sha256;
    } catch (error) {
      if (error instanceof SkillSourceError) failures.push({ property: "source", reason: error.message });
      else if (error instanceof SkillArchiveError) failures.push({ property: "source", reason: `source: the archive ${error.problem}` });
      else throw error;
    }
  }
  for (const key of ["description", "descriptionEn"] as const) {
    const value = inputs[key];
    if (value === undefined || isUnknown(value)) continue;
    if (typeof value !== "string") failures.push({ property: key, reason: `${key} must be text` });
    else {
      const problem = skillDescriptionProblem(value);
      // A description the state already holds (older than today's rule) passes while the program keeps it.
      if (problem !== undefined && olds[key] !== value) failures.push({ property: key, reason: `${key} ${problem}` });
    }
  }
  if (news.description === "")
    failures.push({
      property: "description",
      reason:
        'description cannot be "": the platform cannot clear it; write a text, or leave it out (the upload\'s frontmatter gives it at create; afterwards it is not managed)',
    });
  const teamId = inputs.teamId;
  if (teamId !== undefined && !isUnknown(teamId) && (typeof teamId !== "number" || !Number.isInteger(teamId) || teamId < 0)) {
    failures.push({ property: "teamId", reason: "teamId must be 0 (account-wide) or a team id (an integer >= 1)" });
  }
  if (inputs.enabled !== undefined && !isUnknown(inputs.enabled) && typeof inputs.enabled !== "boolean")
    failures.push({ property: "enabled", reason: "enabled must be a boolean" });
  const skillId = inputs.skillId;
  if (skillId !== undefined && !isUnknown(skillId) && (typeof skillId !== "string" || skillId.trim() === "")) {
    failures.push({ property: "skillId", reason: "skillId must be the id of an existing skill to adopt, such as 'skill_0123abcd'" });
  }
  return { inputs: inputs as unknown as SkillInputs, failures };
}

/** Every declared field is an in-place change (content by an upload over the same id); only a `skillId` input naming another skill replaces. */
export async function diff(_id: string, olds: SkillOutputs, news: SkillInputs): Promise<DiffResult> {
  const changed = changedDeclaredFields(olds, news);
  const replaces = news.skillId !== undefined && news.skillId !== olds.skillId ? ["skillId"] : [];
  // Names are unique in their scope: the new skill of the same name cannot be uploaded beside the old one.
  return { changes: changed.length > 0 || replaces.length > 0, replaces, deleteBeforeReplace: true };
}

function scopeText(teamId: number): string {
  return teamId === 0 ? "account-wide" : `in team ${teamId}`;
}

/** The source's bytes again, checked to be what `check` hashed (a folder changed during the update fails rather than uploading other content). */
async function sourceBytes(inputs: SkillInputs): Promise<SkillSourceBytes> {
  const read = await readSkillSource(inputs.source);
  if (read.sha256 !== inputs.sourceHash) {
    throw new Error(`Skill: source changed while the update ran (SHA-256 ${read.sha256}, checked as ${inputs.sourceHash}); run the update again`);
  }
  return read;
}

/** How messages name this resource's adoption (`pulumi import` with the plugin, the `skillId` input). */
const ADOPTION = { token: SKILL_PLUGIN_TYPE, idInput: "skillId" };

/** An upload error made readable: a taken name names the skill and how to adopt it (as the front door running it takes it). */
async function explainUpload(api: FlashdutyClient, err: unknown, read: SkillSourceBytes, teamId: number): Promise<unknown> {
  if (!(isFlashdutyApiError(err) && err.code === "ReferenceExist")) return err;
  const { name } = await inspectSkillArchive(read.bytes);
  const existing = await api.skills.findByName({ skillName: name, teamId }).catch(() => undefined);
  const id = existing?.skillId ?? "<its skillId>";
  return new Error(
    escapeTerminalControls(
      `a skill named ${JSON.stringify(name)} already exists ${scopeText(teamId)} ('${id}'): not this upload's archive, or made by another member, ` +
        `so not adopted; to manage it with this resource, ${adoptionRecipe(ADOPTION, id)} (this ${ownerNoun()}'s archive is then uploaded over it), ` +
        `or change the name in SKILL.md (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`,
    ),
  );
}

/** Turns a 403 into a message naming the skill and the team; anything else passes through. */
function explain(err: unknown, action: string, skill: { skillId: string; teamId: number }): unknown {
  if (err instanceof FlashdutyApiError && err.isAccessDenied) {
    return new Error(
      escapeTerminalControls(
        `Skill '${skill.skillId}': the app key may not ${action} skills ${scopeText(skill.teamId)} (needs the Skill Manage permission, ai-sre, and edit rights on the team) ` +
          `(${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`,
      ),
    );
  }
  return err;
}

/**
 * Brings `current` to `news`: an upload over its id when the content differs, one update for the
 * descriptions and the team that differ from what the platform then holds, enable/disable when
 * the status differs (the platform refuses a no-op, so the state read decides).
 * @returns the skill as the platform holds it, and the checksum of this stack's upload (if one).
 */
async function converge(
  api: FlashdutyClient,
  current: Skill,
  olds: Pick<SkillOutputs, "sourceHash">,
  news: SkillInputs,
): Promise<{ skill: Skill; uploaded?: string }> {
  let skill = current;
  let uploaded: string | undefined;
  if (olds.sourceHash !== news.sourceHash) {
    const read = await sourceBytes(news);
    try {
      skill = await api.skills.upload({ archive: read.bytes, fileName: read.fileName, replace: true, skillId: skill.skillId });
    } catch (err) {
      throw explain(await explainUpload(api, err, read, skill.teamId), "upload", skill);
    }
    uploaded = skill.checksum;
  }
  // A field the program leaves out (undefined) is not managed: never compared, never written.
  const update: { skillId: string; description?: string; descriptionEn?: string; teamId?: number } = { skillId: skill.skillId };
  if (news.description !== undefined && news.description !== skill.description) update.description = news.description;
  if (news.descriptionEn !== undefined && news.descriptionEn !== (skill.descriptionEn ?? "")) update.descriptionEn = news.descriptionEn;
  if (news.teamId !== undefined && news.teamId !== skill.teamId) update.teamId = news.teamId;
  if (Object.keys(update).length > 1) {
    try {
      skill = await api.skills.update(update);
    } catch (err) {
      throw explain(err, update.teamId !== undefined ? "move" : "update", { skillId: skill.skillId, teamId: update.teamId ?? skill.teamId });
    }
  }
  const want = news.enabled === undefined ? skill.status : news.enabled ? "enabled" : "disabled";
  if (skill.status !== want) {
    try {
      if (news.enabled) await api.skills.enable({ skillId: skill.skillId });
      else await api.skills.disable({ skillId: skill.skillId });
    } catch (err) {
      // A repeat of a switch that applied answers InvalidParameter ("already ..."): the read below says.
      if (!(isFlashdutyApiError(err) && err.code === "InvalidParameter")) throw explain(err, news.enabled ? "enable" : "disable", skill);
    }
    skill = await api.skills.get({ skillId: skill.skillId });
  }
  return { skill, ...(uploaded !== undefined ? { uploaded } : {}) };
}

/**
 * One upload (exactly once: a lost answer is found by name and checksum before any retry, see the
 * SDK's `skills.upload`), then an update where `description`/`descriptionEn` differ from the
 * frontmatter's, and a disable for `enabled: false`. With a `skillId` input, adoption: get, then
 * the archive uploaded over it when it differs. A name taken in the scope by a skill with this
 * archive's checksum, made by the app key's member, is what an interrupted create of this stack
 * left: it is adopted with a warning (`interruptedUpload.ts`); any other fails naming the skill and
 * how to adopt it.
 */
export async function create(inputs: SkillInputs): Promise<CreateResult<SkillOutputs>> {
  return untilSettled(() => createSkill(inputs));
}

async function createSkill(inputs: SkillInputs): Promise<CreateResult<SkillOutputs>> {
  beginRateLimitNotice(subject(inputs.skillId !== undefined ? `'${inputs.skillId}'` : "(new)"));
  const api = await client();
  if (inputs.skillId === undefined) {
    // A field the program leaves out takes its default at create (and is not managed afterwards).
    const fields = withDefaults(DEFAULTS, inputs);
    const read = await sourceBytes(inputs);
    let made: Skill;
    try {
      made = await api.skills.upload({ archive: read.bytes, fileName: read.fileName, teamId: fields.teamId });
      noteKeyMember(api, made.createdBy);
    } catch (err) {
      // The name taken by this very archive, uploaded by this key's member: what a create of this
      // stack leaves when its run is killed after the upload landed (docs/interrupted-runs.md).
      const found = isFlashdutyApiError(err) && err.code === "ReferenceExist" ? await adoptableSkill(api, read, fields.teamId) : undefined;
      if (found === undefined) throw explain(await explainUpload(api, err, read, fields.teamId), "upload", { skillId: "(new)", teamId: fields.teamId });
      warnSkillAdopted(found.skill, found.creator);
      made = found.skill;
    }
    const { skill } = await converge(api, made, { sourceHash: inputs.sourceHash }, fields);
    const known = { sourceHash: inputs.sourceHash, ...(made.checksum !== undefined ? { uploadedChecksum: made.checksum } : {}) };
    return { id: skill.skillId, outs: toOutputs(skill, inputs.source, known) };
  }
  const skillId = inputs.skillId;
  let current: Skill;
  try {
    current = await api.skills.get({ skillId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      throw new Error(
        escapeTerminalControls(`skill '${skillId}' (the skillId input) not found (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`),
      );
    }
    throw err;
  }
  const { skill, uploaded } = await converge(api, current, { sourceHash: current.checksum ?? "" }, inputs);
  const known = { sourceHash: inputs.sourceHash, uploadedChecksum: uploaded ?? current.checksum ?? "" };
  return { id: skillId, outs: toOutputs(skill, inputs.source, known, skillId) };
}

/**
 * `skill/get` (or `skill/list` pages, shared with the other reads arriving together:
 * `getBatched`): the skill as the platform holds it, so a console edit shows in `pulumi preview
 * --refresh --diff` (a re-upload as `sourceHash`, an edit as the field). A skill gone from the
 * platform leaves the stack. Also serves `Skill.get` and `pulumi import` (an unknown skill fails).
 */
export async function read(id: string, props: Partial<SkillOutputs>): Promise<ReadResult<SkillOutputs>> {
  const skillId = props.skillId ?? id;
  beginRateLimitNotice(subject(`'${skillId}'`));
  let skill: Skill;
  try {
    skill = await (await client()).skills.getBatched({ skillId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      if (props.skillId !== undefined) return {};
      throw new Error(escapeTerminalControls(`skill '${skillId}' not found (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`));
    }
    throw err;
  }
  const outs = toOutputs(skill, props.source, props, props.adoptedSkillId);
  const inputs: Record<string, unknown> = {};
  for (const key of DECLARED_FIELDS) inputs[key] = outs[key];
  if (props.source !== undefined) inputs.source = props.source;
  if (props.adoptedSkillId !== undefined) inputs.skillId = props.adoptedSkillId;
  return { id, props: outs, inputs: inputs as unknown as SkillOutputs };
}

/** Only what changed: an upload over the same id for content, one update for descriptions and team, enable/disable for `enabled`. */
export async function update(id: string, olds: SkillOutputs, news: SkillInputs): Promise<UpdateResult<SkillOutputs>> {
  return untilSettled(() => updateSkill(id, olds, news));
}

async function updateSkill(id: string, olds: SkillOutputs, news: SkillInputs): Promise<UpdateResult<SkillOutputs>> {
  const skillId = olds.skillId ?? id;
  beginRateLimitNotice(subject(`'${skillId}'`));
  const api = await client();
  let current: Skill;
  try {
    current = await api.skills.get({ skillId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      throw new Error(
        `skill '${skillId}' was not found: it was deleted on the platform (${goneRecipe("upload")}) ` +
          `(${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`,
      );
    }
    throw err;
  }
  const { skill, uploaded } = await converge(api, current, olds, news);
  const known = {
    sourceHash: news.sourceHash,
    ...((uploaded ?? olds.uploadedChecksum) !== undefined ? { uploadedChecksum: (uploaded ?? olds.uploadedChecksum)! } : {}),
  };
  return { outs: toOutputs(skill, news.source, known, olds.adoptedSkillId) };
}

/** `skill/delete` (a soft delete on the platform); a skill already gone is success. A skill a create of this process adopted is left (no call). */
export async function deleteResource(id: string, props: SkillOutputs): Promise<void> {
  return untilSettled(() => deleteSkill(id, props));
}

async function deleteSkill(id: string, props: SkillOutputs): Promise<void> {
  const skillId = props.skillId ?? id;
  // A create of this process took the skill over (a replacement that uploads first, a renamed resource): it stays.
  if (adoptedInThisProcess(skillId)) return;
  beginRateLimitNotice(subject(`'${skillId}'`));
  try {
    await (await client()).skills.delete({ skillId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) return;
    throw explain(err, "delete", { skillId, teamId: props.teamId });
  }
}

/** Who waits, in the rate-limit notice. */
function subject(text: string): string {
  return `Skill ${escapeTerminalControls(text)}`;
}
