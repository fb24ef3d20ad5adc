/**
 * A provider process whose engine is gone (provider/engine/engineWatch.ts), with real child
 * processes running the built module against a real gRPC server on 127.0.0.1 standing in for
 * the engine: while it answers, nothing happens; once it is gone, an idle process stops as a
 * SIGTERM would stop it, and one with a platform call in flight stops once the call settles. A
 * write into a closed stderr pipe (what the CLI's death leaves) ends the process too, instead of
 * the EPIPE loop `@pulumi/pulumi`'s uncaught-exception handler makes of it.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { afterEach, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { engineAddressFromArgs } from "../../provider/engine/engineWatch";

const WATCH = path.join(REPO_ROOT, "dist", "provider", "engine", "engineWatch.js");
const SHUTDOWN = path.join(REPO_ROOT, "dist", "provider", "engine", "gracefulShutdown.js");

/** A gRPC server with no services (every call answers UNIMPLEMENTED, which counts as alive). */
async function startEngine(): Promise<{ address: string; stop: () => void }> {
  const server = new grpc.Server();
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { address: `127.0.0.1:${port}`, stop: () => server.forceShutdown() };
}

const children: Array<{ kill: (signal: NodeJS.Signals) => boolean }> = [];
afterEach(() => {
  // SIGKILL: a child caught in the EPIPE loop (a regression) never runs its SIGTERM handler.
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

/**
 * A Node child that watches `address` every 50 ms (the default reaction: stop as SIGTERM would),
 * with one platform call in flight until its stdin closes when `busy`, and the same kind of
 * uncaught-exception handler as `@pulumi/pulumi`'s dynamic-provider host (it reports to stderr).
 * On "write" on stdin it writes to stderr, on "settle" the call settles, on "ping" it prints
 * "pong" (its event loop still turns). Prints "ready" once watching.
 */
function child(address: string, busy: boolean, env: NodeJS.ProcessEnv = {}) {
  const script = `
    process.on("uncaughtException", (err) => console.error(err.stack || String(err)));
    const { watchEngine } = require(${JSON.stringify(WATCH)});
    const { untilSettled } = require(${JSON.stringify(SHUTDOWN)});
    let release;
    if (${busy}) untilSettled(() => new Promise((resolve) => (release = resolve))).then(() => console.log("settled"));
    process.stdin.on("data", (d) => { if (String(d).includes("write")) console.error("a diagnostic"); if (String(d).includes("settle")) release(); if (String(d).includes("ping")) console.log("pong"); });
    watchEngine(${JSON.stringify(address)}, { intervalMs: 50 });
    console.log("ready");
  `;
  const proc = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...env } });
  children.push(proc);
  let out = "";
  proc.stdout.on("data", (chunk: Buffer) => (out += chunk));
  const printed = async (word: string) => {
    while (!out.includes(word)) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  // "close", not "exit": the output is all read by then.
  const ended = new Promise<{ signal: NodeJS.Signals | null; code: number | null }>((resolve) => proc.on("close", (code, signal) => resolve({ code, signal })));
  return { proc, printed, ended, output: () => out };
}

/** The child has neither exited nor been killed yet. */
function expectRunning(c: { proc: { exitCode: number | null; signalCode: NodeJS.Signals | null } }) {
  expect(c.proc.exitCode).toBeNull();
  expect(c.proc.signalCode).toBeNull();
}

describe("engineAddressFromArgs", () => {
  test.each([
    [["127.0.0.1:41234"], "127.0.0.1:41234"],
    [["--logtostderr", "-v=9", "127.0.0.1:41234"], "127.0.0.1:41234"],
    [["--tracing", "file:/tmp/t", "localhost:5"], "localhost:5"],
    [[], undefined],
    [["run", "test/x.test.ts"], undefined],
    [["-v=9"], undefined],
    [["--tracing", "127.0.0.1:9"], undefined],
  ])("%j -> %s", (args, expected) => {
    expect(engineAddressFromArgs(args)).toBe(expected);
  });
});

describe("a provider process whose engine is gone", () => {
  // A proxy where nothing listens: a check sent through it would find nothing (UNAVAILABLE), so a
  // live engine on 127.0.0.1 must be reached directly whatever the environment says.
  const PROXY = { https_proxy: "http://127.0.0.1:1", http_proxy: "http://127.0.0.1:1", grpc_proxy: "http://127.0.0.1:1", no_proxy: "", no_grpc_proxy: "" };
  test.each([
    ["no proxy", {}],
    ["an HTTP proxy that is not used", PROXY],
  ])("idle (%s): lives while the engine answers, then stops as SIGTERM would", async (_label, env) => {
    const engine = await startEngine();
    const c = child(engine.address, false, env);
    await c.printed("ready");
    // Twenty checks and more, all answered (UNIMPLEMENTED): still alive.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expectRunning(c);
    engine.stop();
    expect(await c.ended).toEqual({ code: null, signal: "SIGTERM" });
  });

  test("a platform call in flight: the call settles first, then the process stops", async () => {
    const engine = await startEngine();
    const c = child(engine.address, true);
    await c.printed("ready");
    engine.stop();
    // The engine is gone, but the call has not settled: the process waits for it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expectRunning(c);
    c.proc.stdin.write("settle\n");
    expect(await c.ended).toEqual({ code: null, signal: "SIGTERM" });
    expect(c.output()).toContain("settled");
  });

  test("a write into the closed stderr pipe with a call in flight: no loop, the call settles, then the process stops", async () => {
    const engine = await startEngine();
    const c = child(engine.address, true);
    await c.printed("ready");
    c.proc.stderr.destroy();
    // More writes after the first error: each must be dropped, not loop through the handler.
    c.proc.stdin.write("write\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    c.proc.stdin.write("write\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    c.proc.stdin.write("write\nping\n");
    await c.printed("pong");
    expectRunning(c);
    c.proc.stdin.write("settle\n");
    expect(await c.ended).toEqual({ code: null, signal: "SIGTERM" });
    expect(c.output()).toContain("settled");
    engine.stop();
  });

  test("a write into the closed stderr pipe ends the process instead of looping", async () => {
    const engine = await startEngine();
    const c = child(engine.address, false);
    await c.printed("ready");
    // What the CLI's death does to the plugin's stderr: nobody reads it any more.
    c.proc.stderr.destroy();
    c.proc.stdin.write("write\n");
    expect(await c.ended).toEqual({ code: null, signal: "SIGTERM" });
    engine.stop();
  });
});
