/**
 * Argument checks run before anything is sent. Each throws {@link FlashdutyValidationError}
 * naming the field (caller's camelCase spelling) and the limit. The checks are written for
 * JavaScript callers too, so they check types and not only ranges.
 */
import { FlashdutyValidationError } from "./errors";
import { LIMITS } from "../wire/wire";

function fail(operation: string, field: string, problem: string): never {
  throw new FlashdutyValidationError({ operation, field, problem });
}

/** A value as an error message shows it: a string quoted and cut at 40 characters, otherwise its kind. */
export function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) {
    return String(value);
  }
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

/** Length in characters (code points), as the server counts them, not UTF-16 units. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** An id such as `serverId`: a non-empty string once trimmed. */
export function checkId(operation: string, field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim().length === 0) {
    fail(operation, field, `${field} must be a non-empty string (got ${show(value)})`);
  }
  return value;
}

/** An optional integer in `[min, max]`. */
export function checkInteger(operation: string, field: string, value: unknown, min: number, max: number = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
    fail(operation, field, `${field} must be ${range} (got ${show(value)})`);
  }
  return value;
}

/** Page size `limit`: optional integer 1..100. */
export function checkLimit(operation: string, value: unknown): number | undefined {
  return checkInteger(operation, "limit", value, 1, LIMITS.maxPageSize);
}

/**
 * Page number `page` (1-based) and the API's offset window: `page * limit` may not exceed
 * 10000 (the server answers 400 otherwise). `limit` absent means the server default (20).
 */
export function checkPage(operation: string, value: unknown, limit: number | undefined): number | undefined {
  const page = checkInteger(operation, "page", value, 1);
  if (page === undefined) return undefined;
  const size = limit ?? LIMITS.defaultServerPageSize;
  if (page * size > LIMITS.maxPageWindow) {
    fail(
      operation,
      "page",
      `page * limit must be at most ${LIMITS.maxPageWindow} (got page ${page} * limit ${size} = ${page * size}); narrow the filters instead of paging further`,
    );
  }
  return page;
}

/** An optional string of at most `max` characters. */
export function checkString(operation: string, field: string, value: unknown, max?: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") fail(operation, field, `${field} must be a string (got ${show(value)})`);
  if (max !== undefined && charLength(value) > max) {
    fail(operation, field, `${field} must be at most ${max} characters (got ${charLength(value)})`);
  }
  return value;
}

/** An optional value among `allowed`. */
export function checkEnum<T extends string>(operation: string, field: string, value: unknown, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    fail(operation, field, `${field} must be one of ${allowed.join(", ")} (got ${show(value)})`);
  }
  return value as T;
}

/** An optional boolean; with `nullable`, `null` passes through (the API reads it as "no filter"). */
export function checkBoolean(operation: string, field: string, value: unknown, nullable: boolean): boolean | null | undefined {
  if (value === undefined) return undefined;
  if (value === null && nullable) return null;
  if (typeof value !== "boolean") {
    fail(operation, field, `${field} must be a boolean${nullable ? " or null" : ""} (got ${show(value)})`);
  }
  return value;
}

/** An optional array of integer ids (team ids). */
export function checkIntegerArray(operation: string, field: string, value: unknown): number[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) fail(operation, field, `${field} must be an array of integers (got ${show(value)})`);
  value.forEach((item: unknown, i) => {
    if (typeof item !== "number" || !Number.isSafeInteger(item)) {
      fail(operation, `${field}[${i}]`, `${field}[${i}] must be an integer (got ${show(item)})`);
    }
  });
  return [...(value as number[])];
}

/** An optional params object (undefined and null mean "no params"). */
export function checkParams(operation: string, value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    fail(operation, "params", `params must be an object (got ${show(value)})`);
  }
  return value as Record<string, unknown>;
}
