/**
 * Wire schemas of the knowledge operations (`/safari/knowledge/*`, docs/platform-api.md
 * "Knowledge packs and files"): packs, files and the request bodies, in the API's snake_case.
 * Re-exported by `wire/wire.ts`. Response objects follow the tolerant rules of that file:
 * unknown fields stripped, optional fields absent or `null` read as `undefined`, `null` lists
 * as `[]`.
 */
import { z } from "zod";
import { list, optional, optionalList } from "./readers";
import type { Equal } from "./typeAssert";
import type { WireKnowledgeFile, WireKnowledgePack, WireKnowledgeWarning } from "./wireTypes";

// ---------------------------------------------------------------- objects

/**
 * A knowledge pack (KnowledgePackItem): one per account (`scope` `account`, `scope_id` the
 * account id) and per team (`team`, the team id); legacy `channel` packs may be listed.
 * `duty_version` is absent from older servers.
 */
export const wireKnowledgePackSchema = z.object({
  pack_id: z.string(),
  account_id: z.number().int(),
  /** `account` | `team` | `channel` (legacy); a plain string, so a new scope still parses. */
  scope: z.string(),
  /** The account id (account pack) or the team id. */
  scope_id: z.number().int(),
  file_count: z.number().int(),
  /** Sum of the files' sizes, bytes. */
  total_bytes: z.number().int(),
  /** +1 per file change. */
  version: z.number().int(),
  duty_version: optional(z.number().int()),
  created_by: z.number().int(),
  /** Epoch ms. */
  created_at_ms: z.number().int(),
  /** Epoch ms. */
  updated_at_ms: z.number().int(),
  can_edit: z.boolean(),
  /** The team's name; omitted when empty. */
  team_name: optional(z.string()),
});
export type { WireKnowledgePack };
true satisfies Equal<WireKnowledgePack, z.output<typeof wireKnowledgePackSchema>>;
/** A pack as it may appear on the wire (what a server, such as the emulator, may send). */
export type WireKnowledgePackJson = z.input<typeof wireKnowledgePackSchema>;

/** A knowledge file's metadata (KnowledgeFileItem); the content comes only from `file/get`. */
export const wireKnowledgeFileSchema = z.object({
  file_id: z.string(),
  pack_id: z.string(),
  rel_path: z.string(),
  content_type: z.string(),
  /** Bytes of the UTF-8 content. */
  size_bytes: z.number().int(),
  /** SHA-256 of the content, lower-case hex. */
  checksum: z.string(),
  updated_by: z.number().int(),
  /** Epoch ms. */
  updated_at_ms: z.number().int(),
});
export type { WireKnowledgeFile };
true satisfies Equal<WireKnowledgeFile, z.output<typeof wireKnowledgeFileSchema>>;
/** A file as it may appear on the wire. */
export type WireKnowledgeFileJson = z.input<typeof wireKnowledgeFileSchema>;

/**
 * One item of a write's `warnings[]`: `unresolved_reference` (put: `ref` names the missing
 * file) or `still_referenced_by` (forced delete: `refs` names the files that still refer to it).
 * `code` stays a plain string.
 */
export const wireKnowledgeWarningSchema = z.object({
  code: z.string(),
  ref: optional(z.string()),
  refs: optionalList(z.string()),
});
export type { WireKnowledgeWarning };
true satisfies Equal<WireKnowledgeWarning, z.output<typeof wireKnowledgeWarningSchema>>;

// ---------------------------------------------------------------- answers

/** `data` of `/safari/knowledge/get`: the account pack and its files' metadata. */
export const wireKnowledgeGetDataSchema = z.object({
  pack: wireKnowledgePackSchema,
  files: list(wireKnowledgeFileSchema),
});
export type WireKnowledgeGetData = z.output<typeof wireKnowledgeGetDataSchema>;

/** `data` of `pack/list`. */
export const wireKnowledgePackListDataSchema = z.object({
  packs: list(wireKnowledgePackSchema),
  total: z.number().int(),
});
export type WireKnowledgePackListData = z.output<typeof wireKnowledgePackListDataSchema>;

/** `data` of `pack/delete`. */
export const wireKnowledgePackDeleteDataSchema = z.object({ ok: z.boolean() });
export type WireKnowledgePackDeleteData = z.output<typeof wireKnowledgePackDeleteDataSchema>;

/** `data` of `file/list`: every file of the pack (metadata only; `p` and `limit` are ignored). */
export const wireKnowledgeFileListDataSchema = z.object({
  files: list(wireKnowledgeFileSchema),
  total: z.number().int(),
});
export type WireKnowledgeFileListData = z.output<typeof wireKnowledgeFileListDataSchema>;

/** `data` of `file/get`: the metadata and the content, base64 of UTF-8 text. */
export const wireKnowledgeFileGetDataSchema = z.object({
  file: wireKnowledgeFileSchema,
  content_b64: z.string(),
});
export type WireKnowledgeFileGetData = z.output<typeof wireKnowledgeFileGetDataSchema>;

/** `data` of `file/put`: the file as stored and the warnings (omitted when none: read as `[]`). */
export const wireKnowledgeFilePutDataSchema = z.object({
  file: wireKnowledgeFileSchema,
  warnings: list(wireKnowledgeWarningSchema)
    .optional()
    .transform((v) => v ?? []),
});
export type WireKnowledgeFilePutData = z.output<typeof wireKnowledgeFilePutDataSchema>;

/** `data` of `file/delete`: the warnings (omitted when none: read as `[]`); `data` may be null. */
export const wireKnowledgeFileDeleteDataSchema = z
  .object({
    warnings: list(wireKnowledgeWarningSchema)
      .optional()
      .transform((v) => v ?? []),
  })
  .nullable()
  .transform((v) => v ?? { warnings: [] });
export type WireKnowledgeFileDeleteData = z.output<typeof wireKnowledgeFileDeleteDataSchema>;

// ---------------------------------------------------------------- requests

/** Body of `/safari/knowledge/get`: empty (always the account pack). */
export const wireKnowledgeGetRequestSchema = z.object({});

/**
 * Body of `pack/list`. `p` and `limit` have no defaults: both unset = every row. `query` at most
 * `LIMITS.maxServerQueryLength` (128) characters; `scope` `all` | `account` | `team`;
 * `include_account` default true.
 */
export const wireKnowledgePackListRequestSchema = z.object({
  p: z.number().int().optional(),
  limit: z.number().int().optional(),
  query: z.string().optional(),
  scope: z.string().optional(),
  include_account: z.boolean().nullable().optional(),
  team_ids: z.array(z.number().int()).nullable().optional(),
});
export type WireKnowledgePackListRequest = z.infer<typeof wireKnowledgePackListRequestSchema>;

/** Body of `pack/ensure`: `scope` `account` | `team`; `scope_id` the team id (required for `team`, ignored for `account`). */
export const wireKnowledgePackEnsureRequestSchema = z.object({
  scope: z.string(),
  scope_id: z.number().int().nullable().optional(),
});
export type WireKnowledgePackEnsureRequest = z.infer<typeof wireKnowledgePackEnsureRequestSchema>;

/** Body of `pack/update`: moves the pack to another scope (`scope` absent or null = no change). */
export const wireKnowledgePackUpdateRequestSchema = z.object({
  pack_id: z.string(),
  scope: z.string().nullable().optional(),
  scope_id: z.number().int().nullable().optional(),
});
export type WireKnowledgePackUpdateRequest = z.infer<typeof wireKnowledgePackUpdateRequestSchema>;

/** Body of `pack/delete`. */
export const wireKnowledgePackIdRequestSchema = z.object({ pack_id: z.string() });
export type WireKnowledgePackIdRequest = z.infer<typeof wireKnowledgePackIdRequestSchema>;

/** Body of `file/list`: `pack_id` absent or `""` = the account pack; `p` and `limit` are ignored. */
export const wireKnowledgeFileListRequestSchema = z.object({
  pack_id: z.string().optional(),
  p: z.number().int().optional(),
  limit: z.number().int().optional(),
});
export type WireKnowledgeFileListRequest = z.infer<typeof wireKnowledgeFileListRequestSchema>;

/** Body of `file/get`: `pack_id` absent or `""` = the account pack. */
export const wireKnowledgeFileGetRequestSchema = z.object({
  rel_path: z.string(),
  pack_id: z.string().optional(),
});
export type WireKnowledgeFileGetRequest = z.infer<typeof wireKnowledgeFileGetRequestSchema>;

/**
 * Body of `file/put`: `content_b64` base64 of UTF-8 text (at most `KNOWLEDGE_RULES.maxFileBytes`
 * decoded; absent = empty file); `content_type` absent or `""` = from the extension.
 */
export const wireKnowledgeFilePutRequestSchema = z.object({
  rel_path: z.string(),
  content_b64: z.string().optional(),
  content_type: z.string().optional(),
  pack_id: z.string().optional(),
});
export type WireKnowledgeFilePutRequest = z.infer<typeof wireKnowledgeFilePutRequestSchema>;

/** Body of `file/delete`: `force` deletes a file other files still reference. */
export const wireKnowledgeFileDeleteRequestSchema = z.object({
  rel_path: z.string(),
  pack_id: z.string().optional(),
  force: z.boolean().nullable().optional(),
});
export type WireKnowledgeFileDeleteRequest = z.infer<typeof wireKnowledgeFileDeleteRequestSchema>;
