/**
 * `npm run schema`: writes what the nouns' declarations (`provider/<noun>/declaration.ts`) and
 * the settings (`provider/client/config.ts`) make: the provider plugin's schema,
 * `plugin/schema.json` (at the npm package's version), and the reference pages
 * `docs/resources/<name>.md`. Run it after changing a declaration, then `bash scripts/gen-sdks.sh`
 * for the SDKs. `test/plugin/schema.unit.test.ts` fails while any of these files differs from
 * what this script would write.
 *
 * Usage: `node build/scripts/genSchema.js`. Prints each file it wrote on stderr.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { schemaText } from "../plugin/schemaBuild";
import { REPO_ROOT } from "./pulumiCli";
import { referencePages } from "./referencePages";

/** Every generated file by its path under the repository, with its text. */
export function generatedFiles(): Map<string, string> {
  const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
  return new Map([["plugin/schema.json", schemaText(version)], ...referencePages()]);
}

if (require.main === module) {
  for (const [file, text] of generatedFiles()) {
    mkdirSync(path.dirname(path.join(REPO_ROOT, file)), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, file), text);
    process.stderr.write(`schema: wrote ${file}\n`);
  }
}
