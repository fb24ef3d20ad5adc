/**
 * The `--state FILE` persistence: the servers and the audit log as JSON, so an offline sandbox
 * survives restarts. Rules and templates are not stored: they come from the seed.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { MCP_SERVER_STATUSES, wireMcpServerSchema } from "pulumi-flashduty/sdk/wire";
import type { StoredServer } from "./seed";
import type { AuditEntry } from "./types";

/** A server of the current format (version 2): the wire shape without `can_edit` and the legacy fields. */
const storedServerSchema = wireMcpServerSchema.omit({
  can_edit: true,
  tools: true,
  tool_count: true,
  list_error: true,
  environment_kind: true,
  environment_id: true,
});

/** A server of format version 1 (before the full schema): read, and given the schema's defaults. */
const storedServerV1Schema = z.object({
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

const stateSchema = z.discriminatedUnion("version", [
  z.object({ version: z.literal(2), servers: z.array(storedServerSchema), audit: z.array(auditEntrySchema) }),
  z.object({ version: z.literal(1), servers: z.array(storedServerV1Schema), audit: z.array(auditEntrySchema) }),
]);

/** The current format version, written by {@link saveState}. */
const STATE_VERSION = 2;

/** What the state file holds (format version 2; version 1 files are still read). */
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
  const { data } = parsed;
  const servers: StoredServer[] =
    data.version === 2
      ? // JSON round trip: optional fields the file lacks must stay absent, not become undefined keys.
        (JSON.parse(JSON.stringify(data.servers)) as StoredServer[])
      : data.servers.map((s) => ({ ...s, environments: [], connect_timeout: 0, call_timeout: 0 }));
  return { servers, audit: data.audit };
}

/** Writes `state` to `file` atomically (a temporary file, then a rename), so a crash never leaves half a file. */
export function saveState(file: string, state: PersistedState): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ version: STATE_VERSION, ...state }, null, 2) + "\n");
  renameSync(temporary, file);
}
