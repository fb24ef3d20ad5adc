/**
 * The emulator's mutable state: MCP servers, the audit log and the per-operation counters. With a
 * state file, a change is saved first and applied in memory only once saved: a failed save throws
 * {@link StateSaveError} and leaves memory as it was, so nothing is acknowledged that is not on disk.
 */
import type { WireMcpServer } from "../../wire/wireTypes";
import { maskSecrets } from "../secretMasking";
import { seedServers, type StoredServer } from "../seed";
import type { StoredRule } from "../types";
import { StateFile, StateSaveError } from "./stateFile";
import { applyChange, type PersistedState, type RuleState, type StateChange } from "./stateFormat";
import {
  AUDIT_LOG_LIMIT,
  OPERATION_NAMES,
  REQUEST_LOG_LIMIT,
  type AuditEntry,
  type OperationCounter,
  type OperationName,
  type RequestLogEntry,
} from "../types";

function emptyCounters(): Record<OperationName, OperationCounter> {
  const counters = {} as Record<OperationName, OperationCounter>;
  for (const name of OPERATION_NAMES) counters[name] = { requests: 0, statuses: {} };
  return counters;
}

/**
 * A stored server in the wire shape (a copy), for a caller who may (`canEdit`) or may not edit it.
 * `secret_schema` and `oauth_metadata` are always sent, `""` when the server has none, as the
 * platform's model (strings of JSON text, not omitted when empty) does.
 */
export function toWireServer(server: StoredServer, canEdit: boolean): WireMcpServer {
  const wire: WireMcpServer = {
    ...structuredClone(server),
    secret_schema: server.secret_schema ?? "",
    oauth_metadata: server.oauth_metadata ?? "",
    can_edit: canEdit,
  };
  // Secret values never leave the emulator (emulator/secretMasking.ts).
  if (server.env !== undefined) wire.env = maskSecrets(server.env);
  if (server.headers !== undefined) wire.headers = maskSecrets(server.headers);
  return wire;
}

export class Store {
  /** Servers by id, in seed order. Read only: change them through the methods below. */
  readonly servers = new Map<string, StoredServer>();
  /** The audit log, oldest first, at most AUDIT_LOG_LIMIT entries. Read only. */
  readonly audit: AuditEntry[] = [];
  counters = emptyCounters();
  /** Answered requests, oldest first (read through `requestLog()`; not saved to the state file). */
  requests: RequestLogEntry[] = [];
  /**
   * The automation rules as saved (undefined until one is written: the seed's rules then) and
   * the trigger token digests. Read only: change them with {@link commitRules}.
   */
  readonly ruleState: RuleState = { rules: undefined, tokens: new Map() };
  readonly #file: StateFile | undefined;

  /**
   * @param serverCount total servers of the seed (see `seedServers`).
   * @param stateFile optional state file: locked and loaded now when it exists (its servers and
   *   audit replace the seed's), every change saved to it before it is applied.
   * @throws EmulatorOptionError (folder missing), StateLockedError (in use), Error (invalid file),
   *   StateSaveError (the first save of a new file failed).
   */
  constructor(
    private readonly serverCount: number,
    stateFile?: string,
  ) {
    if (stateFile === undefined) {
      this.#file = undefined;
      this.resetToSeed();
      return;
    }
    const { file, state } = StateFile.open(stateFile, AUDIT_LOG_LIMIT);
    this.#file = file;
    try {
      if (state === undefined) {
        this.resetToSeed();
      } else {
        for (const server of state.servers) this.servers.set(server.server_id, server);
        this.audit.push(...state.audit);
        if (state.rules !== undefined) this.ruleState.rules = new Map(state.rules.map((r) => [r.rule_id, r]));
        for (const [trigger, digest] of Object.entries(state.tokens ?? {})) this.ruleState.tokens.set(trigger, digest);
        if (file.mustRewrite) file.rewrite(this.#snapshot());
      }
    } catch (error) {
      file.close();
      throw error;
    }
  }

  /**
   * Servers and audit back to the seed, counters and request log emptied.
   * @throws StateSaveError (nothing changed).
   */
  resetToSeed(): void {
    const servers = seedServers(this.serverCount);
    this.#file?.rewrite({ servers, audit: [] });
    this.servers.clear();
    for (const server of servers) this.servers.set(server.server_id, server);
    this.audit.length = 0;
    this.ruleState.rules = undefined;
    this.ruleState.tokens.clear();
    this.counters = emptyCounters();
    this.requests = [];
  }

  /**
   * Sets a server's status and `updated_at` (epoch ms); false for an unknown id.
   * @throws StateSaveError (nothing changed).
   */
  setStatus(serverId: string, status: StoredServer["status"], now: number): boolean {
    const server = this.servers.get(serverId);
    if (server === undefined) return false;
    this.#commit({ put: [{ ...server, status, updated_at: now }] });
    return true;
  }

  /**
   * Saves a server made or changed by an API write together with its audit entry.
   * @throws StateSaveError: neither is applied.
   */
  writeServer(server: StoredServer, entry: AuditEntry): void {
    this.#commit({ put: [server], audit: [entry] });
  }

  /**
   * Removes a server deleted by an API write together with its audit entry.
   * @throws StateSaveError: neither is applied.
   */
  removeServer(serverId: string, entry: AuditEntry): void {
    this.#commit({ remove: [serverId], audit: [entry] });
  }

  /**
   * Changes a server as a person in the console would (the given fields and `updated_at`); false
   * for an unknown id.
   * @throws StateSaveError (nothing changed).
   */
  editServer(serverId: string, changes: Partial<StoredServer>, now: number): boolean {
    const server = this.servers.get(serverId);
    if (server === undefined) return false;
    this.#commit({ put: [{ ...server, ...structuredClone(changes), server_id: serverId, updated_at: now }] });
    return true;
  }

  /** Removes a server, as a person deleting it in the console would; false for an unknown id. */
  deleteServer(serverId: string): boolean {
    if (!this.servers.has(serverId)) return false;
    this.#commit({ remove: [serverId] });
    return true;
  }

  /**
   * Appends an audit entry and, for a successful call, applies its status change (`updated_at`
   * = the entry's time) in the same save.
   * @throws StateSaveError: neither the entry nor the change is applied.
   */
  appendAudit(entry: AuditEntry, change?: { serverId: string; status: StoredServer["status"] }): void {
    const server = change === undefined ? undefined : this.servers.get(change.serverId);
    this.#commit({
      ...(server !== undefined && change !== undefined ? { put: [{ ...server, status: change.status, updated_at: entry.time }] } : {}),
      audit: [entry],
    });
  }

  /**
   * Saves a change of the automation rules (and token digests), then applies it. The first rule
   * change must carry every rule (`putRules`: the whole current set), since until then the file
   * holds none.
   * @throws StateSaveError (nothing changed).
   */
  commitRules(change: Pick<StateChange, "putRules" | "removeRules" | "tokens">): void {
    this.#commit(change);
  }

  /** Counts one answered request of `operation`; `status` is the HTTP status, or "reset"/"dropped". */
  count(operation: OperationName, status: number | string): void {
    const counter = this.counters[operation];
    counter.requests++;
    const key = String(status);
    counter.statuses[key] = (counter.statuses[key] ?? 0) + 1;
  }

  /** Appends to the request log; the oldest entries go (a tenth of the limit at a time) beyond REQUEST_LOG_LIMIT. */
  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (this.requests.length > REQUEST_LOG_LIMIT * 1.1) this.requests.splice(0, this.requests.length - REQUEST_LOG_LIMIT);
  }

  /** The last REQUEST_LOG_LIMIT entries of the request log, copied. */
  requestLog(): RequestLogEntry[] {
    return this.requests.slice(-REQUEST_LOG_LIMIT).map((e) => ({ ...e }));
  }

  /**
   * Empties the counters, the request log and the audit log.
   * @throws StateSaveError (nothing changed).
   */
  resetCounters(): void {
    this.#commit({ clearAudit: true });
    this.counters = emptyCounters();
    this.requests = [];
  }

  /** Writes the state file whole (compacts it) and releases its lock. Safe to call twice. */
  close(): void {
    const file = this.#file;
    if (file === undefined) return;
    try {
      file.rewrite(this.#snapshot());
    } catch (error) {
      // The changes are in the file already (appended); only the compaction is lost.
      console.error(`flashduty emulator: ${(error as Error).message}`);
    } finally {
      file.close();
    }
  }

  /**
   * Saves `change`, then applies it in memory. Appended when it can be; when the append fails
   * (the file was deleted or replaced) or the file must be rewritten, the whole file is written
   * with the change in it.
   */
  #commit(change: StateChange): void {
    const file = this.#file;
    if (file !== undefined) {
      try {
        if (!file.mustRewrite) {
          try {
            file.append(change);
          } catch {
            file.rewrite(this.#snapshot(change));
          }
        } else {
          file.rewrite(this.#snapshot(change));
        }
      } catch (error) {
        if (error instanceof StateSaveError) console.error(`flashduty emulator: ${error.message}`);
        throw error;
      }
    }
    applyChange(this.servers, this.audit, change, AUDIT_LOG_LIMIT, this.ruleState);
    if (file?.compactionDue === true) {
      try {
        file.rewrite(this.#snapshot());
      } catch (error) {
        // The change itself is saved (appended); compaction is tried again on the next change.
        console.error(`flashduty emulator: ${(error as Error).message}`);
      }
    }
  }

  /** The state as it is, or as it would be after `change`, for a whole-file write. */
  #snapshot(change?: StateChange): PersistedState {
    const servers = new Map(this.servers);
    const audit = [...this.audit];
    const rules: RuleState = { rules: this.ruleState.rules === undefined ? undefined : new Map(this.ruleState.rules), tokens: new Map(this.ruleState.tokens) };
    if (change !== undefined) applyChange(servers, audit, change, AUDIT_LOG_LIMIT, rules);
    const state: PersistedState = { servers: [...servers.values()], audit };
    if (rules.rules !== undefined) state.rules = [...rules.rules.values()] as StoredRule[];
    if (rules.tokens.size > 0) state.tokens = Object.fromEntries(rules.tokens);
    return state;
  }
}
