import type * as pulumi from "@pulumi/pulumi";
import type { KnowledgePackListScope } from "../../sdk";
import { dataSourceOutput } from "../engine/dataSourceOutput";
import { programClient, withDiagnosticsParent } from "../client/programConfig";
import { readKnowledgeFiles } from "./readKnowledgeFiles";

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

/** Same as {@link GetKnowledgeFilesArgs}, accepting Pulumi inputs at every level (as generated SDKs do). */
export interface GetKnowledgeFilesOutputArgs {
  /** See {@link GetKnowledgeFilesArgs.scope}. */
  scope?: pulumi.Input<KnowledgePackListScope>;
  /** See {@link GetKnowledgeFilesArgs.query}. */
  query?: pulumi.Input<string>;
  /** See {@link GetKnowledgeFilesArgs.teamIds}; the list and each id may be an input. */
  teamIds?: pulumi.Input<pulumi.Input<number>[]>;
  /** See {@link GetKnowledgeFilesArgs.includeAccount}. */
  includeAccount?: pulumi.Input<boolean>;
  /** See {@link GetKnowledgeFilesArgs.pageSize}. */
  pageSize?: pulumi.Input<number>;
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

/**
 * Data source: every knowledge file of the packs visible to the configured app key that match
 * the filters: every page of `POST /safari/knowledge/pack/list`, then `file/list` of each pack
 * (metadata only), on the client's shared rate limit.
 *
 * Runs in the program process during preview and update; reads `flashduty:appKey` /
 * `FLASHDUTY_APP_KEY` and `flashduty:baseUrl` / `FLASHDUTY_BASE_URL`. `opts`: only `parent` is used.
 *
 * @throws FlashdutyValidationError for bad filters (names the field and the limit), before any call
 * @throws FlashdutyPagingError when more than 10000 packs match, or the list kept changing
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @throws FlashdutyConfigError when no app key is configured
 */
export async function getKnowledgeFiles(args: GetKnowledgeFilesArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetKnowledgeFilesResult> {
  return withDiagnosticsParent(opts?.parent, () => readKnowledgeFiles(args, programClient), "getKnowledgeFiles");
}

/**
 * {@link getKnowledgeFiles} for Pulumi inputs: waits for the arguments and for the resources of
 * `opts.dependsOn`, then reads. Same errors, surfaced when the output resolves.
 */
export function getKnowledgeFilesOutput(args: GetKnowledgeFilesOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetKnowledgeFilesResult> {
  return dataSourceOutput(args, opts, getKnowledgeFiles);
}
