/**
 * How the release executable tells a Terraform or OpenTofu launch from a Pulumi one: go-plugin
 * clients set `TF_PLUGIN_MAGIC_COOKIE` to Terraform's cookie (OpenTofu uses the same). Kept apart
 * from `./serve.ts` so that a Pulumi launch loads nothing of the Terraform front door.
 *
 * @packageDocumentation
 */

/** The value of `TF_PLUGIN_MAGIC_COOKIE` with which Terraform and OpenTofu launch providers. */
export const TERRAFORM_MAGIC_COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/** Whether this process was launched by Terraform or OpenTofu (their magic cookie is set). */
export function isTerraformLaunch(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TF_PLUGIN_MAGIC_COOKIE === TERRAFORM_MAGIC_COOKIE;
}
