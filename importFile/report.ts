/**
 * What `pulumi-flashduty import-file` prints on stderr beside the file: each object left out and
 * why, and each secret the program must be given before the first `up`. Platform text (names,
 * secret keys) is shown as terminal-safe JSON strings (`sdk/terminalText.ts`): quoted, control
 * characters escaped; a reason that quotes platform text (a check's failure) has its control
 * characters escaped.
 *
 * @packageDocumentation
 */
import { terraformResourceType } from "../provider/engine/typeToken";
import { escapeTerminalControls, terminalSafeJson } from "../sdk/terminalText";
import { type ImportFileResult, SKILL_REASON } from "./importFile";
import type { TerraformSecretVariable } from "./terraformImports";

/** Why a skill is never imported, in Terraform's words. */
const TERRAFORM_SKILL_REASON =
  "import is not offered for flashdutyai_skill: no read returns a skill's archive, so no configuration could be generated from it; declare it with its folder as source and set skill_id to adopt it";

/** Platform text as a quoted, inert string for a terminal line. */
function quoted(text: string): string {
  return terminalSafeJson(text) as string;
}

/**
 * The report's lines, each ending in a line feed: one `skipped ...` line per object left out,
 * one `fill in ...` line per masked secret, and a closing count. No secret value ever reaches
 * here: the result holds masks only, and the unmasked values of its secret maps are not printed.
 * With `terraform` (the variables the Terraform form declares), types are Terraform's and each
 * secret names the `TF_VAR_` variable to set.
 */
export function renderReport(result: ImportFileResult, terraform?: readonly TerraformSecretVariable[]): string {
  const lines: string[] = [];
  // A reason may quote platform text (a check's failure names the value it refuses): escaped too.
  for (const s of result.skipped) {
    const type = terraform === undefined ? s.type : terraformResourceType(s.type);
    const reason = terraform !== undefined && s.reason === SKILL_REASON ? TERRAFORM_SKILL_REASON : s.reason;
    lines.push(`skipped ${type} ${quoted(s.platformName)} (id ${quoted(s.id)}): ${escapeTerminalControls(reason)}`);
  }
  for (const v of terraform ?? []) {
    lines.push(
      `fill in ${v.address} ${quoted(`${v.attribute}.${v.key}`)}: the platform never shows it; set TF_VAR_${v.variable} before the first plan that manages it ` +
        "(after terraform plan -generate-config-out, run pulumi-flashduty import-secrets --format terraform on the generated file)",
    );
  }
  for (const f of terraform === undefined ? result.secretsToFill : []) {
    lines.push(
      `fill in ${f.name} (${f.type}) ${quoted(f.field)}: the platform answers it masked; the program the import writes holds "******" there: ` +
        "after pulumi import, run pulumi-flashduty import-secrets on the program to read it from a config secret, and set that before the first up",
    );
  }
  lines.push(
    `import-file: ${result.file.resources.length} resource(s) to import, ${result.skipped.length} skipped, ${result.secretsToFill.length} secret(s) to fill in` +
      " (see docs/importing-an-account.md)",
  );
  return `${lines.join("\n")}\n`;
}
