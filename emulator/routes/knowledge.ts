/**
 * Knowledge operations: `/safari/knowledge/get`, `pack/list`, `pack/ensure`, `pack/update`,
 * `pack/delete`, `file/list`, `file/get`, `file/put` and `file/delete` (docs/platform-api.md
 * "Knowledge packs and files"). Every write that gets past its body is written to the audit log
 * with its outcome.
 */
import { KNOWLEDGE_PACK_LIST_SCOPES, KNOWLEDGE_RULES, LIMITS, PATHS, knowledgeContentType, knowledgeRefs, knowledgeRelPathProblem } from "../../wire/protocol";
import {
  wireKnowledgeFileDeleteRequestSchema,
  wireKnowledgeFileGetRequestSchema,
  wireKnowledgeFileListRequestSchema,
  wireKnowledgeFilePutRequestSchema,
  wireKnowledgePackEnsureRequestSchema,
  wireKnowledgePackIdRequestSchema,
  wireKnowledgePackListRequestSchema,
  wireKnowledgePackUpdateRequestSchema,
  type WireKnowledgeFileGetData,
  type WireKnowledgeFileListData,
  type WireKnowledgeGetData,
  type WireKnowledgePackDeleteData,
  type WireKnowledgePackListData,
} from "../../wire/wire";
import type { WireKnowledgeFile, WireKnowledgePack, WireKnowledgeWarning } from "../../wire/wireTypes";
import { isAccountAdmin, requireAiSre } from "../auth";
import { parseBody } from "../http/body";
import { ApiError } from "../http/envelope";
import type { Operation, OperationContext } from "../operation";
import { pageOf, readPage } from "../paging";
import { SEED_TEAMS } from "../seed";
import { toWireFile, type StoredKnowledgePack } from "../state/knowledgeStore";
import type { AuditEntry, SeedUser } from "../types";

/** Whether `user` may read `pack`: same account; a team's pack only for owners, admins and the team's members. */
function canReadPack(user: SeedUser, pack: StoredKnowledgePack): boolean {
  if (user.accountId !== pack.account_id) return false;
  return pack.scope === "account" || isAccountAdmin(user) || user.teamIds.includes(pack.scope_id);
}

/** Whether `user` may write `pack`: `ai-sre`, and owner/admin (account pack) or owner/admin/member (team pack). */
function canEditPack(user: SeedUser, pack: StoredKnowledgePack): boolean {
  if (!user.aiSre || user.accountId !== pack.account_id) return false;
  if (isAccountAdmin(user)) return true;
  return pack.scope === "team" && user.teamIds.includes(pack.scope_id);
}

function toWirePack(context: OperationContext, pack: StoredKnowledgePack): WireKnowledgePack {
  return context.world.knowledge.toWirePack(pack, canEditPack(context.caller, pack));
}

/**
 * The pack a file operation targets: `pack_id` absent or `""` = the caller's account pack
 * (created on first access); otherwise the caller's account's pack of that id (400
 * `ResourceNotFound`), which they must be able to read (403 `AccessDenied`).
 */
function targetPack(context: OperationContext, packId: string | undefined): StoredKnowledgePack {
  const { caller, world, now } = context;
  if (packId === undefined || packId === "") return world.knowledge.accountPack(caller.accountId, caller.memberId, now);
  const pack = world.knowledge.packs.get(packId);
  if (pack === undefined || pack.account_id !== caller.accountId) throw new ApiError("ResourceNotFound", (m) => m.knowledgePackNotFound(packId));
  if (!canReadPack(caller, pack)) throw new ApiError("AccessDenied", (m) => m.knowledgePackNotReadable(packId));
  return pack;
}

/** 403 unless the caller may write `pack`. */
function requireEditable(context: OperationContext, pack: StoredKnowledgePack): void {
  if (!canEditPack(context.caller, pack)) throw new ApiError("AccessDenied", (m) => m.knowledgePackNotEditable(pack.pack_id));
}

/** A valid `rel_path` (400 `InvalidParameter` naming it and the rule otherwise). */
function checkRelPath(relPath: string): string {
  if (relPath === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("rel_path"));
  const problem = knowledgeRelPathProblem(relPath);
  if (problem !== undefined) throw new ApiError("InvalidParameter", (m) => m.paramInvalid("rel_path", problem));
  return relPath;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text of `content_b64`: strict base64, at most 1 MiB decoded, UTF-8 (400 `InvalidParameter` naming `content_b64`). */
function decodeContent(contentB64: string | undefined): string {
  if (contentB64 === undefined || contentB64 === "") return "";
  if (!BASE64.test(contentB64)) throw new ApiError("InvalidParameter", (m) => m.knowledgeContentInvalid("base64"));
  const bytes = Buffer.from(contentB64, "base64");
  if (bytes.length > KNOWLEDGE_RULES.maxFileBytes) {
    throw new ApiError("InvalidParameter", (m) => m.knowledgeContentTooLarge(KNOWLEDGE_RULES.maxFileBytes, bytes.length));
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ApiError("InvalidParameter", (m) => m.knowledgeContentInvalid("utf8"));
  }
}

/** Runs a write, writing its audit entry with the outcome (success or the error code). */
function audited<T>(context: OperationContext, entry: Pick<AuditEntry, "operation" | "packId" | "relPath">, write: (entry: AuditEntry) => T): T {
  const { caller, world, requestId, now } = context;
  const full: AuditEntry = { time: now, accountId: caller.accountId, actorMemberId: caller.memberId, requestId, outcome: "success", ...entry };
  try {
    const result = write(full);
    world.store.appendAudit(full);
    return result;
  } catch (error) {
    world.store.appendAudit({ ...full, outcome: error instanceof ApiError ? error.code : "InternalError" });
    throw error;
  }
}

/** The account pack and its files (metadata only), the pack created on first access. */
export const getKnowledge: Operation = {
  name: "knowledge.get",
  path: PATHS.knowledgeGet,
  handle(context): WireKnowledgeGetData {
    const pack = targetPack(context, undefined);
    return { pack: toWirePack(context, pack), files: context.world.knowledge.files(pack.pack_id).map(toWireFile) };
  },
};

/**
 * The packs of the caller's account they may read. `scope` `all` (default: team packs plus the
 * account pack unless `include_account` is false), `account`, `team`; `team_ids` narrows the team
 * packs; `query` (at most 128 characters) a case-insensitive substring of the team name or the
 * pack id. `p` and `limit` have no defaults: both unset = every row. Order: the account pack,
 * then team packs by team id, then pack id.
 */
export const listKnowledgePacks: Operation = {
  name: "knowledgePack.list",
  path: PATHS.knowledgePackList,
  handle(context): WireKnowledgePackListData {
    const request = parseBody(wireKnowledgePackListRequestSchema, context.body);
    const scope = request.scope === undefined || request.scope === "" ? "all" : request.scope;
    if (!(KNOWLEDGE_PACK_LIST_SCOPES as readonly string[]).includes(scope)) {
      throw new ApiError("InvalidParameter", (m) => m.paramOneOf("scope", KNOWLEDGE_PACK_LIST_SCOPES));
    }
    if (request.query !== undefined && [...request.query].length > LIMITS.maxServerQueryLength) {
      throw new ApiError("InvalidParameter", (m) => m.paramTooLong("query", LIMITS.maxServerQueryLength));
    }
    const paged = request.p !== undefined || request.limit !== undefined;
    const page = paged ? readPage(request.p, request.limit) : undefined;
    const includeAccount = request.include_account ?? true;
    const teamIds = request.team_ids !== undefined && request.team_ids !== null && request.team_ids.length > 0 ? new Set(request.team_ids) : undefined;
    const query = request.query?.toLowerCase() ?? "";
    const { caller, world } = context;
    const matches = [...world.knowledge.packs.values()].filter((pack) => {
      if (!canReadPack(caller, pack)) return false;
      const accountWide = pack.scope === "account";
      if (accountWide ? scope === "team" || (scope === "all" && !includeAccount) : scope === "account") return false;
      if (!accountWide && teamIds !== undefined && !teamIds.has(pack.scope_id)) return false;
      const teamName = SEED_TEAMS.find((t) => t.teamId === pack.scope_id && !accountWide)?.name ?? "";
      return query === "" || teamName.toLowerCase().includes(query) || pack.pack_id.toLowerCase().includes(query);
    });
    const rank = (pack: StoredKnowledgePack) => (pack.scope === "account" ? 0 : 1);
    matches.sort((a, b) => rank(a) - rank(b) || a.scope_id - b.scope_id || (a.pack_id < b.pack_id ? -1 : a.pack_id > b.pack_id ? 1 : 0));
    const rows = page === undefined ? matches : pageOf(matches, page);
    return { total: matches.length, packs: rows.map((pack) => toWirePack(context, pack)) };
  },
};

/** Checks a write's (`scope`, `scope_id`) and returns the scope id the pack gets. */
function readScope(context: OperationContext, scope: string, scopeId: number | null | undefined): { scope: "account" | "team"; scopeId: number } {
  const { caller } = context;
  if (scope === "account") return { scope, scopeId: caller.accountId };
  if (scope !== "team") throw new ApiError("InvalidParameter", (m) => m.paramOneOf("scope", ["account", "team"]));
  if (scopeId === undefined || scopeId === null || scopeId === 0) throw new ApiError("InvalidParameter", (m) => m.paramRequired("scope_id"));
  if (scopeId < 0) throw new ApiError("InvalidParameter", (m) => m.paramAtLeast("scope_id", 1));
  if (!SEED_TEAMS.some((t) => t.teamId === scopeId && t.accountId === caller.accountId)) {
    throw new ApiError("ResourceNotFound", (m) => m.knowledgeTeamNotFound(scopeId));
  }
  return { scope, scopeId };
}

/** 403 unless the caller may hold a pack of this scope: owner/admin for the account, owner/admin or a member for a team. */
function requireScopeEditable(caller: SeedUser, scope: "account" | "team", scopeId: number): void {
  if (isAccountAdmin(caller) || (scope === "team" && caller.teamIds.includes(scopeId))) return;
  throw new ApiError("AccessDenied", (m) => (scope === "team" ? m.teamNotEditable(scopeId) : m.permissionRequired("account admin")));
}

/** The pack of a scope, created when there is none (idempotent: an existing pack is returned unchanged). */
export const ensureKnowledgePack: Operation = {
  name: "knowledgePack.ensure",
  path: PATHS.knowledgePackEnsure,
  handle(context): WireKnowledgePack {
    const request = parseBody(wireKnowledgePackEnsureRequestSchema, context.body);
    return audited(context, { operation: "knowledge.pack.ensure" }, (entry) => {
      requireAiSre(context.caller);
      const { scope, scopeId } = readScope(context, request.scope, request.scope_id);
      const existing = context.world.knowledge.find(context.caller.accountId, scope, scopeId);
      if (existing !== undefined) {
        if (!canReadPack(context.caller, existing)) throw new ApiError("AccessDenied", (m) => m.knowledgePackNotReadable(existing.pack_id));
        entry.packId = existing.pack_id;
        return toWirePack(context, existing);
      }
      requireScopeEditable(context.caller, scope, scopeId);
      const { pack } = context.world.knowledge.ensure(context.caller.accountId, scope, scopeId, context.caller.memberId, context.now);
      entry.packId = pack.pack_id;
      return toWirePack(context, pack);
    });
  },
};

/** Moves a pack to another scope; an omitted `scope` is a no-op; a scope that has a pack already is `ReferenceExist`. */
export const updateKnowledgePack: Operation = {
  name: "knowledgePack.update",
  path: PATHS.knowledgePackUpdate,
  handle(context): WireKnowledgePack {
    const request = parseBody(wireKnowledgePackUpdateRequestSchema, context.body);
    if (request.pack_id === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("pack_id"));
    return audited(context, { operation: "knowledge.pack.update", packId: request.pack_id }, () => {
      requireAiSre(context.caller);
      const pack = targetPack(context, request.pack_id);
      requireEditable(context, pack);
      if (request.scope === undefined || request.scope === null || request.scope === "") return toWirePack(context, pack);
      const { scope, scopeId } = readScope(context, request.scope, request.scope_id);
      if (scope === pack.scope && scopeId === pack.scope_id) return toWirePack(context, pack);
      requireScopeEditable(context.caller, scope, scopeId);
      if (context.world.knowledge.find(context.caller.accountId, scope, scopeId) !== undefined) {
        throw new ApiError("ReferenceExist", (m) => m.knowledgePackExists(scope, scopeId));
      }
      context.world.knowledge.movePack(pack, scope, scopeId, context.now);
      return toWirePack(context, pack);
    });
  },
};

/** Deletes a pack and all its files, irreversibly; an unknown id is `ResourceNotFound`. */
export const deleteKnowledgePack: Operation = {
  name: "knowledgePack.delete",
  path: PATHS.knowledgePackDelete,
  handle(context): WireKnowledgePackDeleteData {
    const { pack_id: packId } = parseBody(wireKnowledgePackIdRequestSchema, context.body);
    if (packId === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("pack_id"));
    return audited(context, { operation: "knowledge.pack.delete", packId }, () => {
      requireAiSre(context.caller);
      const pack = targetPack(context, packId);
      requireEditable(context, pack);
      context.world.knowledge.deletePack(pack.pack_id);
      return { ok: true };
    });
  },
};

/** Every file of a pack, metadata only, by `rel_path`; `p` and `limit` are ignored. */
export const listKnowledgeFiles: Operation = {
  name: "knowledgeFile.list",
  path: PATHS.knowledgeFileList,
  handle(context): WireKnowledgeFileListData {
    const request = parseBody(wireKnowledgeFileListRequestSchema, context.body);
    const files = context.world.knowledge.files(targetPack(context, request.pack_id).pack_id);
    return { total: files.length, files: files.map(toWireFile) };
  },
};

/** One file with its content (base64 of its UTF-8 text); a missing file is `ResourceNotFound`. */
export const getKnowledgeFile: Operation = {
  name: "knowledgeFile.get",
  path: PATHS.knowledgeFileGet,
  handle(context): WireKnowledgeFileGetData {
    const request = parseBody(wireKnowledgeFileGetRequestSchema, context.body);
    const relPath = request.rel_path;
    if (relPath === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("rel_path"));
    const file = context.world.knowledge.file(targetPack(context, request.pack_id).pack_id, relPath);
    if (file === undefined) throw new ApiError("ResourceNotFound", (m) => m.knowledgeFileNotFound(relPath));
    return { file: toWireFile(file), content_b64: Buffer.from(file.content, "utf8").toString("base64") };
  },
};

/** The files of `packId` other than `relPath` whose text refers to `relPath`, by `rel_path`. */
function referrers(context: OperationContext, packId: string, relPath: string): string[] {
  return context.world.knowledge
    .files(packId)
    .filter((f) => f.rel_path !== relPath && knowledgeRefs(f.content).includes(relPath))
    .map((f) => f.rel_path);
}

/**
 * Creates or overwrites a file. Checks in order: body (`rel_path`, `content_b64`), `ai-sre`,
 * the pack, edit rights. An @ref to a missing file of the pack gives an `unresolved_reference`
 * warning (the put succeeds); `warnings` is omitted when empty.
 */
export const putKnowledgeFile: Operation = {
  name: "knowledgeFile.put",
  path: PATHS.knowledgeFilePut,
  bodyLimitBytes: KNOWLEDGE_RULES.maxPutBodyBytes,
  handle(context): { file: WireKnowledgeFile; warnings?: WireKnowledgeWarning[] } {
    const request = parseBody(wireKnowledgeFilePutRequestSchema, context.body);
    const relPath = checkRelPath(request.rel_path);
    const content = decodeContent(request.content_b64);
    const contentType = request.content_type === undefined || request.content_type === "" ? knowledgeContentType(relPath) : request.content_type;
    return audited(context, { operation: "knowledge.file.put", relPath }, (entry) => {
      requireAiSre(context.caller);
      const pack = targetPack(context, request.pack_id);
      entry.packId = pack.pack_id;
      requireEditable(context, pack);
      const { file } = context.world.knowledge.put(pack, relPath, content, contentType, context.caller.memberId, context.now);
      const warnings: WireKnowledgeWarning[] = knowledgeRefs(content)
        .filter((ref) => context.world.knowledge.file(pack.pack_id, ref) === undefined)
        .map((ref) => ({ code: "unresolved_reference", ref }));
      return { file: toWireFile(file), ...(warnings.length > 0 ? { warnings } : {}) };
    });
  },
};

/**
 * Deletes a file; a missing file succeeds (idempotent). A file other files reference is 400
 * `ReferenceExist` naming them, unless `force`: then it goes, with a `still_referenced_by` warning.
 */
export const deleteKnowledgeFile: Operation = {
  name: "knowledgeFile.delete",
  path: PATHS.knowledgeFileDelete,
  handle(context): { warnings?: WireKnowledgeWarning[] } {
    const request = parseBody(wireKnowledgeFileDeleteRequestSchema, context.body);
    const relPath = request.rel_path;
    if (relPath === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("rel_path"));
    return audited(context, { operation: "knowledge.file.delete", relPath }, (entry) => {
      requireAiSre(context.caller);
      const pack = targetPack(context, request.pack_id);
      entry.packId = pack.pack_id;
      requireEditable(context, pack);
      if (context.world.knowledge.file(pack.pack_id, relPath) === undefined) return {};
      const refs = referrers(context, pack.pack_id, relPath);
      if (refs.length > 0 && request.force !== true) throw new ApiError("ReferenceExist", (m) => m.knowledgeStillReferenced(relPath, refs));
      context.world.knowledge.delete(pack, relPath, context.now);
      return refs.length > 0 ? { warnings: [{ code: "still_referenced_by", refs }] } : {};
    });
  },
};

/** The knowledge operations, in the order of `wire/protocol.ts`. */
export const KNOWLEDGE_OPERATIONS: readonly Operation[] = [
  getKnowledge,
  listKnowledgePacks,
  ensureKnowledgePack,
  updateKnowledgePack,
  deleteKnowledgePack,
  listKnowledgeFiles,
  getKnowledgeFile,
  putKnowledgeFile,
  deleteKnowledgeFile,
];
