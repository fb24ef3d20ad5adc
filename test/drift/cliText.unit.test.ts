/**
 * `pulumi-flashduty`'s error output (`main` in this process, its streams captured): control
 * characters in what it echoes (a command name, a folder) are shown escaped, and the message
 * keeps its own line breaks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { EXIT } from "../../cli/main";
import { runCli as run } from "../support/cliRun";
import { TERMINAL_CONTROL } from "../support/hostileText";

const root = mkdtempSync(path.join(tmpdir(), "pfd-cli-text-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("pulumi-flashduty error output", () => {
  test("an unknown command with escape sequences, C1 and bidi controls: shown escaped", async () => {
    const result = await run(["\u001b[2J\u009b31m\u202eevil"]);
    expect(result.code).toBe(EXIT.error);
    expect(result.stderr.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
    expect(result.stderr).toContain('unknown command "\\u001b[2J\\u009b31m\\u202eevil"');
  });

  test("a folder whose name has control characters: the error names it escaped, on its own lines", async () => {
    const folder = path.join(root, "proj\u001b]8;;evil.example\u0007x\u0085");
    const result = await run(["drift", "--stack", "dev", "--cwd", folder]);
    expect(result.code).toBe(EXIT.error);
    expect(result.stdout).toBe("");
    expect(result.stderr.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
    expect(result.stderr).toContain("proj\\u001b]8;;evil.example\\u0007x\\u0085: Pulumi.yaml not found");
    expect(result.stderr.endsWith("\n")).toBe(true);
  });
});
