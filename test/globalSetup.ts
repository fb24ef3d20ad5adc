import { ensurePulumiCli, ensurePulumiYaml } from "../scripts/pulumiCli";

/**
 * Installs (or finds) the Pulumi CLI and the YAML language host (the provider plugin's YAML
 * programs) before the workers start; see scripts/install-pulumi.sh and install-pulumi-yaml.sh.
 */
export default function setup(): void {
  ensurePulumiCli();
  ensurePulumiYaml();
}
