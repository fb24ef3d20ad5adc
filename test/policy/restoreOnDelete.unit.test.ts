/**
 * flashduty-restore-on-delete on each value of `restoreOnDelete` (the engine test covers the
 * policy through the CLI): `"always"` restores, so it satisfies `required: true` and breaks
 * `required: false`.
 */
import { describe, expect, test } from "vitest";
import type { ResourceValidationArgs } from "@pulumi/policy";
import { restoreOnDeletePolicy } from "../../policy/restoreOnDelete";

const TYPE = "pulumi-nodejs:dynamic/flashduty:McpServerDisablement";

/** The violations the policy reports for one resource with `restoreOnDelete` under `required`. */
function violations(restoreOnDelete: unknown, required: boolean): string[] {
  const found: string[] = [];
  const props = { serverId: "mcp_grafana", ...(restoreOnDelete === undefined ? {} : { restoreOnDelete }) };
  const args = { type: TYPE, urn: `urn:pulumi:s::p::${TYPE}::grafana`, name: "grafana", props, getConfig: () => ({ required }) };
  // The policy gives one function (not a list), as its source shows.
  const validate = restoreOnDeletePolicy().validateResource as (a: ResourceValidationArgs, report: (message: string) => void) => void;
  validate(args as unknown as ResourceValidationArgs, (message) => found.push(message));
  return found;
}

describe("flashduty-restore-on-delete", () => {
  test.each([
    [undefined, true, 0],
    [true, true, 0],
    ["always", true, 0],
    [false, true, 1],
    [undefined, false, 1],
    [true, false, 1],
    ["always", false, 1],
    [false, false, 0],
  ] as const)("restoreOnDelete %j under required %j: %i violation(s)", (value, required, count) => {
    const found = violations(value, required);
    expect(found).toHaveLength(count);
    if (count > 0) expect(found[0]).toContain(`has restoreOnDelete ${String(value ?? true)}; this stack requires restoreOnDelete ${String(required)}`);
  });
});
