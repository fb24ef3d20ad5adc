/**
 * Runs several pipelines at once as separate Node processes (test/support/sharedAccountWorker.cjs,
 * on the built SDK), and checks the emulator's request log for the Retry-After rule. Used by the
 * tests and by benchmark 6 (bench/sharedAccount.ts).
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import type { Emulator, RequestLogEntry } from "pulumi-flashduty-emulator";
import { REPO_ROOT } from "../../scripts/pulumiCli";

export interface WorkerJob {
  baseUrl: string;
  appKey: string;
  /** Tells this process's requests apart in the emulator's request log. */
  userAgent: string;
  mode: "rules" | "disable" | "enable";
  serverIds?: string[];
  pageSize?: number;
  /** Epoch ms: the process loads the SDK, then waits until this moment before it starts. */
  startAt?: number;
}

export interface WorkerResult {
  ok: boolean;
  items?: number;
  error?: string;
  /** How many times the process was told it waits on the rate limit. */
  waits: number;
  startedAt: number;
  endedAt: number;
}

// From the repository root, so the path also holds where this file is compiled for bench/.
const WORKER = path.join(REPO_ROOT, "test", "support", "sharedAccountWorker.cjs");

/** Starts one process per job, all at once; resolves with their results in job order. */
export function runWorkers(jobs: WorkerJob[]): Promise<WorkerResult[]> {
  return Promise.all(
    jobs.map(
      (job) =>
        new Promise<WorkerResult>((resolve, reject) => {
          execFile(process.execPath, [WORKER, JSON.stringify(job)], { cwd: REPO_ROOT }, (error, stdout, stderr) => {
            if (error) reject(new Error(`worker ${job.userAgent} failed: ${error.message}\n${stderr}`));
            else resolve(JSON.parse(stdout.trim().split("\n").at(-1)!) as WorkerResult);
          });
        }),
    ),
  );
}

/** A request sent again before the Retry-After its earlier attempt got had passed. */
export interface EarlyRetry {
  refused: RequestLogEntry;
  next: RequestLogEntry;
}

/**
 * Every attempt that followed a 429 of the same request (same process, operation and page or
 * server) and reached the emulator before `Retry-After` seconds after the 429 was answered. Both
 * times are the emulator's; the client starts waiting only once it has read the 429, later still.
 */
export function earlyRetries(emulator: Emulator): EarlyRetry[] {
  const byRequest = new Map<string, RequestLogEntry[]>();
  for (const entry of emulator.requestLog()) {
    const key = [entry.userAgent, entry.operation, entry.page ?? "", entry.serverId ?? ""].join("|");
    byRequest.set(key, [...(byRequest.get(key) ?? []), entry]);
  }
  const early: EarlyRetry[] = [];
  for (const entries of byRequest.values()) {
    entries.sort((a, b) => a.receivedAt - b.receivedAt);
    entries.forEach((refused, i) => {
      const next = entries[i + 1];
      if (refused.status !== 429 || next === undefined || refused.retryAfterSeconds === undefined) return;
      if (next.receivedAt < refused.time + refused.retryAfterSeconds * 1000) early.push({ refused, next });
    });
  }
  return early;
}
