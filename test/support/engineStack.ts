/**
 * A fresh copy of the test program (test/engine/program) with its own local backend and stack,
 * for one test. The copy lives under <repo>/.pulumi-state/work (git-ignored) so that the
 * dynamic-provider plugin, whose working folder is the project folder, resolves
 * `pulumi-flashduty` from the repository's node_modules.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";

export interface EngineStackOptions {
  /** Emulator base URL. */
  baseUrl: string;
  /** App key; set as a secret stack config value, or through FLASHDUTY_APP_KEY with keyVia "env". */
  appKey: string;
  keyVia?: "config" | "env";
  /** Program config: servers, rules, templates, restoreOnDelete (JSON-encoded here). */
  program?: {
    servers?: unknown[];
    rules?: unknown;
    templates?: Array<string | null>;
    restoreOnDelete?: boolean | "always";
    automationRules?: unknown[];
    mcpServers?: unknown[];
    gets?: unknown[];
    skills?: unknown[];
    a2aAgents?: unknown[];
    knowledgeFiles?: unknown[];
    knowledgeQuery?: unknown;
  };
  /** Extra environment for every command. */
  env?: NodeJS.ProcessEnv;
  /** Run with `env.PATH` as given (see PulumiWorkspaceOptions.pathAsGiven); default false. */
  pathAsGiven?: boolean;
}

export interface EngineStack {
  ws: PulumiWorkspace;
  projectDir: string;
  stateDir: string;
  /** Replaces the program config (servers, rules, templates...). */
  setProgram(program: NonNullable<EngineStackOptions["program"]>): Promise<void>;
  /** `pulumi stack import` of a deployment (as `ws.exportState()` returns it). */
  importState(state: unknown): Promise<void>;
  dispose(): void;
}

export async function createEngineStack(options: EngineStackOptions): Promise<EngineStack> {
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(path.join(root, "t-"));
  const projectDir = path.join(dir, "project");
  const stateDir = path.join(dir, "state");
  cpSync(path.join(REPO_ROOT, "test", "engine", "program"), projectDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...options.env };
  if (options.keyVia === "env") env.FLASHDUTY_APP_KEY = options.appKey;
  else delete env.FLASHDUTY_APP_KEY;
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir,
    stack: "test",
    env: { FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined, ...env },
    pathAsGiven: options.pathAsGiven === true,
  });
  await ws.initFresh();
  await ws.setConfig("flashduty:baseUrl", options.baseUrl);
  if (options.keyVia !== "env") await ws.setConfig("flashduty:appKey", options.appKey, true);
  let usesAutomationRules = false;
  let usesGets = false;
  let usesMcpServers = false;
  let usesSkills = false;
  let usesA2aAgents = false;
  let usesKnowledge = false;
  const setProgram = async (program: NonNullable<EngineStackOptions["program"]>): Promise<void> => {
    // automationRules, gets, mcpServers and skills only once a program used them: one CLI call less for every other test.
    if (program.automationRules !== undefined) usesAutomationRules = true;
    if (program.gets !== undefined) usesGets = true;
    if (program.mcpServers !== undefined) usesMcpServers = true;
    if (program.skills !== undefined) usesSkills = true;
    if (program.a2aAgents !== undefined) usesA2aAgents = true;
    if (program.knowledgeFiles !== undefined || program.knowledgeQuery !== undefined) usesKnowledge = true;
    const optional = [
      ...(usesAutomationRules ? ["automationRules" as const] : []),
      ...(usesGets ? ["gets" as const] : []),
      ...(usesMcpServers ? ["mcpServers" as const] : []),
      ...(usesSkills ? ["skills" as const] : []),
      ...(usesA2aAgents ? ["a2aAgents" as const] : []),
      ...(usesKnowledge ? (["knowledgeFiles", "knowledgeQuery"] as const) : []),
    ];
    for (const key of ["servers", "rules", "templates", "restoreOnDelete", ...optional] as const) {
      if (program[key] === undefined) await ws.run(["config", "rm", key], { check: false });
      // mcpServers holds credentials (env, headers): a secret config value, as a user would keep them.
      else await ws.setConfig(key, JSON.stringify(program[key]), key === "mcpServers" || key === "a2aAgents");
    }
  };
  await setProgram(options.program ?? {});
  const importState = async (state: unknown): Promise<void> => {
    const file = path.join(dir, `import-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(state));
    await ws.run(["stack", "import", "--file", file]);
  };
  return { ws, projectDir, stateDir, setProgram, importState, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
