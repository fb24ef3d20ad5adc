/**
 * What a release publishes, built for the tests that install it as a user would: the plugin's
 * archive for this machine (`npm run package:plugin`) and the SDK packages (`npm run
 * package:sdks`), from the built `build/scripts/` into a folder of the test's own. Synchronous
 * (about 45 s): call it in a `beforeAll` with a long timeout, before any in-process server needs
 * the event loop.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import * as path from "node:path";
import { archiveName } from "../../scripts/packagePlugin";
import { REPO_ROOT } from "../../scripts/pulumiCli";

/** The package's version, which every built file carries. */
export const RELEASE_VERSION = (require(path.join(REPO_ROOT, "package.json")) as { version: string }).version;

/** Builds the archive and the packages into `folder`; returns their paths. */
export function buildRelease(folder: string): { archive: string; wheel: string } {
  const script = (name: string) => path.join(REPO_ROOT, "build", "scripts", name);
  execFileSync(process.execPath, [script("packagePlugin.js"), "--out", folder], { stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(process.execPath, [script("packageSdks.js"), "--out", folder], { stdio: ["ignore", "ignore", "inherit"] });
  const wheel = readdirSync(folder).find((f) => f.endsWith(".whl"));
  if (wheel === undefined) throw new Error(`npm run package:sdks wrote no wheel into ${folder}`);
  return { archive: path.join(folder, archiveName(RELEASE_VERSION)), wheel: path.join(folder, wheel) };
}
