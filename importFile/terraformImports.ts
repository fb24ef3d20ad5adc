/**
 * An account as Terraform configuration to import it with (`pulumi-flashduty import-file
 * --format terraform`): one `import` block per resource of the import file, the same resources,
 * skip rules and logical names (in snake_case: `serverGithub` → `server_github`), then
 * `terraform plan -generate-config-out=generated.tf` writes the resources' configuration.
 *
 * The secret maps (McpServer `env`/`headers`, A2aAgent `auth_config`) are write-only attributes
 * of the Terraform provider: never in state, so the generated configuration writes them as
 * `null` (kept as they are, not managed). To manage them, this file also declares, for each
 * resource holding such a map, a local `<resource>_<attribute>` with the values the platform shows
 * and, for each value it masks, an ephemeral sensitive `variable` the user sets
 * (`TF_VAR_<name>`; the map stays null, unmanaged, until all of its variables are set); `import-secrets --format terraform` (`terraformSecrets.ts`) then points the
 * generated `null`s at those locals.
 *
 * Every platform text (ids, keys, values) is written as an HCL string literal with its template
 * sequences escaped, so nothing the platform holds is evaluated as an expression.
 *
 * @packageDocumentation
 */
import { snakeCase, terraformResourceType } from "../provider/engine/typeToken";
import { isTerminalControl } from "../sdk/terminalText";
import { MASKED_VALUE } from "../wire/protocol";
import type { ImportFileResult } from "./importFile";
import { asciiWords } from "./logicalNames";

/** One variable to set before the first plan that manages a secret map. */
export interface TerraformSecretVariable {
  /** The variable's name, e.g. `server_github_env_github_personal_access_token`. */
  variable: string;
  /** The resource's address, e.g. `flashdutyai_mcp_server.server_github`. */
  address: string;
  /** The attribute and the platform's key (untrusted text), e.g. `env` and `GITHUB_PERSONAL_ACCESS_TOKEN`. */
  attribute: string;
  key: string;
}

/** What {@link terraformImportFile} answers: the file's text and the variables it declares. */
export interface TerraformImportFile {
  text: string;
  variables: TerraformSecretVariable[];
}

/**
 * An HCL quoted string holding `text` exactly: `\`, `"` and control characters escaped (`\n`,
 * `\r`, `\t`, else `\uNNNN`; bidi overrides too), and the template sequences `${` and `%{` written `$${` and `%%{`.
 * Written here because no maintained npm library writes HCL (HashiCorp's own libraries are Go;
 * the npm ones parse only); the rules are those of the HCL native syntax spec, "Template
 * Expressions" and "Quoted Templates".
 */
export function hclString(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === "\\") out += "\\\\";
    else if (ch === '"') out += '\\"';
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    // Every character a terminal or an editor would act on (C0/C1 controls, bidi overrides, lone
    // surrogates), as the rest of the project shows platform text (`sdk/terminalText.ts`).
    else if (isTerminalControl(ch)) out += code > 0xffff ? `\\U${code.toString(16).padStart(8, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `"${out.replace(/\$\{/g, () => "$${").replace(/%\{/g, "%%{")}"`;
}

/** The Terraform resource name of an import file's logical name. */
export function terraformName(logicalName: string): string {
  return snakeCase(logicalName);
}

/** The local that holds a resource's secret map: `<resource name>_<attribute>`. */
export function secretMapLocal(resourceName: string, attribute: string): string {
  return `${resourceName}_${attribute}`;
}

/** `names` taken; answers `base`, or `base_2`, `base_3`, ... the first that is free (and takes it). */
function unique(base: string, names: Set<string>): string {
  let name = base;
  for (let n = 2; names.has(name); n++) name = `${base}_${n}`;
  names.add(name);
  return name;
}

/**
 * The Terraform form of an import file (see the module's description). Resources in the import
 * file's order; no provider block (the configuration's own `provider "flashdutyai"` applies).
 */
export function terraformImportFile(result: ImportFileResult): TerraformImportFile {
  const blocks: string[] = [];
  const locals: string[] = [];
  const declarations: string[] = [];
  const variables: TerraformSecretVariable[] = [];
  const taken = new Set<string>();
  for (const resource of result.file.resources) {
    const name = terraformName(resource.name);
    const address = `${terraformResourceType(resource.type)}.${name}`;
    blocks.push(`import {\n  to = ${address}\n  id = ${hclString(resource.id)}\n}\n`);
    for (const map of result.secretMaps.filter((m) => m.name === resource.name)) {
      const attribute = snakeCase(map.field);
      const entries: string[] = [];
      const mapVariables: string[] = [];
      for (const [key, value] of Object.entries(map.values)) {
        if (value !== MASKED_VALUE) {
          entries.push(`    ${hclString(key)} = ${hclString(value)}`);
          continue;
        }
        const words = asciiWords(key).map((w) => w.toLowerCase());
        const variable = unique([name, attribute, ...words].join("_"), taken);
        variables.push({ variable, address, attribute, key });
        mapVariables.push(variable);
        entries.push(`    ${hclString(key)} = var.${variable}`);
        declarations.push(
          `variable "${variable}" {\n  description = ${hclString(`${attribute}[${JSON.stringify(key)}] of ${address}: the platform never shows it`)}\n` +
            "  type        = string\n  default     = null\n  sensitive   = true\n  ephemeral   = true\n}\n",
        );
      }
      // Until every variable of the map is set, the map is null: left as the platform holds it
      // (not managed), so the plans before the user fills them in stay clean. Whether they are set
      // is no secret (`nonsensitive`): a null marked sensitive would plan an update of nothing.
      const unset = mapVariables.length === 0 ? "" : `nonsensitive(anytrue([${mapVariables.map((v) => `var.${v} == null`).join(", ")}])) ? null : `;
      locals.push(`  ${secretMapLocal(name, attribute)} = ${unset}{\n${entries.join("\n")}\n  }`);
    }
  }
  const parts = [
    "# Written by `pulumi-flashduty import-file --format terraform`. Next: terraform plan -generate-config-out=generated.tf,\n" +
      "# then `pulumi-flashduty import-secrets --format terraform generated.tf` (docs/importing-an-account.md).\n",
    ...blocks,
  ];
  if (locals.length > 0) {
    parts.push(
      "# The secret maps (write-only: never in state) as the platform holds them; a masked value comes from a variable.\n" +
        `locals {\n${locals.join("\n")}\n}\n`,
      ...declarations,
    );
  }
  return { text: parts.join("\n"), variables };
}
