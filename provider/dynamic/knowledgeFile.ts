import * as pulumi from "@pulumi/pulumi";
import type { Equal } from "../../wire/typeAssert";
import { suspendStackTraces } from "../engine/stackTraces";
import { checkGetSupported } from "./resourceGet";
import { fieldsNotWhere } from "../engine/declaration";
import { STORED_PROVIDER_KEY, storedProviderText } from "../engine/storedProviderText";
import { KNOWLEDGE_FILE_TYPE } from "../engine/typeToken";
import { KNOWLEDGE_FILE } from "../knowledgeFile/declaration";

/** Arguments of {@link KnowledgeFile}: where the file is and its text (`content` or `source`). */
export interface KnowledgeFileArgs {
  /**
   * 0 = the account's pack; otherwise the team whose pack holds the file. Changing it replaces the
   * file (files cannot move between packs). Left out, it is `0` at create and not managed
   * afterwards (a change made in the console stays).
   */
  teamId?: pulumi.Input<number>;
  /**
   * The file's path in its pack (`rel_path`): 1 to 255 characters; segments of letters, digits,
   * `.`, `_` and `-` separated by single `/`; no leading or trailing `/`, no `.` or `..` segment.
   * Changing it replaces the file.
   */
  path: pulumi.Input<string>;
  /**
   * The file's text (UTF-8, at most 1 MiB). Give it or `source`, not both. As an output, the text
   * the platform holds: a console edit shows line by line in `pulumi preview --refresh --diff`.
   */
  content?: pulumi.Input<string>;
  /**
   * The file's text from a Pulumi asset (a file asset, a string asset, or a `file://` remote
   * asset), instead of `content`: read by check, which refuses text that is not UTF-8 or over 1
   * MiB.
   */
  source?: pulumi.Input<pulumi.asset.Asset>;
  /**
   * Delete the file even when other files of its pack still refer to it (`@path`); without it such
   * a delete fails naming them. Changing it writes nothing. Default `false`.
   */
  force?: pulumi.Input<boolean>;
}

/** The state of a {@link KnowledgeFile} as the stack records it; the third argument of {@link KnowledgeFile.get}. */
export interface KnowledgeFileState {
  /** 0 = the account's pack; otherwise the team whose pack holds the file. Changing it replaces the file (files cannot move between packs). Default `0`. */
  teamId?: pulumi.Input<number>;
  /**
   * The file's path in its pack (`rel_path`): 1 to 255 characters; segments of letters, digits,
   * `.`, `_` and `-` separated by single `/`; no leading or trailing `/`, no `.` or `..` segment.
   * Changing it replaces the file.
   */
  path?: pulumi.Input<string>;
  /**
   * The file's text (UTF-8, at most 1 MiB). Give it or `source`, not both. As an output, the text
   * the platform holds: a console edit shows line by line in `pulumi preview --refresh --diff`.
   */
  content?: pulumi.Input<string>;
  /**
   * The file's text from a Pulumi asset (a file asset, a string asset, or a `file://` remote
   * asset), instead of `content`: read by check, which refuses text that is not UTF-8 or over 1
   * MiB.
   */
  source?: pulumi.Input<pulumi.asset.Asset>;
  /**
   * Delete the file even when other files of its pack still refer to it (`@path`); without it such
   * a delete fails naming them. Changing it writes nothing. Default `false`.
   */
  force?: pulumi.Input<boolean>;
  /** File id (`kfl_...`). */
  fileId?: pulumi.Input<string>;
  /** The pack holding the file (`kpk_...`). */
  packId?: pulumi.Input<string>;
  /** SHA-256 of the content, lower-case hex: an unchanged file writes nothing. */
  checksum?: pulumi.Input<string>;
  /** Bytes of the UTF-8 content. */
  sizeBytes?: pulumi.Input<number>;
  /** MIME type, from the extension (`.md` is `text/markdown`). */
  contentType?: pulumi.Input<string>;
  /** Last change on the platform, epoch milliseconds. */
  updatedAt?: pulumi.Input<number>;
}

/**
 * The outputs of {@link KnowledgeFile}: every field of its declaration, checked against the
 * class's state type at compile time.
 *
 * @internal
 */
export const STATE_KEYS = fieldsNotWhere(KNOWLEDGE_FILE.fields, { bookkeeping: true }) satisfies readonly (keyof KnowledgeFileState)[];
true satisfies Equal<(typeof STATE_KEYS)[number], keyof KnowledgeFileState>;

/**
 * The provider stored in state (`__provider`), as the other resources store theirs.
 *
 * FROZEN CONTRACT: the module path `pulumi-flashduty/provider/knowledgeFileProvider` and the names
 * called there must never change or disappear; every stack keeps this text in its state.
 *
 * @internal
 */
export const STORED_PROVIDER_TEXT = storedProviderText("pulumi-flashduty/provider/knowledgeFileProvider");

/**
 * One text file of a Flashduty knowledge pack (`DUTY.md`, a runbook, service notes), declared
 * whole: the account's pack (`teamId` 0) or a team's. A dynamic resource: type token
 * `pulumi-nodejs:dynamic/flashduty:KnowledgeFile`.
 *
 * - check (preview, before any call): `path` by the platform's `rel_path` rules; exactly one of
 *   `content` and `source` (a Pulumi asset, read here); the text UTF-8 and at most 1 MiB.
 * - create: `POST /safari/knowledge/pack/ensure` (the pack is made on first use and never deleted
 *   by a file), then `file/put`. A file already at that path is taken over (adoption). An @ref to
 *   a missing file is a Pulumi warning, not an error.
 * - refresh: `file/get`: a console edit of the text shows line by line in
 *   `pulumi preview --refresh --diff` (the `content` output), and the next `up` puts it back. A
 *   file deleted on the platform leaves the stack.
 * - update: one `file/put` only when the text's SHA-256 differs from the state's `checksum`;
 *   a changed `teamId` or `path` replaces the file (written in its new place first, then deleted
 *   from the old one: files cannot move between packs).
 * - delete: `file/delete`; a file other files refer to fails naming them unless `force` is set.
 */
export class KnowledgeFile extends pulumi.CustomResource {
  /**
   * Reads an existing knowledge file into the program by its id `<teamId>/<path>` (`file/get`):
   * a read-only resource of the stack that no `up` or `destroy` changes. Needs `@pulumi/pulumi`
   * 3.268.0 or later; throws at once with an earlier one.
   *
   * @param name the Pulumi resource name
   * @param id `<teamId>/<path>`, e.g. `0/DUTY.md`
   * @param state extra state the read starts from
   * @param opts resource options; `id` is set from `id`
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: KnowledgeFileState, opts?: pulumi.CustomResourceOptions): KnowledgeFile {
    checkGetSupported("KnowledgeFile");
    return new KnowledgeFile(name, state as unknown as KnowledgeFileArgs, { ...opts, id });
  }

  /** The type token. @internal */
  public static readonly __pulumiType: string = KNOWLEDGE_FILE_TYPE;

  /** Whether `obj` is a `KnowledgeFile` resource, by its type token (also across copies of this package). */
  public static override isInstance(obj: unknown): obj is KnowledgeFile {
    if (obj === undefined || obj === null) return false;
    return (obj as { __pulumiType?: unknown }).__pulumiType === KnowledgeFile.__pulumiType;
  }

  /** 0 = the account's pack; otherwise the team whose pack holds the file. Changing it replaces the file (files cannot move between packs). Default `0`. */
  declare public readonly teamId: pulumi.Output<number>;
  /**
   * The file's path in its pack (`rel_path`): 1 to 255 characters; segments of letters, digits,
   * `.`, `_` and `-` separated by single `/`; no leading or trailing `/`, no `.` or `..` segment.
   * Changing it replaces the file.
   */
  declare public readonly path: pulumi.Output<string>;
  /**
   * The file's text (UTF-8, at most 1 MiB). Give it or `source`, not both. As an output, the text
   * the platform holds: a console edit shows line by line in `pulumi preview --refresh --diff`.
   */
  declare public readonly content: pulumi.Output<string>;
  /**
   * The file's text from a Pulumi asset (a file asset, a string asset, or a `file://` remote
   * asset), instead of `content`: read by check, which refuses text that is not UTF-8 or over 1
   * MiB.
   */
  declare public readonly source: pulumi.Output<pulumi.asset.Asset | undefined>;
  /**
   * Delete the file even when other files of its pack still refer to it (`@path`); without it such
   * a delete fails naming them. Changing it writes nothing. Default `false`.
   */
  declare public readonly force: pulumi.Output<boolean>;
  /** File id (`kfl_...`). */
  declare public readonly fileId: pulumi.Output<string>;
  /** The pack holding the file (`kpk_...`). */
  declare public readonly packId: pulumi.Output<string>;
  /** SHA-256 of the content, lower-case hex: an unchanged file writes nothing. */
  declare public readonly checksum: pulumi.Output<string>;
  /** Bytes of the UTF-8 content. */
  declare public readonly sizeBytes: pulumi.Output<number>;
  /** MIME type, from the extension (`.md` is `text/markdown`). */
  declare public readonly contentType: pulumi.Output<string>;
  /** Last change on the platform, epoch milliseconds. */
  declare public readonly updatedAt: pulumi.Output<number>;

  /**
   * @param name the Pulumi resource name (unique in the stack)
   * @param args where the file is (`teamId`, `path`) and its text (`content` or `source`)
   * @param opts standard resource options
   */
  constructor(name: string, args: KnowledgeFileArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, argsOrState?: KnowledgeFileArgs | KnowledgeFileState, opts?: pulumi.CustomResourceOptions) {
    const outputs: Record<string, unknown> = Object.fromEntries(STATE_KEYS.map((key) => [key, undefined]));
    // No stack traces for the runtime to record while declaring (provider/engine/stackTraces.ts).
    const traces = suspendStackTraces();
    try {
      super(KNOWLEDGE_FILE_TYPE, name, { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...argsOrState }, opts);
    } catch (err) {
      throw traces.restoredFor(err, KnowledgeFile);
    } finally {
      traces.restore();
    }
  }
}
