/**
 * One file, one job: every hand-written source file (TypeScript, JavaScript, Go, shell) holds at
 * most 500 lines, and the README at most 550 (depth goes to docs/). Generated code (`sdks/`, the
 * vendored protocol files, lock files and schemas) is not counted.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const SKIPPED = new Set(["node_modules", "dist", "build", "sdks", ".git", ".pulumi-cli", ".pulumi-state", "proto"]);
const SOURCE = /\.(ts|mts|cts|js|cjs|mjs|go|sh)$/;

/** The hand-written sources under the repository, relative paths. */
function sources(folder = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const rel = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && !entry.name.startsWith(".")) out.push(...sources(rel));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

const lines = (file: string) => readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1;

describe("file sizes", () => {
  it("every hand-written source file is at most 500 lines", () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => lines(f) > 500).map((f) => `${f}: ${lines(f)} lines`)).toEqual([]);
  });

  it("the README is at most 550 lines", () => {
    expect(lines("README.md")).toBeLessThanOrEqual(550);
  });
});
