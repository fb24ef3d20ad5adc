/**
 * Pulumi's sentinel for a value that is not known yet (a preview of an output that the update
 * computes): the engine passes this string where the value will be, to a provider's check and
 * diff, and in the property values of preview events.
 */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
