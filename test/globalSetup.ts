import { ensurePulumiCli } from "../scripts/pulumiCli";

/** Installs (or finds) the Pulumi CLI before the workers start; see scripts/install-pulumi.sh. */
export default function setup(): void {
  ensurePulumiCli();
}
