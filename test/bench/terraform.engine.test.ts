/**
 * Benchmark 14 (bench/terraform.ts) end to end at a tiny size, so that its code does not rot: the
 * Terraform CLI on PATH, the `dist/plugin` wrapper through `dev_overrides`, 5 mixed resources (one
 * of each kind), one run, one launch of each front door. Its figures say nothing about the goals.
 */
import { expect, test } from "vitest";
import { benchTerraform } from "../../bench/terraform";
import { terraformRows } from "../../bench/terraformRows";

test("benchmark 14 runs at 5 resources: apply, plan -refresh-only, destroy, the reference and the start-ups", async () => {
  const r = await benchTerraform({ sizes: [5], runs: 1, provider: "wrapper", launchRuns: 1 });
  expect(r.startup.pulumi).toHaveLength(1);
  expect(r.startup.terraform[0]?.schemaMs).toBeGreaterThan(r.startup.terraform[0]?.handshakeMs ?? Number.POSITIVE_INFINITY);
  const [size] = r.sizes;
  expect(size?.afterApply).toEqual({ disabled: 1, servers: 1, agents: 1, files: 1, rules: 1 });
  expect(size?.afterDestroy).toEqual({ disabled: 0, servers: 0, agents: 0, files: 0, rules: 0 });
  for (const command of ["apply", "refreshOnly", "destroy"] as const) {
    expect(size?.measured[command].status429).toBe(0);
    expect(size?.reference[command]).toHaveLength(1);
    // Terraform starts the provider at least for the schema, validation and the plan.
    expect(size?.launches[command].launches).toBeGreaterThanOrEqual(3);
  }
  expect(size?.measured.apply.calls["mcpServer.disable"]).toBe(1);
  expect(size?.measured.refreshOnly.calls["mcpServer.get"]).toBe(2);
  const rows = terraformRows(r);
  expect(rows).toHaveLength(4);
  expect(rows.every((row) => row.no === "14" && /^\d+\.\d\dx/.test(row.ratio))).toBe(true);
  expect(rows[1]?.result).toContain("1.00 writes a resource");
}, 120_000);
