/**
 * The Terraform form of `pulumi-flashduty import-secrets` (`--format terraform`): after
 * `terraform plan -generate-config-out=generated.tf`, points each secret map the generated
 * configuration leaves `null` (write-only attributes are never in state, so Terraform cannot
 * generate them) at the local that `import-file --format terraform` declared for it
 * (`terraformImports.ts`): `headers = null` in `resource "flashdutyai_mcp_server" "server_github"`
 * becomes `headers = local.server_github_headers`.
 *
 * Both files are read line by line in the shapes their writers give them: Terraform's generated
 * configuration (one `attribute = value` a line inside `resource "TYPE" "NAME" {` ... `}` blocks;
 * `terraform fmt` keeps that shape) and this project's import file. A line that is not such an
 * assignment is left as it is, so nothing else of the configuration changes.
 *
 * @packageDocumentation
 */
import { snakeCase, TERRAFORM_PROVIDER_TYPE } from "../provider/engine/typeToken";
import { SECRET_MAP_FIELDS } from "./secretMaps";
import { secretMapLocal } from "./terraformImports";

/** The write-only attributes holding secret maps (`env`, `headers`, `auth_config`). */
const SECRET_MAP_ATTRIBUTES = new Set(SECRET_MAP_FIELDS.map(snakeCase));

/** One `null` the rewrite replaced. */
export interface TerraformSecretReference {
  /** E.g. `flashdutyai_mcp_server.server_github`. */
  address: string;
  attribute: string;
  /** The local it now reads, e.g. `server_github_headers`. */
  local: string;
}

/** What {@link terraformSecretsInConfig} answers. */
export interface TerraformSecretsResult {
  /** The generated configuration with the references in place. */
  text: string;
  references: TerraformSecretReference[];
  /** The import file's variables the references reach (each to set as `TF_VAR_<name>`), in the file's order. */
  variables: string[];
}

/** The locals and variables an import file of `import-file --format terraform` declares. */
function declared(importFile: string): { locals: Set<string>; variablesOf: Map<string, string[]> } {
  const locals = new Set<string>();
  const variablesOf = new Map<string, string[]>();
  let current: string | undefined;
  for (const line of importFile.split("\n")) {
    const local = /^ {2}([A-Za-z_][A-Za-z0-9_-]*) = (?:nonsensitive\(anytrue\(\[.*\]\)\) \? null : )?\{$/.exec(line);
    if (local !== null) {
      current = local[1]!;
      locals.add(current);
      variablesOf.set(current, []);
      continue;
    }
    if (/^ {2}\}$/.test(line)) current = undefined;
    const variable = /= var\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(line);
    if (current !== undefined && variable !== null) variablesOf.get(current)!.push(variable[1]!);
  }
  return { locals, variablesOf };
}

/**
 * Rewrites `generated` (Terraform's generated configuration) so that every `env`, `headers` or
 * `auth_config` written `null` in a `flashdutyai_*` resource reads the local `importFile` declares
 * for that resource and attribute. A `null` without such a local (a map the platform holds empty)
 * stays `null`.
 */
export function terraformSecretsInConfig(generated: string, importFile: string): TerraformSecretsResult {
  const { locals, variablesOf } = declared(importFile);
  const references: TerraformSecretReference[] = [];
  const variables: string[] = [];
  let block: { type: string; name: string } | undefined;
  const lines = generated.split("\n").map((line) => {
    const opening = /^resource "([a-z0-9_]+)" "([A-Za-z_][A-Za-z0-9_-]*)" \{$/.exec(line);
    if (opening !== null) {
      block = opening[1]!.startsWith(`${TERRAFORM_PROVIDER_TYPE}_`) ? { type: opening[1]!, name: opening[2]! } : undefined;
      return line;
    }
    if (line === "}") {
      block = undefined;
      return line;
    }
    // The block's own attributes only (two spaces in, as Terraform and `terraform fmt` write them), not a nested object's keys.
    const assignment = /^( {2})([a-z_]+)(\s*)=\s*null(\s*#.*)?$/.exec(line);
    if (block === undefined || assignment === null || !SECRET_MAP_ATTRIBUTES.has(assignment[2]!)) return line;
    const local = secretMapLocal(block.name, assignment[2]!);
    if (!locals.has(local) || references.some((r) => r.local === local)) return line;
    references.push({ address: `${block.type}.${block.name}`, attribute: assignment[2]!, local });
    variables.push(...(variablesOf.get(local) ?? []));
    return `${assignment[1]}${assignment[2]}${assignment[3]}= local.${local}`;
  });
  return { text: lines.join("\n"), references, variables };
}
