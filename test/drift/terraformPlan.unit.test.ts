/**
 * `terraformDriftReport` on plans in Terraform's JSON shape (as `terraform show -json` writes
 * them; the real CLI's are read by terraformPlan.test.ts): what the real runs do not reach
 * (sensitive names and whole objects, an adopted server deleted, a skill re-uploaded, a module
 * instance's configuration, refused input), and a property: whatever hostile text the platform
 * or the configuration holds, the Markdown stays inert and no sensitive value reaches the
 * Markdown or the JSON.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DriftError, renderJson, renderMarkdown, terraformDriftReport } from "../../drift";
import { comments, elements, GITHUB_LINKABLE, hostileText, outsideCode, renderHtml, TERMINAL_CONTROL } from "../support/hostileText";

type Props = Record<string, unknown>;
const NAMES = { workspace: "default", configuration: "infra" };
const NOT_SHOWN = "(value not shown)";

interface Drift {
  address: string;
  type: string;
  name: string;
  module?: string;
  before: Props;
  after: Props | null;
  beforeSensitive?: unknown;
  afterSensitive?: unknown;
}

/** A refresh-only plan's JSON: the drift, the refreshed state (drifted ones after the refresh), the configuration's attribute names. */
function plan(drifts: Drift[], configured: Record<string, string[]> = {}, extra: Props = {}): Props {
  const resources = drifts
    .filter((d) => d.after !== null)
    .map((d) => ({ address: d.address, mode: "managed", type: d.type, name: d.name, values: d.after, sensitive_values: d.afterSensitive ?? {} }));
  return {
    format_version: "1.2",
    terraform_version: "1.11.4",
    variables: { app_key: { value: "app-key-in-the-plan" } },
    planned_values: { root_module: {} },
    resource_drift: drifts.map((d) => ({
      address: d.address,
      ...(d.module ? { module_address: d.module } : {}),
      mode: "managed",
      type: d.type,
      name: d.name,
      change: {
        actions: [d.after === null ? "delete" : "update"],
        before: d.before,
        after: d.after,
        before_sensitive: d.beforeSensitive ?? {},
        after_sensitive: d.after === null ? false : (d.afterSensitive ?? {}),
      },
    })),
    prior_state: { format_version: "1.0", values: { root_module: { resources } } },
    configuration: {
      root_module: {
        resources: Object.entries(configured).map(([address, names]) => ({
          address,
          mode: "managed",
          expressions: Object.fromEntries(names.map((n) => [n, { constant_value: `config value of ${n}` }])),
        })),
      },
    },
    ...extra,
  };
}

const rule = (fields: Props = {}): Props => ({
  id: "arule_1",
  rule_id: "arule_1",
  name: "digest",
  prompt: "p",
  cron_expr: "0 9 * * *",
  enabled: true,
  ...fields,
});
const server = (fields: Props = {}): Props => ({
  id: "mcp_1",
  server_id: "mcp_1",
  server_name: "grafana",
  description: "d",
  headers: null,
  headers_keys: [],
  ...fields,
});

describe("terraformDriftReport", () => {
  test("a sensitive name and a whole sensitive object: never shown, the attribute still named", () => {
    const report = terraformDriftReport(
      plan([
        {
          address: "flashdutyai_automation_rule.a",
          type: "flashdutyai_automation_rule",
          name: "a",
          before: rule({ name: "secret-name-1" }),
          after: rule({ name: "secret-name-2", cron_expr: "0 8 * * *" }),
          beforeSensitive: { name: true },
          afterSensitive: { name: true },
        },
        {
          address: "flashdutyai_mcp_server.s",
          type: "flashdutyai_mcp_server",
          name: "s",
          before: server({ description: "secret-description-1" }),
          after: server({ description: "secret-description-2" }),
          beforeSensitive: true,
          afterSensitive: true,
        },
      ]),
      NAMES,
    );
    expect(report.automationRules).toEqual([
      expect.objectContaining({
        name: NOT_SHOWN,
        fields: [
          { field: "cron_expr", before: "0 9 * * *", after: "0 8 * * *" },
          { field: "name", before: NOT_SHOWN, after: NOT_SHOWN },
        ],
      }),
    ]);
    expect(report.mcpServerResources).toEqual([
      expect.objectContaining({ serverId: NOT_SHOWN, serverName: NOT_SHOWN, fields: [{ field: "description", before: NOT_SHOWN, after: NOT_SHOWN }] }),
    ]);
    const printed = renderJson(report) + renderMarkdown(report);
    for (const secret of ["secret-name", "secret-description", "app-key-in-the-plan", "config value"]) expect(printed).not.toContain(secret);
  });

  test("a module instance's configuration decides what is managed; an attribute it leaves to the platform is no drift", () => {
    const address = 'module.team["a.b"].flashdutyai_automation_rule.keyed["x"]';
    const drift: Drift = {
      address,
      module: 'module.team["a.b"]',
      type: "flashdutyai_automation_rule",
      name: "keyed",
      before: rule(),
      after: rule({ enabled: false }),
    };
    const configured = plan([drift]);
    (configured.configuration as { root_module: Props }).root_module.module_calls = {
      team: {
        module: { resources: [{ address: "flashdutyai_automation_rule.keyed", mode: "managed", expressions: { name: {}, prompt: {}, cron_expr: {} } }] },
      },
    };
    expect(terraformDriftReport(configured, NAMES)).toMatchObject({ drift: false, checkedAutomationRules: 1, automationRules: [] });
    // Without a configuration for it (e.g. removed from the configuration), every declared attribute counts.
    expect(terraformDriftReport(plan([drift]), NAMES).automationRules).toEqual([
      expect.objectContaining({ urn: address, resourceName: address, fields: [{ field: "enabled", before: true, after: false }] }),
    ]);
  });

  test("an adopted server deleted on the platform, a skill re-uploaded, an A2A agent's new auth key: in Terraform's words", () => {
    const report = terraformDriftReport(
      plan(
        [
          {
            address: "flashdutyai_mcp_server.adopted",
            type: "flashdutyai_mcp_server",
            name: "adopted",
            before: server({ adopted_server_id: "mcp_1" }),
            after: null,
          },
          {
            address: "flashdutyai_skill.sk",
            type: "flashdutyai_skill",
            name: "sk",
            before: { id: "skill_1", skill_id: "skill_1", skill_name: "sk", source: "./skill", source_hash: "aa", description: "x" },
            after: { id: "skill_1", skill_id: "skill_1", skill_name: "sk", source: "./skill", source_hash: "bb", description: "x" },
          },
          {
            address: "flashdutyai_a2a_agent.ag",
            type: "flashdutyai_a2a_agent",
            name: "ag",
            before: { id: "a2a_1", agent_id: "a2a_1", agent_name: "ag", auth_config: null, auth_config_keys: ["token"] },
            after: { id: "a2a_1", agent_id: "a2a_1", agent_name: "ag", auth_config: null, auth_config_keys: ["token", "X-Team"] },
          },
        ],
        { "flashdutyai_skill.sk": ["source"], "flashdutyai_a2a_agent.ag": ["agent_name", "auth_config"] },
      ),
      NAMES,
    );
    expect(report.mcpServerResources).toEqual([expect.objectContaining({ observed: "deleted", nextUp: "failNotFound" })]);
    expect(report.skillResources).toEqual([expect.objectContaining({ nextUp: "upload", fields: [{ field: "source_hash", before: "aa", after: "bb" }] })]);
    expect(report.a2aAgentResources).toEqual([expect.objectContaining({ fields: [{ field: "auth_config.X-Team", before: null, after: NOT_SHOWN }] })]);
    const markdown = renderMarkdown(report);
    expect(markdown).toContain("`apply` adopts the `server_id` again and finds no server (`MCP server 'mcp_1' (the server_id input) not found`)");
    expect(markdown).toContain("uploads the `source` folder again (same skill id)");
    expect(markdown).toContain("`auth_config.X-Team` added");
    expect(markdown).toContain("### Skills declared in the configuration (`flashdutyai_skill`)");
  });

  test("refused: not a plan, another major format, a plan that stopped on an error; other providers' resources and deposed objects are not read", () => {
    const kind = (value: unknown) => {
      try {
        terraformDriftReport(value, NAMES);
        return "none";
      } catch (err) {
        return err instanceof DriftError ? err.kind : String(err);
      }
    };
    expect(kind([])).toBe("invalidArguments");
    expect(kind({ format_version: "2.0", planned_values: {} })).toBe("invalidArguments");
    expect(kind({ format_version: "1.0", values: {} })).toBe("invalidArguments");
    expect(kind({ ...plan([]), errored: true })).toBe("previewFailed");
    const other = plan([{ address: "aws_s3_bucket.b", type: "aws_s3_bucket", name: "b", before: { id: "b" }, after: null }]);
    expect(terraformDriftReport(other, NAMES)).toMatchObject({ drift: false, checkedServers: 0 });
    // A deposed object (a failed create_before_destroy) is not the declared instance.
    const deposed = plan([{ address: "flashdutyai_automation_rule.a", type: "flashdutyai_automation_rule", name: "a", before: rule(), after: null }]);
    (deposed.resource_drift as Props[])[0]!.deposed = "00000001";
    expect(terraformDriftReport(deposed, NAMES)).toMatchObject({ drift: false });
    // In the refreshed state a deposed object carries `deposed_key`: not counted as a declared instance.
    const inState = plan([{ address: "flashdutyai_automation_rule.a", type: "flashdutyai_automation_rule", name: "a", before: rule(), after: rule() }], {}, {});
    inState.resource_drift = [];
    const stateValues = (inState.prior_state as { values: { root_module: { resources: Props[] } } }).values.root_module.resources;
    expect(terraformDriftReport(inState, NAMES)).toMatchObject({ drift: false, checkedAutomationRules: 1 });
    stateValues[0]!.deposed_key = "00000001";
    expect(terraformDriftReport(inState, NAMES)).not.toHaveProperty("checkedAutomationRules");
  });

  test("property: hostile text from the platform and the configuration stays inert, and no sensitive value is shown", () => {
    const secret = fc.string({ minLength: 4, maxLength: 20 }).map((s) => `SECRET${s}`);
    fc.assert(
      fc.property(hostileText(), hostileText(), hostileText(), hostileText(), secret, (platform, key, workspace, version, hidden) => {
        const address = `flashdutyai_mcp_server.s[${JSON.stringify(key)}]`;
        const report = terraformDriftReport(
          plan(
            [
              {
                address,
                type: "flashdutyai_mcp_server",
                name: "s",
                before: server({ server_name: platform, description: "d", url: hidden }),
                after: server({ server_name: platform, description: platform, url: `${hidden}2`, headers_keys: [platform] }),
                beforeSensitive: { url: true },
                afterSensitive: { url: true },
              },
              {
                address: "flashdutyai_mcp_server_disablement.d",
                type: "flashdutyai_mcp_server_disablement",
                name: "d",
                before: { id: "mcp_x", server_id: "mcp_x", server_name: platform, status: "disabled" },
                after: { id: "mcp_x", server_id: "mcp_x", server_name: platform, status: "enabled" },
              },
            ],
            { "flashdutyai_mcp_server.s": ["server_name", "description", "url", "headers"] },
            { terraform_version: version },
          ),
          { workspace, configuration: platform },
        );
        const markdown = renderMarkdown(report);
        const json = renderJson(report);
        expect(markdown).not.toContain(hidden);
        expect(json).not.toContain(hidden);
        expect(markdown.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
        expect(json.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
        const html = renderHtml(markdown);
        expect(elements(html).filter((e) => !["p", "strong", "code", "h3", "table", "thead", "tbody", "tr", "th", "td", "sub"].includes(e))).toEqual([]);
        expect(comments(html)).toHaveLength(1);
        expect(markdown.trimEnd().split("\n").pop()).toMatch(/^<!-- pulumi-flashduty-drift terraform=[A-Za-z0-9_./%-]* -->$/);
        // The marker is an HTML comment: never rendered, so nothing in it is linked.
        expect(outsideCode(html).replace(/<!--[^>]*-->/g, "")).not.toMatch(GITHUB_LINKABLE);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(report)));
      }),
      { numRuns: 150 },
    );
  });
});
