/**
 * The state of a `KnowledgeFile`: the shape of its declared fields, inputs and outputs, its
 * resource id (`<teamId>/<path>`), and the mapping from the client's model (`KnowledgeFile` of
 * the SDK). The provider functions are in `provider.ts`.
 *
 * @packageDocumentation
 */
import { createHash } from "node:crypto";
import type { KnowledgeFile } from "../../sdk";
import type { Equal } from "../../wire/typeAssert";
import type { DeclaredField } from "./fields";

/** The declared fields, with the defaults `check` fills in. */
export interface KnowledgeFileDeclared {
  /** Default 0 (the account's pack). */
  teamId: number;
  /** The file's `rel_path` in its pack. */
  path: string;
  /** The text (from `content`, or read from `source` by check). */
  content: string;
}

/** Inputs after `check`: what the engine stores as the resource's inputs (`source` is read into `content`). */
export interface KnowledgeFileInputs extends KnowledgeFileDeclared {
  /** Default false. */
  force: boolean;
}

/** Outputs (state). */
export interface KnowledgeFileOutputs extends KnowledgeFileInputs {
  /** `kfl_...`. */
  fileId: string;
  /** The pack holding the file, `kpk_...`. */
  packId: string;
  /** SHA-256 of the content, lower-case hex. */
  checksum: string;
  /** Bytes of the UTF-8 content. */
  sizeBytes: number;
  /** MIME type, e.g. `text/markdown`. */
  contentType: string;
  /** Epoch ms. */
  updatedAt: number;
}

true satisfies Equal<DeclaredField, keyof KnowledgeFileDeclared>;

/** @internal */
export const DEFAULTS = { teamId: 0, force: false } as const satisfies Partial<KnowledgeFileInputs>;

/** SHA-256 of `text` as UTF-8, lower-case hex: what the platform answers as a file's `checksum`. @internal */
export function checksumOf(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The resource id of the file at `path` of team `teamId`'s pack: `<teamId>/<path>` (what `pulumi import` takes). @internal */
export function resourceId(teamId: number, path: string): string {
  return `${teamId}/${path}`;
}

/**
 * `{ teamId, path }` of a resource id `<teamId>/<path>`, or undefined when it is not one.
 *
 * @internal
 */
export function parseResourceId(id: string): { teamId: number; path: string } | undefined {
  const match = /^(\d{1,15})\/(.+)$/s.exec(id);
  if (match === null) return undefined;
  return { teamId: Number(match[1]), path: match[2]! };
}

/** Outputs for `file` holding `content`, in team `teamId`'s pack. @internal */
export function toOutputs(file: KnowledgeFile, content: string, teamId: number, force: boolean): KnowledgeFileOutputs {
  return {
    teamId,
    path: file.relPath,
    content,
    force,
    fileId: file.fileId,
    packId: file.packId,
    checksum: file.checksum,
    sizeBytes: file.sizeBytes,
    contentType: file.contentType,
    updatedAt: file.updatedAtMs,
  };
}
