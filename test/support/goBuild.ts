/**
 * Builds a Go main package of this repository once per content digest into the git-ignored
 * `.pulumi-cli/go-programs/` (or under `$PULUMI_CLI_DIR`), for the engine tests that drive the
 * provider plugin through Pulumi's Go Automation API. Offline once the Go module cache holds the
 * modules (the Pulumi CLI's build fills most of them); otherwise from the Go module proxy.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { filesUnder } from "./files";

/** What {@link buildGoProgram} builds. */
export interface GoProgram {
  /** Folder of the Go module whose main package is built (it holds go.mod and a complete go.sum). */
  moduleDir: string;
  /** Name of the executable. */
  name: string;
  /** Further folders whose files the program is built from (a `replace`d module); part of the digest. */
  sources?: string[];
}

/**
 * Returns the path of the executable of `program`, building it first unless a build of the same
 * sources is cached: `.pulumi-cli/go-programs/<name>-<digest>/<name>`, the digest (16 hex
 * characters of SHA-256) over the path and bytes of every file under `moduleDir` and `sources`.
 * Builds with `go build -trimpath -mod=readonly` in `moduleDir` (a stale go.sum fails instead of
 * being rewritten), `GOTOOLCHAIN=local`; builds of other digests of the same name are removed. Synchronous: call it in a `beforeAll` with a long
 * timeout (minutes on a cold Go build cache), before any in-process server needs the event loop.
 *
 * @throws Error when Go is missing or the build fails (with Go's output)
 */
export function buildGoProgram(program: GoProgram): string {
  const digest = createHash("sha256");
  for (const dir of [program.moduleDir, ...(program.sources ?? [])]) {
    for (const file of filesUnder(dir).sort()) {
      digest.update(`${path.relative(REPO_ROOT, file)}\0`);
      digest.update(readFileSync(file));
    }
  }
  const outDir = path.join(
    process.env.PULUMI_CLI_DIR ?? path.join(REPO_ROOT, ".pulumi-cli"),
    "go-programs",
    `${program.name}-${digest.digest("hex").slice(0, 16)}`,
  );
  const exe = path.join(outDir, program.name);
  if (existsSync(exe)) return exe;
  mkdirSync(outDir, { recursive: true });
  const tmp = `${exe}.tmp${process.pid}`;
  execFileSync("go", ["build", "-trimpath", "-buildvcs=false", "-mod=readonly", "-o", tmp, "."], {
    cwd: program.moduleDir,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      GOTOOLCHAIN: "local",
      // As in scripts/install-pulumi.sh: some checksum databases have no entry for pulumi's tags.
      GONOSUMDB: [process.env.GONOSUMDB, "github.com/pulumi/pulumi"].filter(Boolean).join(","),
    },
  });
  renameSync(tmp, exe);
  // Builds of earlier sources of the same program are of no further use.
  for (const other of readdirSync(path.dirname(outDir))) {
    if (other.startsWith(`${program.name}-`) && other !== path.basename(outDir))
      rmSync(path.join(path.dirname(outDir), other), { recursive: true, force: true });
  }
  return exe;
}
