/**
 * The emulator in a process of its own (the `pulumi-flashduty-emulator` bin, as users start it
 * with `npx`), driven through its control API over HTTP. A benchmark that measures the client
 * runs the platform here, so the emulator's work (routing, paging, serializing 100 rules a page)
 * takes the other core instead of the measured event loop, as a remote platform's work would.
 */
import { spawn, type ChildProcess } from "node:child_process";

/** A running emulator process: its base URL, its control API and its end. */
export interface EmulatorProcess {
  /** Base URL, e.g. `http://127.0.0.1:43817`. */
  url: string;
  /**
   * `POST /_emulator/<path>` with a JSON body (`limits`, `faults`, `counters/reset`, ...);
   * resolves with the envelope's `data`. Throws an Error naming the path when the answer is not
   * a success envelope.
   */
  control(path: string, body?: unknown): Promise<unknown>;
  /** `GET /_emulator/<path>` (`counters`, `requests`, `state`); resolves with the envelope's `data`. */
  read(path: string): Promise<unknown>;
  /** Ends the process (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the emulator's CLI with `args` (for example `["--rules", "10000", "--no-limits"]`) on a
 * free port and resolves once it prints the address it listens on. Rejects with its stderr if it
 * exits first.
 */
export function startEmulatorProcess(args: readonly string[]): Promise<EmulatorProcess> {
  const cli = require.resolve("pulumi-flashduty-emulator/package.json").replace(/package\.json$/, "dist/emulator/cli.js");
  const child = spawn(process.execPath, [cli, "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(handle(child, match[1] as string));
    });
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk));
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`bench: the emulator exited with ${code} before listening: ${err}`)));
  });
}

function handle(child: ChildProcess, url: string): EmulatorProcess {
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${url}/_emulator/${path}`, {
      method,
      ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) } : {}),
    });
    const envelope = (await response.json()) as { data?: unknown; error?: { code?: string; message?: string } };
    if (!response.ok || envelope.error !== undefined) {
      throw new Error(`bench: ${method} /_emulator/${path} answered ${response.status} ${envelope.error?.code ?? ""} ${envelope.error?.message ?? ""}`);
    }
    return envelope.data;
  }
  return {
    url,
    control: (path, body) => call("POST", path, body),
    read: (path) => call("GET", path),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
