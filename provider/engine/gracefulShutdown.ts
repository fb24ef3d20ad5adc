/**
 * Lets the provider process finish the platform writes it has started when it is told to stop.
 *
 * Why: the Pulumi CLI answers its first SIGINT or SIGTERM by cancelling: it starts no new step
 * and waits for the steps in flight, then records them in the checkpoint. The provider plugin runs
 * in its own process group, so a Ctrl-C in a terminal does not reach it; but a CI runner or a
 * container stop may signal every process of the job. Node's default for SIGINT and SIGTERM is
 * to exit at once, which would cut a write the platform may already have applied: the engine
 * then records the step as failed while the platform changed, and the next run finds the server
 * disabled and can only adopt it, or makes a second rule, or refuses to create a server that
 * already exists. Every create, update and
 * delete of the three resources runs under {@link untilSettled}. With this handler the process exits at once when
 * idle (as before: the engine itself stops an idle plugin with SIGINT), and otherwise only once
 * every call in flight has settled and its answer had time to reach the engine, which then
 * records their outcome.
 */

/**
 * How long the process lives on after the last call in flight settled with a stop pending, in
 * ms: the settled call's answer still has to reach the engine over gRPC, which happens after the
 * call's promise settles. A signal that arrives while idle stops the process at once.
 */
const ANSWER_GRACE_MS = 1000;

let inFlight = 0;
const settledWaiters: (() => void)[] = [];
let stopping: NodeJS.Signals | undefined;
let graceTimer: NodeJS.Timeout | undefined;
const handlers = new Map<NodeJS.Signals, () => void>();

/**
 * Runs `call` as a platform call the process must not be stopped in the middle of.
 * Installs the signal handlers on first use (only provider processes make such calls).
 */
export async function untilSettled<T>(call: () => Promise<T>): Promise<T> {
  install();
  inFlight++;
  clearTimeout(graceTimer);
  try {
    return await call();
  } finally {
    inFlight--;
    if (inFlight === 0) for (const resolve of settledWaiters.splice(0)) resolve();
    const signal = stopping;
    if (inFlight === 0 && signal !== undefined) graceTimer = setTimeout(() => stopNow(signal), ANSWER_GRACE_MS);
  }
}

function install(): void {
  if (handlers.size > 0) return;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    const handler = (): void => stopWhenSettled(signal);
    handlers.set(signal, handler);
    process.on(signal, handler);
  }
}

/**
 * Stops the process as `signal` would: at once when no platform call is in flight, otherwise
 * once the calls in flight have settled (plus {@link ANSWER_GRACE_MS}). What the signal handlers
 * do, and what `engineWatch.ts` does when the engine is gone. A second request while calls are in
 * flight changes nothing: the calls still settle first.
 */
export function stopWhenSettled(signal: NodeJS.Signals): void {
  if (inFlight === 0) stopNow(signal);
  else stopping ??= signal;
}

/** Stops the process the way the signal would have without this handler (other listeners, if any, decide instead). */
function stopNow(signal: NodeJS.Signals): void {
  for (const [name, handler] of handlers) process.removeListener(name, handler);
  handlers.clear();
  process.kill(process.pid, signal);
}

/** Resolves once no platform call runs under {@link untilSettled} (at once when none does). */
export function whenSettled(): Promise<void> {
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => settledWaiters.push(resolve));
}

const stopController = new AbortController();

/**
 * Aborted once a front door is told to stop its calls (Terraform's StopProvider, or the Pulumi
 * engine's Cancel to the provider plugin, on Ctrl-C): the
 * clients of this process (`provider/client/client.ts`) then end each call at its next wait (not
 * yet sent, waiting on the rate limit or to retry) with a `FlashdutyAbortError`, and never cut off
 * a request in flight, so a write already sent is answered and recorded.
 */
export function stopSignal(): AbortSignal {
  return stopController.signal;
}

/** Aborts {@link stopSignal} with `reason` (shown as the abort errors' cause). Idempotent. */
export function requestStop(reason: string): void {
  if (!stopController.signal.aborted) stopController.abort(new Error(reason));
}
