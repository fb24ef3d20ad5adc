/**
 * Entry point of `pulumi-resource-flashduty` (the shell wrapper beside this file runs it with
 * node): serves the provider and prints its port on stdout, as the engine expects of a plugin.
 * The engine's address (the last argument) serves only to notice that the engine is gone
 * (`provider/engine/engineWatch.ts`): diagnostics go to stderr.
 *
 * @packageDocumentation
 */
import { watchEngineOnce } from "../provider/engine/engineWatch";
import { useFrontDoor } from "../provider/engine/frontDoor";
import { serve } from "./server";

// Messages name inputs and recipes as the plugin's programs see them (imports, resource options).
useFrontDoor("plugin");

serve().then(
  ({ port }) => {
    process.stdout.write(`${port}\n`);
    watchEngineOnce(true);
  },
  (err: unknown) => {
    console.error(`pulumi-resource-flashduty: cannot serve: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
