/**
 * The provider process under SIGINT/SIGTERM (provider/engine/gracefulShutdown.ts), with real child
 * processes running the built module: idle, it stops at once as Node would; with a call in
 * flight, the call settles first and the process then stops by the same signal.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/pulumiCli";

const MODULE = path.join(REPO_ROOT, "dist", "provider", "engine", "gracefulShutdown.js");

/**
 * Starts a Node child that runs one `untilSettled` call (settling when its stdin closes) or, with
 * `idle`, a settled one; it prints "ready" once the handlers are in place and "settled" when the
 * call ends. Resolves with what it printed and how it ended.
 */
function child(idle: boolean) {
  const script = `
    const { untilSettled } = require(${JSON.stringify(MODULE)});
    const held = new Promise((resolve) => process.stdin.on("end", resolve).resume());
    untilSettled(async () => { ${idle ? "" : "await held;"} console.log("settled"); });
    setTimeout(() => console.log("ready"), 0);
    setInterval(() => {}, 1000);
  `;
  const proc = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  const lines: Array<(text: string) => void> = [];
  proc.stdout.on("data", (chunk: Buffer) => {
    out += chunk;
    for (const wait of lines.splice(0)) wait(out);
  });
  const printed = (word: string) =>
    new Promise<void>((resolve) => {
      const look = (text: string) => (text.includes(word) ? resolve() : lines.push(look));
      look(out);
    });
  const ended = new Promise<{ signal: NodeJS.Signals | null; code: number | null; out: string }>((resolve) =>
    proc.on("exit", (code, signal) => resolve({ code, signal, out })),
  );
  return { proc, printed, ended };
}

describe("graceful shutdown of the provider process", () => {
  test.each(["SIGINT", "SIGTERM"] as const)("idle: %s stops the process by that signal", async (signal) => {
    const c = child(true);
    await c.printed("ready");
    c.proc.kill(signal);
    expect(await c.ended).toMatchObject({ signal, out: "settled\nready\n" });
  });

  test.each(["SIGINT", "SIGTERM"] as const)("a call in flight: %s (twice) waits for it, then stops the process by that signal", async (signal) => {
    const c = child(false);
    await c.printed("ready");
    c.proc.kill(signal);
    c.proc.kill(signal);
    // Still alive: the call has not settled. Let it settle.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.proc.exitCode).toBeNull();
    expect(c.proc.signalCode).toBeNull();
    c.proc.stdin.end();
    expect(await c.ended).toMatchObject({ signal, out: "ready\nsettled\n" });
  });
});
