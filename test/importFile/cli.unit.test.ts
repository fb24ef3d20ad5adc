/**
 * `pulumi-flashduty import-file`'s arguments (`main` in this process, its streams captured): each
 * bad argument fails before any API call, naming the option and what it takes; the help names the
 * page; the top-level usage lists the command.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { EXIT } from "../../cli/main";
import { runCli as run } from "../support/cliRun";
import { TERMINAL_CONTROL } from "../support/hostileText";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("pulumi-flashduty import-file arguments", () => {
  test("the help names every option and the page; the usage lists the command", async () => {
    const help = await run(["import-file", "--help"]);
    expect(help.code).toBe(0);
    for (const option of ["--team", "--kind", "--name", "--disablements", "--output", "--base-url", "FLASHDUTY_APP_KEY", "docs/importing-an-account.md"])
      expect(help.stdout).toContain(option);
    expect((await run(["--help"])).stdout).toMatch(/import-file {4}Write Pulumi's bulk import file/);
  });

  test.each([
    [["--team", "x"], '--team must be a team id, an integer >= 0 (0 = account-wide), got "x"'],
    [["--team=-1"], '--team must be a team id, an integer >= 0 (0 = account-wide), got "-1"'],
    [["--kind", "Skill"], '--kind must be one of mcpServer, automationRule, a2aAgent, knowledgeFile, skill, got "Skill"'],
    [["--name", ""], "--name needs a glob"],
    [["--output", ""], "--output needs a file name"],
    [["--app-key", "k"], "Unknown option '--app-key'"],
  ])("%j fails naming the option", async (args, message) => {
    vi.stubEnv("FLASHDUTY_APP_KEY", "0123456789abcdef0123456789abcdef");
    const result = await run(["import-file", ...args]);
    expect(result.code).toBe(EXIT.error);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Usage: pulumi-flashduty import-file");
  });

  test("without FLASHDUTY_APP_KEY it fails saying where the key goes; a hostile kind is shown escaped", async () => {
    vi.stubEnv("FLASHDUTY_APP_KEY", "");
    const noKey = await run(["import-file"]);
    expect(noKey.code).toBe(EXIT.error);
    expect(noKey.stderr).toContain("FLASHDUTY_APP_KEY must hold the app key");
    const hostile = await run(["import-file", "--kind", "\u001b[2J\u202eevil"]);
    expect(hostile.stderr.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
  });
});
