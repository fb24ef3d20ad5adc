/**
 * What `get` of this package's resources needs from the project's `@pulumi/pulumi`.
 *
 * `McpServerDisablement.get` and `AutomationRule.get` construct the resource with `opts.id` set:
 * the engine then asks the dynamic provider to `read` the object by that id (during preview too)
 * and records it in the stack as a read-only resource, never created, updated or deleted. For
 * such a read the engine hands the provider only the properties the program passed, not a prior
 * state. The Node.js dynamic provider of `@pulumi/pulumi` before 3.268.0 looks for the stored
 * provider text (`__provider`) in the prior state alone, so it cannot serve any `get` of a
 * dynamic resource and fails with an error that names neither (pulumi/pulumi#16175); 3.268.0 and
 * later also look in the properties. The dynamic provider that runs is the project's
 * `@pulumi/pulumi`, the one this package loads, so `get` checks its version first.
 */
/** The first `@pulumi/pulumi` whose dynamic provider can `read` a resource for `get`. */
export const MIN_PULUMI_VERSION_FOR_GET = "3.268.0";

/**
 * The version of the `@pulumi/pulumi` this package loads, read when `get` is called (not at
 * import, so that the package root never depends on that module path); undefined when it cannot
 * be read, and then `get` goes ahead unchecked.
 */
function installedPulumiVersion(): string | undefined {
  try {
    return (require("@pulumi/pulumi/version") as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** `major.minor.patch` of a version string as numbers (a pre-release counts as its release). */
function parts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version
    .split(/[-+]/)[0]!
    .split(".")
    .map((n) => Number.parseInt(n, 10) || 0);
  return [major, minor, patch];
}

/**
 * Throws when the project's `@pulumi/pulumi` is older than {@link MIN_PULUMI_VERSION_FOR_GET}.
 *
 * @param resource the class whose `get` was called, for the message (`McpServerDisablement`)
 * @param version the installed `@pulumi/pulumi` version; the loaded package's by default (no check when unknown)
 * @throws Error naming the installed and the required version
 */
export function checkGetSupported(resource: string, version: string | undefined = installedPulumiVersion()): void {
  if (version === undefined) return;
  const have = parts(version);
  const need = parts(MIN_PULUMI_VERSION_FOR_GET);
  for (let i = 0; i < 3; i++) {
    if (have[i]! > need[i]!) return;
    if (have[i]! < need[i]!) {
      throw new Error(
        `${resource}.get needs @pulumi/pulumi ${MIN_PULUMI_VERSION_FOR_GET} or later in the project (found ${version}): ` +
          `the dynamic provider of earlier versions cannot read a resource by id (pulumi/pulumi#16175). ` +
          `Upgrade it with \`npm install @pulumi/pulumi@latest\`.`,
      );
    }
  }
}
