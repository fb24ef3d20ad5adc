/**
 * The package version, for the default `User-Agent`. Read at run time from package.json: from
 * source (`sdk/`, e.g. under vitest) it is one level up, from the build (`dist/sdk/`) two.
 * Importing the JSON instead would make tsc copy package.json into dist/, where Node would take
 * it for the package scope of the build.
 */
function readVersion(): string {
  for (const candidate of ["../package.json", "../../package.json"]) {
    try {
      const pkg = require(candidate) as { name?: unknown; version?: unknown };
      if (pkg.name === "pulumi-flashduty" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // Not at this level; try the next.
    }
  }
  return "0.0.0";
}

/** Version of `pulumi-flashduty`, e.g. `"0.1.0"`. */
export const VERSION: string = readVersion();

/** Default `User-Agent`: `pulumi-flashduty/<version>`. */
export const DEFAULT_USER_AGENT = `pulumi-flashduty/${VERSION}`;
