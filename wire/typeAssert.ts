/**
 * Compile-time checks: the statement `true satisfies Equal<A, B>;` fails the build unless `A` and `B`
 * are the same type (each assignable to the other, optional and readonly modifiers included).
 * Used for the parity of the wire schemas with `wireTypes.ts` and of the SDK models with the wire.
 */

/** `true` when `A` and `B` are identical types, else `false`. */
export type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
