/**
 * How a noun declares its resource, function or object type once: every field's schema type,
 * description, default, secret flag, and where it appears (input, output, both; required or not).
 * From these declarations come the provider plugin's schema (`plugin/schemaBuild.ts` writes
 * `plugin/schema.json`), the field lists the provider, the drift report and the policy pack
 * compare (`fieldsWhere`), and the reference pages `docs/resources/<noun>.md`
 * (`scripts/genSchema.ts`). The shapes follow Pulumi's package schema
 * (https://www.pulumi.com/docs/iac/guides/building-extending/packages/schema/), restricted to what
 * these nouns use.
 *
 * @packageDocumentation
 */

/** A field's type in Pulumi's package schema: a primitive, an array, a map, a reference, or a union. */
export type SchemaType =
  | { type: "string" | "integer" | "number" | "boolean" }
  | { type: "array"; items: SchemaType }
  | { type: "object"; additionalProperties: SchemaType }
  | { $ref: string }
  | { oneOf: readonly SchemaType[] };

/** One field of a resource, a function's arguments or result, or an object type. */
export type Field = SchemaType & {
  /** Markdown; the schema, the SDKs' docstrings and the reference page show it. */
  description: string;
  /**
   * The default an input takes when the program leaves it out. For a `declared` field, the value
   * create sends (afterwards the field is not managed: `programFields.ts`), written into the
   * input's description, not the schema (the SDKs would send it); for any other input (the
   * disablement's `restoreOnDelete`), the value the plugin fills in, in the schema.
   */
  default?: unknown;
  /** Encrypted in state and never shown (the schema's `secret`). */
  secret?: boolean;
  /**
   * A resource field's place: `inout` (an input, and an output of the same name: the default),
   * `out` (an output only). Ignored for functions and object types.
   */
  kind?: "inout" | "out";
  /** A resource input, or a function argument, that must be given. */
  requiredInput?: boolean;
  /** An output (or object property) that is always present. */
  required?: boolean;
  /**
   * Part of the resource's declared state: compared by the provider's diff, read back by refresh
   * and named by the drift report (`DECLARED_FIELDS`). Not for ids, adoption inputs or outputs.
   */
  declared?: boolean;
  /** The input's own description, where it differs from the output's (an id: adopting on input, the id on output). */
  input?: { description: string };
  /**
   * The input's default goes into its description (`Default \`true\`.`), not the schema, so the
   * SDKs do not send it (the plugin fills it in): for a default that Pulumi's Go code generator
   * v3.259.0 mishandles (on a union-typed input).
   */
  inputDefaultInDescription?: boolean;
  /**
   * What only the TypeScript dynamic resource's docstrings add to the description: on its input
   * (`<Name>Args`) and on its output (`<Name>State`, the class's outputs). E.g. that the dynamic
   * resource adopts by id instead of `pulumi import`, or what `get` does with the field.
   */
  typescript?: { input?: string; output?: string };
  /**
   * An output the provider keeps for itself (e.g. which id an adoption named), in the schema and
   * in state but not among the outputs the TypeScript resource class declares (`STATE_KEYS`).
   */
  bookkeeping?: boolean;
};

/** A resource: its type token, what it is, and its fields in the order the schema lists them. */
export interface ResourceDeclaration {
  token: string;
  description: string;
  fields: Readonly<Record<string, Field>>;
}

/** A function (an invoke; a data source in TypeScript): its arguments and its result. */
export interface FunctionDeclaration {
  token: string;
  description: string;
  inputs: Readonly<Record<string, Field>>;
  outputs: Readonly<Record<string, Field>>;
}

/** An object type that functions answer. */
export interface TypeDeclaration {
  token: string;
  description: string;
  properties: Readonly<Record<string, Field>>;
}

/** The names of `fields` whose declaration matches `where`, in declaration order (a literal union type). */
export type FieldsWhere<F extends Readonly<Record<string, Field>>, Where> = {
  [K in keyof F]: F[K] extends Where ? K : never;
}[keyof F] &
  string;

/** The names of `fields` whose declaration does not match `where`, in declaration order. */
export type FieldsNotWhere<F extends Readonly<Record<string, Field>>, Where> = Exclude<keyof F & string, FieldsWhere<F, Where>>;

/**
 * The names of the fields whose declaration lacks one of the properties of `where` (the
 * complement of {@link fieldsWhere}), in declaration order.
 */
export function fieldsNotWhere<F extends Readonly<Record<string, Field>>, const Where extends Partial<Field>>(
  fields: F,
  where: Where,
): FieldsNotWhere<F, Where>[] {
  const matching = new Set<string>(fieldsWhere(fields, where));
  return Object.keys(fields).filter((name) => !matching.has(name)) as FieldsNotWhere<F, Where>[];
}

/**
 * The names of the fields whose declaration has every property of `where` (e.g. `{ declared:
 * true }`, `{ secret: true }`), in declaration order.
 */
export function fieldsWhere<F extends Readonly<Record<string, Field>>, const Where extends Partial<Field>>(fields: F, where: Where): FieldsWhere<F, Where>[] {
  return Object.keys(fields).filter((name) =>
    Object.entries(where).every(([key, value]) => (fields[name] as Record<string, unknown>)[key] === value),
  ) as FieldsWhere<F, Where>[];
}

/**
 * The sentence every front door's description of a resource input adds for a declared field with
 * a default (the schema, the Terraform schema, the TypeScript docstrings): the default is sent at
 * create, and a field left out is not managed afterwards. Undefined for any other field.
 */
export function leftOutNote(field: Field): string | undefined {
  if (field.declared !== true || field.default === undefined) return undefined;
  return `Left out, it is \`${JSON.stringify(field.default)}\` at create and not managed afterwards (a change made in the console stays).`;
}
