import type * as pulumi from "@pulumi/pulumi";
import type { KnowledgePackListScope } from "../../sdk";
import { dataSourceOutput } from "./dataSourceOutput";
import { programClient, withDiagnosticsParent } from "../client/programConfig";
import { readKnowledgeFiles, type GetKnowledgeFilesArgs, type KnowledgeFileInfo, type GetKnowledgeFilesResult } from "../knowledgeFile/readKnowledgeFiles";

// Declared with the read, which the provider plugin shares; exported here with the data source.
export type { GetKnowledgeFilesArgs, KnowledgeFileInfo, GetKnowledgeFilesResult };

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
