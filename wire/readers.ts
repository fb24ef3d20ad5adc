/**
 * The tolerant readers the wire schemas of every noun share (`wire/wire.ts`, `wire/skill.ts`,
 * `wire/knowledge.ts`, `wire/a2aAgent.ts`): how an optional field, a list, a legacy field and a
 * field of JSON text are read, as docs/platform-api.md "JSON types" says.
 */
import { z } from "zod";

/**
 * An optional field: absent or `null` on the wire reads as `undefined` (and the SDK model leaves
 * the key out). The vendor's schema marks it optional; a Go server may also send `null`.
 */
export function optional<T extends z.ZodType>(schema: T) {
  // The trailing `.optional()` makes the key optional in the inferred types too.
  return schema
    .nullish()
    .transform((v): z.output<T> | undefined => v ?? undefined)
    .optional();
}

/** A required list: `null` reads as `[]` (a Go nil slice). */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullable()
    .transform((v): z.output<T>[] => v ?? []);
}

/** An optional list: absent reads as `undefined`, `null` as `[]` (docs/platform-api.md "JSON types"). */
export function optionalList<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v): z.output<T>[] | undefined => (v === null ? [] : v))
    .optional();
}

/**
 * A field older schemas had and the newest dropped: read when present and well-formed, otherwise
 * `undefined`. It never fails a response (`.catch`), because nothing may depend on it.
 */
export function legacy<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((v): z.output<T> | undefined => v ?? undefined)
    .catch(undefined)
    .optional();
}

/**
 * A field the vendor types as a string holding JSON text (`secret_schema`, `oauth_metadata`):
 * a string is kept as sent; any other JSON value (an array or object from an older server) is
 * turned into its JSON text, never an error.
 */
export function jsonText() {
  return z.json().transform((v): string => (typeof v === "string" ? v : JSON.stringify(v)));
}

/** A string→string map (stdio `env`, HTTP `headers`); secret values come back masked. */
export const stringMap = z.record(z.string(), z.string());
