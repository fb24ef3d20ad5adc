/**
 * .github/workflows/release.yml, which no test can run: it is clean under actionlint (and, when a
 * `shellcheck` is on PATH, its `run:` scripts under shellcheck too, which actionlint runs by
 * itself), its plugin matrix builds every platform the provider ships, only a tag push publishes,
 * and no `${{ }}` expression is spliced into a script (each goes through `env:`, so no tag or
 * branch name can inject shell code).
 *
 * actionlint comes from scripts/install-actionlint.sh: PATH, the git-ignored
 * `.pulumi-cli/actionlint-v<version>/bin`, else a build from Go modules (seconds, once).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const WORKFLOW = ".github/workflows/release.yml";

let actionlintBin: string;

beforeAll(() => {
  actionlintBin = execFileSync("bash", [path.join(ROOT, "scripts", "install-actionlint.sh")], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
}, 600_000);

const lines = readFileSync(path.join(ROOT, WORKFLOW), "utf8").split("\n");

/** The lines of the job `name` (from its `  name:` key to the next job or the end of the file). */
function job(name: string): string[] {
  const start = lines.indexOf(`  ${name}:`);
  if (start === -1) throw new Error(`${WORKFLOW} has no job ${name}`);
  const end = lines.findIndex((line, i) => i > start && /^ {0,2}\S/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** Every `run:` script: an inline value, or a block scalar (`|`, `>`) with the lines indented deeper than its key. */
function runScripts(): Array<{ line: number; text: string }> {
  const scripts: Array<{ line: number; text: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*(?:- )?)run:(?:\s+(.*))?$/.exec(lines[i]!);
    if (!m) continue;
    const value = (m[2] ?? "").trim();
    if (!/^[|>][+-]?$/.test(value)) {
      scripts.push({ line: i + 1, text: value });
      continue;
    }
    const keyColumn = m[1]!.length;
    const body: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trim() !== "" && line.length - line.trimStart().length <= keyColumn) break;
      body.push(line);
    }
    scripts.push({ line: i + 1, text: body.join("\n") });
  }
  return scripts;
}

describe("the release workflow", () => {
  it("is clean under actionlint", () => {
    const result = spawnSync(path.join(actionlintBin, "actionlint"), ["-color=false", WORKFLOW], { cwd: ROOT, encoding: "utf8" });
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`;
    expect(result.status, `actionlint ${WORKFLOW} reported:\n${output}`).toBe(0);
    expect(output, `actionlint ${WORKFLOW} reported:\n${output}`).toBe("");
  });

  it("builds every platform on its own runner, publishes only on a tag, and splices no expression into a script", () => {
    // The plugin matrix: one `{ os: ..., arch: ..., runner: ... }` entry per platform.
    const entries = job("plugin").flatMap((line) => {
      const m = /^\s*- \{\s*os:\s*([\w-]+),\s*arch:\s*([\w-]+),\s*runner:\s*([\w.-]+)\s*\}\s*$/.exec(line);
      return m ? [{ platform: `${m[1]}-${m[2]}`, runner: m[3]! }] : [];
    });
    expect(entries.map((e) => e.platform).sort()).toEqual(["darwin-amd64", "darwin-arm64", "linux-amd64", "linux-arm64", "windows-amd64"]);
    expect(new Set(entries.map((e) => e.runner)).size, "each platform builds natively on a runner of its own").toBe(entries.length);
    expect(job("plugin").some((line) => /^ {4}runs-on: \$\{\{ matrix\.runner \}\}$/.test(line))).toBe(true);

    // Publishing: after both builds, and only for a pushed tag v* (never for workflow_dispatch).
    const publish = job("publish");
    expect(publish).toContain("    needs: [plugin, sdks]");
    const condition = publish.find((line) => line.startsWith("    if:"));
    expect(condition, "the publish job has a job-level `if:`").toBeDefined();
    expect(condition).toContain("github.event_name == 'push'");
    expect(condition).toContain("startsWith(github.ref, 'refs/tags/v')");
    expect(lines.join("\n")).toMatch(/^on:\n {2}push:\n {4}tags:\n {6}- "v\*"\n {2}workflow_dispatch:\n/m);

    // No script injection: every `${{ }}` a script needs comes in through `env:`.
    const scripts = runScripts();
    expect(scripts.length, "the workflow's run: scripts were found").toBeGreaterThanOrEqual(8);
    const spliced = scripts.filter((s) => s.text.includes("${{")).map((s) => `line ${s.line}: ${s.text}`);
    expect(spliced, "run: scripts with an expression (${{) in them").toEqual([]);
  });
});
