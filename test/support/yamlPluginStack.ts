/**
 * A YAML program on the repository's built provider plugin (`dist/plugin`), for the plugin's
 * engine test of each noun: the YAML language host, an emulator on 127.0.0.1, a work folder under
 * `.pulumi-state/work`, and a fresh stack whose config points at the emulator.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { ensurePulumiCli, ensurePulumiYaml, PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";

/** What a suite's tests use: the emulator, the suite's work folder and the YAML host's folder. */
export interface YamlPluginWorld {
  emulator: Emulator;
  dir: string;
  yamlHost: string;
}

/**
 * Registers the suite's hooks: finds or builds the YAML language host (up to 20 min on a cold
 * machine), starts an emulator (by default with no seeded rules; `emulator` replaces its options),
 * makes a work folder named `prefix...`; all are removed after the suite. Returns the world,
 * available once the hooks ran.
 */
export function yamlPluginSuite(prefix: string, emulator: EmulatorOptions = { seed: { rules: 0 } }): () => YamlPluginWorld {
  let world: YamlPluginWorld | undefined;
  let yamlHost = "";
  beforeAll(() => {
    yamlHost = ensurePulumiYaml();
  }, 1_200_000);
  beforeAll(async () => {
    const started = await startEmulator({ port: 0, ...emulator });
    const root = path.join(REPO_ROOT, ".pulumi-state", "work");
    mkdirSync(root, { recursive: true });
    world = { emulator: started, dir: mkdtempSync(path.join(root, prefix)), yamlHost };
  });
  afterAll(async () => {
    if (world !== undefined) rmSync(world.dir, { recursive: true, force: true });
    await world?.emulator.close();
  });
  return () => {
    if (world === undefined) throw new Error("yamlPluginSuite: the suite's hooks have not run");
    return world;
  };
}

/** The first lines of a `Pulumi.yaml` named `name` whose `flashduty` provider is the repository's built plugin. */
export function yamlPluginHeader(name: string): string {
  return `name: ${name}
runtime: yaml
plugins:
  providers:
    - name: flashduty
      path: ${path.join(REPO_ROOT, "dist", "plugin")}
`;
}

/**
 * A fresh stack `test` of the YAML program `program` (the whole `Pulumi.yaml`) in `<dir>/project`
 * (`<dir>/<folder>` when given), with `files` (path relative to the project: text) beside it,
 * state in `<dir>/state` (`<dir>/<folder>-state`), and
 * `flashduty:baseUrl` / `flashduty:appKey` (secret) set to the emulator and `appKey`. The CLI and
 * the YAML host come first on its PATH; no `FLASHDUTY_*` variable reaches it.
 */
export async function yamlPluginStack(
  world: YamlPluginWorld,
  options: { program: string; appKey: string; files?: Record<string, string>; folder?: string },
): Promise<PulumiWorkspace> {
  const projectDir = path.join(world.dir, options.folder ?? "project");
  mkdirSync(projectDir, { recursive: true });
  writeFileSync(path.join(projectDir, "Pulumi.yaml"), options.program);
  for (const [file, text] of Object.entries(options.files ?? {})) {
    mkdirSync(path.dirname(path.join(projectDir, file)), { recursive: true });
    writeFileSync(path.join(projectDir, file), text);
  }
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir: path.join(world.dir, options.folder === undefined ? "state" : `${options.folder}-state`),
    stack: "test",
    env: {
      PATH: `${ensurePulumiCli()}${path.delimiter}${world.yamlHost}${path.delimiter}${process.env.PATH ?? ""}`,
      FLASHDUTY_APP_KEY: undefined,
      FLASHDUTY_BASE_URL: undefined,
    },
  });
  await ws.initFresh();
  await ws.setConfig("flashduty:baseUrl", world.emulator.url);
  await ws.setConfig("flashduty:appKey", options.appKey, true);
  return ws;
}
