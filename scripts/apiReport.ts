/**
 * `npm run api:check` / `npm run api:update`: the API report of every entry point, made by API
 * Extractor (`@microsoft/api-extractor`) from the published declarations (`dist/`,
 * `emulator/dist/`), one `api/<entry>.api.md` each.
 *
 * The reports are committed: a change to any exported name, signature, type or doc-less member
 * shows as a diff of `api/`, in review and in `npm test`, which runs the check right after the
 * build. The check fails, naming each entry point whose report differs and how to accept it
 * (`npm run api:update`, then commit `api/`); `--update` rewrites the reports instead.
 *
 * API Extractor analyses one entry point per run, so this runs it once per entry of
 * package.json's `exports` (the emulator's included), each report titled with its import path.
 * Symbols a signature uses but the entry does not export are kept in the report as
 * `ae-forgotten-export` notes rather than failing the run: the report shows the leak and review
 * decides.
 *
 * Usage: node build/scripts/apiReport.js [--update]   (after `npm run build`)
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel, type IConfigFile } from "@microsoft/api-extractor";
import { REPO_ROOT } from "./pulumiCli";

/** One entry point: its import path, the folder of its package.json and its declaration file there. */
interface EntryPoint {
  importPath: string;
  packageFolder: string;
  declarations: string;
}

/** Every entry point users import: each of package.json's and emulator/package.json's `exports` but `./package.json`. */
const ENTRY_POINTS: readonly EntryPoint[] = [
  { importPath: "pulumi-flashduty", packageFolder: ".", declarations: "dist/provider/index.d.ts" },
  { importPath: "pulumi-flashduty/sdk", packageFolder: ".", declarations: "dist/sdk/index.d.ts" },
  { importPath: "pulumi-flashduty/drift", packageFolder: ".", declarations: "dist/drift/index.d.ts" },
  { importPath: "pulumi-flashduty/policy", packageFolder: ".", declarations: "dist/policy/index.d.ts" },
  {
    importPath: "pulumi-flashduty/provider/mcpServerDisablementProvider",
    packageFolder: ".",
    declarations: "dist/provider/mcpServerDisablement/provider.d.ts",
  },
  { importPath: "pulumi-flashduty/provider/automationRuleProvider", packageFolder: ".", declarations: "dist/provider/automationRule/provider.d.ts" },
  { importPath: "pulumi-flashduty/provider/mcpServerProvider", packageFolder: ".", declarations: "dist/provider/mcpServer/provider.d.ts" },
  { importPath: "pulumi-flashduty/provider/skillProvider", packageFolder: ".", declarations: "dist/provider/skill/provider.d.ts" },
  { importPath: "pulumi-flashduty/provider/knowledgeFileProvider", packageFolder: ".", declarations: "dist/provider/knowledgeFile/provider.d.ts" },
  { importPath: "pulumi-flashduty/provider/a2aAgentProvider", packageFolder: ".", declarations: "dist/provider/a2aAgent/provider.d.ts" },
  { importPath: "pulumi-flashduty-emulator", packageFolder: "emulator", declarations: "dist/emulator/index.d.ts" },
];

/** Where the reports live, relative to the repository. */
const REPORT_FOLDER = "api";

/** The report's file name (without `.api.md`): the import path with `/` as `-`. */
function reportName(importPath: string): string {
  return importPath.replaceAll("/", "-");
}

/** The compiler options the declarations are read with: the published ones (tsconfig.json), nothing emitted. */
const COMPILER_OPTIONS = {
  target: "ES2022",
  module: "node16",
  moduleResolution: "node16",
  lib: ["ES2022"],
  types: ["node"],
  strict: true,
  esModuleInterop: true,
  skipLibCheck: true,
};

function configFor(entry: EntryPoint, reportFolder: string, tempFolder: string): IConfigFile {
  const projectFolder = path.join(REPO_ROOT, entry.packageFolder);
  return {
    projectFolder,
    mainEntryPointFilePath: path.join(projectFolder, entry.declarations),
    compiler: { overrideTsconfig: { compilerOptions: COMPILER_OPTIONS, include: [entry.declarations] } },
    apiReport: {
      enabled: true,
      reportFileName: reportName(entry.importPath),
      reportFolder,
      reportTempFolder: tempFolder,
      includeForgottenExports: false,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
      extractorMessageReporting: {
        // Kept in the report, where review sees them, instead of on the console.
        default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
        // Release tags (@public, @beta) are not used: everything exported is public.
        "ae-missing-release-tag": { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        // The report marks each member without a doc comment "(undocumented)" already; this
        // message would list them again by line of the .d.ts, so every edit would move them.
        "ae-undocumented": { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        // `{@link}` in doc comments names members as editors resolve them, not as TSDoc does.
        "ae-unresolved-link": { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
      },
      // The doc comments are written for people and editors, not to TSDoc's grammar.
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
}

const compilerStates = new Map<string, CompilerState>();

/**
 * Runs API Extractor on one entry point and returns its report, titled with the entry's import
 * path (API Extractor titles every report with the package name).
 */
function report(entry: EntryPoint, tempFolder: string): string {
  const packageJsonFullPath = path.join(REPO_ROOT, entry.packageFolder, "package.json");
  const reportFolder = path.join(tempFolder, "reports");
  mkdirSync(reportFolder, { recursive: true });
  const extractorConfig = ExtractorConfig.prepare({
    configObject: configFor(entry, reportFolder, path.join(tempFolder, "work")),
    configObjectFullPath: undefined,
    packageJsonFullPath,
  });
  // One TypeScript program per package serves all its entry points (a new one each is 3x slower).
  let compilerState = compilerStates.get(entry.packageFolder);
  if (compilerState === undefined) {
    const siblings = ENTRY_POINTS.filter((e) => e.packageFolder === entry.packageFolder).map((e) => path.join(REPO_ROOT, e.packageFolder, e.declarations));
    compilerState = CompilerState.create(extractorConfig, { additionalEntryPoints: siblings });
    compilerStates.set(entry.packageFolder, compilerState);
  }
  const result = Extractor.invoke(extractorConfig, {
    compilerState,
    // A "local build" writes the report to the (empty) temp folder; the comparison with api/ is ours.
    localBuild: true,
    messageCallback: (message) => {
      // API Extractor's notices about its own temp report; the comparison below speaks for it.
      if (message.messageId.startsWith("console-") && message.logLevel !== ExtractorLogLevel.Error) message.handled = true;
    },
  });
  if (!result.succeeded) throw new Error(`api-report: API Extractor failed on ${entry.importPath} (${result.errorCount} errors)`);
  const text = readFileSync(path.join(reportFolder, `${reportName(entry.importPath)}.api.md`), "utf8");
  const packageName = (JSON.parse(readFileSync(packageJsonFullPath, "utf8")) as { name: string }).name;
  return text.replace(`## API Report File for "${packageName}"`, `## API Report File for "${entry.importPath}"`);
}

/** Import paths that a package.json exports (but `./package.json`) and this script has no report for, or the reverse. */
function unlistedEntryPoints(): string[] {
  const exported = new Set<string>();
  for (const folder of new Set(ENTRY_POINTS.map((e) => e.packageFolder))) {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, folder, "package.json"), "utf8")) as { name: string; exports: Record<string, unknown> };
    for (const key of Object.keys(pkg.exports)) if (key !== "./package.json") exported.add(key === "." ? pkg.name : `${pkg.name}/${key.slice(2)}`);
  }
  const listed = new Set(ENTRY_POINTS.map((e) => e.importPath));
  return [...[...exported].filter((p) => !listed.has(p)), ...[...listed].filter((p) => !exported.has(p))];
}

function main(): void {
  const update = process.argv.includes("--update");
  const unlisted = unlistedEntryPoints();
  if (unlisted.length > 0) {
    process.stderr.write(`api-report: ENTRY_POINTS of scripts/apiReport.ts and the packages' \`exports\` differ on ${unlisted.join(", ")}\n`);
    process.exitCode = 1;
    return;
  }
  const tempFolder = mkdtempSync(path.join(tmpdir(), "pulumi-flashduty-api-"));
  const changed: string[] = [];
  try {
    for (const entry of ENTRY_POINTS) {
      const file = path.join(REPO_ROOT, REPORT_FOLDER, `${reportName(entry.importPath)}.api.md`);
      const text = report(entry, tempFolder);
      const committed = existsSync(file) ? readFileSync(file, "utf8") : undefined;
      if (committed === text) continue;
      changed.push(entry.importPath);
      if (update) {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
    }
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
  if (update) {
    process.stdout.write(`api-report: ${changed.length === 0 ? "no report changed" : `updated ${REPORT_FOLDER}/ for ${changed.join(", ")}`}\n`);
  } else if (changed.length > 0) {
    process.stderr.write(
      `api-report: the public API of ${changed.join(", ")} differs from ${REPORT_FOLDER}/.\n` +
        `If the change is intended, run \`npm run api:update\`, review the diff of ${REPORT_FOLDER}/ and commit it ` +
        `(and say in CHANGELOG.md what was added, changed or removed).\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(`api-report: the ${ENTRY_POINTS.length} entry points match ${REPORT_FOLDER}/\n`);
  }
}

main();
