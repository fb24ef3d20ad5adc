/**
 * Knowledge packs and files: `POST /safari/knowledge/{get,pack/list,pack/ensure,pack/update,
 * pack/delete,file/list,file/get,file/put,file/delete}` (docs/platform-api.md "Knowledge packs
 * and files").
 *
 * The resource class; the camelCase models, params, checks and wire mapping are in
 * `knowledgeModel.ts`.
 */
import { z } from "zod";
import { FlashdutyValidationError } from "../errors";
import { BatchedGets } from "../batchedGets";
import { collectAll, PAGE_CONCURRENCY, type PageAllOptions } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { checkBoolean, checkId, checkInteger, checkParams } from "../validation";
import {
  LIMITS,
  PATHS,
  wireKnowledgeFileDeleteDataSchema,
  wireKnowledgeFileGetDataSchema,
  wireKnowledgeFileListDataSchema,
  wireKnowledgeFilePutDataSchema,
  wireKnowledgeGetDataSchema,
  wireKnowledgePackDeleteDataSchema,
  wireKnowledgePackListDataSchema,
  wireKnowledgePackSchema,
} from "../../wire/wire";
import {
  checkContent,
  checkListPacks,
  checkPackFilters,
  checkPackId,
  checkRelPath,
  checkTeamId,
  deleteKnowledgeFileToWire,
  ensureKnowledgePackToWire,
  knowledgeFileFromWire,
  knowledgeFilePathToWire,
  knowledgePackFromWire,
  knowledgeWarningFromWire,
  listKnowledgeFilesToWire,
  listKnowledgePacksToWire,
  putKnowledgeFileToWire,
  updateKnowledgePackToWire,
  type DeleteKnowledgeFileParams,
  type EnsureKnowledgePackParams,
  type KnowledgeFileContent,
  type KnowledgeFileRead,
  type KnowledgeFileReadParams,
  type KnowledgeFileDeleteResult,
  type KnowledgeFileList,
  type KnowledgeFilePathParams,
  type KnowledgeFilePutResult,
  type KnowledgeOverview,
  type KnowledgePack,
  type KnowledgePackIdParams,
  type KnowledgePackList,
  type ListAllKnowledgePacksParams,
  type ListKnowledgeFilesParams,
  type ListKnowledgePacksParams,
  type PutKnowledgeFileParams,
  type UpdateKnowledgePackParams,
} from "./knowledgeModel";

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * `data` of `file/get` with the content decoded: `content_b64` must be base64 of UTF-8 text (the
 * platform guarantees it); anything else is a response error naming `content_b64`.
 */
const fileGetDataSchema = wireKnowledgeFileGetDataSchema.transform((data, ctx) => {
  try {
    return { file: data.file, content: UTF8.decode(Buffer.from(data.content_b64, "base64")) };
  } catch {
    ctx.addIssue({ code: "custom", path: ["content_b64"], message: "content_b64 is not base64 of UTF-8 text" });
    return z.NEVER;
  }
});

const GET = defineOperation(PATHS.knowledgeGet, wireKnowledgeGetDataSchema, { nonIdempotent: false });
const PACK_LIST = defineOperation(PATHS.knowledgePackList, wireKnowledgePackListDataSchema, { nonIdempotent: false });
// Ensure returns the existing pack unchanged: a repeat has the same effect.
const PACK_ENSURE = defineOperation(PATHS.knowledgePackEnsure, wireKnowledgePackSchema, { nonIdempotent: false });
const PACK_UPDATE = defineOperation(PATHS.knowledgePackUpdate, wireKnowledgePackSchema, { nonIdempotent: false });
// A repeat of a delete that applied answers ResourceNotFound, which callers treat as deleted.
const PACK_DELETE = defineOperation(PATHS.knowledgePackDelete, wireKnowledgePackDeleteDataSchema, { nonIdempotent: false });
const FILE_LIST = defineOperation(PATHS.knowledgeFileList, wireKnowledgeFileListDataSchema, { nonIdempotent: false });
const FILE_GET = defineOperation(PATHS.knowledgeFileGet, fileGetDataSchema, { nonIdempotent: false });
// Put overwrites the path with the same text: a repeat has the same effect.
const FILE_PUT = defineOperation(PATHS.knowledgeFilePut, wireKnowledgeFilePutDataSchema, { nonIdempotent: false });
// Delete of a missing file succeeds: a repeat has the same effect.
const FILE_DELETE = defineOperation(PATHS.knowledgeFileDelete, wireKnowledgeFileDeleteDataSchema, { nonIdempotent: false });

/** Operations on knowledge packs and files. Reach it as `client.knowledge`. */
export class Knowledge {
  readonly #transport: Transport;

  /** The gathered reads of each pack (`""`: the account pack named by no id). */
  readonly #batched = new Map<string, BatchedGets<KnowledgeFileRead>>();

  /** @internal Built by `FlashdutyClient`; use `client.knowledge`. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * The account pack and its files' metadata. `POST /safari/knowledge/get`, body `{}`. The
   * platform makes the account pack on first access (seeded with a `DUTY.md`). Any valid key.
   *
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws FlashdutyApiError and the other request errors.
   */
  async get(options?: RequestOptions): Promise<KnowledgeOverview> {
    const wire = await this.#transport.call(GET, {}, checkRequestOptions(GET.name, options));
    return { pack: knowledgePackFromWire(wire.pack), files: wire.files.map(knowledgeFileFromWire) };
  }

  /**
   * One page of the packs the caller may read (`POST /safari/knowledge/pack/list`, only the given
   * fields sent). Without `page` and `limit` the platform answers every row.
   *
   * @param params page (1-based), limit (1..100), query (at most 128 characters), scope (`all` |
   *   `account` | `team`), includeAccount (server default true), teamIds.
   * @returns `{ total, packs }`.
   * @throws FlashdutyValidationError for an out-of-range argument, before anything is sent.
   * @throws FlashdutyApiError and the other request errors.
   */
  async listPacks(params?: ListKnowledgePacksParams, options?: RequestOptions): Promise<KnowledgePackList> {
    const op = PACK_LIST.name;
    const wire = await this.#transport.call(PACK_LIST, listKnowledgePacksToWire(checkListPacks(op, params)), checkRequestOptions(op, options));
    return { total: wire.total, packs: wire.packs.map(knowledgePackFromWire) };
  }

  /**
   * Every pack matching the filters, each once, over as many `pack/list` pages as needed
   * (`limit` default 100; pages after the first fetched concurrently within the client's rate
   * limit), only once a complete, consistent walk is in hand (`sdk/pagination.ts`). Order: the
   * platform's.
   *
   * @param params the filters of {@link listPacks} without `page`.
   * @throws FlashdutyValidationError for a bad filter or a `page`, before anything is sent.
   * @throws FlashdutyPagingError `window` (more than 10000 packs) or `unstable` (the total kept changing).
   * @throws FlashdutyApiError and the other request errors of {@link listPacks}.
   */
  async listAllPacks(params?: ListAllKnowledgePacksParams, options?: RequestOptions): Promise<KnowledgePack[]> {
    return collectAll(this.#walk(params, options));
  }

  /**
   * The pack of the account (`teamId` 0) or of a team, made when there is none; an existing pack
   * is returned unchanged. `POST /safari/knowledge/pack/ensure`, body `{ scope, scope_id? }`.
   * Needs Knowledge Manage; a new team pack needs membership of the team (or owner/admin).
   *
   * @throws FlashdutyValidationError for a `teamId` that is not an integer >= 0.
   * @throws FlashdutyApiError `ResourceNotFound` (no such team), `AccessDenied`, and the other request errors.
   */
  async ensurePack(params: EnsureKnowledgePackParams, options?: RequestOptions): Promise<KnowledgePack> {
    const op = PACK_ENSURE.name;
    const teamId = checkTeamId(op, checkParams(op, params).teamId);
    return knowledgePackFromWire(await this.#transport.call(PACK_ENSURE, ensureKnowledgePackToWire({ teamId }), checkRequestOptions(op, options)));
  }

  /**
   * Moves a pack, with its files, to the account (`teamId` 0) or a team; absent `teamId` = no
   * change. `POST /safari/knowledge/pack/update`. A destination that has a pack already is
   * `ReferenceExist` (packs are never merged).
   *
   * @throws FlashdutyValidationError for an empty `packId` or a bad `teamId`.
   * @throws FlashdutyApiError `ReferenceExist`, `ResourceNotFound`, `AccessDenied`, and the other request errors.
   */
  async updatePack(params: UpdateKnowledgePackParams, options?: RequestOptions): Promise<KnowledgePack> {
    const op = PACK_UPDATE.name;
    const p = checkParams(op, params);
    const checked = { packId: checkId(op, "packId", p.packId), teamId: checkInteger(op, "teamId", p.teamId, 0) };
    return knowledgePackFromWire(await this.#transport.call(PACK_UPDATE, updateKnowledgePackToWire(checked), checkRequestOptions(op, options)));
  }

  /**
   * Deletes a pack and every file in it, irreversibly. `POST /safari/knowledge/pack/delete`.
   * An unknown or already deleted pack is `ResourceNotFound` (`isNotFound`).
   *
   * @throws FlashdutyValidationError for an empty `packId`.
   * @throws FlashdutyApiError `ResourceNotFound`, `AccessDenied`, and the other request errors.
   */
  async deletePack(params: KnowledgePackIdParams, options?: RequestOptions): Promise<void> {
    const op = PACK_DELETE.name;
    await this.#transport.call(PACK_DELETE, { pack_id: checkId(op, "packId", checkParams(op, params).packId) }, checkRequestOptions(op, options));
  }

  /**
   * Every file of a pack (metadata only, no paging). `POST /safari/knowledge/file/list`.
   *
   * @param params packId (absent = the account pack).
   * @throws FlashdutyApiError `ResourceNotFound` (no such pack), `AccessDenied` (a team pack of
   *   another team), and the other request errors.
   */
  async listFiles(params?: ListKnowledgeFilesParams, options?: RequestOptions): Promise<KnowledgeFileList> {
    const op = FILE_LIST.name;
    const packId = checkPackId(op, checkParams(op, params).packId);
    const wire = await this.#transport.call(FILE_LIST, listKnowledgeFilesToWire({ packId }), checkRequestOptions(op, options));
    return { total: wire.total, files: wire.files.map(knowledgeFileFromWire) };
  }

  /**
   * One file and its text, decoded from the answer's base64. `POST /safari/knowledge/file/get`.
   *
   * @throws FlashdutyValidationError for a bad `relPath` or `packId`.
   * @throws FlashdutyApiError `ResourceNotFound` (`isNotFound`) when there is no such file or
   *   pack, and the other request errors.
   * @throws FlashdutyResponseError when the content is not base64 of UTF-8 text.
   */
  async getFile(params: KnowledgeFilePathParams, options?: RequestOptions): Promise<KnowledgeFileContent> {
    const op = FILE_GET.name;
    const p = checkParams(op, params);
    const checked = { relPath: checkRelPath(op, p.relPath), packId: checkPackId(op, p.packId) };
    const wire = await this.#transport.call(FILE_GET, knowledgeFilePathToWire(checked), checkRequestOptions(op, options));
    return { file: knowledgeFileFromWire(wire.file), content: wire.content };
  }

  /**
   * Reads one of many files at once: like {@link getFile}, but the calls for one pack made within
   * a few milliseconds of each other share one `POST /safari/knowledge/file/list` of the pack
   * (every file's metadata in one request) when there are two or more. A listed file whose
   * `checksum` is `unlessChecksum` resolves with `content` undefined (the caller holds that text);
   * any other file (changed, or not listed: gone) is read by {@link getFile}, so its result and
   * errors are getFile's. No answer is older than a getFile sent at the call. What a refresh of
   * many knowledge files uses (`sdk/batchedGets.ts` has the rules).
   *
   * @throws FlashdutyValidationError for a bad `relPath` or `packId`, before anything is sent.
   * @throws the errors of {@link getFile}.
   */
  async getFileBatched(params: KnowledgeFileReadParams): Promise<KnowledgeFileRead> {
    const op = FILE_GET.name;
    const p = checkParams(op, params);
    const checked = { relPath: checkRelPath(op, p.relPath), packId: checkPackId(op, p.packId) };
    const key = checked.packId ?? "";
    let batched = this.#batched.get(key);
    if (batched === undefined) {
      batched = new BatchedGets<KnowledgeFileRead>({
        get: (relPath) => this.getFile({ relPath, packId: checked.packId }),
        listing: {
          all: async () => (await this.listFiles({ packId: checked.packId })).files.map((file) => ({ file, content: undefined })),
          idOf: (read) => read.file.relPath,
        },
      });
      this.#batched.set(key, batched);
    }
    const read = await batched.get(checked.relPath);
    if (read.content !== undefined || (typeof p.unlessChecksum === "string" && read.file.checksum === p.unlessChecksum)) return read;
    return this.getFile(checked);
  }

  /**
   * Creates or overwrites a file with `content` (sent as base64 of its UTF-8 bytes).
   * `POST /safari/knowledge/file/put`. Needs Knowledge Manage and edit rights on the pack. An
   * @ref to a missing file does not fail: it comes back as an `unresolved_reference` warning.
   *
   * @returns the file as stored and the warnings (`[]` when none).
   * @throws FlashdutyValidationError for a bad `relPath`, `content` over 1 MiB as UTF-8 or with a
   *   lone surrogate, or a bad `packId`, before anything is sent.
   * @throws FlashdutyApiError `InvalidParameter`, `ResourceNotFound` (no such pack),
   *   `AccessDenied`, and the other request errors.
   */
  async putFile(params: PutKnowledgeFileParams, options?: RequestOptions): Promise<KnowledgeFilePutResult> {
    const op = FILE_PUT.name;
    const p = checkParams(op, params);
    const contentType = p.contentType === undefined ? undefined : checkId(op, "contentType", p.contentType);
    const checked = { relPath: checkRelPath(op, p.relPath), content: checkContent(op, p.content), contentType, packId: checkPackId(op, p.packId) };
    const wire = await this.#transport.call(FILE_PUT, putKnowledgeFileToWire(checked), checkRequestOptions(op, options));
    return { file: knowledgeFileFromWire(wire.file), warnings: wire.warnings.map(knowledgeWarningFromWire) };
  }

  /**
   * Deletes a file; a missing file succeeds. `POST /safari/knowledge/file/delete`. A file other
   * files refer to is `ReferenceExist` (the message names them) unless `force`, which deletes it
   * and answers a `still_referenced_by` warning.
   *
   * @returns the warnings (`[]` when none).
   * @throws FlashdutyValidationError for a bad `relPath`, `packId` or `force`.
   * @throws FlashdutyApiError `ReferenceExist`, `ResourceNotFound` (no such pack), `AccessDenied`, and the other request errors.
   */
  async deleteFile(params: DeleteKnowledgeFileParams, options?: RequestOptions): Promise<KnowledgeFileDeleteResult> {
    const op = FILE_DELETE.name;
    const p = checkParams(op, params);
    const force = checkBoolean(op, "force", p.force, false) ?? undefined;
    const checked = { relPath: checkRelPath(op, p.relPath), packId: checkPackId(op, p.packId), force };
    const wire = await this.#transport.call(FILE_DELETE, deleteKnowledgeFileToWire(checked), checkRequestOptions(op, options));
    return { warnings: wire.warnings.map(knowledgeWarningFromWire) };
  }

  /** The checked filters of `listAllPacks` as the pager's options (throws FlashdutyValidationError). */
  #walk(params: ListAllKnowledgePacksParams | undefined, options: RequestOptions | undefined): PageAllOptions<KnowledgePack> {
    const op = PACK_LIST.name;
    const p = checkParams(op, params);
    if (p.page !== undefined) {
      throw new FlashdutyValidationError({
        operation: op,
        field: "page",
        problem: "page is not accepted by listAllPacks, which reads every page; use listPacks for one page",
      });
    }
    const checked = checkPackFilters(op, p);
    const perPage = checkRequestOptions(op, options);
    const limit = checked.limit ?? LIMITS.maxPageSize;
    return {
      operation: op,
      noun: "knowledge packs",
      limit,
      fetchPage: async (page) => {
        const result = await this.listPacks({ ...checked, page, limit }, perPage);
        return { total: result.total, items: result.packs };
      },
      idOf: (pack) => pack.packId,
      pagesInFlight: (pagesLeft) => this.#transport.rateLimiter(PACK_LIST.path)?.pagesInFlight(pagesLeft) ?? PAGE_CONCURRENCY,
      narrowBy: "scope, query, teamIds, includeAccount",
    };
  }
}
