/**
 * Knowledge packs and files (docs/platform-api.md "Knowledge packs and files"): the camelCase
 * models, the parameters of each operation with their checks, and the mapping to and from the
 * wire, the one place these fields change spelling. The operations are in `knowledge.ts`.
 */
import { FlashdutyValidationError } from "../errors";
import { checkBoolean, checkEnum, checkId, checkInteger, checkIntegerArray, checkLimit, checkPage, checkParams, checkString } from "../validation";
import {
  KNOWLEDGE_PACK_LIST_SCOPES,
  KNOWLEDGE_RULES,
  LIMITS,
  knowledgeRelPathProblem,
  type KnowledgePackListScope,
  type KnowledgeWarningCode,
} from "../../wire/protocol";
import type { Equal } from "../../wire/typeAssert";
import type {
  WireKnowledgeFile,
  WireKnowledgeFileDeleteRequest,
  WireKnowledgeFileGetRequest,
  WireKnowledgeFileListRequest,
  WireKnowledgeFilePutRequest,
  WireKnowledgePack,
  WireKnowledgePackEnsureRequest,
  WireKnowledgePackListRequest,
  WireKnowledgePackUpdateRequest,
  WireKnowledgeWarning,
} from "../../wire/wire";
import { withoutUndefined, type Camelized } from "../wireMapping";

export type { KnowledgePackListScope, KnowledgeWarningCode };

/**
 * A knowledge pack: the account's (`scope` `account`, `scopeId` the account id) or a team's
 * (`team`, the team id); older accounts may list `channel` packs. Times in epoch ms.
 */
export interface KnowledgePack {
  /** Pack id, `kpk_...`. */
  packId: string;
  accountId: number;
  /** `account`, `team` or `channel` (legacy); kept as sent, so a newer scope still reads. */
  scope: string;
  /** The account id (account pack) or the team id. */
  scopeId: number;
  /** Number of files. */
  fileCount: number;
  /** Sum of the files' sizes, bytes. */
  totalBytes: number;
  /** +1 per file change. */
  version: number;
  /** Version of `DUTY.md` (absent from older servers). */
  dutyVersion?: number;
  /** Member id of the creator. */
  createdBy: number;
  /** Creation time, epoch ms. */
  createdAtMs: number;
  /** Last change, epoch ms. */
  updatedAtMs: number;
  /** Whether the caller may write the pack's files. */
  canEdit: boolean;
  /** The team's name (team packs; absent when empty). */
  teamName?: string;
}

/** A knowledge file's metadata (`file/list`, `get`, and with the text `file/get`). */
export interface KnowledgeFile {
  /** File id, `kfl_...`. */
  fileId: string;
  packId: string;
  /** Path within the pack, e.g. `runbooks/db.md`. */
  relPath: string;
  /** MIME type, e.g. `text/markdown`. */
  contentType: string;
  /** Bytes of the UTF-8 content. */
  sizeBytes: number;
  /** SHA-256 of the content, lower-case hex. */
  checksum: string;
  /** Member id of the last writer (0 for the seeded `DUTY.md`). */
  updatedBy: number;
  /** Last change, epoch ms. */
  updatedAtMs: number;
}

/**
 * A warning of a file write: `unresolved_reference` (put: `ref` is an @ref to a missing file) or
 * `still_referenced_by` (forced delete: `refs` are the files still referring to it). `code` is
 * kept as sent.
 */
export interface KnowledgeWarning {
  code: string;
  ref?: string;
  refs?: string[];
}

/** The account pack and its files (`knowledge.get`). */
export interface KnowledgeOverview {
  pack: KnowledgePack;
  files: KnowledgeFile[];
}

/** One page of `knowledge.listPacks` (every row when neither `page` nor `limit` was given). */
export interface KnowledgePackList {
  total: number;
  packs: KnowledgePack[];
}

/** Every file of a pack (`knowledge.listFiles`). */
export interface KnowledgeFileList {
  total: number;
  files: KnowledgeFile[];
}

/** A file and its text (`knowledge.getFile`). */
export interface KnowledgeFileContent {
  file: KnowledgeFile;
  /** The file's UTF-8 text, decoded. */
  content: string;
}

/**
 * What `knowledge.getFileBatched` answers: the file and its text, or `content` undefined when
 * the file's `checksum` is the one the caller said it holds the text of (`unlessChecksum`).
 */
export interface KnowledgeFileRead {
  file: KnowledgeFile;
  /** The file's UTF-8 text, decoded; undefined as said above. */
  content: string | undefined;
}

/** Parameters of `knowledge.getFileBatched`: those of `getFile`, and the checksum of a text the caller holds. */
export interface KnowledgeFileReadParams extends KnowledgeFilePathParams {
  /** SHA-256 hex of the text the caller holds: a file still at this checksum is answered without its text. */
  unlessChecksum?: string;
}

/** What `knowledge.putFile` answers: the file as stored and the warnings (`[]` when none). */
export interface KnowledgeFilePutResult {
  file: KnowledgeFile;
  warnings: KnowledgeWarning[];
}

/** What `knowledge.deleteFile` answers: the warnings (`[]` when none). */
export interface KnowledgeFileDeleteResult {
  warnings: KnowledgeWarning[];
}

/** Filters of `knowledge.listPacks`; all optional. Neither `page` nor `limit`: every row in one answer. */
export interface ListKnowledgePacksParams {
  /** Page number, 1-based (wire `p`). `page * limit` may not exceed 10000. */
  page?: number;
  /** Page size 1..100. */
  limit?: number;
  /** At most 128 characters: a case-insensitive match on the team name or the pack id. */
  query?: string;
  /** `all` (default), `account` or `team`. */
  scope?: KnowledgePackListScope;
  /** Whether the account pack is included (wire `include_account`); absent or `null` = the server default, true. */
  includeAccount?: boolean | null;
  /** Only the team packs of these teams (wire `team_ids`). */
  teamIds?: number[];
}

/** Filters of `knowledge.listAllPacks`: those of `listPacks` without `page` (`limit` default 100). */
export type ListAllKnowledgePacksParams = Omit<ListKnowledgePacksParams, "page">;

/** Arguments of `knowledge.ensurePack`: `teamId` 0 = the account pack, otherwise the team's. */
export interface EnsureKnowledgePackParams {
  /** 0 = the account pack; otherwise the team whose pack to ensure. */
  teamId: number;
}

/** Arguments of `knowledge.updatePack`: moves the pack to the account (`teamId` 0) or to a team. */
export interface UpdateKnowledgePackParams {
  /** The pack, `kpk_...`. */
  packId: string;
  /** The destination: 0 = the account, otherwise a team; absent = no change. */
  teamId?: number;
}

/** `{ packId }`: the argument of `knowledge.deletePack`. */
export interface KnowledgePackIdParams {
  /** The pack, `kpk_...`. */
  packId: string;
}

/** Arguments of `knowledge.listFiles`. */
export interface ListKnowledgeFilesParams {
  /** The pack; absent = the account pack. */
  packId?: string;
}

/** Arguments of `knowledge.getFile`. */
export interface KnowledgeFilePathParams {
  /** Path within the pack (see {@link PutKnowledgeFileParams.relPath} for the rules). */
  relPath: string;
  /** The pack; absent = the account pack. */
  packId?: string;
}

/** Arguments of `knowledge.putFile`. */
export interface PutKnowledgeFileParams {
  /**
   * Path within the pack: 1 to 255 characters; segments of letters, digits, `.`, `_` and `-`
   * separated by single `/`; no leading or trailing `/`, no `.` or `..` segment.
   */
  relPath: string;
  /** The file's text: at most 1 MiB (1,048,576 bytes) as UTF-8; no lone surrogate. */
  content: string;
  /** MIME type; absent = from the extension (`.md` is `text/markdown`). */
  contentType?: string;
  /** The pack; absent = the account pack. */
  packId?: string;
}

/** Arguments of `knowledge.deleteFile`. */
export interface DeleteKnowledgeFileParams {
  relPath: string;
  /** The pack; absent = the account pack. */
  packId?: string;
  /** Delete even when other files still refer to it (default false: the platform answers `ReferenceExist`). */
  force?: boolean;
}

function fail(operation: string, field: string, problem: string): never {
  throw new FlashdutyValidationError({ operation, field, problem });
}

/** A `rel_path` as the platform takes it (the rules of {@link PutKnowledgeFileParams.relPath}). */
export function checkRelPath(operation: string, value: unknown): string {
  if (typeof value !== "string") fail(operation, "relPath", `relPath must be a string (got ${typeof value})`);
  const problem = knowledgeRelPathProblem(value);
  // The path itself is not repeated: it may hold control characters.
  if (problem !== undefined) fail(operation, "relPath", `relPath ${problem}`);
  return value;
}

// With the `u` flag a surrogate pair is one code point, so this matches lone surrogates only.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What is wrong with `value` as a file's text, in words following its name ("must be ..."), or
 * undefined: it must be a well-formed string (no lone surrogate, which UTF-8 cannot hold) of at
 * most `KNOWLEDGE_RULES.maxFileBytes` bytes as UTF-8.
 */
export function knowledgeContentProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return `must be a string (got ${typeof value})`;
  if (LONE_SURROGATE.test(value)) return "must be valid Unicode text (it holds a lone surrogate, which UTF-8 cannot encode)";
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > KNOWLEDGE_RULES.maxFileBytes) return `must be at most ${KNOWLEDGE_RULES.maxFileBytes} bytes as UTF-8 (1 MiB), got ${bytes}`;
  return undefined;
}

/** A file's text ({@link knowledgeContentProblem}); throws FlashdutyValidationError naming `content`. */
export function checkContent(operation: string, value: unknown): string {
  const problem = knowledgeContentProblem(value);
  if (problem !== undefined) fail(operation, "content", `content ${problem}`);
  return value as string;
}

/** The optional pack id of a file operation (absent = the account pack). */
export function checkPackId(operation: string, value: unknown): string | undefined {
  return value === undefined ? undefined : checkId(operation, "packId", value);
}

/** The filters of `listPacks` and `listAllPacks` but the page. */
export function checkPackFilters(operation: string, p: Record<string, unknown>): ListAllKnowledgePacksParams {
  return {
    limit: checkLimit(operation, p.limit),
    query: checkString(operation, "query", p.query, LIMITS.maxServerQueryLength),
    scope: checkEnum(operation, "scope", p.scope, KNOWLEDGE_PACK_LIST_SCOPES),
    includeAccount: checkBoolean(operation, "includeAccount", p.includeAccount, true),
    teamIds: checkIntegerArray(operation, "teamIds", p.teamIds),
  };
}

/** The checked arguments of `listPacks`. */
export function checkListPacks(operation: string, params: unknown): ListKnowledgePacksParams {
  const p = checkParams(operation, params);
  const filters = checkPackFilters(operation, p);
  return { page: checkPage(operation, p.page, filters.limit), ...filters };
}

/** A team id, 0 = the account (an integer >= 0). */
export function checkTeamId(operation: string, value: unknown): number {
  const teamId = checkInteger(operation, "teamId", value, 0);
  if (teamId === undefined) fail(operation, "teamId", "teamId is required (0 = the account pack)");
  return teamId;
}

// ---------------------------------------------------------------- wire mapping

/** @internal A pack as the client reads it. */
export function knowledgePackFromWire(w: WireKnowledgePack): KnowledgePack {
  return withoutUndefined({
    packId: w.pack_id,
    accountId: w.account_id,
    scope: w.scope,
    scopeId: w.scope_id,
    fileCount: w.file_count,
    totalBytes: w.total_bytes,
    version: w.version,
    dutyVersion: w.duty_version,
    createdBy: w.created_by,
    createdAtMs: w.created_at_ms,
    updatedAtMs: w.updated_at_ms,
    canEdit: w.can_edit,
    teamName: w.team_name,
  });
}
true satisfies Equal<KnowledgePack, Camelized<WireKnowledgePack>>;

/** @internal A file's metadata as the client reads it. */
export function knowledgeFileFromWire(w: WireKnowledgeFile): KnowledgeFile {
  return {
    fileId: w.file_id,
    packId: w.pack_id,
    relPath: w.rel_path,
    contentType: w.content_type,
    sizeBytes: w.size_bytes,
    checksum: w.checksum,
    updatedBy: w.updated_by,
    updatedAtMs: w.updated_at_ms,
  };
}
true satisfies Equal<KnowledgeFile, Camelized<WireKnowledgeFile>>;

/** @internal A warning as the client reads it. */
export function knowledgeWarningFromWire(w: WireKnowledgeWarning): KnowledgeWarning {
  return withoutUndefined({ code: w.code, ref: w.ref, refs: w.refs === undefined ? undefined : [...w.refs] });
}
true satisfies Equal<KnowledgeWarning, WireKnowledgeWarning>;

/** @internal Body of `pack/list`; fields the caller left out are not sent. */
export function listKnowledgePacksToWire(p: ListKnowledgePacksParams): WireKnowledgePackListRequest {
  return withoutUndefined({
    p: p.page,
    limit: p.limit,
    query: p.query,
    scope: p.scope,
    include_account: p.includeAccount,
    team_ids: p.teamIds,
  });
}

/** @internal Body of `pack/ensure`: team 0 is the account pack. */
export function ensureKnowledgePackToWire(p: EnsureKnowledgePackParams): WireKnowledgePackEnsureRequest {
  return p.teamId === 0 ? { scope: "account" } : { scope: "team", scope_id: p.teamId };
}

/** @internal Body of `pack/update`. */
export function updateKnowledgePackToWire(p: UpdateKnowledgePackParams): WireKnowledgePackUpdateRequest {
  if (p.teamId === undefined) return { pack_id: p.packId };
  return p.teamId === 0 ? { pack_id: p.packId, scope: "account" } : { pack_id: p.packId, scope: "team", scope_id: p.teamId };
}

/** @internal Body of `file/list`. */
export function listKnowledgeFilesToWire(p: ListKnowledgeFilesParams): WireKnowledgeFileListRequest {
  return withoutUndefined({ pack_id: p.packId });
}

/** @internal Body of `file/get`. */
export function knowledgeFilePathToWire(p: KnowledgeFilePathParams): WireKnowledgeFileGetRequest {
  return withoutUndefined({ rel_path: p.relPath, pack_id: p.packId });
}

/** @internal Body of `file/put`: the text as base64 of its UTF-8 bytes. */
export function putKnowledgeFileToWire(p: PutKnowledgeFileParams): WireKnowledgeFilePutRequest {
  return withoutUndefined({
    rel_path: p.relPath,
    content_b64: Buffer.from(p.content, "utf8").toString("base64"),
    content_type: p.contentType,
    pack_id: p.packId,
  });
}

/** @internal Body of `file/delete`. */
export function deleteKnowledgeFileToWire(p: DeleteKnowledgeFileParams): WireKnowledgeFileDeleteRequest {
  return withoutUndefined({ rel_path: p.relPath, pack_id: p.packId, force: p.force });
}
