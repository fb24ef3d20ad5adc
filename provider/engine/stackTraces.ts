/**
 * Declaring a resource without the stack traces the Pulumi runtime would record for it.
 *
 * The runtime records a stack trace for each of the promises behind every property of a resource
 * (4 per property), formatted at once through the source maps of its vendored ts-node: about half
 * the cost of declaring a resource, paid in the program before its first registration reaches the
 * engine (benchmark 2; benchmark 12's profile of a refresh of 1,000 resources: 2.8 s of the
 * program's 15 s in `prepareStackTrace`, `cloneCallSite` and `wrapCallSite`). Those traces only
 * decorate leaked-promise reports, which name the resource and property anyway, so every resource
 * class of this package declares itself with `Error.stackTraceLimit` at 0. The source position
 * Pulumi records for the resource is unaffected (it raises the limit itself), and an error thrown
 * while declaring gets a full stack from the caller's frame.
 *
 * Why not a function that takes the declaration: it is the class's `super(...)` call, which only
 * the constructor itself can make.
 *
 * @packageDocumentation
 */

/** What {@link suspendStackTraces} returns: how to put the limit back, on success or failure. */
export interface SuspendedStackTraces {
  /** Puts `Error.stackTraceLimit` back (call it in a `finally`). */
  restore(): void;
  /**
   * Puts the limit back and gives `err` (when an `Error`) a stack from the caller of `resourceClass`,
   * the resource class being declared; returns `err` to throw again.
   */
  restoredFor(err: unknown, resourceClass: abstract new (...args: never[]) => unknown): unknown;
}

/** Sets `Error.stackTraceLimit` to 0 until `restore()` (see the module comment). */
export function suspendStackTraces(): SuspendedStackTraces {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return {
    restore() {
      Error.stackTraceLimit = limit;
    },
    restoredFor(err, resourceClass) {
      Error.stackTraceLimit = limit;
      if (err instanceof Error) Error.captureStackTrace(err, resourceClass);
      return err;
    },
  };
}
