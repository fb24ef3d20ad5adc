/**
 * Terraform's values on the wire (`DynamicValue`, TF `docs/plugin-protocol/object-wire-format.md`
 * @v1.11.4) and the one boundary where they meet the nouns' values: attribute names in
 * snake_case and cty types on Terraform's side, field names in camelCase and plain JSON-like
 * values on the implementations' side. Types come from the declarations
 * (`provider/<noun>/declaration.ts`): a field's schema type maps to a cty type (see
 * {@link ctyType}).
 *
 * @packageDocumentation
 */
import { isDeepStrictEqual } from "node:util";
import { decode, encode, ExtData } from "@msgpack/msgpack";
import type { TypeDeclaration } from "../provider/engine/declaration";
import { UNKNOWN_VALUE } from "../provider/engine/unknown";
import { readJsonText } from "../provider/engine/programFields";
import { snakeCase } from "../provider/engine/typeToken";

/** A cty type as Terraform writes it in JSON: `"string"`, `["list","string"]`, `["object",{...}]`. */
export type CtyType = string | [string, CtyType] | ["object", Record<string, CtyType>];

/** A value not known until apply: msgpack extension 0 (any extension type reads as unknown). */
export const UNKNOWN: ExtData = new ExtData(0, new Uint8Array([0]));

/** Whether `value` is an unknown value (any msgpack extension), at the top level only. */
export function isTfUnknown(value: unknown): boolean {
  return value instanceof ExtData;
}

/** Whether `value` is or holds an unknown value at any depth. */
export function holdsUnknown(value: unknown): boolean {
  if (value instanceof ExtData) return true;
  if (Array.isArray(value)) return value.some(holdsUnknown);
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsUnknown);
  return false;
}

/** `serverName` → `server_name`: a field's attribute name (one home: `provider/engine/typeToken.ts`). */
export const snake = snakeCase;

/** `server_name` → `serverName`: an attribute's field name. */
export function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** The object types functions and resources refer to by `#/types/<token>`, by token. */
export type TypeTable = ReadonlyMap<string, TypeDeclaration>;

/** The object type a `$ref` names, or undefined for Pulumi's built-ins (`pulumi.json#/Any`, assets). */
function refType(ref: string, types: TypeTable): TypeDeclaration | undefined {
  return ref.startsWith("#/types/") ? types.get(ref.slice("#/types/".length)) : undefined;
}

/**
 * The cty type of a declared field: string, integer and number → `number`, boolean → `bool`,
 * array → list, a map → map, an object type → object of its properties (snake_case); Pulumi's
 * `Any` (a JSON value such as `secretSchema`) is a string of JSON text (`jsonencode(...)` in HCL),
 * assets and archives a path, a union a string.
 */
export function ctyType(field: object, types: TypeTable): CtyType {
  const f = field as Record<string, unknown>;
  if ("$ref" in f) {
    const t = refType(f.$ref as string, types);
    if (t === undefined) return "string";
    return ["object", Object.fromEntries(Object.entries(t.properties).map(([k, p]) => [snake(k), ctyType(p, types)]))];
  }
  if ("oneOf" in f) return "string";
  switch (f.type) {
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "bool";
    case "array":
      return ["list", ctyType(f.items as object, types)];
    case "object":
      return ["map", ctyType(f.additionalProperties as object, types)];
    default:
      return "string";
  }
}

/**
 * A field's value as Terraform holds it: `null` for absent, JSON text for `Any`, an object type's
 * properties in snake_case with every property present. Unknown values pass through.
 */
export function toTf(value: unknown, field: object, types: TypeTable): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof ExtData) return value;
  const f = field as Record<string, unknown>;
  if ("$ref" in f) {
    const t = refType(f.$ref as string, types);
    if (t === undefined) return typeof value === "string" ? value : JSON.stringify(value);
    const v = value as Record<string, unknown>;
    return Object.fromEntries(Object.entries(t.properties).map(([k, p]) => [snake(k), toTf(v[k], p, types)]));
  }
  if ("oneOf" in f) return typeof value === "string" ? value : JSON.stringify(value);
  if (f.type === "array") return (value as unknown[]).map((v) => toTf(v, f.items as object, types));
  if (f.type === "object") {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toTf(v, f.additionalProperties as object, types)]));
  }
  if ((f.type === "integer" || f.type === "number") && typeof value === "string") return Number(value);
  return value;
}

/** Whether a field is Pulumi's `Any` (a JSON value): held by Terraform as JSON text (`jsonencode(...)` in HCL). */
export function isJsonText(field: object | undefined): boolean {
  return field !== undefined && (field as { $ref?: string }).$ref === "pulumi.json#/Any";
}

/**
 * `text` parsed as JSON when it holds an object or an array, else `text` itself: the rule of the
 * implementations' own reading (`readJsonText` of `provider/engine/programFields.ts`), so that a
 * JSON string or number (`jsonencode("x")`) stays the text Terraform planned.
 */
function parsedJson(text: string): unknown {
  const values = { text: text as unknown };
  readJsonText(values, ["text"]);
  return values.text;
}

/**
 * A Terraform value as the implementations take it: `undefined` for null, an unknown value (at
 * any depth) as Pulumi's unknown sentinel for the whole field, a union of boolean and string read
 * as the boolean when it is `"true"` or `"false"`, numbers sent as decimal text read as numbers.
 */
export function fromTf(value: unknown, field: object, types: TypeTable): unknown {
  if (value === undefined || value === null) return undefined;
  if (holdsUnknown(value)) return UNKNOWN_VALUE;
  const f = field as Record<string, unknown>;
  if ("$ref" in f) {
    const t = refType(f.$ref as string, types);
    // `Any`: the JSON text `jsonencode` wrote, as the structured value the implementations'
    // outputs hold (their check takes either form), so state and configuration compare as values.
    if (t === undefined) return typeof value === "string" && isJsonText(f) ? parsedJson(value) : value;
    const v = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, p] of Object.entries(t.properties)) {
      const x = fromTf(v[snake(k)], p, types);
      if (x !== undefined) out[k] = x;
    }
    return out;
  }
  if ("oneOf" in f) {
    const kinds = (f.oneOf as Record<string, unknown>[]).map((o) => o.type);
    if (kinds.includes("boolean") && (value === "true" || value === "false")) return value === "true";
    return value;
  }
  if (f.type === "array") return (value as unknown[]).map((v) => fromTf(v, f.items as object, types));
  if (f.type === "object") {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromTf(v, f.additionalProperties as object, types)]));
  }
  if ((f.type === "integer" || f.type === "number") && typeof value === "string") return Number(value);
  return value;
}

/**
 * Whether two Terraform values of one attribute mean the same: equal, or both JSON text of equal
 * values (`jsonencode` orders keys its own way; the platform answers its own order).
 */
export function sameTfValue(a: unknown, b: unknown): boolean {
  if (isDeepStrictEqual(a, b)) return true;
  if (typeof a === "string" && typeof b === "string") {
    try {
      return isDeepStrictEqual(JSON.parse(a), JSON.parse(b));
    } catch {
      return false;
    }
  }
  return false;
}

/** A `DynamicValue` as received: msgpack (what Terraform sends), else JSON; absent → null. */
export function readDynamic(dv: { msgpack?: Buffer | Uint8Array; json?: Buffer | Uint8Array } | null | undefined): unknown {
  if (dv === null || dv === undefined) return null;
  if (dv.msgpack !== undefined && dv.msgpack.length > 0) return decode(dv.msgpack);
  if (dv.json !== undefined && dv.json.length > 0) return JSON.parse(Buffer.from(dv.json).toString("utf8"));
  return null;
}

/** A value as a `DynamicValue` in msgpack (unknowns as extension 0). */
export function writeDynamic(value: unknown): { msgpack: Buffer } {
  return { msgpack: Buffer.from(encode(value, { ignoreUndefined: false })) };
}
