/**
 * Checks of `EmulatorOptions` before anything starts, and the error they throw: the CLI answers
 * it with exit code 2 (bad arguments), a library caller gets a `RangeError` naming the option.
 */

/** Inclusive ranges of the numeric options. */
export const OPTION_RANGES = {
  port: { min: 0, max: 65_535 },
  "seed.rules": { min: 0, max: 1_000_000 },
  "seed.servers": { min: 12, max: 100_000 },
  requestTimeoutMs: { min: 10, max: 3_600_000 },
} as const;

/** Default of `EmulatorOptions.requestTimeoutMs`: a request's headers and body must arrive within 30 s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export type RangedOption = keyof typeof OPTION_RANGES;

/** An option is out of range or names something that does not exist; `option` is its name in `EmulatorOptions` (`seed.servers`, `stateFile`). */
export class EmulatorOptionError extends RangeError {
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(message);
    this.name = "EmulatorOptionError";
  }
}

/**
 * `value` (or `fallback` when undefined) checked against the range of `option`.
 * @throws EmulatorOptionError naming the option, the range and the value.
 */
export function checkedInteger(option: RangedOption, value: number | undefined, fallback: number): number {
  const n = value ?? fallback;
  const { min, max } = OPTION_RANGES[option];
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new EmulatorOptionError(option, `${option} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return n;
}
