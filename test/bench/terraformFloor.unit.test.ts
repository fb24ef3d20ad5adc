/**
 * Benchmark 14's pure parts (bench/terraformConfig.ts, bench/pluginLaunch.ts): the mix, the
 * floors (a Terraform command's phases one after another, each its slowest bucket), the two
 * configurations declaring the same attributes, and the provider's starts read from Terraform's
 * debug log.
 */
import { describe, expect, test } from "vitest";
import { launchesOf } from "../../bench/pluginLaunch";
import { terraformConfig, terraformFloors, terraformMix } from "../../bench/terraformConfig";

describe("benchmark 14 mix and floors", () => {
  test("a fifth of each kind, the rest rules", () => {
    expect(terraformMix(1000)).toEqual({ disablements: 200, mcpServers: 200, a2aAgents: 200, knowledgeFiles: 200, automationRules: 200 });
    expect(terraformMix(7)).toEqual({ disablements: 1, mcpServers: 1, a2aAgents: 1, knowledgeFiles: 1, automationRules: 3 });
  });

  test("at 1,000: apply 10 s of writes, the refresh 8 s of server gets, destroy the refresh then the deletes", () => {
    const floors = terraformFloors(terraformMix(1000));
    expect(floors.apply.seconds).toBe(10);
    expect(floors.apply.phases[0]?.floor.perOperation["mcpServer.disable"]).toEqual({ requests: 200, seconds: 4 });
    expect(floors.refreshOnly.seconds).toBe(8);
    expect(floors.refreshOnly.phases[0]?.floor.perOperation["mcpServer.get"]).toEqual({ requests: 400, seconds: 8 });
    expect(floors.destroy.phases.map((p) => [p.name, p.floor.seconds])).toEqual([
      ["refresh", 8],
      ["apply", 10],
    ]);
    expect(floors.destroy.seconds).toBe(18);
    // 100: 20 writes of each kind at 20/s.
    expect(terraformFloors(terraformMix(100)).apply.seconds).toBe(1);
  });

  test("the reference declares every resource as terraform_data with the same attributes", () => {
    const mix = terraformMix(10);
    const ours = terraformConfig(mix, ["mcp_gen_0001", "mcp_gen_0002"], false);
    const reference = terraformConfig(mix, ["mcp_gen_0001", "mcp_gen_0002"], true);
    expect(ours).toContain('provider "flashdutyai" {}');
    expect(ours).toContain('resource "flashdutyai_knowledge_file" "file" {\n  count = 2\n');
    expect(ours).toContain(`auth_config = { header_name = "X-Api-Key", api_key = "bench-key-\${count.index}" }`);
    expect(reference).not.toContain("flashdutyai");
    expect(reference.match(/resource "terraform_data"/g)).toHaveLength(5);
    const attributes = (text: string) =>
      [...text.slice(text.indexOf("locals {")).matchAll(/^\s+(\w+) = /gm)].map((m) => m[1]).filter((a) => a !== "count" && a !== "input");
    expect(attributes(reference)).toEqual(attributes(ours));
    expect(() => terraformConfig(mix, ["mcp_gen_0001"], false)).toThrow(/2 disablements need as many servers/);
  });
});

describe("the provider's starts in Terraform's debug log", () => {
  test("each start is paired with the next handshake and the next exit", () => {
    const exe = "/tmp/bin/terraform-provider-flashdutyai";
    const log = [
      "2026-11-28T11:48:38.569Z [INFO]  Terraform version: 1.11.4",
      `2026-11-28T11:48:38.589Z [DEBUG] provider: starting plugin: path=${exe} args=["${exe}"]`,
      "2026-11-28T11:48:39.013Z [DEBUG] provider: using plugin: version=6",
      `2026-11-28T11:48:39.068Z [INFO]  provider: plugin process exited: plugin=${exe} id=13224`,
      `2026-11-28T11:48:39.076Z [DEBUG] provider: starting plugin: path=${exe} args=["${exe}"]`,
      "2026-11-28T11:48:39.560Z [DEBUG] provider: using plugin: version=6",
      `2026-11-28T11:48:39.975Z [INFO]  provider: plugin process exited: plugin=${exe} id=13235`,
      "2026-11-28T11:48:40.841Z [INFO]  backend/local: plan operation completed",
    ].join("\n");
    expect(launchesOf(log, "terraform-provider-flashdutyai")).toEqual({ launches: 2, startMs: [424, 484], lifeMs: [479, 899] });
    expect(launchesOf(log, "terraform-provider-other").launches).toBe(0);
  });
});
