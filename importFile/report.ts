/**
 * What `pulumi-flashduty import-file` prints on stderr beside the file: each object left out and
 * why, and each secret the program must be given before the first `up`. Platform text (names,
 * secret keys) is shown as terminal-safe JSON strings (`sdk/terminalText.ts`): quoted, control
 * characters escaped; a reason that quotes platform text (a check's failure) has its control
 * characters escaped.
 *
 * @packageDocumentation
 */
import { escapeTerminalControls, terminalSafeJson } from "../sdk/terminalText";
import type { ImportFileResult } from "./importFile";

/** Platform text as a quoted, inert string for a terminal line. */
function quoted(text: string): string {
  return terminalSafeJson(text) as string;
}

/**
 * The report's lines, each ending in a line feed: one `skipped ...` line per object left out,
 * one `fill in ...` line per masked secret, and a closing count. No secret value ever reaches
 * here (the result holds none).
 */
export function renderReport(result: ImportFileResult): string {
  const lines: string[] = [];
  // A reason may quote platform text (a check's failure names the value it refuses): escaped too.
  for (const s of result.skipped) lines.push(`skipped ${s.type} ${quoted(s.platformName)} (id ${quoted(s.id)}): ${escapeTerminalControls(s.reason)}`);
  for (const f of result.secretsToFill) {
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
