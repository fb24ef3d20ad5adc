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

/**
 * The refusal of a launch that sets `TF_PLUGIN_MAGIC_COOKIE` to another value (a go-plugin client
 * of another program, or a cookie mistyped by hand), as go-plugin servers refuse it; undefined when
 * the variable is unset (a Pulumi launch) or right (a Terraform launch).
 */
export function wrongCookieMessage(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const cookie = env.TF_PLUGIN_MAGIC_COOKIE;
  if (cookie === undefined || cookie === TERRAFORM_MAGIC_COOKIE) return undefined;
  return (
    "This binary is a plugin: Terraform and OpenTofu run it as the provider flashdutyai, Pulumi as pulumi-resource-flashduty. " +
    "It was launched with a TF_PLUGIN_MAGIC_COOKIE that is not Terraform's, so it serves neither; run terraform or tofu (or pulumi) instead."
  );
}
