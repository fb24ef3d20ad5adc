/**
 * The `error.code` values of the API's envelope (docs/platform-api.md "Error codes"): the 20
 * documented codes and the ones the vendor's client reads as success. No schema library, like
 * `wire/protocol.ts` (the rest of the API's vocabulary), so the published declarations of
 * `pulumi-flashduty/sdk` never load zod's typings.
 */

import type { Equal } from "./typeAssert";

// Spelled out as a union, not derived from the array (`(typeof ERROR_CODES)[number]`): the
// published declarations then show the values rather than naming an array that is not exported.
// The array is checked to hold exactly the union's values.

/**
 * One of the 20 documented `error.code` values (docs/platform-api.md "Error codes"; `OK` included:
 * on a 2xx it means success, see `isFailureError` in `wire/wire.ts`).
 */
export type KnownErrorCode =
  | "OK"
  | "InvalidParameter"
  | "BadRequest"
  | "InvalidContentType"
  | "ResourceNotFound"
  | "NoLicense"
  | "ReferenceExist"
  | "Unauthorized"
  | "BalanceNotEnough"
  | "AccessDenied"
  | "RouteNotFound"
  | "MethodNotAllowed"
  | "UndonedOrderExist"
  | "RequestLocked"
  | "EntityTooLarge"
  | "RequestTooFrequently"
  | "RequestVerifyRequired"
  | "DangerousOperation"
  | "InternalError"
  | "ServiceUnavailable";

/** The 20 `error.code` wire strings, as {@link KnownErrorCode} lists them. */
export const ERROR_CODES = [
  "OK",
  "InvalidParameter",
  "BadRequest",
  "InvalidContentType",
  "ResourceNotFound",
  "NoLicense",
  "ReferenceExist",
  "Unauthorized",
  "BalanceNotEnough",
  "AccessDenied",
  "RouteNotFound",
  "MethodNotAllowed",
  "UndonedOrderExist",
  "RequestLocked",
  "EntityTooLarge",
  "RequestTooFrequently",
  "RequestVerifyRequired",
  "DangerousOperation",
  "InternalError",
  "ServiceUnavailable",
] as const satisfies readonly KnownErrorCode[];
true satisfies Equal<(typeof ERROR_CODES)[number], KnownErrorCode>;

/**
 * `error.code` values the vendor's own client reads as success (compared case-insensitively):
 * an envelope whose `error` carries one of these, on a 2xx, is not a failure.
 */
export const SUCCESS_CODES: readonly string[] = ["", "0", "ok"];
