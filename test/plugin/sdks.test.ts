/**
 * The committed SDKs (sdks/) are what Pulumi's code generators make of plugin/schema.json at the
 * npm package's version: scripts/gen-sdks.sh (plugin/sdkgen, built once into .pulumi-cli/) writes
 * them afresh into a temporary folder, and every file must match byte for byte, with none missing
 * and none extra. A schema change without `bash scripts/gen-sdks.sh` fails here. The Node.js SDK,
 * which no program test uses, at least type-checks (its own strict tsconfig) against the project's
 * `@pulumi/pulumi`; the Go and Python SDKs are run by goProgram and pythonProgram.engine.test.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { filesUnder } from "../support/files";

const COMMITTED = path.join(REPO_ROOT, "sdks");
const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
let fresh: string;

// Builds plugin/sdkgen on a first run (minutes on a cold Go cache, hence the timeout).
beforeAll(() => {
  fresh = mkdtempSync(path.join(tmpdir(), "flashduty-sdks-"));
  execFileSync("bash", [path.join(REPO_ROOT, "scripts", "gen-sdks.sh"), fresh], { stdio: ["ignore", "ignore", "inherit"] });
}, 1_200_000);

afterAll(() => {
  if (fresh !== undefined) rmSync(fresh, { recursive: true, force: true });
});

const relativeFiles = (root: string) =>
  filesUnder(root)
    .map((f) => path.relative(root, f).split(path.sep).join("/"))
    .sort();

describe("the generated SDKs", () => {
  test("regenerating gives the committed files, byte for byte", () => {
    const files = relativeFiles(COMMITTED);
    expect(relativeFiles(fresh)).toEqual(files);
    const differing = files.filter((f) => !readFileSync(path.join(fresh, f)).equals(readFileSync(path.join(COMMITTED, f))));
    expect(differing, "run `bash scripts/gen-sdks.sh` and commit sdks/").toEqual([]);
  });

  test("each SDK carries the npm package's version", () => {
    const plugin = (file: string) => JSON.parse(readFileSync(path.join(COMMITTED, file), "utf8")) as { name: string; version: string };
    expect(plugin("go/flashduty/pulumi-plugin.json")).toMatchObject({ name: "flashduty", version: VERSION });
    expect(plugin("python/pulumi_flashduty/pulumi-plugin.json")).toMatchObject({ name: "flashduty", version: VERSION });
    expect(plugin("nodejs/package.json")).toMatchObject({ name: "@pulumi-flashduty/flashduty", version: VERSION });
    expect(readFileSync(path.join(COMMITTED, "python", "pyproject.toml"), "utf8")).toContain(`version = "${VERSION}"`);
    expect(readFileSync(path.join(COMMITTED, "go", "flashduty", "go.mod"), "utf8")).toMatch(
      /^module github\.com\/flashcatcloud\/pulumi-flashduty\/sdks\/go\/flashduty$/m,
    );
  });

  test("the Node.js SDK type-checks against the project's @pulumi/pulumi", () => {
    const tsc = path.join(REPO_ROOT, "node_modules", ".bin", "tsc");
    execFileSync(tsc, ["-p", path.join(COMMITTED, "nodejs", "tsconfig.json"), "--noEmit"], { stdio: ["ignore", "inherit", "inherit"] });
  });
});
