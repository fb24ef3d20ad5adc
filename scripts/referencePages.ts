/**
 * The reference page of each resource and function, `docs/resources/<name>.md`, made from the
 * nouns' declarations (`provider/<noun>/declaration.ts`) with an example in TypeScript, Python, Go,
 * YAML and Terraform's HCL (`scripts/hclExample.ts`) rendered from one set of example values.
 * `scripts/genSchema.ts` writes them; `test/plugin/schema.unit.test.ts` fails when a committed page
 * differs from this rendering, and `test/terraform/referenceExamples.engine.test.ts` runs the HCL.
 *
 * The values of examples are ours; every name, type, description, default and secret flag comes
 * from the declaration, so a page cannot drift from the schema.
 */
import type { Field, FunctionDeclaration, ResourceDeclaration } from "../provider/engine/declaration";
import { FUNCTION_DECLARATIONS, RESOURCE_DECLARATIONS } from "../plugin/schemaBuild";
import { dataSourceHcl, type ExampleValue, hclSection, isSecret, resourceHcl, resourceTypeName, secretConfigs } from "./hclExample";

interface Example {
  /** The resource's name in the program, or the exported output's for a function. */
  name: string;
  /** Inputs (a resource) or arguments (a function) in camelCase, as declared. */
  values: Readonly<Record<string, ExampleValue>>;
  /** Import id of a resource (`pulumi import <token> <name> <id>`); absent when it cannot be imported. */
  importId?: string;
  /** What to say about importing instead of the command. */
  importNote: string;
}

/** One example per resource and function, by token. */
const EXAMPLES: Readonly<Record<string, Example>> = {
  "flashduty:index:McpServerDisablement": {
    name: "githubOff",
    values: { serverId: "mcp_github", restoreOnDelete: true },
    importId: "mcp_github",
    importNote:
      "The TypeScript dynamic resource cannot be imported (pulumi/pulumi#16175): declaring it for a server already disabled adopts the server instead. On the provider plugin, `pulumi import` records that the stack did not disable the server, so destroy leaves it disabled.",
  },
  "flashduty:index:AutomationRule": {
    name: "digest",
    values: { name: "Daily digest", prompt: "Summarise the open incidents", cronExpr: "0 9 * * *", timezone: "Asia/Shanghai", httpPostTriggerEnabled: true },
    importId: "arule_0123456789abcdef",
    importNote:
      "No read returns the trigger token, so an imported rule has no `httpPostToken` output; its token keeps working through later updates, and setting `httpPostTokenRotation` issues a new one into the state.",
  },
  "flashduty:index:McpServer": {
    name: "grafana",
    values: {
      serverName: "grafana",
      transport: "streamable-http",
      url: "https://grafana.example/mcp",
      headers: { Authorization: { secretConfig: "grafanaAuthorization" } },
    },
    importId: "mcp_0123456789abcdef",
    importNote:
      "The platform answers secret `env` and `headers` values masked, so after an import those outputs hold the mask (and a digest of each value it shows), while the state's inputs hold the program's values (a masked value is no change in a diff).",
  },
  "flashduty:index:A2aAgent": {
    name: "payments",
    values: {
      agentName: "payments-oncall",
      instructions: "Ask about refunds and failed payouts.",
      cardUrl: "https://payments.example/.well-known/agent-card.json",
      authType: "api_key",
      authConfig: { header_name: "X-Api-Key", api_key: { secretConfig: "paymentsAgentKey" } },
      teamId: 2,
    },
    importId: "a2a_0123456789abcdef",
    importNote:
      "The platform answers secret `authConfig` values masked, so after an import that output holds the mask (and a digest of each value it shows), while the state's inputs hold the program's values (a masked value is no change in a diff).",
  },
  "flashduty:index:getAutomationRules": { name: "rules", values: { scope: "team", enabled: true }, importNote: "" },
  "flashduty:index:getAutomationTemplates": { name: "templates", values: { locale: "en-US" }, importNote: "" },
  "flashduty:index:getMcpServers": { name: "servers", values: { query: "grafana" }, importNote: "" },
  "flashduty:index:Skill": {
    name: "triage",
    values: { source: "./skills/k8s-triage.skill", teamId: 1 },
    importNote:
      '`pulumi import` cannot make a `Skill`: no read returns the archive `source` must name. Adopt a skill made elsewhere with `skillId` instead: the first `up` uploads the program\'s archive over it (same id) unless it is the same archive. A folder is given as a Pulumi archive (`new pulumi.asset.FileArchive("./skills/k8s-triage")`, `pulumi.FileArchive(...)`, `fn::fileArchive: ./skills/k8s-triage`).',
  },
  "flashduty:index:getSkills": { name: "skills", values: { scope: "team", query: "triage" }, importNote: "" },
  "flashduty:index:KnowledgeFile": {
    name: "duty",
    values: { teamId: 0, path: "DUTY.md", content: "# DUTY.md\n\nSee @runbooks/db.md before restarting the database.\n" },
    importId: "0/DUTY.md",
    importNote:
      "The id is `<teamId>/<path>`. A file that already exists at the declared path is taken over by create as well (its text is written only if it differs).",
  },
  "flashduty:index:getKnowledgeFiles": { name: "knowledge", values: { scope: "team", teamIds: [1] }, importNote: "" },
  "flashduty:index:getA2aAgents": { name: "agents", values: { scope: "team" }, importNote: "" },
};

/** `McpServerDisablement` from `flashduty:index:McpServerDisablement`. */
const nameOf = (token: string) => token.slice(token.lastIndexOf(":") + 1);
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/** The type of a field as a reader sees it: `string`, `integer[]`, `map(string)`, `AutomationRuleInfo[]`, `boolean | string`. */
function typeText(field: Field | Record<string, unknown>): string {
  const f = field as Record<string, any>;
  if (f.$ref !== undefined)
    return f.$ref === "pulumi.json#/Any" ? "any (structured value)" : f.$ref === "pulumi.json#/Archive" ? "archive" : nameOf(String(f.$ref));
  if (f.oneOf !== undefined) return (f.oneOf as Record<string, unknown>[]).map(typeText).join(" \\| ");
  if (f.type === "array") return `${typeText(f.items)}[]`;
  if (f.type === "object") return `map(${typeText(f.additionalProperties)})`;
  return String(f.type);
}

/** Markdown table cell text: no line breaks, pipes escaped. */
const cell = (text: string) => text.replaceAll("\n", " ").replaceAll("|", "\\|");

function fieldRows(fields: ReadonlyArray<[string, Field]>, as: "input" | "output"): string[] {
  return fields.map(([name, f]) => {
    const description = as === "input" && f.input !== undefined ? f.input.description : f.description;
    const notes = [
      as === "input" && f.requiredInput === true ? "required" : "",
      f.default === undefined
        ? ""
        : f.declared === true
          ? `left out: \`${JSON.stringify(f.default)}\` at create, then not managed`
          : `default \`${JSON.stringify(f.default)}\``,
      f.secret === true ? "secret" : "",
    ].filter(Boolean);
    return `| \`${name}\` | ${cell(typeText(f))} | ${notes.join(", ")} | ${cell(description)} |`;
  });
}

function table(rows: string[]): string[] {
  return ["| name | type | | description |", "|---|---|---|---|", ...rows];
}

// --- example renderers -------------------------------------------------------------------------

function tsValue(v: ExampleValue): string {
  if (isSecret(v)) return `config.requireSecret(${JSON.stringify(v.secretConfig)})`;
  if (Array.isArray(v)) return `[${v.map((x) => JSON.stringify(x)).join(", ")}]`;
  if (typeof v === "object")
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${/^\w+$/.test(k) ? k : JSON.stringify(k)}: ${tsValue(x as ExampleValue)}`)
      .join(", ")} }`;
  return JSON.stringify(v);
}

function pyValue(v: ExampleValue): string {
  if (isSecret(v)) return `config.require_secret(${JSON.stringify(v.secretConfig)})`;
  if (Array.isArray(v)) return `[${v.map((x) => JSON.stringify(x)).join(", ")}]`;
  if (typeof v === "object")
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pyValue(x as ExampleValue)}`)
      .join(", ")}}`;
  if (typeof v === "boolean") return v ? "True" : "False";
  return JSON.stringify(v);
}

function goValue(v: ExampleValue, field: Field | undefined, plain: boolean): string {
  if (isSecret(v)) return `cfg.RequireSecret(${JSON.stringify(v.secretConfig)})`;
  const type = (field as Record<string, any> | undefined)?.type;
  if (Array.isArray(v))
    return typeof v[0] === "number"
      ? `pulumi.IntArray{${v.map((x) => `pulumi.Int(${x})`).join(", ")}}`
      : `pulumi.StringArray{${v.map((x) => `pulumi.String(${JSON.stringify(x)})`).join(", ")}}`;
  if (typeof v === "object")
    return `pulumi.StringMap{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${goValue(x as ExampleValue, undefined, false)}`)
      .join(", ")}}`;
  if (plain) return typeof v === "string" ? `pulumi.StringRef(${JSON.stringify(v)})` : typeof v === "boolean" ? `pulumi.BoolRef(${v})` : `pulumi.IntRef(${v})`;
  if (typeof v === "boolean") return `pulumi.Bool(${v})`;
  if (typeof v === "number") return type === "integer" ? `pulumi.Int(${v})` : `pulumi.Float64(${v})`;
  if (field !== undefined && (field as Record<string, any>).oneOf !== undefined) return `pulumi.Any(${JSON.stringify(v)})`;
  return `pulumi.String(${JSON.stringify(v)})`;
}

/** Struct fields as gofmt aligns them: values in one column. */
function goFields(fields: Array<[string, string]>): string[] {
  const width = Math.max(...fields.map(([k]) => k.length));
  return fields.map(([k, v]) => `\t${`${k}:`.padEnd(width + 1)} ${v},`);
}

/** `name, err := <call>` with the struct's fields, the error returned, the value used. */
function goCall(name: string, call: string, fields: Array<[string, string]>): string[] {
  return [`${name}, err := ${call}`, ...goFields(fields), "})", "if err != nil {", "\treturn err", "}", `_ = ${name}`];
}

/** `key: value`, or `key:` and the map's lines under it. */
function yamlEntry(k: string, v: ExampleValue, indent: string): string {
  const value = yamlValue(v, indent);
  return value.startsWith("\n") ? `${indent}${k}:${value}` : `${indent}${k}: ${value}`;
}

function yamlValue(v: ExampleValue, indent: string): string {
  if (isSecret(v)) return `\${${v.secretConfig}}`;
  if (Array.isArray(v)) return `[${v.map((x) => JSON.stringify(x)).join(", ")}]`;
  if (typeof v === "object")
    return `\n${Object.entries(v)
      .map(([k, x]) => `${indent}  ${k}: ${yamlValue(x as ExampleValue, `${indent}  `)}`)
      .join("\n")}`;
  return typeof v === "string" && /^[\w./:-]+$/.test(v) && !/^\d/.test(v) ? v : JSON.stringify(v);
}

function resourceExamples(r: ResourceDeclaration, ex: Example): string[] {
  const cls = nameOf(r.token);
  const entries = Object.entries(ex.values);
  const secrets = secretConfigs(ex.values);
  const ts = [
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as flashduty from "pulumi-flashduty";',
    "",
    ...(secrets.length > 0 ? ["const config = new pulumi.Config();"] : []),
    `const ${ex.name} = new flashduty.${cls}(${JSON.stringify(ex.name)}, {`,
    ...entries.map(([k, v]) => `  ${k}: ${tsValue(v)},`),
    "});",
  ];
  const py = [
    "import pulumi",
    "import pulumi_flashduty as flashduty",
    "",
    ...(secrets.length > 0 ? ["config = pulumi.Config()"] : []),
    `${snake(ex.name)} = flashduty.${cls}(`,
    `    ${JSON.stringify(snake(ex.name))},`,
    ...entries.map(([k, v]) => `    ${snake(k)}=${pyValue(v)},`),
    ")",
  ];
  const go = [
    ...(secrets.length > 0 ? ['cfg := config.New(ctx, "")'] : []),
    ...goCall(
      ex.name,
      `flashduty.New${cls}(ctx, ${JSON.stringify(ex.name)}, &flashduty.${cls}Args{`,
      entries.map(([k, v]) => [pascal(k), goValue(v, r.fields[k], false)]),
    ),
  ];
  const yaml = [
    ...(secrets.length > 0 ? ["config:", ...secrets.flatMap((s) => [`  ${s}:`, "    type: string", "    secret: true"])] : []),
    "resources:",
    `  ${ex.name}:`,
    `    type: ${r.token}`,
    "    properties:",
    ...entries.map(([k, v]) => yamlEntry(k, v, "      ")),
  ];
  return [...fenced(ts, py, go, yaml, secrets), "", ...hclSection("resource", resourceHcl(r, ex.name, ex.values), secrets)];
}

function functionExamples(f: FunctionDeclaration, ex: Example): string[] {
  const fn = nameOf(f.token);
  const entries = Object.entries(ex.values);
  const ts = [
    'import * as flashduty from "pulumi-flashduty";',
    "",
    `const ${ex.name} = flashduty.${fn}Output({ ${entries.map(([k, v]) => `${k}: ${tsValue(v)}`).join(", ")} });`,
  ];
  const py = [
    "import pulumi_flashduty as flashduty",
    "",
    `${ex.name} = flashduty.${snake(fn)}_output(${entries.map(([k, v]) => `${snake(k)}=${pyValue(v)}`).join(", ")})`,
  ];
  const go = goCall(
    ex.name,
    `flashduty.${pascal(fn)}(ctx, &flashduty.${pascal(fn)}Args{`,
    entries.map(([k, v]) => [pascal(k), goValue(v, f.inputs[k], true)]),
  );
  const yaml = [
    "variables:",
    `  ${ex.name}:`,
    "    fn::invoke:",
    `      function: ${f.token}`,
    "      arguments:",
    ...entries.map(([k, v]) => yamlEntry(k, v, "        ")),
  ];
  return [...fenced(ts, py, go, yaml, []), "", ...hclSection("data source", dataSourceHcl(f, ex.name, ex.values), [])];
}

function fenced(ts: string[], py: string[], go: string[], yaml: string[], secrets: string[]): string[] {
  return [
    ...(secrets.length > 0 ? [`Set the secret first: ${secrets.map((s) => `\`pulumi config set --secret ${s} <value>\``).join(", ")}.`, ""] : []),
    "TypeScript (the `pulumi-flashduty` package; the generated `@pulumi-flashduty/flashduty` takes the same arguments):",
    "",
    "```ts",
    ...ts,
    "```",
    "",
    "Python (`pulumi-flashduty`):",
    "",
    "```python",
    ...py,
    "```",
    "",
    "Go (`github.com/flashcatcloud/pulumi-flashduty/sdks/go/flashduty`), inside `pulumi.Run`:",
    "",
    "```go",
    ...go,
    "```",
    "",
    "YAML:",
    "",
    "```yaml",
    ...yaml,
    "```",
  ];
}

/** The markers around the generated part of a page; what follows the end marker is written by hand. */
export const BEGIN = "<!-- BEGIN generated by `npm run schema` from provider/<noun>/declaration.ts; edit the declaration, not this part -->";
export const END = "<!-- END generated -->";
const HEADER = BEGIN;

/** The page of a resource. */
export function resourcePage(r: ResourceDeclaration): string {
  const ex = EXAMPLES[r.token];
  if (ex === undefined) throw new Error(`no example for ${r.token} in scripts/referencePages.ts`);
  const fields = Object.entries(r.fields);
  const inputs = fields.filter(([, f]) => f.kind !== "out");
  const outputs = fields.filter(([, f]) => f.kind === "out");
  return [
    HEADER,
    `# ${nameOf(r.token)}`,
    "",
    `Resource \`${r.token}\` of the provider plugin (Python, Go, YAML, the generated Node.js SDK); in TypeScript, the dynamic resource \`pulumi-nodejs:dynamic/flashduty:${nameOf(r.token)}\` of \`pulumi-flashduty\`, with the same fields. ${r.description}`,
    "",
    "## Inputs",
    "",
    "Each input is also an output of the same name, as the platform holds it after the last `up` or refresh.",
    "",
    ...table(fieldRows(inputs, "input")),
    "",
    "## Outputs",
    "",
    ...table(fieldRows(outputs, "output")),
    "",
    "## Example",
    "",
    ...resourceExamples(r, ex),
    "",
    "## Import",
    "",
    ...(ex.importId !== undefined
      ? [
          "```sh",
          `pulumi import ${r.token} ${ex.name} ${ex.importId}`,
          `terraform import ${resourceTypeName(r.token)}.${snake(ex.name)} ${ex.importId}`,
          "```",
          "",
        ]
      : []),
    ex.importNote,
    END,
  ].join("\n");
}

/** The page of a function. */
export function functionPage(f: FunctionDeclaration): string {
  const ex = EXAMPLES[f.token];
  if (ex === undefined) throw new Error(`no example for ${f.token} in scripts/referencePages.ts`);
  return [
    HEADER,
    `# ${nameOf(f.token)}`,
    "",
    `Function \`${f.token}\` (a data source: \`${nameOf(f.token)}\` and \`${nameOf(f.token)}Output\` in TypeScript). ${f.description}`,
    "",
    "## Arguments",
    "",
    ...table(fieldRows(Object.entries(f.inputs), "input")),
    "",
    "## Result",
    "",
    ...table(fieldRows(Object.entries(f.outputs), "output")),
    "",
    "## Example",
    "",
    ...functionExamples(f, ex),
    END,
  ].join("\n");
}

/**
 * `page` with its generated part replaced by `generated`: what stands before the begin marker and
 * after the end marker is kept; a page without the markers becomes the generated part alone.
 */
export function withGeneratedPart(page: string | undefined, generated: string): string {
  if (page === undefined) return `${generated}\n`;
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`the page has no ${BEGIN} ... ${END} part to replace`);
  return page.slice(0, begin) + generated + page.slice(end + END.length);
}

/** The generated part of `page` (from the begin marker through the end marker), or undefined. */
export function generatedPart(page: string): string | undefined {
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  return begin < 0 || end < begin ? undefined : page.slice(begin, end + END.length);
}

/** The generated part of every page, by its path under the repository: `docs/resources/<name>.md`. */
export function referencePages(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const r of RESOURCE_DECLARATIONS) pages.set(`docs/resources/${nameOf(r.token)}.md`, resourcePage(r));
  for (const f of FUNCTION_DECLARATIONS) pages.set(`docs/resources/${nameOf(f.token)}.md`, functionPage(f));
  return pages;
}
