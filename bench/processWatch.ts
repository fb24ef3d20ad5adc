/**
 * Peak memory of the processes a Pulumi command starts for one project (issue 47): the engine
 * (the `pulumi` CLI), the program (Node.js, `@pulumi/pulumi`'s `cmd/run`) and the dynamic
 * provider (Node.js, `@pulumi/pulumi`'s `cmd/dynamic-provider`), told apart by their command line
 * and found by their working folder (the project's). Linux only: it reads /proc.
 *
 * Each process's peak resident set (`VmHWM` in /proc/<pid>/status, the kernel's high-water mark,
 * in kB) is sampled every {@link SAMPLE_MS} ms while it lives; the last sample before it exits is
 * kept, so growth in its last interval is missed. Why /proc and not a package: the kernel keeps
 * the high-water mark itself, so reading one line per process is all a sampler needs, and the
 * npm packages that list processes (ps-list, pidusage) run `ps` per sample and report the
 * current size, not the peak.
 */
import { readFileSync, readlinkSync, readdirSync } from "node:fs";

/** How often the processes are sampled, ms. */
export const SAMPLE_MS = 200;

/** The kinds of process told apart. */
export type ProcessKind = "engine" | "program" | "provider";

/** Peak resident set per kind, MiB: the largest of the processes of that kind (0 when none was seen). */
export type PeakMemory = Record<ProcessKind, number>;

function kindOf(cmdline: string): ProcessKind | undefined {
  if (cmdline.includes("dynamic-provider")) return "provider";
  if (cmdline.includes("@pulumi/pulumi/cmd/run")) return "program";
  const argv0 = cmdline.split("\0")[0] ?? "";
  if (/(^|\/)pulumi$/.test(argv0)) return "engine";
  return undefined;
}

function peakKb(pid: string): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined; // exited between the listing and the read
  }
}

/**
 * Starts sampling the processes working in `cwd`; `stop()` ends it and returns the peaks. On a
 * system without /proc it returns zeros.
 */
export function watchPeakMemory(cwd: string): { stop(): PeakMemory } {
  const peaks = new Map<string, { kind: ProcessKind; kb: number }>();
  const sample = (): void => {
    let pids: string[];
    try {
      pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    } catch {
      return;
    }
    for (const pid of pids) {
      let kind = peaks.get(pid)?.kind;
      if (kind === undefined) {
        try {
          if (readlinkSync(`/proc/${pid}/cwd`) !== cwd) continue;
          kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
        } catch {
          continue;
        }
        if (kind === undefined) continue;
      }
      const kb = peakKb(pid);
      if (kb !== undefined) peaks.set(pid, { kind, kb: Math.max(kb, peaks.get(pid)?.kb ?? 0) });
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      const result: PeakMemory = { engine: 0, program: 0, provider: 0 };
      for (const { kind, kb } of peaks.values()) result[kind] = Math.max(result[kind], kb / 1024);
      return result;
    },
  };
}
