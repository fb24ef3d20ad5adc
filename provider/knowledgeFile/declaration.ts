/**
 * KnowledgeFile's and getKnowledgeFiles' one declaration: every field with its schema type, description, default, secret flag
 * and place (input, output; required; part of the declared state). The provider plugin's schema
 * (`plugin/schema.json`), the field lists in `fields.ts` and the reference page in
 * `docs/resources/` are made from it (`npm run schema`; docs/CONTRIBUTING.md "Adding a field").
 *
 * @packageDocumentation
 */
import type { FunctionDeclaration, ResourceDeclaration, TypeDeclaration } from "../engine/declaration";
import { KNOWLEDGE_FILE_PLUGIN_TYPE } from "../engine/typeToken";

/** flashduty:index:KnowledgeFile: One text file of a knowledge pack (the account's or a team's), declared whole. */
export const KNOWLEDGE_FILE = {
  token: KNOWLEDGE_FILE_PLUGIN_TYPE,
  description:
    "One text file of a knowledge pack (the account's or a team's), declared whole: `DUTY.md`, a runbook, service notes. The pack is made on first use and never deleted by a file. Importable: `pulumi import flashduty:index:KnowledgeFile <name> <teamId>/<path>`.",
  fields: {
    teamId: {
      type: "integer",
      description: "0 = the account's pack; otherwise the team whose pack holds the file. Changing it replaces the file (files cannot move between packs).",
      default: 0,
      required: true,
      declared: true,
    },
    path: {
      type: "string",
      description:
        "The file's path in its pack (`rel_path`): 1 to 255 characters; segments of letters, digits, `.`, `_` and `-` separated by single `/`; no leading or trailing `/`, no `.` or `..` segment. Changing it replaces the file.",
      requiredInput: true,
      required: true,
      declared: true,
    },
    content: {
      type: "string",
      description:
        "The file's text (UTF-8, at most 1 MiB). Give it or `source`, not both. As an output, the text the platform holds: a console edit shows line by line in `pulumi preview --refresh --diff`.",
      required: true,
      declared: true,
    },
    source: {
      $ref: "pulumi.json#/Asset",
      description:
        "The file's text from a Pulumi asset (a file asset, a string asset, or a `file://` remote asset), instead of `content`: read by check, which refuses text that is not UTF-8 or over 1 MiB.",
    },
    force: {
      type: "boolean",
      description:
        "Delete the file even when other files of its pack still refer to it (`@path`); without it such a delete fails naming them. Changing it writes nothing.",
      default: false,
      required: true,
    },
    fileId: {
      type: "string",
      description: "File id (`kfl_...`).",
      kind: "out",
      required: true,
    },
    packId: {
      type: "string",
      description: "The pack holding the file (`kpk_...`).",
      kind: "out",
      required: true,
    },
    checksum: {
      type: "string",
      description: "SHA-256 of the content, lower-case hex: an unchanged file writes nothing.",
      kind: "out",
      required: true,
    },
    sizeBytes: {
      type: "integer",
      description: "Bytes of the UTF-8 content.",
      kind: "out",
      required: true,
    },
    contentType: {
      type: "string",
      description: "MIME type, from the extension (`.md` is `text/markdown`).",
      kind: "out",
      required: true,
    },
    updatedAt: {
      type: "number",
      description: "Last change on the platform, epoch milliseconds.",
      kind: "out",
      required: true,
    },
  },
} as const satisfies ResourceDeclaration;

/** flashduty:index:getKnowledgeFiles: Every knowledge file of the packs visible to the configured app key that match the filters (metadata only). */
export const GET_KNOWLEDGE_FILES = {
  token: "flashduty:index:getKnowledgeFiles",
  description:
    "Every knowledge file of the packs visible to the configured app key that match the filters (all pages of `POST /safari/knowledge/pack/list`, then `file/list` of each pack), metadata only, sorted by team id (0, the account's pack, first), then path.",
  inputs: {
    scope: {
      type: "string",
      description: "`all` (default), `account` (the account's pack only) or `team` (team packs only).",
    },
    query: {
      type: "string",
      description: "Case-insensitive substring of the team name or the pack id; at most 128 characters.",
    },
    teamIds: {
      type: "array",
      items: {
        type: "integer",
      },
      description: "Only the packs of these teams.",
    },
    includeAccount: {
      type: "boolean",
      description: "Whether the account's pack is included under scope `all`. Default true.",
    },
    pageSize: {
      type: "integer",
      description: "Packs per request, 1..100. Default 100.",
    },
  },
  outputs: {
    total: {
      type: "integer",
      description: "Number of files returned.",
      required: true,
    },
    files: {
      type: "array",
      items: {
        $ref: "#/types/flashduty:index:KnowledgeFileInfo",
      },
      description: "The files, sorted by team id, then path.",
      required: true,
    },
  },
} as const satisfies FunctionDeclaration;

/** flashduty:index:KnowledgeFileInfo: A knowledge file as the platform lists it (metadata; the text is read by the resource). */
export const KNOWLEDGE_FILE_INFO = {
  token: "flashduty:index:KnowledgeFileInfo",
  description: "A knowledge file as the platform lists it (metadata; the text is read by the resource).",
  properties: {
    fileId: {
      type: "string",
      description: "File id, `kfl_...`.",
      required: true,
    },
    packId: {
      type: "string",
      description: "Pack id, `kpk_...`.",
      required: true,
    },
    teamId: {
      type: "integer",
      description: "0 for the account's pack; otherwise the pack's team.",
      required: true,
    },
    path: {
      type: "string",
      description: "Path in the pack (`rel_path`).",
      required: true,
    },
    contentType: {
      type: "string",
      description: "MIME type.",
      required: true,
    },
    sizeBytes: {
      type: "integer",
      description: "Bytes of the UTF-8 content.",
      required: true,
    },
    checksum: {
      type: "string",
      description: "SHA-256 of the content, lower-case hex.",
      required: true,
    },
    updatedBy: {
      type: "integer",
      description: "Member id of the last writer (0 for the seeded `DUTY.md`).",
      required: true,
    },
    updatedAt: {
      type: "number",
      description: "Last change, epoch milliseconds.",
      required: true,
    },
  },
} as const satisfies TypeDeclaration;
