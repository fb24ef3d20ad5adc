/**
 * The emulator's knowledge packs and files (docs/platform-api.md "Knowledge packs and files"):
 * one pack per account and per team, files by `rel_path` within a pack, their UTF-8 text. Kept
 * in memory only: the state file does not hold them (a restart or `reset()` starts from no
 * packs; the account pack is created, with its seeded `DUTY.md`, on first access).
 */
import { createHash } from "node:crypto";
import { KNOWLEDGE_FILE_ID_PREFIX, KNOWLEDGE_PACK_ID_PREFIX, KNOWLEDGE_RULES, type KnowledgePackScope } from "../../wire/protocol";
import type { WireKnowledgeFile, WireKnowledgePack } from "../../wire/wireTypes";
import { SEED_TEAMS } from "../seed";

/** A pack as stored: the wire shape without the per-caller `can_edit` and the derived counts and team name. */
export type StoredKnowledgePack = Omit<WireKnowledgePack, "can_edit" | "file_count" | "total_bytes" | "team_name" | "duty_version"> & {
  duty_version: number;
};

/** A file as stored: its metadata and its text. */
export interface StoredKnowledgeFile extends WireKnowledgeFile {
  content: string;
}

/** The `DUTY.md` the first creation of an account pack seeds (docs/platform-api.md "Knowledge packs and files"). */
export const SEED_DUTY_MD = `# DUTY.md

What the AI SRE should know about this account before it acts.

## Services

## Escalation

## Conventions
`;

/** SHA-256 of `text` (UTF-8), lower-case hex: a file's `checksum`. */
export function checksumOf(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A file change as a put applies it: what changed, for the pack's `version`. */
export interface PutOutcome {
  file: StoredKnowledgeFile;
  /** False when the content and content type were those stored already (nothing written). */
  changed: boolean;
}

export class KnowledgeStore {
  /** Packs by id. Read only: change them through the methods below. */
  readonly packs = new Map<string, StoredKnowledgePack>();
  /** Files by pack id, then by `rel_path`. Read only. */
  readonly #files = new Map<string, Map<string, StoredKnowledgeFile>>();
  /** Accounts whose pack was created once (its `DUTY.md` is seeded only then). */
  readonly #seededAccounts = new Set<number>();
  #sequence = 0;

  /** Back to no packs at all. */
  reset(): void {
    this.packs.clear();
    this.#files.clear();
    this.#seededAccounts.clear();
    this.#sequence = 0;
  }

  /** The pack of (`accountId`, `scope`, `scopeId`), if there is one. */
  find(accountId: number, scope: KnowledgePackScope, scopeId: number): StoredKnowledgePack | undefined {
    for (const pack of this.packs.values()) {
      if (pack.account_id === accountId && pack.scope === scope && pack.scope_id === scopeId) return pack;
    }
    return undefined;
  }

  /**
   * The pack of (`accountId`, `scope`, `scopeId`), created when there is none (epoch ms `now`,
   * by `memberId`). An account pack's first creation seeds {@link SEED_DUTY_MD}.
   */
  ensure(accountId: number, scope: "account" | "team", scopeId: number, memberId: number, now: number): { pack: StoredKnowledgePack; created: boolean } {
    const existing = this.find(accountId, scope, scopeId);
    if (existing !== undefined) return { pack: existing, created: false };
    const pack: StoredKnowledgePack = {
      pack_id: this.#nextId(KNOWLEDGE_PACK_ID_PREFIX),
      account_id: accountId,
      scope,
      scope_id: scopeId,
      version: 0,
      duty_version: 0,
      created_by: memberId,
      created_at_ms: now,
      updated_at_ms: now,
    };
    this.packs.set(pack.pack_id, pack);
    this.#files.set(pack.pack_id, new Map());
    if (scope === "account" && !this.#seededAccounts.has(accountId)) {
      this.#seededAccounts.add(accountId);
      this.put(pack, KNOWLEDGE_RULES.dutyFilePath, SEED_DUTY_MD, "text/markdown", 0, now);
      // The seed is the pack's starting point, not a change.
      pack.version = 0;
      pack.duty_version = 0;
    }
    return { pack, created: true };
  }

  /** The account's own pack, created on first access as `get` and the file operations do. */
  accountPack(accountId: number, memberId: number, now: number): StoredKnowledgePack {
    return this.ensure(accountId, "account", accountId, memberId, now).pack;
  }

  /** Removes a pack and every file in it; false for an unknown id. */
  deletePack(packId: string): boolean {
    this.#files.delete(packId);
    return this.packs.delete(packId);
  }

  /** Moves a pack to another scope (its files go with it). */
  movePack(pack: StoredKnowledgePack, scope: "account" | "team", scopeId: number, now: number): void {
    pack.scope = scope;
    pack.scope_id = scopeId;
    pack.updated_at_ms = now;
  }

  /** The files of a pack, by `rel_path` ascending (UTF-16 code units). */
  files(packId: string): StoredKnowledgeFile[] {
    return [...(this.#files.get(packId)?.values() ?? [])].sort((a, b) => (a.rel_path < b.rel_path ? -1 : a.rel_path > b.rel_path ? 1 : 0));
  }

  /** One file of a pack, if there is one. */
  file(packId: string, relPath: string): StoredKnowledgeFile | undefined {
    return this.#files.get(packId)?.get(relPath);
  }

  /**
   * Creates or overwrites the file at `relPath` (by `memberId`, epoch ms `now`). An unchanged
   * content and type is no change: the file and the pack's `version` stay as they are.
   */
  put(pack: StoredKnowledgePack, relPath: string, content: string, contentType: string, memberId: number, now: number): PutOutcome {
    const files = this.#files.get(pack.pack_id)!;
    const current = files.get(relPath);
    const checksum = checksumOf(content);
    if (current !== undefined && current.checksum === checksum && current.content_type === contentType) return { file: current, changed: false };
    const file: StoredKnowledgeFile = {
      file_id: current?.file_id ?? this.#nextId(KNOWLEDGE_FILE_ID_PREFIX),
      pack_id: pack.pack_id,
      rel_path: relPath,
      content_type: contentType,
      size_bytes: Buffer.byteLength(content, "utf8"),
      checksum,
      updated_by: memberId,
      updated_at_ms: now,
      content,
    };
    files.set(relPath, file);
    this.#changed(pack, relPath, now);
    return { file, changed: true };
  }

  /** Deletes the file at `relPath`; false when there was none. */
  delete(pack: StoredKnowledgePack, relPath: string, now: number): boolean {
    if (!this.#files.get(pack.pack_id)?.delete(relPath)) return false;
    this.#changed(pack, relPath, now);
    return true;
  }

  /** The wire shape of a pack, for a caller who may (`canEdit`) or may not edit it. */
  toWirePack(pack: StoredKnowledgePack, canEdit: boolean): WireKnowledgePack {
    const files = this.files(pack.pack_id);
    const teamName = pack.scope === "team" ? SEED_TEAMS.find((t) => t.teamId === pack.scope_id)?.name : undefined;
    return {
      ...pack,
      file_count: files.length,
      total_bytes: files.reduce((sum, f) => sum + f.size_bytes, 0),
      can_edit: canEdit,
      ...(teamName !== undefined && teamName !== "" ? { team_name: teamName } : {}),
    };
  }

  #changed(pack: StoredKnowledgePack, relPath: string, now: number): void {
    pack.version++;
    if (relPath === KNOWLEDGE_RULES.dutyFilePath) pack.duty_version++;
    pack.updated_at_ms = now;
  }

  /** `prefix` and 16 hex digits, the same sequence on every start. */
  #nextId(prefix: string): string {
    this.#sequence++;
    return `${prefix}${createHash("sha256").update(`flashduty-emulator/knowledge/${this.#sequence}`).digest("hex").slice(0, 16)}`;
  }
}

/** The wire shape of a file (its metadata, without the text). */
export function toWireFile(file: StoredKnowledgeFile): WireKnowledgeFile {
  const { content: _content, ...wire } = file;
  return wire;
}
