/**
 * Ends a provider process whose Pulumi engine is gone.
 *
 * Why: the CLI stops its plugins when it ends, but a CLI killed outright (SIGKILL of its process
 * group, an out-of-memory kill, a runner that kills only the job's main process) cannot, and the
 * plugins run in process groups of their own. Pulumi's Go providers and language hosts poll the
 * engine's gRPC health service (`rpcutil.Healthcheck` in pulumi/pulumi: every 5 minutes, and any
 * error but UNIMPLEMENTED ends them); the Node.js dynamic-provider host of `@pulumi/pulumi` does
 * not. Such an orphan lived on, and once anything wrote to its stderr (whose reader, the CLI, was
 * gone) the write raised EPIPE, which `@pulumi/pulumi`'s uncaught-exception handler reported to
 * the same stderr, and so on: one orphan spun for 40 minutes and grew to 4 GB on a CI machine.
 *
 * What: every {@link ENGINE_CHECK_INTERVAL_MS}, one `grpc.health.v1.Health/Check` call to the
 * engine's address. Any answer counts as alive (UNIMPLEMENTED included), and so does a check that
 * times out (a busy or paused engine is not gone). {@link ENGINE_CHECK_FAILURES} checks in a row
 * that find nothing listening there (UNAVAILABLE), or an error writing to stdout or stderr (the
 * CLI reads both), end the process the way a SIGTERM does (./gracefulShutdown.ts): at once when
 * idle, otherwise once the platform calls in flight have settled. From then on, errors writing
 * to stdout or stderr are dropped, so the calls still in flight can settle.
 *
 * Limits: the checks never go through an HTTP proxy (`https_proxy` would otherwise take the
 * engine's 127.0.0.1 there, as Go's gRPC never does for loopback). A dead engine's port taken by
 * another gRPC server before the first failed check would keep the orphan alive, as it would a
 * Go provider.
 *
 * The health call is a plain unary call of `@grpc/grpc-js` (already the plugin's gRPC stack) with
 * an empty request, so no health-check package or generated code is needed for it.
 */
import * as grpc from "@grpc/grpc-js";
import { stopWhenSettled } from "./gracefulShutdown";

/** How often the engine is asked whether it is alive, in ms. */
export const ENGINE_CHECK_INTERVAL_MS = 10_000;
/** Failed checks in a row after which the engine counts as gone. */
export const ENGINE_CHECK_FAILURES = 2;
/** How long one check may take, in ms (a check that takes longer counts as an answer: the engine is slow, not gone). */
const ENGINE_CHECK_DEADLINE_MS = 5_000;
const HEALTH_CHECK_METHOD = "/grpc.health.v1.Health/Check";

/** Options of {@link watchEngine}; the defaults are what provider processes use. */
export interface EngineWatchOptions {
  /** Between two checks, in ms; default {@link ENGINE_CHECK_INTERVAL_MS}. */
  intervalMs?: number;
  /** Failed checks in a row that mean the engine is gone; default {@link ENGINE_CHECK_FAILURES}. */
  failures?: number;
  /** Called once when the engine is gone; default: stop the process as a SIGTERM would, after the calls in flight. */
  onGone?: (reason: string) => void;
  /** Also treat an error writing to stdout or stderr as the engine gone; default true. */
  watchOutput?: boolean;
}

/**
 * The engine's address among a plugin's arguments (`host:port`): the engine passes its flags
 * (`--logtostderr`, `-v=9`, `--tracing ...`) first and its address last. `undefined` when there is none.
 */
export function engineAddressFromArgs(args: readonly string[]): string | undefined {
  const last = args.at(-1);
  // `--tracing <endpoint>` is the one flag with a separate value.
  if (last === undefined || args.at(-2) === "--tracing") return undefined;
  return /^[^-\s][^\s]*:\d{1,5}$/.test(last) ? last : undefined;
}

/**
 * Starts watching the engine at `engineAddress` (see the file comment). The checks run on an
 * unreferenced timer, so they never keep the process alive. Returns a function that stops the
 * watch (the checks and the output listeners). Throws nothing: a check that cannot even start
 * counts as finding nothing listening.
 */
export function watchEngine(engineAddress: string, options: EngineWatchOptions = {}): () => void {
  const intervalMs = options.intervalMs ?? ENGINE_CHECK_INTERVAL_MS;
  const needed = options.failures ?? ENGINE_CHECK_FAILURES;
  const onGone = options.onGone ?? (() => stopWhenSettled("SIGTERM"));
  // No proxy: the engine listens on this machine (see the file comment).
  const client = new grpc.Client(engineAddress, grpc.credentials.createInsecure(), { "grpc.enable_http_proxy": 0 });
  let failed = 0;
  let checking = true;
  let timer: NodeJS.Timeout | undefined;

  const stopChecks = (): void => {
    if (!checking) return;
    checking = false;
    clearTimeout(timer);
    client.close();
  };
  const gone = (reason: string): void => {
    if (!checking) return;
    stopChecks();
    onGone(reason);
  };
  // The listeners also keep a write error from becoming an uncaught exception (the loop above),
  // and stay after the engine is gone, while the calls in flight settle.
  const outputFailed = (error: Error): void => gone(`writing to the engine's output pipe failed (${(error as { code?: string }).code ?? error.message})`);
  const stop = (): void => {
    stopChecks();
    if (options.watchOutput !== false) {
      process.stdout.off("error", outputFailed);
      process.stderr.off("error", outputFailed);
    }
  };
  if (options.watchOutput !== false) {
    process.stdout.on("error", outputFailed);
    process.stderr.on("error", outputFailed);
  }

  const check = (): void => {
    if (!checking) return;
    const answered = (error: grpc.ServiceError | null): void => {
      if (!checking) return;
      // Only UNAVAILABLE (no connection: nothing listens there) counts; a slow answer from a busy
      // or paused engine (DEADLINE_EXCEEDED) is no sign that it is gone.
      if (error === null || error.code !== grpc.status.UNAVAILABLE) failed = 0;
      else if (++failed >= needed) {
        gone(`nothing listens at the engine's address ${engineAddress} any more (${grpc.status[error.code] ?? error.code})`);
        return;
      }
      schedule();
    };
    try {
      client.makeUnaryRequest(
        HEALTH_CHECK_METHOD,
        () => Buffer.alloc(0),
        (bytes: Buffer) => bytes,
        {},
        { deadline: Date.now() + ENGINE_CHECK_DEADLINE_MS },
        answered,
      );
    } catch (error) {
      answered(Object.assign(new Error(String(error)), { code: grpc.status.UNAVAILABLE, details: "", metadata: new grpc.Metadata() }));
    }
  };
  const schedule = (): void => {
    timer = setTimeout(check, intervalMs);
    timer.unref();
  };
  schedule();
  return stop;
}

let watching = false;

/**
 * {@link watchEngine} with the defaults, once per process, when this process is a provider plugin
 * the engine started: `@pulumi/pulumi`'s dynamic-provider host (the resource classes' provider
 * text runs there) or this package's `pulumi-resource-flashduty` (`isPlugin`). Anywhere else (a
 * program, a test) it does nothing, as it does without an engine address in the arguments.
 */
export function watchEngineOnce(isPlugin = false): void {
  if (watching) return;
  const script = (process.argv[1] ?? "").replaceAll("\\", "/");
  if (!isPlugin && !script.includes("/@pulumi/pulumi/cmd/dynamic-provider")) return;
  const address = engineAddressFromArgs(process.argv.slice(2));
  if (address === undefined) return;
  watching = true;
  watchEngine(address);
}
