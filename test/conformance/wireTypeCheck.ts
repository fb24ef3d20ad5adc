/**
 * Checks an answer's JSON against the field-to-JSON-type table of `vendorWireTypes.ts`, the way the
 * vendor's Go client would decode it: every problem is reported with its JSON path, so one run
 * shows every field a vendor client would choke on.
 */
import { ANSWERS, OBJECT_TYPES, type AnswerType, type FieldType, type ObjectTypeName } from "./vendorWireTypes";

/** A JSON number whose text has a fraction or an exponent (`1.0`, `1e3`): Go refuses it for an integer field. */
class NonIntegerNumber {
  constructor(readonly source: string) {}
}

/**
 * `text` parsed as JSON, except that numbers written with a fraction or an exponent become
 * {@link NonIntegerNumber} (so `1.0` is not mistaken for the integer 1). Uses the reviver's
 * source text (Node.js 21+); without it, numbers are judged by value alone.
 * @throws SyntaxError for text that is not JSON
 */
export function parseJsonKeepingNumberText(text: string): unknown {
  const reviver = (_key: string, value: unknown, context?: { source?: string }): unknown =>
    typeof value === "number" && context?.source !== undefined && !/^-?\d+$/.test(context.source) ? new NonIntegerNumber(context.source) : value;
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}

function describeValue(value: unknown): string {
  if (value instanceof NonIntegerNumber) return `the number ${value.source}`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof NonIntegerNumber);
}

function isInteger(value: unknown): boolean {
  return typeof value === "number" && Number.isSafeInteger(value);
}

function checkField(value: unknown, type: FieldType | "string" | "integer" | ObjectTypeName, path: string, problems: string[]): void {
  const fail = () => problems.push(`${path}: ${describeValue(value)} where the vendor's client expects ${type}`);
  switch (type) {
    case "any":
      return;
    case "string":
      if (typeof value !== "string") fail();
      return;
    case "boolean":
      if (typeof value !== "boolean") fail();
      return;
    case "integer":
      if (!isInteger(value)) fail();
      return;
    case "integer-ms":
      if (!isInteger(value) || (value as number) < 0) fail();
      return;
    case "object-of-string|null":
      if (value === null) return;
      if (!isPlainObject(value)) return void fail();
      for (const [key, item] of Object.entries(value)) {
        if (typeof item !== "string") problems.push(`${path}.${key}: ${describeValue(item)} where the vendor's client expects a string (map of strings)`);
      }
      return;
  }
  const array = /^array-of-(.+)\|null$/.exec(type);
  if (array !== null) {
    if (value === null) return;
    if (!Array.isArray(value)) return void fail();
    const item = array[1] as "string" | "integer" | ObjectTypeName;
    for (const [i, element] of value.entries()) checkField(element, item, `${path}[${i}]`, problems);
    return;
  }
  checkObject(value, type as ObjectTypeName, path, problems);
}

function checkObject(value: unknown, typeName: ObjectTypeName, path: string, problems: string[]): void {
  const type = OBJECT_TYPES[typeName];
  if (type === undefined) {
    problems.push(`${path}: no table entry for type ${typeName}`);
    return;
  }
  if (!isPlainObject(value)) {
    problems.push(`${path}: ${describeValue(value)} where the vendor's client expects ${typeName} (an object)`);
    return;
  }
  for (const [key, field] of Object.entries(value)) {
    const fieldType = type.fields[key];
    if (fieldType === undefined) problems.push(`${path}.${key}: no table entry for this field of ${typeName}`);
    else checkField(field, fieldType, `${path}.${key}`, problems);
  }
  for (const key of type.required) {
    if (!Object.hasOwn(value, key)) problems.push(`${path}.${key}: required field of ${typeName} missing`);
  }
}

/** The table's type for the answer of `path`, or undefined when it has no entry. */
export function answerType(path: string): AnswerType | undefined {
  return Object.hasOwn(ANSWERS, path) ? ANSWERS[path] : undefined;
}

/**
 * Every way the `data` of a success answer of `path` departs from the table (empty when none): a
 * field of the wrong JSON type, a required field missing, a field, an answer or a type with no
 * table entry. Paths in messages start at `data`.
 */
export function wireTypeProblems(path: string, data: unknown): string[] {
  const type = answerType(path);
  if (type === undefined) return [`${path}: no table entry for this answer`];
  if (type === "any") return [];
  const problems: string[] = [];
  checkObject(data, type, "data", problems);
  return problems;
}
