/** The one error type of `detectDrift` (every failure that makes the command exit 1), and the redaction of its messages. */
import { redactSecrets } from "../sdk/redaction";

/**
 * Why drift could not be detected:
 * - `invalidArguments`: bad options (no stack name, a folder without Pulumi.yaml);
 * - `cliNotFound`: no usable `pulumi` CLI on PATH;
 * - `stackNotFound`: the stack does not exist in the project's backend;
 * - `previewFailed`: the refresh preview failed (program error, API error, bad config).
 */
export type DriftErrorKind = "invalidArguments" | "cliNotFound" | "stackNotFound" | "previewFailed";

/** A failure of `detectDrift`; `message` is ready to print and holds no app key. */
export class DriftError extends Error {
  override readonly name = "DriftError";
  constructor(
    readonly kind: DriftErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Removes app keys from text printed by the engine, the CLI or this command: `app_key=` values
 * and the value of FLASHDUTY_APP_KEY, each replaced by `***`.
 */
export function redactAppKey(text: string): string {
  const key = process.env.FLASHDUTY_APP_KEY;
  return redactSecrets(text, key === undefined ? [] : [key]);
}
