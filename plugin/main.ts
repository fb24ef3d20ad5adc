/**
 * Entry point of `pulumi-resource-flashduty` (the shell wrapper beside this file runs it with
 * node): serves the provider and prints its port on stdout, as the engine expects of a plugin.
 * The engine's address (the last argument) serves only to notice that the engine is gone
 * (`provider/engine/engineWatch.ts`): diagnostics go to stderr. Launched by Terraform or OpenTofu
 * (`TF_PLUGIN_MAGIC_COOKIE`), it serves their plugin protocol instead (`terraform/serve.ts`).
 *
 * @packageDocumentation
 */
import { watchEngineOnce } from "../provider/engine/engineWatch";
import { useFrontDoor } from "../provider/engine/frontDoor";
import { isTerraformLaunch, wrongCookieMessage } from "../terraform/launch";

// Messages name inputs and recipes as the plugin's programs see them (imports, resource options).
useFrontDoor("plugin");

const wrongCookie = wrongCookieMessage();
if (wrongCookie !== undefined) {
  console.error(wrongCookie);
  process.exit(1);
} else if (isTerraformLaunch()) {
  // Launched by Terraform or OpenTofu (their magic cookie): the same executable serves tfplugin6.
  (require("../terraform/serve") as typeof import("../terraform/serve")).serveTerraform().catch((err: unknown) => {
    console.error(`terraform-provider-flashdutyai: cannot serve: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
} else servePulumi();

function servePulumi(): void {
  // Required here, not imported: a Terraform launch loads nothing of the Pulumi server.
  (require("./server") as typeof import("./server")).serve().then(
    ({ port }) => {
      process.stdout.write(`${port}\n`);
      watchEngineOnce(true);
    },
    (err: unknown) => {
      console.error(`pulumi-resource-flashduty: cannot serve: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
