/**
 * Entry point of `pulumi-resource-flashduty` (the shell wrapper beside this file runs it with
 * node): serves the provider and prints its port on stdout, as the engine expects of a plugin.
 * The engine's address (the first argument) is not needed: diagnostics go to stderr.
 *
 * @packageDocumentation
 */
import { serve } from "./server";

serve().then(
  ({ port }) => {
    process.stdout.write(`${port}\n`);
  },
  (err: unknown) => {
    console.error(`pulumi-resource-flashduty: cannot serve: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
