/**
 * The `--state FILE` persistence: the servers and the audit log as JSON, so an offline sandbox
 * survives restarts. Rules and templates are not stored: they come from the seed.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { MCP_SERVER_STATUSES } from "pulumi-flashduty/sdk/wire";
import type { StoredServer } from "./seed";
import type { AuditEntry } from "./types";

const storedServerSchema = z.object({
  server_id: z.string(),
  account_id: z.number().int(),
  team_id: z.number().int(),
  server_name: z.string(),
  description: z.string(),
  transport: z.string(),
  status: z.enum(MCP_SERVER_STATUSES),
  created_by: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  tool_count: z.number().int(),
  probe_error: z.string(),
});

const auditEntrySchema = z.object({
  time: z.number(),
  accountId: z.number().int(),
  actorMemberId: z.number().int(),
  operation: z.enum(["disable", "enable"]),
  serverId: z.string(),
  requestId: z.string(),
  outcome: z.string(),
});

const stateSchema = z.object({
  version: z.literal(1),
  servers: z.array(storedServerSchema),
  audit: z.array(auditEntrySchema),
});

/** What the state file holds (format version 1). */
export interface PersistedState {
  servers: StoredServer[];
  audit: AuditEntry[];
}

/** The state in `file`, or undefined when the file does not exist. Throws, naming the file, when it is not a valid state file. */
export function loadState(file: string): PersistedState | undefined {
  if (!existsSync(file)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`emulator state file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`emulator state file ${file} is invalid at ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return { servers: parsed.data.servers, audit: parsed.data.audit };
}

/** Writes `state` to `file` atomically (a temporary file, then a rename), so a crash never leaves half a file. */
export function saveState(file: string, state: PersistedState): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ version: 1, ...state }, null, 2) + "\n");
  renameSync(temporary, file);
}
