/**
 * The `getXOutput` form of a data source: the plain async read, run once its arguments are known
 * and the resources named in `dependsOn` exist, as Pulumi's generated SDKs do for invokes.
 *
 * Our data sources are not provider invokes (a dynamic provider answers none): the read runs in
 * the program process, so the invoke-only options (`provider`, `version`,
 * `pluginDownloadURL`) have nothing to select and are ignored.
 */
import * as pulumi from "@pulumi/pulumi";

/**
 * Waits for `args` (inputs at any depth, resolved by `pulumi.output`) and for every resource of
 * `opts.dependsOn` (a custom resource's `id`, a component's `urn`), then calls `read`. During a
 * preview, a dependency that is still to be created leaves the result unknown, as an invoke with
 * `dependsOn` does. The result carries those resources as dependencies, so a resource that uses
 * it is ordered after them.
 *
 * @param read the plain data source function (`getAutomationRules`, ...); receives the resolved
 *   arguments and the options (it uses `parent` to attribute its log lines)
 */
export function dataSourceOutput<Args extends object, Result>(
  args: pulumi.Input<object> | undefined,
  opts: pulumi.InvokeOutputOptions | undefined,
  read: (resolved: Args, opts: pulumi.InvokeOptions | undefined) => Promise<Result>,
): pulumi.Output<Result> {
  const dependencies = pulumi
    .output(opts?.dependsOn ?? [])
    .apply((deps) => (Array.isArray(deps) ? deps : [deps]) as pulumi.Resource[])
    .apply((deps) => pulumi.all(deps.map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn))));
  const invokeOpts: pulumi.InvokeOptions | undefined = opts?.parent === undefined ? undefined : { parent: opts.parent };
  return pulumi.all([pulumi.output(args ?? {}), dependencies]).apply(([resolved]) => read(resolved as Args, invokeOpts));
}
