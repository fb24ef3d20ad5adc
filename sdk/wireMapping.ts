/**
 * What the client's models share at the boundary with the wire: dropping unset members, and the
 * compile-time check that a camelCase model has exactly its wire object's fields. Each noun's
 * model and its mapping live beside its resource class (`sdk/resources/`); nothing else in the
 * SDK spells a wire field name.
 */

/**
 * Drops `undefined` members: a request body holds exactly what the caller set (`null` is kept),
 * and a model read from the wire has no key for a field the platform left out.
 */
export function withoutUndefined<T extends Record<string, unknown>>(o: T): T {
  // Most objects have every field: they are returned as built (one shape for all, no copy).
  let complete = true;
  for (const k in o) {
    if (o[k] === undefined) {
      complete = false;
      break;
    }
  }
  if (complete) return o;
  const out: Record<string, unknown> = {};
  for (const k in o) if (o[k] !== undefined) out[k] = o[k];
  return out as T;
}

/** `"snake_case"` as `"snakeCase"`. */
export type SnakeToCamel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<SnakeToCamel<Tail>>}` : S;
/** `T` with every key camelCased: the model a wire object maps to. */
export type Camelized<T> = { [K in keyof T as SnakeToCamel<K & string>]: T[K] };
