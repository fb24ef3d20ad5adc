/**
 * `get` of the resources needs a project `@pulumi/pulumi` whose dynamic provider can read a
 * resource by id (3.268.0 and later); with an older one it fails at once, naming both versions.
 */
import { version as installed } from "@pulumi/pulumi/version";
import { describe, expect, test } from "vitest";
import { checkGetSupported, MIN_PULUMI_VERSION_FOR_GET } from "../../provider/dynamic/resourceGet";

describe("checkGetSupported", () => {
  test("passes from 3.268.0 on, pre-releases and later majors included", () => {
    for (const version of [MIN_PULUMI_VERSION_FOR_GET, "3.268.1", "3.270.0", "3.300.0-alpha.1+abc", "4.0.0", installed]) {
      expect(() => checkGetSupported("McpServerDisablement", version), version).not.toThrow();
    }
    // A version that cannot be read (a @pulumi/pulumi without that module) is not checked.
    expect(() => checkGetSupported("McpServerDisablement", undefined)).not.toThrow();
    expect(() => checkGetSupported("McpServerDisablement")).not.toThrow();
  });

  test("fails before it, naming the class, both versions and the upstream issue", () => {
    for (const version of ["3.249.0", "3.267.9", "2.99.0"]) {
      expect(() => checkGetSupported("AutomationRule", version), version).toThrow(
        `AutomationRule.get needs @pulumi/pulumi 3.268.0 or later in the project (found ${version})`,
      );
    }
    expect(() => checkGetSupported("AutomationRule", "3.249.0")).toThrow(/pulumi\/pulumi#16175/);
  });
});
