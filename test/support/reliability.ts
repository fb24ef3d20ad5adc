/**
 * Shared pieces of the reliability tests: the 20-server stack, stacks running
 * test/engine/program with the real Pulumi CLI, and audit-log questions.
 */
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { auditOf } from "./audit";
import { createEngineStack, type EngineStack, type EngineStackOptions } from "./engineStack";

/** Seed size that makes `mcp_gen_0001`... `mcp_gen_0028` exist (12 fixed servers + 28). */
export const SEED_SERVERS = 40;

/** Generated server ids, `mcp_gen_0001` onwards (account 1, team 1, enabled). */
export function generatedServers(count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, i) => `mcp_gen_${String(from + i).padStart(4, "0")}`);
}

/** Account-1 servers that start disabled: the stack adopts them and never enables them. */
export const ADOPTED = ["mcp_jira", "mcp_slack", "mcp_sentry"];
/** Account-1 servers that start enabled: the stack disables them and destroy enables them again. */
export const SWITCHED = ["mcp_grafana", "mcp_prometheus", "mcp_github", "mcp_k8s", "mcp_datadog", "mcp_postgres", ...generatedServers(11)];
/** The fault matrix's 20 servers (all the admin key may switch: teams 0..4 of account 1). */
export const TWENTY = [...SWITCHED, ...ADOPTED];

/** Both data sources, as the fault-matrix stack reads them. */
export const DATA_SOURCES = { rules: { scope: "all" }, templates: ["en-US", "zh-CN"] };

export interface ReliabilityProgram {
  servers?: unknown[];
  rules?: unknown;
  templates?: Array<string | null>;
  ruleCases?: unknown[];
  templateCases?: unknown[];
}

export interface StackOptions {
  emulator: Emulator;
  program: ReliabilityProgram;
  /** Default: the emulator's URL. */
  baseUrl?: string;
  /** Default: the admin key. */
  appKey?: string;
  keyVia?: EngineStackOptions["keyVia"];
  /** Extra stack config, e.g. `{ "flashduty:maxRetries": "8" }`. */
  config?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
}

/** A test file's emulator and the stacks it creates; see {@link reliabilitySuite}. */
export interface ReliabilitySuite {
  /** The file's emulator (started before the first test, reset to its seed before each). */
  readonly emulator: Emulator;
  /** A fresh stack on the file's emulator, disposed after the file's last test. */
  newStack(options: Omit<StackOptions, "emulator">): Promise<EngineStack>;
}

/**
 * Registers, for the calling test file, one emulator started with `options` (reset before each
 * test, closed after the last) and disposal of every stack made with `newStack`.
 */
export function reliabilitySuite(options: EmulatorOptions): ReliabilitySuite {
  let emulator: Emulator | undefined;
  const stacks: EngineStack[] = [];
  beforeAll(async () => {
    emulator = await startEmulator(options);
  });
  beforeEach(() => emulator?.reset());
  afterAll(async () => {
    for (const stack of stacks) stack.dispose();
    await emulator?.close();
  });
  const suite: ReliabilitySuite = {
    get emulator(): Emulator {
      if (emulator === undefined) throw new Error("the suite's emulator starts in beforeAll");
      return emulator;
    },
    // No `this`: callers may destructure `newStack`.
    async newStack(stackOptions) {
      const stack = await reliabilityStack({ emulator: suite.emulator, ...stackOptions });
      stacks.push(stack);
      return stack;
    },
  };
  return suite;
}

/**
 * A fresh stack of test/engine/program on its own local backend (see
 * test/support/engineStack.ts). Call `dispose` when done.
 */
export async function reliabilityStack(options: StackOptions): Promise<EngineStack> {
  const { servers, rules, templates, ruleCases, templateCases } = options.program;
  const stack = await createEngineStack({
    baseUrl: options.baseUrl ?? options.emulator.url,
    appKey: options.appKey ?? options.emulator.keys.admin,
    ...(options.keyVia ? { keyVia: options.keyVia } : {}),
    program: { servers, rules, templates },
    ...(options.env ? { env: options.env } : {}),
  });
  const extra: Record<string, string> = { ...options.config };
  if (ruleCases !== undefined) extra.ruleCases = JSON.stringify(ruleCases);
  if (templateCases !== undefined) extra.templateCases = JSON.stringify(templateCases);
  await setConfig(stack, extra);
  return stack;
}

/** Sets plain stack config values in one CLI call. */
export async function setConfig(stack: EngineStack, values: Record<string, string>): Promise<void> {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  await stack.ws.run(["config", "set-all", ...entries.flatMap(([key, value]) => ["--plaintext", `${key}=${value}`])]);
}

/** The McpServerDisablement resources in the stack's state. */
export async function disablementsInState(stack: EngineStack): Promise<Array<Record<string, any>>> {
  const state = await stack.ws.exportState();
  return (state.deployment.resources ?? []).filter((r) => String(r.type).endsWith("flashduty:McpServerDisablement"));
}

export interface ServerOutput {
  status: string;
  disabledByThisResource: boolean;
  teamId: number;
}

/** The `servers` output of the program, by resource name. */
export async function serverOutputs(stack: EngineStack): Promise<Record<string, ServerOutput>> {
  return ((await stack.ws.outputs()).servers ?? {}) as Record<string, ServerOutput>;
}

/**
 * Asserts the write history of `operation` per server: exactly one success on each of
 * `switched` (any other entry only the platform's "already in that state" refusal, which
 * changes nothing), and no entry at all on each of `untouched`.
 */
export function expectExactlyOnce(emulator: Emulator, operation: "disable" | "enable", switched: string[], untouched: string[]): void {
  for (const serverId of switched) {
    const entries = auditOf(emulator, operation, serverId);
    expect({ serverId, successes: entries.filter((e) => e.outcome === "success").length }).toEqual({ serverId, successes: 1 });
    expect(entries.filter((e) => e.outcome !== "success" && e.outcome !== "InvalidParameter")).toEqual([]);
  }
  for (const serverId of untouched) expect({ serverId, entries: auditOf(emulator, operation, serverId) }).toEqual({ serverId, entries: [] });
}

/** Number of answers with this HTTP status (or "dropped"/"reset") across all operations. */
export function answered(emulator: Emulator, status: number | string): number {
  return Object.values(emulator.counters()).reduce((sum, counter) => sum + (counter.statuses[String(status)] ?? 0), 0);
}

/** Waits until `predicate` holds, polling every 50 ms; throws after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What no output of a failed command may contain: signs of a crash instead of a handled error. */
export function expectNoCrash(output: string): void {
  expect(output).not.toMatch(/TypeError|ReferenceError|Cannot read properties|is not a function|RangeError|unexpected error/);
}
