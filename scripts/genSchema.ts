/**
 * `npm run schema`: writes what the nouns' declarations (`provider/<noun>/declaration.ts`) and
 * the settings (`provider/client/config.ts`) make: the provider plugin's schema, the TypeScript
 * resources' docstrings,
 * `plugin/schema.json` (at the npm package's version), the generated part of each reference
 * page `docs/resources/<name>.md` (what follows it is written by hand and kept) and the table of
 * every resource and function on the language pages (`scripts/languagePages.ts`). Run it after
 * changing a declaration, then `bash scripts/gen-sdks.sh` for the SDKs.
 * `test/plugin/schema.unit.test.ts` (and `test/repository/languagePages.unit.test.ts` for the
 * tables) fails while any of these files differs from what this script would write.
 *
 * Usage: `node build/scripts/genSchema.js`. Prints each file it wrote on stderr.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { schemaText } from "../plugin/schemaBuild";
import { DOCUMENTED, withDocstrings } from "./docstrings";
import { REPO_ROOT } from "./pulumiCli";
import { writeLanguageTables } from "./languagePages";
import { referencePages, withGeneratedPart } from "./referencePages";

/** The schema's text, at the npm package's version. */
export function schemaFile(): string {
  const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
  return schemaText(version);
}

if (require.main === module) {
  writeFileSync(path.join(REPO_ROOT, "plugin", "schema.json"), schemaFile());
  process.stderr.write("schema: wrote plugin/schema.json\n");
  // The TypeScript resources' docstrings, from the same declarations.
  for (const { file, name, declaration } of DOCUMENTED) {
    const full = path.join(REPO_ROOT, file);
    writeFileSync(full, withDocstrings(readFileSync(full, "utf8"), file, name, declaration));
    process.stderr.write(`schema: wrote the docstrings of ${file}\n`);
  }
  // A page keeps what is written by hand around its generated part.
  for (const [file, generated] of referencePages()) {
    const full = path.join(REPO_ROOT, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, withGeneratedPart(existsSync(full) ? readFileSync(full, "utf8") : undefined, generated));
    process.stderr.write(`schema: wrote the generated part of ${file}\n`);
  }
  // The table of every resource and function on each language page.
  for (const page of writeLanguageTables()) process.stderr.write(`schema: wrote the table of ${page}\n`);
}
