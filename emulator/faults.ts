/**
 * Fault injection for reliability tests: which fault, if any, hits the next request of an
 * operation. Counts are spent as faults fire; fractions draw from a seeded RNG that restarts
 * whenever the faults are replaced, so a test sees the same sequence on every run.
 */
import { z } from "zod";
import { createRng } from "./random";
import { OPERATION_NAMES, type FaultSpec, type OperationName } from "./types";

const faultSpecSchema = z
  .strictObject({
    operation: z.enum([...OPERATION_NAMES, "*"]),
    kind: z.enum(["latency", "error", "rateLimit", "reset", "applyThenDrop", "proxyHtml"]),
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    status: z.union([z.literal(500), z.literal(503)]).optional(),
    count: z.number().int().min(0).optional(),
    fraction: z.number().min(0).max(1).optional(),
    retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  })
  .refine((f) => f.kind !== "latency" || f.latencyMs !== undefined, { message: "latencyMs is required for kind latency", path: ["latencyMs"] });

/** `input` checked as a list of fault specs; throws an Error naming the first bad field (`faults[0].kind`). */
export function validateFaults(input: unknown): FaultSpec[] {
  const parsed = z.array(faultSpecSchema).safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [index, ...field] = issue.path;
  throw new FaultSpecError(`faults[${String(index ?? "")}]${field.length ? `.${field.join(".")}` : ""}`, issue.message);
}

/** An invalid fault spec; `field` names it (`faults[0].kind`). */
export class FaultSpecError extends Error {
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(`invalid fault spec ${field}: ${detail}`);
    this.name = "FaultSpecError";
  }
}

/** What to do with one request: wait `latencyMs`, then apply `fault` (if any) instead of, or around, the operation. */
export interface FaultDecision {
  latencyMs: number;
  fault?: FaultSpec;
}

const NO_FAULT: FaultDecision = { latencyMs: 0 };
const RNG_SEED = 0xfa017;

interface ActiveFault {
  spec: FaultSpec;
  remaining: number;
}

export class Faults {
  private active: ActiveFault[] = [];
  private rng = createRng(RNG_SEED);

  constructor(faults: FaultSpec[] = []) {
    this.set(faults);
  }

  /** Replaces the faults (validated) and restarts the RNG. */
  set(faults: FaultSpec[]): void {
    this.active = validateFaults(faults).map((spec) => ({ spec, remaining: spec.count ?? Infinity }));
    this.rng = createRng(RNG_SEED);
  }

  /** The faults still in force, with `count` showing what is left of it. */
  list(): FaultSpec[] {
    return this.active.filter((f) => f.remaining > 0).map((f) => (f.spec.count === undefined ? { ...f.spec } : { ...f.spec, count: f.remaining }));
  }

  /**
   * The faults hitting the next request of `operation`. In list order, each matching fault that
   * is not spent fires (with probability `fraction` when set) and uses one of its `count`;
   * latencies add up; the first other kind to fire is the request's fault and ends the search.
   */
  decide(operation: OperationName): FaultDecision {
    if (this.active.length === 0) return NO_FAULT;
    let latencyMs = 0;
    for (const entry of this.active) {
      const { spec } = entry;
      if (entry.remaining <= 0 || (spec.operation !== "*" && spec.operation !== operation)) continue;
      if (spec.fraction !== undefined && this.rng() >= spec.fraction) continue;
      entry.remaining--;
      if (spec.kind === "latency") {
        latencyMs += spec.latencyMs ?? 0;
        continue;
      }
      return { latencyMs, fault: spec };
    }
    return latencyMs === 0 ? NO_FAULT : { latencyMs };
  }
}

/** The body of the `proxyHtml` fault: nginx's own 502 page. */
export const PROXY_502_HTML = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;
