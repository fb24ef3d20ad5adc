/**
 * `pulumi-flashduty import-secrets` (`main` in this process, its streams captured) on program
 * files in a temporary folder: the program rewritten in place or to `--output`, one `pulumi config
 * set --secret` line per secret (platform keys escaped), nothing written when it refuses, and each
 * bad argument named.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { EXIT } from "../../cli/main";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { runCli as run } from "../support/cliRun";
import { TERMINAL_CONTROL } from "../support/hostileText";

const dir = mkdtempSync(path.join(tmpdir(), "import-secrets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function copyFixture(name: string, as = name): string {
  const file = path.join(dir, as);
  writeFileSync(file, readFileSync(path.join(REPO_ROOT, "test", "fixtures", "importFile", name)));
  return file;
}

describe("pulumi-flashduty import-secrets", () => {
  test("rewrites the program in place and prints the command that sets each secret, platform keys escaped", async () => {
    const file = copyFixture("imported.ts", "inplace.ts");
    const result = await run(["import-secrets", file]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(9);
    expect(lines).toContain('serverGithub "GITHUB_TOKEN" (line 133): pulumi config set --secret serverGithubGithubToken');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
    expect(lines).toContain('serverGithub "DB \\"main\\" ${x} \\\\ PASSWORD\\u001b[31m" (line 131): pulumi config set --secret serverGithubDbMainXPassword31m');
    expect(lines[8]).toBe(
      'import-secrets: 8 masked secret(s) in "inplace.ts" read from config secrets now; set each with the command above (it asks for the value) before the next pulumi preview',
    );
    for (const line of lines) expect(line).not.toMatch(TERMINAL_CONTROL);
    expect(readFileSync(file, "utf8")).toContain('GITHUB_TOKEN: config.requireSecret("serverGithubGithubToken"),');
    // No temporary file left beside it.
    expect(readdirSync(dir).filter((f) => f.includes("inplace"))).toEqual(["inplace.ts"]);

    // A second run: nothing left to do, the file as it was.
    const after = readFileSync(file, "utf8");
    const again = await run(["import-secrets", file]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('import-secrets: no masked secret (******) in "inplace.ts"; nothing to fill in\n');
    expect(readFileSync(file, "utf8")).toBe(after);
  });

  test("--output writes the new program there and leaves the one read alone", async () => {
    const file = copyFixture("imported.yaml", "source.yaml");
    const out = path.join(dir, "configured.yaml");
    const result = await run(["import-secrets", file, "--output", out]);
    expect(result.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(readFileSync(path.join(REPO_ROOT, "test", "fixtures", "importFile", "imported.yaml"), "utf8"));
    expect(readFileSync(out, "utf8")).toMatch(/^config:\n/);
  });

  test("a program it cannot rewrite safely: an error naming the line, and the file untouched", async () => {
    const file = path.join(dir, "oneline.ts");
    const text =
      'import * as flashduty from "@pulumi-flashduty/flashduty";\nconst serverA = new flashduty.McpServer("serverA", {\n    headers: { A: "******" },\n});\n';
    writeFileSync(file, text);
    const result = await run(["import-secrets", file]);
    expect(result.code).toBe(EXIT.error);
    expect(result.stderr).toContain("line 3: a masked value (******) that is not alone in a map entry or argument on its line");
    expect(result.stderr).toContain("(nothing written)");
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  test.each([
    [[], "one PROGRAM is needed (the file pulumi import --out wrote), got 0"],
    [["a.ts", "b.ts"], "one PROGRAM is needed (the file pulumi import --out wrote), got 2"],
    [["index.js"], "cannot tell the program's language from its name (.js): expected .yaml, .yml, .ts, .py or .go"],
    [["missing.ts"], 'cannot read the program "missing.ts": ENOENT'],
    [["a.ts", "--output", ""], "--output needs a file name"],
    [["a.ts", "--in-place"], "Unknown option '--in-place'"],
  ])("%j fails naming what is wrong", async (args, message) => {
    const result = await run(["import-secrets", ...args]);
    expect(result.code).toBe(EXIT.error);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(message);
  });

  test("the help says what it does and names the page; the usage lists the command", async () => {
    const help = await run(["import-secrets", "--help"]);
    expect(help.code).toBe(0);
    for (const text of ["PROGRAM", "--output", "pulumi preview", "docs/importing-an-account.md", "no app key"]) expect(help.stdout).toContain(text);
    expect((await run(["--help"])).stdout).toMatch(/import-secrets After `pulumi import`/);
  });
});
