/**
 * The state file's format, without any I/O: what a snapshot and a change record hold, how a change
 * applies to the state, and the checks that reject an inconsistent file naming the offending
 * place (`line 3, $.put[0].transport`).
 *
 * Format 2 (written since the journal): JSON lines. Line 1 is a snapshot
 * `{"version":2,"servers":[...],"audit":[...]}`, with `"rules":[...]` and `"tokens":{...}` once
 * an automation rule was written through the API or the console (without them the rules are
 * the seed's); every later line is one change
 * `{"put":[servers],"remove":[ids],"clearAudit":true,"audit":[entries],"putRules":[rules],
 * "removeRules":[ids],"tokens":{trigger id: digest or null}}` (all fields optional), applied in
 * order. Trigger tokens are kept only as SHA-256 digests (hex), never in plaintext. A last line without its newline is a write cut short by a crash: that change
 * was never acknowledged and is dropped. Format 1 (older emulators): one JSON document
 * `{"version":1,"servers":[...],"audit":[...]}`; still read, rewritten as format 2 on the first change.
 */
import { z } from "zod";
import { MCP_SERVER_STATUSES, MCP_SERVER_TRANSPORTS } from "../../wire/protocol";
import { wireAutomationRuleSchema, wireMcpServerSchema } from "../../wire/wire";
import { SEED_ACCOUNTS, SEED_TEAMS, SEED_USERS, type StoredServer } from "../seed";
import { SKILL_AUDIT_OPERATIONS, type StoredRule } from "../types";
import type { AuditEntry } from "../types";

/** What the state file holds: the servers in order and the audit log, oldest first. */
export interface PersistedState {
  servers: StoredServer[];
  audit: AuditEntry[];
  /** Every automation rule, once one was written (absent: the seed's rules). */
  rules?: StoredRule[];
  /** SHA-256 digests (hex) of the HTTP POST trigger tokens, by trigger id. */
  tokens?: Record<string, string>;
}

/** One change, as journalled: applied in the order clearAudit, remove, put, audit. */
export interface StateChange {
  /** Servers written whole: an existing id keeps its place, a new one goes last. */
  put?: StoredServer[];
  /** Ids of servers removed. */
  remove?: string[];
  /** Empties the audit log (before `audit` is appended). */
  clearAudit?: boolean;
  /** Audit entries appended. */
  audit?: AuditEntry[];
  /** Rules written whole (applied after `removeRules`); the first rule change carries every rule. */
  putRules?: StoredRule[];
  /** Ids of rules removed. */
  removeRules?: string[];
  /** Token digests set (a string) or forgotten (null), by trigger id. */
  tokens?: Record<string, string | null>;
}

/**
 * A server as stored since format 2: the wire shape of the newest schema without `can_edit`
 * (computed per caller) and the legacy fields, with a known transport.
 */
const storedServerSchema = wireMcpServerSchema
  .omit({ can_edit: true, tools: true, tool_count: true, list_error: true, environment_kind: true, environment_id: true })
  .extend({ server_id: z.string().min(1), team_id: z.number().int().min(0), transport: z.enum(MCP_SERVER_TRANSPORTS) })
  .strict();

/** A server as format 1 (pulumi-flashduty 0.1) stored it; read and given the newest schema's defaults. */
const storedServerV1Schema = z
  .object({
    server_id: z.string().min(1),
    account_id: z.number().int(),
    team_id: z.number().int().min(0),
    server_name: z.string(),
    description: z.string(),
    transport: z.enum(MCP_SERVER_TRANSPORTS),
    status: z.enum(MCP_SERVER_STATUSES),
    created_by: z.number().int(),
    created_at: z.number().int().min(0),
    updated_at: z.number().int().min(0),
    tool_count: z.number().int().min(0),
    probe_error: z.string(),
  })
  .strict();

function fromV1(server: z.infer<typeof storedServerV1Schema>): StoredServer {
  const { tool_count: _toolCount, probe_error: _probeError, ...rest } = server;
  return { ...rest, environments: [], connect_timeout: 0, call_timeout: 0 };
}

/** The parsed rule without keys for optional fields the file lacks. */
function withoutAbsentRule(rule: unknown): StoredRule {
  const copy = JSON.parse(JSON.stringify(rule)) as Omit<StoredRule, "timezone"> & { timezone?: string };
  // The vendor's model requires `timezone`: a row saved without one (legacy) is sent as "" (UTC).
  return { ...copy, timezone: copy.timezone ?? "" };
}

/** The parsed server without keys for optional fields the file lacks (zod reads them as `undefined`). */
function withoutAbsent(server: StoredServer): StoredServer {
  return JSON.parse(JSON.stringify(server)) as StoredServer;
}

/** A rule as stored: the wire shape (`timezone` may be absent in a file: read as ""), `can_edit` false. */
const storedRuleSchema = wireAutomationRuleSchema.extend({ rule_id: z.string().min(1), timezone: z.string().optional() });

const auditEntrySchema = z
  .object({
    time: z.number().min(0),
    accountId: z.number().int(),
    actorMemberId: z.number().int(),
    operation: z.enum([
      "disable",
      "enable",
      "server.create",
      "server.update",
      "server.delete",
      "rule.create",
      "rule.update",
      "rule.delete",
      "rule.run",
      ...SKILL_AUDIT_OPERATIONS,
      "knowledge.pack.ensure",
      "knowledge.pack.update",
      "knowledge.pack.delete",
      "knowledge.file.put",
      "knowledge.file.delete",
    ]),
    serverId: z.string().min(1).optional(),
    ruleId: z.string().optional(),
    skillId: z.string().optional(),
    packId: z.string().optional(),
    relPath: z.string().optional(),
    requestId: z.string().min(1),
    outcome: z.string().min(1),
  })
  .strict();

const snapshotSchema = z.discriminatedUnion("version", [
  z
    .object({
      version: z.literal(2),
      servers: z.array(storedServerSchema),
      audit: z.array(auditEntrySchema),
      rules: z.array(storedRuleSchema).optional(),
      tokens: z.record(z.string(), z.string()).optional(),
    })
    .strict(),
  z.object({ version: z.literal(1), servers: z.array(storedServerV1Schema), audit: z.array(auditEntrySchema) }).strict(),
]);

const changeSchema = z
  .object({
    put: z.array(storedServerSchema).optional(),
    remove: z.array(z.string().min(1)).optional(),
    clearAudit: z.boolean().optional(),
    audit: z.array(auditEntrySchema).optional(),
    putRules: z.array(storedRuleSchema).optional(),
    removeRules: z.array(z.string().min(1)).optional(),
    tokens: z.record(z.string(), z.string().nullable()).optional(),
  })
  .strict();

/** A problem in the state file: where (`line`, 1-based, when the file is JSON lines; `path`, a JSON path) and what. */
export class StateFormatError extends Error {
  constructor(
    readonly where: string,
    readonly problem: string,
  ) {
    super(`invalid at ${where}: ${problem}`);
    this.name = "StateFormatError";
  }
}

/** `["servers", 3, "server_id"]` → `$.servers[3].server_id`. */
function jsonPath(path: readonly PropertyKey[]): string {
  return `$${path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`)).join("")}`;
}

function place(line: number | undefined, path: readonly PropertyKey[]): string {
  return line === undefined ? jsonPath(path) : `line ${line}, ${jsonPath(path)}`;
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, line: number | undefined): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new StateFormatError(place(line, issue.path), issue.message);
}

const accountIds: ReadonlySet<number> = new Set(SEED_ACCOUNTS.map((a) => a.accountId));
const teamAccount: ReadonlyMap<number, number> = new Map(SEED_TEAMS.map((t) => [t.teamId, t.accountId]));
const memberAccount: ReadonlyMap<number, number> = new Map(SEED_USERS.map((u) => [u.memberId, u.accountId]));

/** Checks what the schema cannot: the server's account, team and creator exist and belong together. */
function checkServer(server: StoredServer, line: number | undefined, path: readonly PropertyKey[]): void {
  if (!accountIds.has(server.account_id)) {
    throw new StateFormatError(place(line, [...path, "account_id"]), `unknown account ${server.account_id} (the seed has ${[...accountIds].join(", ")})`);
  }
  if (server.team_id !== 0 && teamAccount.get(server.team_id) !== server.account_id) {
    throw new StateFormatError(place(line, [...path, "team_id"]), `team ${server.team_id} is not a team of account ${server.account_id} (0 = account-wide)`);
  }
  if (memberAccount.get(server.created_by) !== server.account_id) {
    throw new StateFormatError(place(line, [...path, "created_by"]), `member ${server.created_by} is not a member of account ${server.account_id}`);
  }
}

function checkAudit(entry: AuditEntry, line: number | undefined, path: readonly PropertyKey[]): void {
  if (!accountIds.has(entry.accountId)) throw new StateFormatError(place(line, [...path, "accountId"]), `unknown account ${entry.accountId}`);
  if (memberAccount.get(entry.actorMemberId) !== entry.accountId) {
    throw new StateFormatError(place(line, [...path, "actorMemberId"]), `member ${entry.actorMemberId} is not a member of account ${entry.accountId}`);
  }
}

function checkServers(servers: readonly StoredServer[], key: string, line: number | undefined): void {
  const seen = new Map<string, number>();
  servers.forEach((server, i) => {
    const first = seen.get(server.server_id);
    if (first !== undefined) {
      throw new StateFormatError(
        place(line, [key, i, "server_id"]),
        `duplicate server id ${JSON.stringify(server.server_id)} (also at ${jsonPath([key, first])})`,
      );
    }
    seen.set(server.server_id, i);
    checkServer(server, line, [key, i]);
  });
}

/**
 * A snapshot (format 1 or 2) checked for shape and consistency: unique server ids, known
 * accounts, teams and members, known transports and statuses.
 * @param line its line in the file (format 2), for error messages.
 * @throws StateFormatError naming the offending path.
 */
export function parseSnapshot(value: unknown, line?: number): PersistedState & { version: 1 | 2 } {
  const parsed = parseWith(snapshotSchema, value, line);
  const servers = parsed.version === 1 ? parsed.servers.map(fromV1) : (parsed.servers as StoredServer[]).map(withoutAbsent);
  const snapshot: PersistedState & { version: 1 | 2 } = { version: parsed.version, servers, audit: parsed.audit };
  if (parsed.version === 2 && parsed.rules !== undefined) snapshot.rules = parsed.rules.map(withoutAbsentRule);
  if (parsed.version === 2 && parsed.tokens !== undefined) snapshot.tokens = parsed.tokens;
  checkServers(snapshot.servers, "servers", line);
  for (const [i, entry] of snapshot.audit.entries()) checkAudit(entry, line, ["audit", i]);
  return snapshot;
}

/**
 * A change record checked the same way as a snapshot.
 * @throws StateFormatError naming the line and path.
 */
export function parseChange(value: unknown, line: number): StateChange {
  const { putRules: _rawRules, ...parsed } = parseWith(changeSchema, value, line);
  const change: StateChange = {
    ...parsed,
    ...(parsed.put === undefined ? {} : { put: (parsed.put as StoredServer[]).map(withoutAbsent) }),
    ...(_rawRules === undefined ? {} : { putRules: _rawRules.map(withoutAbsentRule) }),
  };
  checkServers(change.put ?? [], "put", line);
  for (const [i, entry] of (change.audit ?? []).entries()) checkAudit(entry, line, ["audit", i]);
  return change;
}

/**
 * Applies `change` to `servers` and `audit` in place; the audit log then keeps its last
 * `auditLimit` entries.
 */
export function applyChange(servers: Map<string, StoredServer>, audit: AuditEntry[], change: StateChange, auditLimit: number, rules?: RuleState): void {
  if (rules !== undefined) applyRuleChange(rules, change);
  if (change.clearAudit === true) audit.length = 0;
  for (const id of change.remove ?? []) servers.delete(id);
  for (const server of change.put ?? []) servers.set(server.server_id, { ...server });
  if (change.audit !== undefined) audit.push(...change.audit.map((e) => ({ ...e })));
  if (audit.length > auditLimit) audit.splice(0, audit.length - auditLimit);
}

/** The rules and token digests a state holds (`rules` undefined: the seed's). */
export interface RuleState {
  rules: Map<string, StoredRule> | undefined;
  tokens: Map<string, string>;
}

/** Applies the rule part of `change` to `state` in place. */
export function applyRuleChange(state: RuleState, change: StateChange): void {
  if (change.removeRules !== undefined || change.putRules !== undefined) {
    state.rules ??= new Map();
    for (const id of change.removeRules ?? []) state.rules.delete(id);
    for (const rule of change.putRules ?? []) state.rules.set(rule.rule_id, structuredClone(rule));
  }
  for (const [trigger, digest] of Object.entries(change.tokens ?? {})) {
    if (digest === null) state.tokens.delete(trigger);
    else state.tokens.set(trigger, digest);
  }
}

/** The first line of a format-2 file for `state`. */
export function snapshotLine(state: PersistedState): string {
  return `${JSON.stringify({
    version: 2,
    servers: state.servers,
    audit: state.audit,
    ...(state.rules !== undefined ? { rules: state.rules } : {}),
    ...(state.tokens !== undefined && Object.keys(state.tokens).length > 0 ? { tokens: state.tokens } : {}),
  })}\n`;
}

/** The journal line for `change`. */
export function changeLine(change: StateChange): string {
  return `${JSON.stringify(change)}\n`;
}

/** What reading a state file's text gave: the state, and whether its last line was cut short (and dropped). */
export interface ParsedStateText {
  state: PersistedState;
  /** The file is format 1, or ended with a partial line: the next save should rewrite it whole. */
  needsRewrite: boolean;
  /** Lines of changes replayed on top of the snapshot. */
  changes: number;
}

/**
 * The state in a state file's text (either format), with every change replayed.
 * @throws StateFormatError naming the line and path of the first problem (JSON syntax included).
 */
export function parseStateText(text: string, auditLimit: number): ParsedStateText {
  let whole: unknown;
  let single = true;
  try {
    whole = JSON.parse(text);
  } catch {
    single = false;
  }
  if (single) {
    // One JSON document: format 1, or a format-2 file with no changes.
    const snapshot = parseSnapshot(whole, 1);
    const servers = new Map(snapshot.servers.map((s) => [s.server_id, s]));
    applyChange(servers, snapshot.audit, {}, auditLimit);
    const state: PersistedState = { servers: [...servers.values()], audit: snapshot.audit };
    if (snapshot.rules !== undefined) state.rules = snapshot.rules;
    if (snapshot.tokens !== undefined) state.tokens = snapshot.tokens;
    return { state, needsRewrite: snapshot.version === 1, changes: 0 };
  }
  const lines = text.split("\n");
  const complete = text.endsWith("\n");
  // The last element after split is "" for a complete file, or the partial line of a cut-short write.
  const partial = lines.pop()!;
  if (lines.length === 0) throw new StateFormatError("line 1", "no snapshot (the file is empty or cut short)");
  const json = (line: string, n: number): unknown => {
    try {
      return JSON.parse(line);
    } catch (error) {
      throw new StateFormatError(`line ${n}`, `not valid JSON (${(error as Error).message})`);
    }
  };
  const snapshot = parseSnapshot(json(lines[0]!, 1), 1);
  if (snapshot.version !== 2) throw new StateFormatError("line 1, $.version", "a file with change lines must be version 2");
  const servers = new Map(snapshot.servers.map((s) => [s.server_id, s]));
  const audit = snapshot.audit;
  const rules: RuleState = {
    rules: snapshot.rules === undefined ? undefined : new Map(snapshot.rules.map((r) => [r.rule_id, r])),
    tokens: new Map(Object.entries(snapshot.tokens ?? {})),
  };
  for (let i = 1; i < lines.length; i++) applyChange(servers, audit, parseChange(json(lines[i]!, i + 1), i + 1), auditLimit, rules);
  applyChange(servers, audit, {}, auditLimit);
  const state: PersistedState = { servers: [...servers.values()], audit };
  if (rules.rules !== undefined) state.rules = [...rules.rules.values()];
  if (rules.tokens.size > 0) state.tokens = Object.fromEntries(rules.tokens);
  return { state, needsRewrite: !complete && partial.trim() !== "", changes: lines.length - 1 };
}
