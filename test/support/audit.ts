/** Questions about the emulator's audit log (every disable/enable call and its outcome). */
import type { AuditEntry, Emulator } from "../../emulator";

/** Audit entries of one operation on one server. */
export function auditOf(emulator: Emulator, operation: "disable" | "enable", serverId: string): AuditEntry[] {
  return emulator.audit().filter((e) => e.operation === operation && e.serverId === serverId);
}

/** Successful audit entries of one operation on one server. */
export function successes(emulator: Emulator, operation: "disable" | "enable", serverId: string): number {
  return auditOf(emulator, operation, serverId).filter((e) => e.outcome === "success").length;
}
