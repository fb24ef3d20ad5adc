/**
 * Where a command of `pulumi-flashduty` writes: `cli/main.ts` and each command module
 * (`importFileCommand.ts`, `importSecretsCommand.ts`) take one, so tests capture the output
 * without a child process. Its own module so that the commands need not import `main.ts`,
 * which loads them.
 */

/** Where the command writes; the defaults are the process's streams (and, for import-file, its environment). */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}
