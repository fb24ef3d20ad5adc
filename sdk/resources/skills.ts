/**
 * Skills: `POST /safari/skill/{list,get,update,enable,disable,delete,upload}`.
 *
 * The resource class; the camelCase model, params, checks and wire mapping are in
 * `skillModel.ts`, the folder-to-zip in `skillFolder.ts`.
 */
import { z } from "zod";
import { FormData } from "undici";
import { FlashdutyValidationError } from "../errors";
import { createExactlyOnce } from "../exactlyOnceCreate";
import { BatchedGets } from "../batchedGets";
import { collectAll, PAGE_CONCURRENCY, type PageAllOptions, pageAll } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { checkBoolean, checkId, checkInteger, checkPage, checkParams, checkString } from "../validation";
import { LIMITS, PATHS, SKILL_RULES, SKILL_UPLOAD_FIELDS, wireSkillListDataSchema, wireSkillSchema } from "../../wire/wire";
import { inspectSkillArchive, SkillArchiveError, type SkillManifest } from "../../wire/skillArchive";
import { skillArchiveChecksum } from "./skillFolder";
import {
  checkSkillId,
  checkSkillListFilters,
  checkUpdateSkill,
  listSkillsToWire,
  skillFromWire,
  skillIdToWire,
  skillListFromWire,
  updateSkillToWire,
  type ListSkillsParams,
  type Skill,
  type SkillIdParams,
  type SkillList,
  type UpdateSkillParams,
  type UploadSkillParams,
} from "./skillModel";

const LIST = defineOperation(PATHS.skillList, wireSkillListDataSchema, { nonIdempotent: false });
const GET = defineOperation(PATHS.skillGet, wireSkillSchema, { nonIdempotent: false });
// Update sets values: a repeat has the same effect.
const UPDATE = defineOperation(PATHS.skillUpdate, wireSkillSchema, { nonIdempotent: false });
// `data` of enable/disable/delete is documented as null; anything else is tolerated.
const ENABLE = defineOperation(PATHS.skillEnable, z.unknown(), { nonIdempotent: true });
const DISABLE = defineOperation(PATHS.skillDisable, z.unknown(), { nonIdempotent: true });
// A repeat of a delete that applied answers ResourceNotFound, which callers treat as deleted.
const DELETE = defineOperation(PATHS.skillDelete, z.unknown(), { nonIdempotent: false });
const UPLOAD = defineOperation(PATHS.skillUpload, wireSkillSchema, { nonIdempotent: true });

/** How far the platform's clock may be behind ours when a lost upload is looked for (ms). */
export const SKILL_UPLOAD_CLOCK_SKEW_MS = 5_000;

/** Filters of {@link Skills.listAll}: those of `list` without `page` (`limit` default 100). */
export type ListAllSkillsParams = Omit<ListSkillsParams, "page">;

/** An upload's parameters checked, with what its archive says. */
interface CheckedUpload {
  archive: Uint8Array;
  fileName: string;
  teamId: number;
  replace: boolean;
  skillId?: string;
  manifest: SkillManifest;
  checksum: string;
}

/** Operations on skills. Reach it as `client.skills`. */
export class Skills {
  readonly #transport: Transport;
  #batched: BatchedGets<Skill> | undefined;

  /** @internal Built by `FlashdutyClient`; use `client.skills`. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Reads one skill, with its SKILL.md (`content`). `POST /safari/skill/get`, body `{ skill_id }`.
   * Any valid key may read.
   * @throws FlashdutyValidationError if `skillId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound` (HTTP 400; `isNotFound`) for an unknown or deleted skill.
   */
  async get(params: SkillIdParams, options?: RequestOptions): Promise<Skill> {
    return skillFromWire(await this.#transport.call(GET, skillIdToWire(checkSkillId(GET.name, params)), checkRequestOptions(GET.name, options)));
  }

  /**
   * Reads one of many skills at once: like {@link get}, but the calls made within a few
   * milliseconds of each other are answered together, from a complete listing of
   * `POST /safari/skill/list` (list rows carry every field of get but `content`) when each of its pages replaces at least two gets, otherwise each by a get (calls arriving one by one go as gets at once). An id
   * the listing does not hold (gone, moved out of its view) is always a get, so the result and
   * the errors are the get's. No answer is older than a get sent at the call.
   * Never carries `content` (list rows do not), however it was answered: use {@link get} for it.
   * What a refresh of many resources uses (`sdk/batchedGets.ts` has the rules).
   *
   * @throws FlashdutyValidationError if `skillId` is empty, before anything is sent.
   * @throws the errors of {@link get}.
   */
  async getBatched(params: SkillIdParams): Promise<Skill> {
    const { skillId } = checkSkillId(GET.name, params);
    this.#batched ??= new BatchedGets({ get: async (id) => withoutContent(await this.get({ skillId: id })), listing: this.#walk(undefined, undefined) });
    return this.#batched.get(skillId);
  }

  /**
   * Changes the descriptions and the team (see {@link UpdateSkillParams}). `POST
   * /safari/skill/update`. Needs Skill Manage (`ai-sre`) and edit rights on the skill's team and,
   * for a move, on the target team. Safe to retry (it sets values).
   * @returns the skill as the platform now holds it.
   * @throws FlashdutyValidationError naming the field (a description over 1,024 characters or with `<` or `>`, a negative team).
   * @throws FlashdutyApiError `ResourceNotFound`, `AccessDenied`, `ReferenceExist` (the name is taken in the target team), and the other request errors.
   */
  async update(params: UpdateSkillParams, options?: RequestOptions): Promise<Skill> {
    const checked = checkUpdateSkill(UPDATE.name, params);
    return skillFromWire(await this.#transport.call(UPDATE, updateSkillToWire(checked), checkRequestOptions(UPDATE.name, options)));
  }

  /**
   * Enables a disabled skill. `POST /safari/skill/enable`, body `{ skill_id }`. Not idempotent:
   * enabling an enabled skill answers 400 `InvalidParameter`, so read it first ({@link get}). When
   * a retried attempt fails after an earlier one may have applied, the error's `mayHaveApplied` is true.
   * @throws FlashdutyValidationError if `skillId` is empty; FlashdutyApiError `ResourceNotFound`, `InvalidParameter`, `AccessDenied`.
   */
  async enable(params: SkillIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(ENABLE, skillIdToWire(checkSkillId(ENABLE.name, params)), checkRequestOptions(ENABLE.name, options));
  }

  /**
   * Disables an enabled skill. `POST /safari/skill/disable`; as {@link enable} (disabling a
   * disabled skill answers 400 `InvalidParameter`).
   * @throws as {@link enable}.
   */
  async disable(params: SkillIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(DISABLE, skillIdToWire(checkSkillId(DISABLE.name, params)), checkRequestOptions(DISABLE.name, options));
  }

  /**
   * Deletes a skill (a soft delete: it leaves every answer and frees its name). `POST
   * /safari/skill/delete`. A skill that is gone answers `ResourceNotFound` (`isNotFound`).
   * @throws FlashdutyValidationError if `skillId` is empty; FlashdutyApiError `ResourceNotFound`, `AccessDenied`.
   */
  async delete(params: SkillIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(DELETE, skillIdToWire(checkSkillId(DELETE.name, params)), checkRequestOptions(DELETE.name, options));
  }

  /**
   * Uploads a skill archive. `POST /safari/skill/upload`, `multipart/form-data` (built with
   * undici's FormData): `team_id` (left out when 0), `replace`, `skill_id`, then `file`. Its own
   * rate limit (3/s, 30/min) is kept like every other, shared across the processes of the key.
   *
   * Before anything is sent the archive is read as the platform reads it (`wire/skillArchive.ts`):
   * at most 100 MB, a `SKILL.md` at its root with a frontmatter `name` and a description without
   * `<` or `>`.
   *
   * Exactly once: when an attempt's answer is lost (reset or timeout after sending, 5xx), before
   * any retry the client looks for what it made: with `skillId`, that skill; otherwise the skill
   * of the archive's name in the scope ({@link findByName}); found with this archive's checksum and
   * changed since the upload began (less {@link SKILL_UPLOAD_CLOCK_SKEW_MS}), that is the upload's
   * result. So a lost answer never makes two skills.
   *
   * @returns the skill as the platform now holds it.
   * @throws FlashdutyValidationError naming `archive` (and what is wrong with it), `teamId`, `skillId` (without `replace`) or `fileName`.
   * @throws FlashdutyApiError `ReferenceExist` (the name is taken in the scope and `replace` is not set),
   *   `ResourceNotFound` (`skillId`), `AccessDenied`, `EntityTooLarge`, and the other request errors.
   */
  async upload(params: UploadSkillParams, options?: RequestOptions): Promise<Skill> {
    const upload = await checkUpload(UPLOAD.name, params);
    const request = checkRequestOptions(UPLOAD.name, options);
    const perCall = { ...(request.signal ? { signal: request.signal } : {}), ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}) };
    const form = (): FormData => {
      const body = new FormData();
      if (upload.teamId !== 0) body.append(SKILL_UPLOAD_FIELDS.teamId, String(upload.teamId));
      if (upload.replace) body.append(SKILL_UPLOAD_FIELDS.replace, "true");
      if (upload.skillId !== undefined) body.append(SKILL_UPLOAD_FIELDS.skillId, upload.skillId);
      body.append(SKILL_UPLOAD_FIELDS.file, new Blob([upload.archive as Uint8Array<ArrayBuffer>]), upload.fileName);
      return body;
    };
    return createExactlyOnce({
      operation: UPLOAD.name,
      request,
      defaultMaxRetries: this.#transport.maxRetries,
      defaultDeadlineMs: this.#transport.deadlineMs,
      attempt: async (deadlineMs) => skillFromWire(await this.#transport.callMultipart(UPLOAD, form, { ...request, maxRetries: 0, deadlineMs })),
      findApplied: async (startedAt) => {
        const found =
          upload.skillId !== undefined
            ? await this.get({ skillId: upload.skillId }, perCall)
            : await this.findByName({ skillName: upload.manifest.name, teamId: upload.teamId }, perCall);
        return found !== undefined && found.checksum === upload.checksum && found.updatedAt >= startedAt - SKILL_UPLOAD_CLOCK_SKEW_MS ? found : undefined;
      },
    });
  }

  /**
   * The skill named `skillName` in the scope `teamId` (0 = account-wide), or undefined. Pages `POST
   * /safari/skill/list` with `query` = the name until a short page.
   * @throws FlashdutyValidationError for an empty name or a bad team id; the request errors of `list`.
   */
  async findByName(params: { skillName: string; teamId: number }, options?: RequestOptions): Promise<Skill | undefined> {
    const op = "skills.findByName";
    const p = checkParams(op, params);
    const skillName = checkId(op, "skillName", p.skillName);
    const teamId = checkInteger(op, "teamId", p.teamId, 0) ?? 0;
    const scope = teamId === 0 ? { scope: "account" as const } : { scope: "team" as const, teamIds: [teamId] };
    const limit = SKILL_RULES.maxPageSize;
    const query = skillName.slice(0, SKILL_RULES.maxQueryLength);
    for (let page = 1; page * limit <= LIMITS.maxPageWindow; page++) {
      const { skills } = await this.list({ ...scope, query, page, limit }, options);
      const found = skills.find((s) => s.teamId === teamId && s.skillName === skillName);
      if (found !== undefined) return found;
      if (skills.length < limit) return undefined;
    }
    return undefined;
  }

  /**
   * Lists one page of the skills visible to the caller (rows without `content`). `POST
   * /safari/skill/list`, body with only the given fields (see {@link ListSkillsParams}).
   * @returns `{ total, skills }`.
   * @throws FlashdutyValidationError for an out-of-range argument, before anything is sent.
   */
  async list(params?: ListSkillsParams, options?: RequestOptions): Promise<SkillList> {
    const op = LIST.name;
    const p = checkParams(op, params);
    const filters = checkSkillListFilters(op, p);
    const checked: ListSkillsParams = { page: checkPage(op, p.page, filters.limit), ...filters };
    return skillListFromWire(await this.#transport.call(LIST, listSkillsToWire(checked), checkRequestOptions(op, options)));
  }

  /**
   * Every skill matching the filters, each once, over as many `POST /safari/skill/list` pages as
   * needed (`limit` default 100), yielded once a complete, consistent walk is in hand (see
   * `sdk/pagination.ts`), on the shared rate limit. Every iteration reads the list afresh.
   * @throws FlashdutyValidationError for an out-of-range filter or a `page` (synchronously).
   * @throws FlashdutyPagingError (`window`: more than 10,000 match; `unstable`: the total kept changing).
   */
  listAll(params?: ListAllSkillsParams, options?: RequestOptions): AsyncIterable<Skill> {
    const walk = this.#walk(params, options);
    return { [Symbol.asyncIterator]: () => pageAll(walk) };
  }

  /** @internal What {@link listAll} yields, as one array (the `getSkills` data source's path). */
  async listAllAsArray(params?: ListAllSkillsParams, options?: RequestOptions): Promise<Skill[]> {
    return collectAll(this.#walk(params, options));
  }

  #walk(params: ListAllSkillsParams | undefined, options: RequestOptions | undefined): PageAllOptions<Skill> {
    const op = LIST.name;
    const p = checkParams(op, params);
    if (p.page !== undefined) {
      throw new FlashdutyValidationError({
        operation: op,
        field: "page",
        problem: "page is not accepted by listAll, which reads every page; use list for one page",
      });
    }
    const checked = checkSkillListFilters(op, p);
    const perPage = checkRequestOptions(op, options);
    const limit = checked.limit ?? SKILL_RULES.maxPageSize;
    return {
      operation: op,
      noun: "skills",
      limit,
      fetchPage: async (page) => {
        const result = await this.list({ ...checked, page, limit }, perPage);
        return { total: result.total, items: result.skills };
      },
      idOf: (skill) => skill.skillId,
      pagesInFlight: (pagesLeft) => this.#transport.rateLimiter(LIST.path)?.pagesInFlight(pagesLeft) ?? PAGE_CONCURRENCY,
      narrowBy: "scope, query, teamIds, includeAccount",
    };
  }
}

/** An upload's parameters and archive checked before anything is sent. */
async function checkUpload(operation: string, params: unknown): Promise<CheckedUpload> {
  const p = checkParams(operation, params);
  if (!(p.archive instanceof Uint8Array))
    throw new FlashdutyValidationError({ operation, field: "archive", problem: "archive must be the archive's bytes (a Uint8Array or Buffer)" });
  const archive = p.archive;
  const fileName = checkString(operation, "fileName", p.fileName, 255) ?? "skill.zip";
  if (fileName === "" || !SKILL_RULES.archiveExtensions.some((ext) => fileName.toLowerCase().endsWith(ext))) {
    throw new FlashdutyValidationError({ operation, field: "fileName", problem: `fileName must end with one of ${SKILL_RULES.archiveExtensions.join(", ")}` });
  }
  const teamId = checkInteger(operation, "teamId", p.teamId, 0) ?? 0;
  const replace = checkBoolean(operation, "replace", p.replace, false) === true;
  const skillId = p.skillId === undefined ? undefined : checkId(operation, "skillId", p.skillId);
  if (skillId !== undefined && !replace) throw new FlashdutyValidationError({ operation, field: "skillId", problem: "skillId needs replace: true" });
  let manifest: SkillManifest;
  try {
    manifest = await inspectSkillArchive(archive);
  } catch (error) {
    if (error instanceof SkillArchiveError) throw new FlashdutyValidationError({ operation, field: "archive", problem: `the archive ${error.problem}` });
    throw error;
  }
  return { archive, fileName, teamId, replace, ...(skillId !== undefined ? { skillId } : {}), manifest, checksum: skillArchiveChecksum(archive) };
}

/** A skill as list rows carry it: without `content` (what `getBatched` answers either way). */
function withoutContent(skill: Skill): Skill {
  const { content: _content, ...row } = skill;
  return row;
}
