/**
 * The emulator's mutable state: MCP servers, the audit log and the per-operation counters, plus
 * saving to the state file after every write.
 */
import type { WireMcpServer } from "../sdk/wire";
import { seedServers, type StoredServer } from "./seed";
import { loadState, saveState } from "./stateFile";
import { OPERATION_NAMES, REQUEST_LOG_LIMIT, type AuditEntry, type OperationCounter, type OperationName, type RequestLogEntry } from "./types";

function emptyCounters(): Record<OperationName, OperationCounter> {
  const counters = {} as Record<OperationName, OperationCounter>;
  for (const name of OPERATION_NAMES) counters[name] = { requests: 0, statuses: {} };
  return counters;
}

/** A stored server in the wire shape, for a caller who may (`canEdit`) or may not edit it. */
export function toWireServer(server: StoredServer, canEdit: boolean, listError = ""): WireMcpServer {
  const { probe_error: _probe, ...fields } = server;
  return { ...fields, can_edit: canEdit, list_error: listError };
}

export class Store {
  /** Servers by id, in seed order. */
  readonly servers = new Map<string, StoredServer>();
  audit: AuditEntry[] = [];
  counters = emptyCounters();
  /** Answered requests, oldest first (read through `requestLog()`; not saved to the state file). */
  requests: RequestLogEntry[] = [];

  /**
   * @param serverCount total servers of the seed (see `seedServers`).
   * @param stateFile optional JSON file: loaded now when it exists (its servers and audit replace
   *   the seed's), written after every change.
   */
  constructor(private readonly serverCount: number, private readonly stateFile?: string) {
    const persisted = stateFile === undefined ? undefined : loadState(stateFile);
    if (persisted === undefined) {
      this.resetToSeed();
    } else {
      for (const server of persisted.servers) this.servers.set(server.server_id, server);
      this.audit = persisted.audit;
    }
  }

  /** Servers and audit back to the seed, counters emptied. */
  resetToSeed(): void {
    this.servers.clear();
    for (const server of seedServers(this.serverCount)) this.servers.set(server.server_id, server);
    this.audit = [];
    this.counters = emptyCounters();
    this.requests = [];
    this.save();
  }

  /** Sets a server's status and `updated_at` (epoch ms); false for an unknown id. */
  setStatus(serverId: string, status: StoredServer["status"], now: number): boolean {
    const server = this.servers.get(serverId);
    if (server === undefined) return false;
    server.status = status;
    server.updated_at = now;
    this.save();
    return true;
  }

  /** Removes a server, as a person deleting it in the console would; false for an unknown id. */
  deleteServer(serverId: string): boolean {
    const deleted = this.servers.delete(serverId);
    if (deleted) this.save();
    return deleted;
  }

  /**
   * Appends an audit entry and, for a successful call, applies its status change (`updated_at`
   * = the entry's time) in the same save.
   */
  appendAudit(entry: AuditEntry, change?: { serverId: string; status: StoredServer["status"] }): void {
    const server = change === undefined ? undefined : this.servers.get(change.serverId);
    if (server !== undefined && change !== undefined) {
      server.status = change.status;
      server.updated_at = entry.time;
    }
    this.audit.push(entry);
    this.save();
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

  /** Empties the counters, the request log and the audit log. */
  resetCounters(): void {
    this.counters = emptyCounters();
    this.requests = [];
    this.audit = [];
    this.save();
  }

  /** Writes the state file, if there is one. */
  save(): void {
    if (this.stateFile === undefined) return;
    saveState(this.stateFile, { servers: [...this.servers.values()], audit: this.audit });
  }
}
