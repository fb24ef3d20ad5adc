/**
 * The Terraform (HCL) example of each reference page (`scripts/referencePages.ts`), rendered from
 * the same example values as the TypeScript, Python, Go and YAML ones. Type names and attribute
 * names come from the Terraform provider's catalog (`terraform/catalog.ts`, generated from the same
 * declarations), never re-derived here: a secret is read from a `variable` marked `sensitive`
 * (as the other examples read it from stack config), a structured value given to an attribute the
 * catalog types as a string (a JSON-valued input such as `secret_schema`) is written with
 * `jsonencode(...)`, and a data source's example ends with an `output` of its list.
 * `test/terraform/referenceExamples.engine.test.ts` runs every page's example through the real
 * Terraform CLI (`terraform validate`, `fmt -check` and `plan` against the emulator).
 */
import type { FunctionDeclaration, ResourceDeclaration } from "../provider/engine/declaration";
import { DATA_SOURCES, PROVIDER_TYPE, RESOURCES, type TfAttribute } from "../terraform/catalog";
import { snake } from "../terraform/values";
import { hclString } from "../importFile/terraformImports";

/** A JSON value inside a structured example value (e.g. `secretSchema`). */
type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** An example value: plain JSON, or a secret read from stack config (`{ secretConfig: "key" }`). */
export type ExampleValue =
  | string
  | number
  | boolean
  | readonly string[]
  | readonly number[]
  | Readonly<Record<string, string | { secretConfig: string }>>
  | { secretConfig: string }
  | { readonly [key: string]: Json };

export const isSecret = (v: unknown): v is { secretConfig: string } => typeof v === "object" && v !== null && !Array.isArray(v) && "secretConfig" in v;

/** The stack config keys of the secrets in `values`, in order. */
export function secretConfigs(values: Readonly<Record<string, ExampleValue>>): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (isSecret(v)) found.push(v.secretConfig);
    else if (typeof v === "object" && v !== null && !Array.isArray(v)) for (const x of Object.values(v)) walk(x);
  };
  for (const v of Object.values(values)) walk(v);
  return found;
}

/** The Terraform variable a secret's stack config key becomes: `grafanaAuthorization` → `grafana_authorization`. */
export const secretVariable = (key: string) => snake(key);

/** An object key: bare when it is an identifier, else quoted. */
const hclKey = (k: string) => (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(k) ? k : hclString(k));

/** A value as an HCL expression on one line. */
function hclValue(v: unknown): string {
  if (isSecret(v)) return `var.${secretVariable(v.secretConfig)}`;
  if (v === null) return "null";
  if (Array.isArray(v)) return `[${v.map(hclValue).join(", ")}]`;
  if (typeof v === "object")
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${hclKey(k)} = ${hclValue(x)}`)
      .join(", ")} }`;
  return typeof v === "string" ? hclString(v) : String(v);
}

/** The block's attribute lines, `=` aligned as `terraform fmt` aligns them. */
function body(attributes: readonly TfAttribute[], values: Readonly<Record<string, ExampleValue>>, what: string): string[] {
  const rows = Object.entries(values).map(([field, v]): [string, string] => {
    const attribute = attributes.find((a) => a.field === field);
    if (attribute === undefined) throw new Error(`${what} has no Terraform attribute for the example's field ${field}`);
    const structured = typeof v === "object" && !isSecret(v);
    return [attribute.name, structured && attribute.type === "string" ? `jsonencode(${hclValue(v)})` : hclValue(v)];
  });
  const width = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)} = ${v}`);
}

function variables(values: Readonly<Record<string, ExampleValue>>): string[] {
  return [...new Set(secretConfigs(values))].flatMap((key) => [
    `variable ${hclString(secretVariable(key))} {`,
    "  type      = string",
    "  sensitive = true",
    "}",
    "",
  ]);
}

/** The Terraform resource of `token`, from the catalog. */
function tfResource(token: string) {
  const found = [...RESOURCES.values()].find((r) => r.declaration.token === token);
  if (found === undefined) throw new Error(`terraform/catalog.ts has no resource for ${token}`);
  return found;
}

/** The Terraform resource type of a resource token: `flashdutyai_mcp_server`. */
export const resourceTypeName = (token: string) => tfResource(token).typeName;

/** An example in HCL and the Terraform type it declares. */
export interface Hcl {
  typeName: string;
  lines: string[];
}

/** The HCL of a resource example: the secrets' variables, then the resource (named `name` in snake_case). */
export function resourceHcl(r: ResourceDeclaration, name: string, values: Readonly<Record<string, ExampleValue>>): Hcl {
  const { typeName, attributes } = tfResource(r.token);
  return { typeName, lines: [...variables(values), `resource "${typeName}" ${hclString(snake(name))} {`, ...body(attributes, values, typeName), "}"] };
}

/** The HCL of a data source example: the data source (named `name`), and an output of its list. */
export function dataSourceHcl(f: FunctionDeclaration, name: string, values: Readonly<Record<string, ExampleValue>>): Hcl {
  const source = [...DATA_SOURCES.values()].find((d) => d.declaration.token === f.token);
  if (source === undefined) throw new Error(`terraform/catalog.ts has no data source for ${f.token}`);
  const results = source.attributes.filter((a) => a.computed && !a.optional);
  const result = results.find((a) => Array.isArray(a.type) && a.type[0] === "list") ?? results[0];
  if (result === undefined) throw new Error(`${source.typeName} has no result attribute`);
  const label = snake(name);
  const lines = body(source.attributes, values, source.typeName);
  return {
    typeName: source.typeName,
    lines: [
      ...variables(values),
      ...(lines.length === 0 ? [`data "${source.typeName}" ${hclString(label)} {}`] : [`data "${source.typeName}" ${hclString(label)} {`, ...lines, "}"]),
      "",
      `output ${hclString(label)} {`,
      `  value = data.${source.typeName}.${label}.${result.name}`,
      "}",
    ],
  };
}

/** A page's Terraform section: one line naming the type, then the HCL. */
export function hclSection(kind: "resource" | "data source", { typeName, lines }: Hcl, secrets: readonly string[]): string[] {
  const vars = [...new Set(secrets)].map((s) => `\`TF_VAR_${secretVariable(s)}\``);
  return [
    `Terraform (the ${kind} \`${typeName}\` of the provider \`${PROVIDER_TYPE}\`, set up as in [docs/terraform.md](../terraform.md)${vars.length > 0 ? `; give the secret as ${vars.join(", ")}` : ""}):`,
    "",
    "```hcl",
    ...lines,
    "```",
  ];
}
