/**
 * The masked secrets of an imported program as config secrets (`importFile/secretsToConfig.ts`),
 * on the programs Pulumi's own generators wrote for one import (test/fixtures/importFile/, see its
 * README) in all four languages, and on hostile programs: keys that are no identifiers, masks
 * inside other strings, multi-line strings and comments, masks where a line holds more than one
 * value.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { languageOfProgram, type ProgramLanguage, SecretsToConfigError, secretsToConfig } from "../../importFile/secretsToConfig";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { hostileText } from "../support/hostileText";

const FIXTURES = path.join(REPO_ROOT, "test", "fixtures", "importFile");
const FILES: Record<ProgramLanguage, string> = { yaml: "imported.yaml", typescript: "imported.ts", python: "imported.py", go: "imported.go" };
// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
const HOSTILE_KEY = 'DB "main" ${x} \\ PASSWORD\u001b[31m';
/** The masked values of the fixtures' import, in the order every generator writes them. */
const EXPECTED = [
  ["agentPaymentsAgent", "api_key", "agentPaymentsAgentApiKey"],
  ["agentPaymentsOncall", "api_key", "agentPaymentsOncallApiKey"],
  ["serverGrafanaProd", "Authorization", "serverGrafanaProdAuthorization"],
  ["serverGithub", HOSTILE_KEY, "serverGithubDbMainXPassword31m"],
  ["serverGithub", "GITHUB_TOKEN", "serverGithubGithubToken"],
  ["serverGrafanaProd962960", "X-Api-Key", "serverGrafanaProd962960XApiKey"],
  ["serverGrafana", "Authorization", "serverGrafanaAuthorization"],
  ["serverPostgresql", "DATABASE_URI", "serverPostgresqlDatabaseUri"],
];
/** How each language reads a config secret. */
const READ: Record<ProgramLanguage, (key: string) => string> = {
  yaml: (key) => `\${${key}}`,
  typescript: (key) => `config.requireSecret("${key}")`,
  python: (key) => `config.require_secret("${key}")`,
  go: (key) => `cfg.RequireSecret("${key}")`,
};

function fixture(language: ProgramLanguage): string {
  return readFileSync(path.join(FIXTURES, FILES[language]), "utf8");
}

describe("secretsToConfig on the programs Pulumi's generators wrote", () => {
  test.each(Object.keys(FILES) as ProgramLanguage[])("%s: every mask a config secret, same keys in every language, the rest unchanged", (language) => {
    const before = fixture(language);
    const { program, secrets } = secretsToConfig(before, language);
    expect(secrets.map((s) => [s.resourceName, s.key, s.configKey])).toEqual(EXPECTED);
    expect(program).not.toContain("******");
    for (const s of secrets) expect(program.split("\n").filter((l) => l.includes(READ[language](s.configKey)))).toHaveLength(1);
    // Each line named holds the mask before and the config read after (YAML: the value's line, counted before `config:` was added).
    for (const s of secrets) expect(before.split("\n")[s.line - 1]).toContain("******");
    // Only the masked lines changed, and the declaration was added.
    const removed = before.split("\n").filter((l) => !program.split("\n").includes(l));
    expect(removed).toHaveLength(EXPECTED.length);
    for (const l of removed) expect(l).toContain("******");
    // Deterministic, and a second run finds nothing to do.
    expect(secretsToConfig(before, language).program).toBe(program);
    expect(secretsToConfig(program, language)).toEqual({ program, secrets: [] });
  });

  test("YAML: a config section declares each key a secret string; the values read them; the hostile key and name kept", () => {
    const { program } = secretsToConfig(fixture("yaml"), "yaml");
    const doc = parseYaml(program) as { config: Record<string, unknown>; resources: Record<string, { properties: Record<string, unknown> }> };
    expect(Object.keys(doc.config)).toEqual(EXPECTED.map(([, , key]) => key));
    for (const declared of Object.values(doc.config)) expect(declared).toEqual({ type: "string", secret: true });
    expect(doc.resources.serverGithub?.properties.env).toEqual({
      GITHUB_HOST: "github.com",
      GITHUB_TOKEN: READ.yaml("serverGithubGithubToken"),
      [HOSTILE_KEY.split("$").join("$$")]: READ.yaml("serverGithubDbMainXPassword31m"),
    });
    expect(program).toContain('name: "Nightly \\"report\\" $${x} \\e[31mred\\e[0m \u202eevil"');
    expect(program.indexOf("config:")).toBe(0);
  });

  test("TypeScript, Python, Go: the config object is declared once, after the imports (Go: first in pulumi.Run, its package imported)", () => {
    const ts = secretsToConfig(fixture("typescript"), "typescript").program.split("\n");
    expect(ts.slice(0, 7)).toEqual([
      'import * as pulumi from "@pulumi/pulumi";',
      'import * as flashduty from "@pulumi-flashduty/flashduty";',
      "",
      "// The secrets the platform answers masked, read from config secrets (pulumi-flashduty import-secrets):",
      "// set each with `pulumi config set --secret KEY` before the next preview.",
      "const config = new pulumi.Config();",
      "",
    ]);
    const py = secretsToConfig(fixture("python"), "python").program;
    expect(py.match(/^config = pulumi\.Config\(\)$/gm)).toHaveLength(1);
    expect(py.indexOf("config = pulumi.Config()")).toBeLessThan(py.indexOf("flashduty.A2aAgent("));
    const go = secretsToConfig(fixture("go"), "go").program;
    expect(go).toContain('\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"\n\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"\n)');
    expect(go).toContain("pulumi.Run(func(ctx *pulumi.Context) error {\n\t\t// The secrets");
    expect(go.match(/cfg := config\.New\(ctx, ""\)/g)).toHaveLength(1);
  });
});

describe("secretsToConfig on hostile programs", () => {
  const TS_HEAD = 'import * as pulumi from "@pulumi/pulumi";\nimport * as flashduty from "@pulumi-flashduty/flashduty";\n\n';

  test("a mask inside another string, a template literal, a comment or a key is left alone; the value beside a `******` key is taken", () => {
    const program = `${TS_HEAD}const fileA = new flashduty.KnowledgeFile("fileA", {
    content: \`token: "******"
    key: "******",
\`,
    path: "a: \\"******\\"",
});
/* a: "******",
   b: "******", */
// c: "******",
const serverA = new flashduty.McpServer("serverA", {
    headers: {
        "******": "******",
        "new x.Y(\\"serverB\\"": "******",
    },
});
`;
    const { program: out, secrets } = secretsToConfig(program, "typescript");
    expect(secrets.map((s) => [s.resourceName, s.key, s.configKey])).toEqual([
      ["serverA", "******", "serverASecret"],
      ["serverA", 'new x.Y("serverB"', "serverANewXYServerb"],
    ]);
    expect(out).toContain('content: `token: "******"\n    key: "******",\n`,');
    expect(out).toContain('path: "a: \\"******\\"",');
    expect(out).toContain('// c: "******",');
    expect(out).toContain('        "******": config.requireSecret("serverASecret"),');
  });

  test("Python triple-quoted strings and Go raw strings are left alone", () => {
    const py = `import pulumi\nimport pulumi_flashduty as flashduty\n\nfile_a = flashduty.KnowledgeFile("fileA",\n    content="""x\n    "k": "******",\n""",\n    team_id=1)\n`;
    expect(secretsToConfig(py, "python")).toEqual({ program: py, secrets: [] });
    const go = `package main\n\nfunc main() {\n\tpulumi.Run(func(ctx *pulumi.Context) error {\n\t\t_, err := flashduty.NewKnowledgeFile(ctx, "fileA", &flashduty.KnowledgeFileArgs{\n\t\t\tContent: pulumi.String(\`x\n"k": pulumi.String("******"),\n\`),\n\t\t})\n\t\treturn err\n\t})\n}\n`;
    expect(secretsToConfig(go, "go")).toEqual({ program: go, secrets: [] });
  });

  test("keys that make the same config key get numbers; a key with no ASCII word is a Secret", () => {
    const program = `${TS_HEAD}const serverA = new flashduty.McpServer("serverA", {\n    headers: {\n        "X-Api-Key": "******",\n        X_API_KEY: "******",\n        "密钥": "******",\n    },\n});\n`;
    expect(secretsToConfig(program, "typescript").secrets.map((s) => s.configKey)).toEqual(["serverAXApiKey", "serverAXApiKey2", "serverASecret"]);
  });

  test.each([
    ["typescript", `${TS_HEAD}const serverA = new flashduty.McpServer("serverA", {\n    headers: { A: "******" },\n});\n`, "line 5: a masked value"],
    ["typescript", `${TS_HEAD}const x = {\n    A: "******",\n};\n`, "line 5: a masked value (******) before any resource declaration"],
    [
      "typescript",
      `${TS_HEAD}const config = 1;\nconst serverA = new flashduty.McpServer("serverA", {\n    headers: {\n        A: "******",\n    },\n});\n`,
      "line 4: the program already declares `config`",
    ],
    ["python", `import pulumi\n\nserver_a = flashduty.McpServer("serverA",\n    headers={"A": "******", "B": "******"})\n`, "line 4: a masked value"],
    [
      "go",
      `package main\n\nfunc main() {\n\t_, err := flashduty.NewMcpServer(ctx, "serverA", &flashduty.McpServerArgs{\n\t\tHeaders: pulumi.StringMap{\n\t\t\t"A": pulumi.String("******"),\n\t\t},\n\t})\n}\n`,
      "no `pulumi.Run(func(ctx *pulumi.Context) error {` line",
    ],
    ["yaml", "resources: [\n", "the YAML program does not parse"],
  ] as const)("%s: refused with the line named: %#", (language, program, message) => {
    expect(() => secretsToConfig(program, language)).toThrow(SecretsToConfigError);
    expect(() => secretsToConfig(program, language)).toThrow(message);
  });

  test("any key: the rewrite reads it back as written, in every C-like language's literal", () => {
    fc.assert(
      fc.property(fc.array(hostileText(), { minLength: 1, maxLength: 4 }), (keys) => {
        const unique = [...new Set(keys)];
        const lines = unique.map((k) => `        ${JSON.stringify(k)}: "******",`).join("\n");
        const program = `${TS_HEAD}const serverA = new flashduty.McpServer("serverA", {\n    headers: {\n${lines}\n    },\n});\n`;
        const { program: out, secrets } = secretsToConfig(program, "typescript");
        expect(secrets.map((s) => s.key)).toEqual(unique);
        expect(new Set(secrets.map((s) => s.configKey)).size).toBe(unique.length);
        for (const s of secrets) expect(s.configKey).toMatch(/^serverA[A-Za-z0-9]+$/);
        expect(out).not.toMatch(/:\s*"\*{6}"/);
      }),
      { numRuns: 200 },
    );
  });
});

describe("languageOfProgram", () => {
  test.each([
    ["Pulumi.yaml", "yaml"],
    ["imported.YML", "yaml"],
    ["index.ts", "typescript"],
    ["__main__.py", "python"],
    ["main.go", "go"],
  ])("%s is %s", (file, language) => {
    expect(languageOfProgram(file)).toBe(language);
  });

  test.each([
    ["index.js", ".js"],
    ["program", "no extension"],
  ])("%s is refused, naming %s and the extensions known", (file, what) => {
    expect(() => languageOfProgram(file)).toThrow(`(${what}): expected .yaml, .yml, .ts, .py or .go`);
  });
});
