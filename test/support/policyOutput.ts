/**
 * What the Pulumi CLI prints of a policy pack's run (`pulumi preview --policy-pack DIR`), read
 * back for the policy pack's engine tests.
 */

/** One violation as the CLI prints it. */
export interface PrintedViolation {
  /** `advisory` or `mandatory`. */
  level: string;
  /** The policy's name, e.g. `flashduty-restore-on-delete`. */
  policy: string;
  /** `type: name` of the resource, or of the stack for a stack policy without a URN. */
  subject: string;
  /** The lines after the heading: the policy's description, then the message. */
  text: string;
}

/** The violations the CLI printed: `[level]  policy  (type: name)` followed by the message lines. */
export function printedViolations(output: string): PrintedViolation[] {
  const found: PrintedViolation[] = [];
  const lines = output.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*- \[(advisory|mandatory)\]\s+(\S+)\s+\((.*)\)\s*$/.exec(lines[i]!);
    if (m === null) continue;
    const text: string[] = [];
    for (let j = i + 1; j < lines.length && !/^\s*- \[/.test(lines[j]!) && lines[j]!.trim() !== ""; j++) text.push(lines[j]!.trim());
    found.push({ level: m[1]!, policy: m[2]!, subject: m[3]!, text: text.join("\n") });
  }
  return found;
}
