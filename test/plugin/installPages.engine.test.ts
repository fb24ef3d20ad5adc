/**
 * The install pages followed in order, as someone who has never seen this repository would
 * (issue 43): the `sh` blocks of "## Install" in docs/yaml.md, docs/python.md and docs/go.md run
 * as written, in a fresh folder with a fresh PULUMI_HOME and the machine's own tools on PATH (that
 * the plugin starts with no Node.js at all is install.engine.test.ts's check), with only what
 * this machine cannot do substituted, each substitution failing the test when the page no longer
 * says it (test/support/docPages.ts):
 *
 * - the release server (`--server github://...`) by the archive `npm run package:plugin` makes
 *   (`--file`), PyPI's `pulumi-flashduty` by the wheel `npm run package:sdks` makes, the Go
 *   module's tag by a `replace` of this checkout's sdks/go/flashduty;
 * - the reader's values (the app key, the example's secret, the emulator's URL the page tells to
 *   set), and `pulumi login --local` by a `file://` backend of the test's own.
 *
 * Then each page's program runs: the YAML program by `pulumi up`; the Python program (the
 * page's `__main__.py`) inline through the Automation API in the page's venv, since these
 * machines have no Python language host; the Go program is built with the page's module (no Go
 * language host either). Against the emulator over HTTP; destroy at the end.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { ensurePulumiCli, ensurePulumiYaml, REPO_ROOT } from "../../scripts/pulumiCli";
import { codeBlocks, pageSection, substitute } from "../support/docPages";
import { PULUMI_PYTHON_VERSION } from "../support/pythonVenv";
import { buildRelease, RELEASE_VERSION } from "../support/releaseBuild";

const run = promisify(execFile);
const VERSION = RELEASE_VERSION;
const RELEASE_SERVER = "--server github://api.github.com/flashcatcloud/pulumi-flashduty";
const SDK_MODULE = "github.com/flashcatcloud/pulumi-flashduty/sdks/go/flashduty";

let dir: string;
let archive: string;
let wheel: string;
let emulator: Emulator;

beforeAll(() => {
  mkdirSync(path.join(REPO_ROOT, ".pulumi-state", "work"), { recursive: true });
  dir = mkdtempSync(path.join(REPO_ROOT, ".pulumi-state", "work", "install-pages-"));
  ({ archive, wheel } = buildRelease(path.join(dir, "release")));
  ensurePulumiYaml();
}, 600_000);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  await emulator?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/**
 * The environment of a newcomer's shell: the Pulumi CLI, the YAML language host, Python, Go and
 * the system's tools on PATH (not this repository's node_modules), a fresh PULUMI_HOME, the
 * passphrase the pages ask for, no FLASHDUTY_*.
 */
function newcomerEnv(name: string): NodeJS.ProcessEnv {
  const home = path.join(dir, `${name}-home`);
  mkdirSync(home, { recursive: true });
  const tool = (command: string) => path.dirname(execFileSync("bash", ["-c", `command -v ${command}`], { encoding: "utf8" }).trim());
  const folders = [...ensurePulumiCli().split(path.delimiter), ensurePulumiYaml(), tool("python3"), tool("go"), "/usr/bin", "/bin"];
  // The machine's own settings (proxies, certificates, pip's and Go's configuration) stay, as in a
  // newcomer's shell; what this repository's runs set does not.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: folders.join(path.delimiter),
    PULUMI_HOME: home,
    PULUMI_CONFIG_PASSPHRASE: "install-pages",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // As everywhere in this repository: some checksum databases have no entry for pulumi's tags.
    GONOSUMDB: "github.com/pulumi/pulumi",
    GOFLAGS: "-mod=mod -buildvcs=false",
    GOTOOLCHAIN: "local",
    PIP_DISABLE_PIP_VERSION_CHECK: "1",
  };
  for (const name of Object.keys(env)) {
    if (
      name.startsWith("FLASHDUTY_") ||
      name.startsWith("npm_") ||
      ["PULUMI_BACKEND_URL", "PULUMI_ACCESS_TOKEN", "NODE_OPTIONS", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID"].includes(name)
    )
      delete env[name];
  }
  return env;
}

/** Runs a page's script with bash (`set -euo pipefail`) in `cwd`; its output for a failure message. */
async function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout, stderr } = await run("bash", ["-c", `set -euo pipefail\n${script}`], { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`the page's commands failed:\n${script}\n--- output ---\n${e.stdout ?? ""}${e.stderr ?? ""}\n${e.message}`);
  }
}

/** The substitutions every page shares: the plugin's download, the backend, the reader's values. */
function common(state: string): Array<readonly [string, string]> {
  return [
    [`pulumi plugin install resource flashduty ${VERSION} ${RELEASE_SERVER}`, `pulumi plugin install resource flashduty ${VERSION} --file '${archive}'`],
    ["pulumi login --local", `pulumi login 'file://${state}'`],
    ["<app key from the Flashduty console>", emulator.keys.admin],
    // The pages tell the reader to point the stack at the emulator with this command.
    ["pulumi stack init dev", `pulumi stack init dev\npulumi config set flashduty:baseUrl '${emulator.url}'`],
  ];
}

describe("the install pages, followed as written", () => {
  test("docs/yaml.md: install the plugin, write the program, a stack and the app key, pulumi up; then destroy", async () => {
    emulator.reset();
    const section = pageSection("yaml.md", "Install");
    expect(section).toContain("`pulumi config set flashduty:baseUrl <its URL>`");
    const program = codeBlocks(section, "yaml").find((b) => b.startsWith("name: flashduty-yaml"));
    expect(program).toBeDefined();
    const script = substitute(codeBlocks(section, "sh").join("\n"), [
      ...common(path.join(dir, "yaml-state")),
      ["# write Pulumi.yaml (below)", `cat > Pulumi.yaml <<'PAGE_EOF'\n${program}PAGE_EOF`],
      ["pulumi up\n", "pulumi up --yes --non-interactive\n"],
    ]);
    const env = newcomerEnv("yaml");
    mkdirSync(path.join(dir, "yaml-state"), { recursive: true });
    const output = await runScript(script, dir, env);
    expect(output).toMatch(/flashduty\s+resource\s+0\.3\.0|flashduty\s+resource\s+\d/);
    const project = path.join(dir, "flashduty-yaml");
    expect(existsSync(path.join(project, "Pulumi.yaml"))).toBe(true);
    // What the page's program declares is on the platform.
    expect(emulator.server("mcp_grafana")?.status).toBe("disabled");
    const rules = emulator.visibleRules(emulator.keys.admin).filter((r) => r.name === "Daily digest");
    expect(rules).toHaveLength(1);
    expect(output).not.toContain(emulator.keys.admin);

    await runScript("pulumi destroy --yes --non-interactive", project, env);
    expect(emulator.server("mcp_grafana")?.status).toBe("enabled");
    expect(emulator.visibleRules(emulator.keys.admin).filter((r) => r.name === "Daily digest")).toHaveLength(0);
  });

  test("docs/python.md: the project and venv, the plugin, a stack and the secrets; the page's program up and destroy", async () => {
    emulator.reset();
    const section = pageSection("python.md", "Install");
    const state = path.join(dir, "python-state");
    mkdirSync(state, { recursive: true });
    const script = substitute(codeBlocks(section, "sh").join("\n"), [
      ...common(state),
      // PyPI has no release of the package yet: the wheel a release publishes; pulumi pinned to
      // the CLI's version, as the page's range allows.
      ['venv/bin/pip install "pulumi>=3.231,<4" pulumi-flashduty', `venv/bin/pip install --quiet "pulumi==${PULUMI_PYTHON_VERSION}" '${wheel}'`],
      // The page's other ways of installing the plugin: the downloaded archive, and a mirror (the
      // plugin is installed by then, so the mirror is not asked).
      [`--file pulumi-resource-flashduty-v${VERSION}-linux-amd64.tar.gz`, `--file '${archive}'`],
      ["--server https://mirror.example/flashduty", `--file '${archive}'`],
      ['"Bearer <token>"', '"Bearer install-pages-token"'],
    ]);
    const env = newcomerEnv("python");
    await runScript(script, dir, env);
    const project = path.join(dir, "flashduty-python");
    const program = codeBlocks(pageSection("python.md", "A program"), "python")[0]!;
    writeFileSync(path.join(project, "__main__.py"), program);
    // Step 4 is `pulumi up`, which needs the Python language host these machines lack: the same
    // program, inline through the Automation API, in the page's venv, on the stack the page made.
    const driver = [
      "import sys",
      "from pulumi import automation as auto",
      "source = open('__main__.py').read()",
      "program = lambda: exec(compile(source, '__main__.py', 'exec'), {'__name__': '__main__'})",
      "stack = auto.select_stack(stack_name='dev', project_name='flashduty-python', program=program, opts=auto.LocalWorkspaceOptions(work_dir='.'))",
      "result = stack.up() if sys.argv[1] == 'up' else stack.destroy()",
      "print(result.summary.result)",
    ].join("\n");
    writeFileSync(path.join(project, "driver.py"), driver);
    const up = await run(path.join(project, "venv", "bin", "python"), ["driver.py", "up"], { cwd: project, env, maxBuffer: 64 * 1024 * 1024 });
    expect(up.stdout).toContain("succeeded");
    expect(emulator.server("mcp_github")?.status).toBe("disabled");
    expect(emulator.visibleRules(emulator.keys.admin).filter((r) => r.name === "Daily digest")).toHaveLength(1);
    expect(up.stdout + up.stderr).not.toContain(emulator.keys.admin);
    const destroy = await run(path.join(project, "venv", "bin", "python"), ["driver.py", "destroy"], { cwd: project, env, maxBuffer: 64 * 1024 * 1024 });
    expect(destroy.stdout).toContain("succeeded");
    expect(emulator.server("mcp_github")?.status).toBe("enabled");
  });

  test("docs/go.md: the module with the SDK, the plugin, a stack and the secrets; the page's program builds", async () => {
    const section = pageSection("go.md", "Install");
    const state = path.join(dir, "go-state");
    mkdirSync(state, { recursive: true });
    const program = codeBlocks(pageSection("go.md", "A program"), "go")[0]!;
    const script = substitute(codeBlocks(section, "sh").join("\n"), [
      ...common(state),
      // The module's tag is made by a release: this checkout's SDK in its place, and the page's
      // program (step 1 says to write it next).
      [
        `go get ${SDK_MODULE}@v${VERSION}`,
        `go mod edit -require=${SDK_MODULE}@v${VERSION} -replace=${SDK_MODULE}=${path.join(REPO_ROOT, "sdks", "go", "flashduty")}\ncat > main.go <<'PAGE_EOF'\n${program}PAGE_EOF`,
      ],
      // The page's other ways of installing the plugin, as for Python.
      [`--file pulumi-resource-flashduty-v${VERSION}-linux-amd64.tar.gz`, `--file '${archive}'`],
      ["--server https://mirror.example/flashduty", `--file '${archive}'`],
      ['"Bearer <token>"', '"Bearer install-pages-token"'],
      // `pulumi up` runs a Go program through the Go language host, which these machines lack:
      // the program is built instead, as the host would first do.
      ["pulumi up\n", "go build -o /dev/null .\n"],
    ]);
    const output = await runScript(script, dir, newcomerEnv("go"));
    expect(output).not.toContain(emulator.keys.admin);
    expect(existsSync(path.join(dir, "flashduty-go", "go.sum"))).toBe(true);
  });
});
