/**
 * The emulator's write counters in one snapshot, for the tests of the provider plugin: how many
 * requests each write operation received since the emulator's last reset (rules, MCP servers,
 * disable and enable). Compare two snapshots to show that a step wrote nothing.
 */
import type { Emulator } from "../../emulator";

/** Requests per write operation, by a short name. */
export interface WriteCounts {
  ruleCreate: number;
  ruleUpdate: number;
  ruleDelete: number;
  serverCreate: number;
  serverUpdate: number;
  serverDelete: number;
  disable: number;
  enable: number;
}

/** A snapshot of `emulator`'s write counters (requests received, answered or not). */
export function writeCounts(emulator: Emulator): WriteCounts {
  const c = emulator.counters();
  return {
    ruleCreate: c["automationRule.create"].requests,
    ruleUpdate: c["automationRule.update"].requests,
    ruleDelete: c["automationRule.delete"].requests,
    serverCreate: c["mcpServer.create"].requests,
    serverUpdate: c["mcpServer.update"].requests,
    serverDelete: c["mcpServer.delete"].requests,
    disable: c["mcpServer.disable"].requests,
    enable: c["mcpServer.enable"].requests,
  };
}
