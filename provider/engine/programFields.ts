/**
 * What a program manages of a noun, and how `check` judges values against state; one rule for
 * every noun (docs/program-changes.md "Fields a program leaves out"):
 *
 * - A declared field the program leaves out (absent, or `null` as some SDKs send an unset
 *   input) is not managed: create sends its default, and afterwards a console edit of it is no
 *   drift and is never put back; the outputs show the platform's value (an optional computed
 *   attribute, in Terraform's words). Only the fields the program sets are compared and written.
 * - A value the platform already holds (in the state's inputs: an imported row, a row older
 *   than today's rules) passes `check` while the program keeps it; it is refused only when the
 *   program creates a resource with it or changes a field into it. The engine checks a replacing
 *   resource again without state, so a replacement is judged as a create.
 *
 * @packageDocumentation
 */
import type { CheckFailure } from "./operations";
import { isDeepStrictEqual } from "node:util";
import { UNKNOWN_VALUE } from "./unknown";

type Values = Record<string, unknown>;

/** `news` without its `null` values: a `null` input is one the program leaves out. */
export function programInputs(news: Values): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(news)) if (value !== null && value !== undefined) out[key] = value;
  return out;
}

/**
 * Reads JSON text where a structured value is expected (the platform's own form, e.g. a
 * `secretSchema` copied from the console) as that value, in place; other text is kept as a string
 * value (sent as a JSON string). Unknown values are left alone.
 *
 * @param inputs the program's inputs, changed in place
 * @param keys the structured fields (`secretSchema`, `oauthMetadata`)
 */
export function readJsonText(inputs: Values, keys: readonly string[]): void {
  for (const key of keys) {
    const value = inputs[key];
    if (typeof value !== "string" || value === UNKNOWN_VALUE) continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === "object" && parsed !== null) inputs[key] = parsed;
    } catch {
      // Not JSON text: kept as a string value.
    }
  }
}

/** The fields of `fields` the program sets in `inputs` (present and not `null`), in `fields`' order. */
export function setFields<F extends string>(fields: readonly F[], inputs: Partial<Record<F, unknown>>): F[] {
  return fields.filter((key) => inputs[key] !== undefined && inputs[key] !== null);
}

/** Whether `olds` (the inputs in state, as the engine passes them to check) holds any declared field: false for a create. */
export function hasState(fields: readonly string[], olds: Values | undefined): boolean {
  return olds !== undefined && fields.some((key) => olds[key] !== undefined && olds[key] !== null);
}

/**
 * The values a create sends: the defaults under the inputs (a field left out takes its default).
 *
 * @param defaults the noun's defaults, by TypeScript field name
 */
export function withDefaults<T extends object>(defaults: Partial<T>, inputs: T): T {
  return { ...defaults, ...programInputs(inputs as Values) } as T;
}

/**
 * The check failures that stand, given the state's inputs: `judge` sees the values the resource
 * will have (for a create the defaults under the program's inputs; for an update the state's
 * inputs under them), and a failure on a field the program keeps as the state holds it, which
 * the state's own values fail in the same way, is dropped (the platform holds and keeps it).
 *
 * @param fields the noun's declared fields
 * @param defaults the defaults a create fills in
 * @param olds the inputs in state (`{}` for a create)
 * @param news the program's inputs, `null`s removed ({@link programInputs})
 * @param judge the noun's rules over a full set of values; returns failures by input name
 * @param same how two values of a field compare (default: deep equality)
 */
export function failuresAgainstState(
  fields: readonly string[],
  defaults: Values,
  olds: Values,
  news: Values,
  judge: (values: Values) => CheckFailure[],
  same: (key: string, a: unknown, b: unknown) => boolean = (_key, a, b) => isDeepStrictEqual(a, b),
): CheckFailure[] {
  if (!hasState(fields, olds)) return judge({ ...defaults, ...news });
  const held = { ...defaults, ...programInputs(olds) };
  const failures = judge({ ...held, ...news });
  const before = new Set(judge(held).map((f) => `${f.property}\u0000${f.reason}`));
  return failures.filter(
    (f) => !(before.has(`${f.property}\u0000${f.reason}`) && (news[f.property] === undefined || same(f.property, held[f.property], news[f.property]))),
  );
}
