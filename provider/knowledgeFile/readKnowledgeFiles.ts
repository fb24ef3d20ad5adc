/**
 * The read under `getKnowledgeFiles`, apart from the program's configuration: the data source
 * passes the program's client, the provider plugin's `Invoke` its own (configured by the engine).
 * This module loads nothing of `@pulumi/pulumi`'s entry point, so the plugin's single-file build
 * does not carry the Pulumi SDK's program runtime.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient, KnowledgePack, KnowledgePackListScope } from "../../sdk";
import { checkInteger } from "../../sdk/validation";
import { LIMITS } from "../../wire/protocol";

/** Filters of {@link getKnowledgeFiles}: those of the pack list (`POST /safari/knowledge/pack/list`). All optional. */
export interface GetKnowledgeFilesArgs {
  /** `all` (default: team packs, plus the account's pack unless `includeAccount` is false), `account` or `team`. */
  scope?: KnowledgePackListScope;
  /** Case-insensitive substring of the team name or the pack id; at most 128 characters. */
  query?: string;
  /** Only the packs of these teams (integers). */
  teamIds?: number[];
  /** Whether the account's pack is included under scope `all` (default true). */
  includeAccount?: boolean;
  /** Packs per request, 1..100, default 100. Only changes how many requests are made. */
  pageSize?: number;
}

/** A knowledge file as {@link getKnowledgeFiles} lists it: metadata (the text is read by the resource). */
export interface KnowledgeFileInfo {
  /** File id, `kfl_...`. */
  fileId: string;
  /** Pack id, `kpk_...`. */
  packId: string;
  /** 0 for the account's pack; otherwise the pack's team. */
  teamId: number;
  /** Path in the pack (`rel_path`). */
  path: string;
  /** MIME type. */
  contentType: string;
  /** Bytes of the UTF-8 content. */
  sizeBytes: number;
  /** SHA-256 of the content, lower-case hex. */
  checksum: string;
  /** Member id of the last writer (0 for the seeded `DUTY.md`). */
  updatedBy: number;
  /** Last change, epoch milliseconds. */
  updatedAt: number;
}

/** Result of {@link getKnowledgeFiles}. */
export interface GetKnowledgeFilesResult {
  /** Number of files returned. */
  total: number;
  /** The files, sorted by `teamId` (0, the account's pack, first), then `path` (code-point order), so unchanged platform state gives identical outputs. */
  files: KnowledgeFileInfo[];
}

/** The team of a pack as the resource names it: 0 for the account's pack. */
function teamOf(pack: KnowledgePack): number {
  return pack.scope === "account" ? 0 : pack.scopeId;
}

/**
 * Reads every file of every pack matching `args` (`POST /safari/knowledge/pack/list`, every page,
 * then `file/list` of each pack, one after the other on the client's rate limit), ordered by team
 * id then path. `client` is called once the filters are checked, so bad input fails before a
 * missing app key or any call.
 *
 * @throws FlashdutyValidationError for bad filters, before any call
 * @throws FlashdutyPagingError, FlashdutyApiError as the client's `listAllPacks` and `listFiles`
 * @internal
 */
export async function readKnowledgeFiles(args: GetKnowledgeFilesArgs, client: () => FlashdutyClient): Promise<GetKnowledgeFilesResult> {
  const pageSize = checkInteger("getKnowledgeFiles", "pageSize", args.pageSize, 1, LIMITS.maxPageSize) ?? LIMITS.maxPageSize;
  const knowledge = client().knowledge;
  const packs = await knowledge.listAllPacks({
    scope: args.scope,
    query: args.query,
    teamIds: args.teamIds,
    includeAccount: args.includeAccount,
    limit: pageSize,
  });
  const files: KnowledgeFileInfo[] = [];
  for (const pack of packs) {
    const teamId = teamOf(pack);
    for (const f of (await knowledge.listFiles({ packId: pack.packId })).files) {
      files.push({
        fileId: f.fileId,
        packId: f.packId,
        teamId,
        path: f.relPath,
        contentType: f.contentType,
        sizeBytes: f.sizeBytes,
        checksum: f.checksum,
        updatedBy: f.updatedBy,
        updatedAt: f.updatedAtMs,
      });
    }
  }
  files.sort((a, b) => a.teamId - b.teamId || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.packId < b.packId ? -1 : a.packId > b.packId ? 1 : 0));
  return { total: files.length, files };
}
