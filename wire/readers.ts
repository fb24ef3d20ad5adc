/**
 * The tolerant readers the wire schemas share (`wire/wire.ts`, `wire/skill.ts`): how an optional
 * field, a list and a legacy field read when a Go server sends `null` or leaves them out
 * (docs/platform-api.md "JSON types").
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
