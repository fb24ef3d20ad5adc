/**
 * The Terraform provider's schema, generated from the declarations (`terraform/catalog.ts`): the
 * rules Terraform applies to it (TF `configschema/internal_validate.go` @v1.11.4), and that every
 * declared field of every noun and function is an attribute, so a declaration change reaches it;
 * the vendored protos' compiled form; state upgrades and import stubs.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { terraformProtoJson } from "../../scripts/terraformProtos";
import { DATA_SOURCES, PROVIDER_ATTRIBUTES, RESOURCES, type TfAttribute } from "../../terraform/catalog";
import { ResourceCalls } from "../../terraform/resourceCalls";
import { camel, fromTf, readDynamic, sameTfValue, snake, toTf, UNKNOWN, writeDynamic } from "../../terraform/values";
import { TYPES } from "../../terraform/catalog";

/** Exactly one of required, optional, computed, or optional+computed; write-only neither computed nor sensitive. */
function flagProblems(a: TfAttribute): string[] {
  const problems: string[] = [];
  if (!/^[a-z0-9_]+$/.test(a.name)) problems.push(`${a.name}: not lowercase letters, digits and _`);
  if (a.required && (a.optional || a.computed)) problems.push(`${a.name}: required with optional or computed`);
  if (!a.required && !a.optional && !a.computed) problems.push(`${a.name}: none of required, optional, computed`);
  if (a.writeOnly && (a.computed || a.sensitive)) problems.push(`${a.name}: write-only and computed or sensitive`);
  return problems;
}

describe("the Terraform schema", () => {
  test("names the resources and data sources flashdutyai_*, one per noun and function", () => {
    expect([...RESOURCES.keys()].sort()).toEqual([
      "flashdutyai_a2a_agent",
      "flashdutyai_automation_rule",
      "flashdutyai_knowledge_file",
      "flashdutyai_mcp_server",
      "flashdutyai_mcp_server_disablement",
      "flashdutyai_skill",
    ]);
    expect([...DATA_SOURCES.keys()].sort()).toEqual([
      "flashdutyai_a2a_agents",
      "flashdutyai_automation_rules",
      "flashdutyai_automation_templates",
      "flashdutyai_knowledge_files",
      "flashdutyai_mcp_servers",
      "flashdutyai_skills",
    ]);
  });

  test("follows Terraform's attribute rules, and holds every declared field", () => {
    const all = [...PROVIDER_ATTRIBUTES, ...[...RESOURCES.values()].flatMap((r) => r.attributes), ...[...DATA_SOURCES.values()].flatMap((d) => d.attributes)];
    expect(all.flatMap(flagProblems)).toEqual([]);
    for (const resource of RESOURCES.values()) {
      expect(resource.attributes.map((a) => a.name)).toEqual(["id", ...Object.keys(resource.declaration.fields).map(snake)]);
      for (const [name, field] of Object.entries(resource.declaration.fields)) {
        const attribute = resource.byField.get(name)!;
        expect(attribute.required, name).toBe(field.kind !== "out" && field.requiredInput === true);
        if (field.kind === "out") expect(attribute.computed && !attribute.optional, name).toBe(true);
      }
    }
    expect(
      RESOURCES.get("flashdutyai_mcp_server")!
        .attributes.filter((a) => a.writeOnly)
        .map((a) => a.name),
    ).toEqual(["env", "headers"]);
    expect(
      RESOURCES.get("flashdutyai_a2a_agent")!
        .attributes.filter((a) => a.writeOnly)
        .map((a) => a.name),
    ).toEqual(["auth_config"]);
    expect(RESOURCES.get("flashdutyai_automation_rule")!.byField.get("httpPostToken")!.sensitive).toBe(true);
    expect(PROVIDER_ATTRIBUTES.find((a) => a.name === "app_key")!.sensitive).toBe(true);
  });
});

describe("values on the wire", () => {
  test("snake_case and camelCase names map both ways", () => {
    for (const name of ["serverName", "oncallIncidentChannelIds", "httpPostTriggerEnabled", "env"]) expect(camel(snake(name))).toBe(name);
  });

  test("msgpack keeps unknowns (extension 0) and object types in snake_case", () => {
    const agent = RESOURCES.get("flashdutyai_a2a_agent")!.declaration.fields.agentCardSkills!;
    const value = toTf([{ id: "s1", name: "Triage" }], agent, TYPES) as Record<string, unknown>[];
    expect(Object.keys(value[0]!).every((k) => k === snake(k))).toBe(true);
    const decoded = readDynamic(writeDynamic({ a: UNKNOWN, b: value, c: null })) as Record<string, unknown>;
    expect(fromTf(decoded.a, { type: "string" }, TYPES)).not.toBeUndefined();
    expect(fromTf(decoded.b, agent, TYPES)).toEqual([expect.objectContaining({ id: "s1", name: "Triage" })]);
    expect(decoded.c).toBeNull();
  });
});

describe("the vendored protos", () => {
  test("terraform/proto/descriptor.json is what `npm run terraform:protos` makes of the .proto files", () => {
    const file = JSON.parse(readFileSync(path.join(__dirname, "..", "..", "terraform", "proto", "descriptor.json"), "utf8")) as unknown;
    expect(file).toEqual(JSON.parse(JSON.stringify(terraformProtoJson())));
  });
});

describe("state upgrade and import stubs", () => {
  const calls = new ResourceCalls();
  const rule = RESOURCES.get("flashdutyai_automation_rule")!;
  const server = RESOURCES.get("flashdutyai_mcp_server")!;

  test("state of an older schema reads as the current one: attributes added since are null, removed ones dropped", () => {
    const raw = { id: "arule_1", name: "r", prompt: "p", cron_expr: "0 9 * * *", gone_attribute: 1 };
    const res = calls.upgrade(rule, { version: 0, raw_state: { json: Buffer.from(JSON.stringify(raw)) } }) as { upgraded_state: { msgpack: Buffer } };
    const state = readDynamic(res.upgraded_state) as Record<string, unknown>;
    expect(Object.keys(state)).toEqual(rule.attributes.map((a) => a.name));
    expect(state).toMatchObject({ id: "arule_1", name: "r", cron_expr: "0 9 * * *", timezone: null, http_post_token: null });
  });

  test("write-only attributes are null in upgraded state, and an import starts from the id alone", () => {
    const raw = { id: "mcp_1", server_name: "s", headers: { Authorization: "x" } };
    const res = calls.upgrade(server, { version: 1, raw_state: { json: Buffer.from(JSON.stringify(raw)) } }) as { upgraded_state: { msgpack: Buffer } };
    expect((readDynamic(res.upgraded_state) as Record<string, unknown>).headers).toBeNull();
    const imported = calls.importState(server, { id: "mcp_1" }) as { imported_resources: { state: { msgpack: Buffer } }[] };
    const stub = readDynamic(imported.imported_resources[0]!.state) as Record<string, unknown>;
    expect(Object.entries(stub).filter(([, v]) => v !== null)).toEqual([["id", "mcp_1"]]);
  });
});

describe("JSON-valued attributes (`Any`)", () => {
  const field = { $ref: "pulumi.json#/Any" };
  test("object and array text is read as the value; other text stays the text Terraform planned", () => {
    expect(fromTf('{"b":1,"a":[2]}', field, TYPES)).toEqual({ b: 1, a: [2] });
    expect(fromTf("[1,2]", field, TYPES)).toEqual([1, 2]);
    expect(fromTf('"x"', field, TYPES)).toBe('"x"');
    expect(fromTf("12", field, TYPES)).toBe("12");
    expect(fromTf("not json", field, TYPES)).toBe("not json");
    expect(toTf({ a: 1 }, field, TYPES)).toBe('{"a":1}');
    expect(sameTfValue('{"a":1,"b":2}', '{ "b": 2, "a": 1 }')).toBe(true);
  });
});
