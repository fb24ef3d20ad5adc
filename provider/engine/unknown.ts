/**
 * Pulumi's sentinel for a value that is not known yet (a preview of an output that the update
 * computes): the engine passes this string where the value will be, to a provider's check and
 * diff, and in the property values of preview events.
 */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Whether `value` is {@link UNKNOWN_VALUE} or holds it anywhere (in an array element or an object's value, at any depth). */
export function isUnknown(value: unknown): boolean {
  if (value === UNKNOWN_VALUE) return true;
  if (Array.isArray(value)) return value.some(isUnknown);
  if (typeof value === "object" && value !== null) return Object.values(value).some(isUnknown);
  return false;
}
