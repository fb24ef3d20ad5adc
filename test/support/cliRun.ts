/**
 * Runs the package's command (`main` of cli/main.ts) in this process with its streams captured:
 * what the CLI tests assert on, without a child process.
 */
import * as path from "node:path";
import type { Io } from "../../cli/io";
import { main } from "../../cli/main";
import { REPO_ROOT } from "../../scripts/pulumiCli";

/** The built command (`npm run build` writes it), for tests that run it as a user does, in a child process. */
export const BUILT_CLI = path.join(REPO_ROOT, "dist", "cli", "main.js");

/** The exit code and everything written to stdout and stderr by `pulumi-flashduty <argv>`. */
export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  };
  return { code: await main(argv, io), stdout, stderr };
}
