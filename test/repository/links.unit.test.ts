/**
 * The documents of a fresh clone: every relative link in the Markdown files resolves to a file
 * of the repository, every `#anchor` to a heading of its target, and nothing points outside the
 * repository.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((f) => f !== "" && existsSync(path.join(ROOT, f)));
const markdown = tracked.filter((f) => f.endsWith(".md") && !f.includes("node_modules/"));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings (repeated headings get `-1`, `-2`... as on GitHub). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(path.join(ROOT, file), "utf8").split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Inline links `[text](target)` outside code fences and code spans. */
function linksOf(file: string): string[] {
  const links: string[] = [];
  let fenced = false;
  for (const line of readFileSync(path.join(ROOT, file), "utf8").split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`/g, "");
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push(m[1]!);
  }
  return links;
}

describe("the repository's documents", () => {
  it("include the user's page and the maintainers' documents", () => {
    for (const file of ["README.md", "CHANGELOG.md", "LICENSE", "docs/platform-api.md", "docs/ARCHITECTURE.md", "docs/CONTRIBUTING.md", "emulator/README.md"]) {
      expect(tracked, file).toContain(file);
    }
  });

  it("have no dead relative link or anchor, and none leaving the repository", () => {
    const problems: string[] = [];
    for (const file of markdown) {
      for (const link of linksOf(file)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
        const [target, anchor] = link.split("#") as [string, string | undefined];
        const resolved = target === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        if (resolved.startsWith("../") || path.isAbsolute(target)) {
          problems.push(`${file}: ${link} points outside the repository`);
          continue;
        }
        const onDisk = path.join(ROOT, resolved);
        if (!existsSync(onDisk)) {
          problems.push(`${file}: ${link} does not exist`);
          continue;
        }
        if (anchor !== undefined && !(statSync(onDisk).isFile() && resolved.endsWith(".md") && anchorsOf(resolved).has(anchor))) {
          problems.push(`${file}: ${link} has no heading #${anchor}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("point to nothing outside the repository, in code or in prose", () => {
    const outside = /\.\.\/shared\/|shared\/spec|shared\/notes|api-seed\.md|real-api\.md|vendor-wire-types\.json/;
    const offenders = tracked
      .filter((f) => /\.(ts|js|mjs|cjs|md|json|ya?ml|sh)$/.test(f) && f !== "test/repository/links.test.ts" && f !== "package-lock.json")
      .filter((f) => outside.test(readFileSync(path.join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
