/**
 * Where a process's time went, from the V8 CPU profile Node.js writes with `--cpu-prof` (issue
 * 47): self time per package and the functions with the most self time. The `.cpuprofile`
 * format is V8's (`Profiler.Profile` of the DevTools protocol): `nodes` (each a call frame and
 * its children), `samples` (the node on top of the stack at each tick) and `timeDeltas` (µs since
 * the previous tick). Reading it is a sum over the ticks; no package does less.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time, ms, and its share of the profile's whole time (0-1). */
export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

/** One profile read: the whole sampled time and where it went. */
export interface ProfileSummary {
  file: string;
  /** Which process wrote it, told by the scripts it ran: the program (`@pulumi/pulumi/cmd/run`), the dynamic provider (`cmd/dynamic-provider`), or another Node.js process of the command. */
  process: "program" | "provider" | "other";
  /** Sampled time, ms (the process's life while profiling, idle included). */
  totalMs: number;
  /** Self time per package (`@pulumi/pulumi`, `@grpc/grpc-js`, `pulumi-flashduty`, `Node.js`, `(idle)`, `(garbage collector)`...), largest first. */
  byPackage: SelfTime[];
  /** The `top` functions by self time, `name (file:line)`, largest first. */
  topFunctions: SelfTime[];
}

/** The package a script belongs to: the last `node_modules/<name>` in its URL, or ours, or Node.js itself. */
export function packageOf(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "Node.js";
  const parts = url.split(/node_modules[\\/]/);
  if (parts.length > 1) {
    const rest = (parts[parts.length - 1] as string).split(/[\\/]/);
    const name = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] as string);
    return name === "pulumi-flashduty" ? "pulumi-flashduty" : name;
  }
  if (/[\\/](dist|build)[\\/](provider|sdk|wire|drift|plugin)[\\/]/.test(url)) return "pulumi-flashduty";
  return "(other scripts)";
}

function shortUrl(url: string): string {
  const parts = url.split(/node_modules[\\/]/);
  return (parts[parts.length - 1] as string).replace(/^file:\/\//, "");
}

function ranked(times: Map<string, number>, totalMs: number, top: number): SelfTime[] {
  return [...times.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, ms: Math.round(ms), share: totalMs > 0 ? ms / totalMs : 0 }));
}

/** Reads the `.cpuprofile` at `file` and sums its self time by package and by function (`top` of them, default 12). */
export function summariseProfile(file: string, top = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    totalMs += ms;
    const pkg = packageOf(frame.url, frame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    const fn = frame.url === "" ? frame.functionName : `${frame.functionName || "(anonymous)"} (${shortUrl(frame.url)}:${frame.lineNumber + 1})`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const urls = profile.nodes.map((n) => n.callFrame.url);
  const ran = (dir: string) => urls.some((u) => u.includes(`@pulumi/pulumi/cmd/${dir}/`) || u.includes(`@pulumi\\pulumi\\cmd\\${dir}\\`));
  const kind = ran("dynamic-provider") ? "provider" : ran("run") ? "program" : "other";
  return { file, process: kind, totalMs: Math.round(totalMs), byPackage: ranked(byPackage, totalMs, 20), topFunctions: ranked(byFunction, totalMs, top) };
}
