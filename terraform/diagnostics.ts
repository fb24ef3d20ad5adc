/**
 * Terraform diagnostics (`tfplugin6.Diagnostic`) from the implementations' errors and check
 * failures, naming attributes in snake_case as HCL does.
 *
 * @packageDocumentation
 */
import { snake } from "./values";

/** A `tfplugin6.Diagnostic` in proto-loader's plain object form. */
export interface Diagnostic {
  severity: "ERROR" | "WARNING";
  summary: string;
  detail: string;
  attribute?: { steps: { attribute_name: string }[] };
}

/** An error diagnostic: `summary` (default: the error's message) and the message as detail. */
export function errorDiagnostic(err: unknown, summary?: string): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  return { severity: "ERROR", summary: summary ?? message, detail: summary === undefined ? "" : message };
}

/**
 * Rewrites the camelCase field names of `fields` in `text` (a message written for Pulumi
 * programs) as their attribute names: `serverName is required` → `server_name is required`.
 */
export function inAttributeNames(text: string, fields: readonly string[]): string {
  const names = fields.filter((f) => /[A-Z]/.test(f)).sort((a, b) => b.length - a.length);
  if (names.length === 0) return text;
  return text.replace(new RegExp(`\\b(${names.join("|")})\\b`, "g"), (name) => snake(name));
}

/**
 * The diagnostics of a noun's check failures: one error per failure, on the attribute the
 * failure names (its top-level part; `env.KEY` → `env`), summary and detail in attribute names.
 */
export function checkDiagnostics(failures: readonly { property: string; reason: string }[], fields: readonly string[]): Diagnostic[] {
  return failures.map((failure) => {
    const attribute = snake(failure.property.split(/[.[]/)[0] ?? failure.property);
    const reason = inAttributeNames(failure.reason, fields);
    return {
      severity: "ERROR",
      summary: `Invalid ${attribute}`,
      detail: reason,
      ...(fields.includes(failure.property.split(/[.[]/)[0] ?? "") ? { attribute: { steps: [{ attribute_name: attribute }] } } : {}),
    };
  });
}
