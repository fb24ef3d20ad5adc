/**
 * A Pulumi TypeScript project made like `pulumi new typescript` (pulumi/templates, folder
 * `typescript`), outside this repository so nothing resolves from the repository's node_modules,
 * with the packed tarballs of this repository installed into it.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The template's tsconfig.json since March 2026 (`module`/`moduleResolution` nodenext). */
export const TSCONFIG_NODENEXT = {
  compilerOptions: {
    strict: true,
    outDir: "bin",
    target: "es2020",
    module: "nodenext",
    moduleResolution: "nodenext",
    sourceMap: true,
    experimentalDecorators: true,
    pretty: true,
    noFallthroughCasesInSwitch: true,
    noImplicitReturns: true,
    forceConsistentCasingInFileNames: true,
  },
};

/** The template's tsconfig.json of 2019 to March 2026 (`commonjs`, `moduleResolution` node). */
export const TSCONFIG_COMMONJS = {
  compilerOptions: { ...TSCONFIG_NODENEXT.compilerOptions, module: "commonjs", moduleResolution: "node" },
};

export interface FreshProjectOptions {
  tsconfig: object;
  /** npm dependencies besides the tarballs (the template's: `@pulumi/pulumi` ^3.113.0). */
  dependencies?: Record<string, string>;
  /** npm devDependencies (the template's: `@types/node` ^18, `typescript` ^5.0.0). */
  devDependencies?: Record<string, string>;
  /** Paths of .tgz files, installed as `file:` dependencies under their package names. */
  tarballs: Record<string, string>;
  /** Source files by name; every `.ts` file is listed in tsconfig `files`. */
  files: Record<string, string>;
}

export interface FreshProject {
  dir: string;
  /** Combined output of `npm install`. */
  installLog: string;
}

/** Writes the project and runs `npm install` in it (with whatever `npm`/`node` are on PATH). */
export async function createFreshProject(name: string, options: FreshProjectOptions): Promise<FreshProject> {
  const dir = mkdtempSync(path.join(tmpdir(), `pulumi-flashduty-${name}-`));
  mkdirSync(dir, { recursive: true });
  const dependencies: Record<string, string> = { "@pulumi/pulumi": "^3.113.0", ...options.dependencies };
  for (const [pkg, tgz] of Object.entries(options.tarballs)) dependencies[pkg] = `file:${tgz}`;
  const pkg = {
    name,
    main: "index.ts",
    devDependencies: options.devDependencies ?? { "@types/node": "^18", typescript: "^5.0.0" },
    dependencies,
  };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 4));
  writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\ndescription: fresh project\nruntime: nodejs\n`);
  const tsFiles = Object.keys(options.files).filter((f) => f.endsWith(".ts"));
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ ...options.tsconfig, files: tsFiles }, null, 4));
  for (const [file, text] of Object.entries(options.files)) writeFileSync(path.join(dir, file), text);
  const { stdout, stderr } = await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=warn"], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { dir, installLog: stdout + stderr };
}

/** `tsc --noEmit -p .` in the project with its own TypeScript; resolves with its output, rejects on errors. */
export async function typeCheck(dir: string): Promise<string> {
  try {
    const { stdout, stderr } = await run(path.join(dir, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", "."], { cwd: dir });
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc --noEmit failed in ${dir}:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}
