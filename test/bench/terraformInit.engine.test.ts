/**
 * Benchmark 15 (bench/terraformInit.ts) end to end with one run a CLI, so that its code does not
 * rot: `init` installs the release from the local registry on Terraform and OpenTofu. Its figures
 * say nothing about any goal.
 */
import { expect, test } from "vitest";
import { benchTerraformInit } from "../../bench/terraformInit";
import { terraformInitRows } from "../../bench/terraformRows";

test("benchmark 15 runs once a CLI: init from the local registry and the reference", async () => {
  const r = await benchTerraformInit({ runs: 1 });
  expect(r.zipBytes).toBeGreaterThan(1_000_000);
  expect(r.clis.map((c) => c.cli)).toEqual(["Terraform", "OpenTofu"]);
  for (const c of r.clis) {
    expect(c.install).toHaveLength(1);
    expect(c.reference).toHaveLength(1);
    expect(c.install[0]).toBeGreaterThan(0);
  }
  const rows = terraformInitRows(r);
  expect(rows).toHaveLength(2);
  expect(rows.every((row) => row.no === "15" && row.result.endsWith(")"))).toBe(true);
}, 600_000);
