/**
 * Golden wire tests: the exact request each operation sends (method, path, query, headers, JSON
 * body) and the parsing of the spec's example answers, over real HTTP to a recording peer.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { FlashdutyClient, VERSION, type AutomationRule } from "../../sdk";
import { ok, SECRET_KEY, startRecorder, wireRule, wireServer, type Recorder } from "../support/recorder";

let rec: Recorder;
let client: FlashdutyClient;

beforeEach(async () => {
  rec = await startRecorder();
  client = new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: `${rec.url}/`, maxRetries: 0 });
});
afterEach(async () => {
  await rec.close();
});

function only() {
  expect(rec.requests).toHaveLength(1);
  return rec.requests[0]!;
}

describe("requests", () => {
  test("every call is a JSON POST with app_key in the query and the default user agent", async () => {
    await client.mcpServers.disable({ serverId: "mcp_grafana" });
    const r = only();
    expect(r.method).toBe("POST");
    expect(r.path).toBe("/safari/mcp/server/disable");
    expect(r.query).toEqual({ app_key: SECRET_KEY });
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers.accept).toBe("application/json");
    expect(r.headers["user-agent"]).toBe(`pulumi-flashduty/${VERSION}`);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.headers["accept-language"]).toBeUndefined();
    expect(r.rawBody).toBe('{"server_id":"mcp_grafana"}');
  });

  test("userAgent, acceptLanguage and a base URL path prefix are honoured", async () => {
    const c = new FlashdutyClient({
      appKey: SECRET_KEY,
      baseUrl: `${rec.url}/prefix/`,
      userAgent: "my-tool/2",
      acceptLanguage: "zh-CN",
      rateLimit: false,
    });
    await c.mcpServers.enable({ serverId: "mcp_jira" });
    const r = only();
    expect(r.path).toBe("/prefix/safari/mcp/server/enable");
    expect(r.headers["user-agent"]).toBe("my-tool/2");
    expect(r.headers["accept-language"]).toBe("zh-CN");
    expect(r.body).toEqual({ server_id: "mcp_jira" });
  });

  test("an app key with reserved characters is percent-encoded", async () => {
    const c = new FlashdutyClient({ appKey: "a&b=c d", baseUrl: rec.url, rateLimit: false });
    await c.mcpServers.enable({ serverId: "mcp_x" });
    expect(only().query).toEqual({ app_key: "a&b=c d" });
  });

  test.each([
    ["disable", "/safari/mcp/server/disable"],
    ["enable", "/safari/mcp/server/enable"],
  ] as const)("mcpServers.%s sends {server_id} and resolves to undefined on data null", async (method, path) => {
    await expect(client.mcpServers[method]({ serverId: "mcp_k8s" })).resolves.toBeUndefined();
    const r = only();
    expect(r.path).toBe(path);
    expect(r.body).toEqual({ server_id: "mcp_k8s" });
  });

  test("mcpServers.get sends {server_id}", async () => {
    rec.respond(() => ok(wireServer("mcp_github")));
    await client.mcpServers.get({ serverId: "mcp_github" });
    const r = only();
    expect(r.path).toBe("/safari/mcp/server/get");
    expect(r.rawBody).toBe('{"server_id":"mcp_github"}');
  });

  test.each([
    [undefined, {}],
    [{}, {}],
    [
      { page: 2, limit: 50 },
      { p: 2, limit: 50 },
    ],
    [{ scope: "account" }, { scope: "account" }],
    [{ query: "graf" }, { query: "graf" }],
    [{ teamIds: [1, 3] }, { team_ids: [1, 3] }],
    [{ includeAccount: false }, { include_account: false }],
    [{ includeAccount: null }, { include_account: null }],
    [
      { page: 1, limit: 100, scope: "team", query: "k", teamIds: [2], includeAccount: true },
      { p: 1, limit: 100, scope: "team", query: "k", team_ids: [2], include_account: true },
    ],
  ] as const)("mcpServers.list(%j) sends exactly %j", async (params, body) => {
    rec.respond(() => ok({ total: 0, servers: [] }));
    await client.mcpServers.list(params as never);
    const r = only();
    expect(r.path).toBe("/safari/mcp/server/list");
    expect(r.body).toStrictEqual(body);
  });

  test.each([
    [undefined, {}],
    [{ page: 3 }, { p: 3 }],
    [{ limit: 100 }, { limit: 100 }],
    [{ scope: "all" }, { scope: "all" }],
    [{ scope: "personal" }, { scope: "personal" }],
    [{ scope: "team" }, { scope: "team" }],
    [{ teamIds: [] }, { team_ids: [] }],
    [{ teamIds: [11, 12] }, { team_ids: [11, 12] }],
    [{ includePerson: false }, { include_person: false }],
    [{ includePerson: null }, { include_person: null }],
    [{ enabled: true }, { enabled: true }],
    [{ enabled: false }, { enabled: false }],
    [{ enabled: null }, { enabled: null }],
    [{ keyword: "health" }, { keyword: "health" }],
    [
      { page: 2, limit: 10, scope: "team", teamIds: [11], includePerson: true, enabled: true, keyword: "日报" },
      { p: 2, limit: 10, scope: "team", team_ids: [11], include_person: true, enabled: true, keyword: "日报" },
    ],
  ] as const)("automationRules.list(%j) sends exactly %j", async (params, body) => {
    rec.respond(() => ok({ total: 0, rules: [] }));
    await client.automationRules.list(params as never);
    const r = only();
    expect(r.path).toBe("/safari/automation/rule/list");
    expect(r.query).toEqual({ app_key: SECRET_KEY });
    expect(r.body).toStrictEqual(body);
  });

  test("automationRules.listAll sends p and limit 100 by default, with the filters", async () => {
    rec.respond(() => ok({ total: 1, rules: [wireRule(1)] }));
    const got: AutomationRule[] = [];
    for await (const rule of client.automationRules.listAll({ scope: "team", enabled: true, keyword: "x" })) got.push(rule);
    expect(got).toHaveLength(1);
    expect(only().body).toStrictEqual({ p: 1, limit: 100, scope: "team", enabled: true, keyword: "x" });
  });

  test.each([
    [undefined, {}],
    [{}, {}],
    [{ locale: "en-US" }, { locale: "en-US" }],
    [{ locale: "zh-CN" }, { locale: "zh-CN" }],
  ] as const)("automationTemplates.list(%j) sends exactly %j", async (params, body) => {
    rec.respond(() => ok({ templates: [] }));
    await client.automationTemplates.list(params);
    const r = only();
    expect(r.path).toBe("/safari/automation/template/list");
    expect(r.body).toStrictEqual(body);
  });
});

describe("responses", () => {
  test("a rule list (docs/platform-api.md, automation rule object) maps every field to camelCase", async () => {
    rec.respond(() => ok({ total: 1, rules: [wireRule(7)] }, "req-rules"));
    const page = await client.automationRules.list({ limit: 1 });
    expect(page).toStrictEqual({
      total: 1,
      rules: [
        {
          ruleId: "arule_00007",
          accountId: 1001,
          teamId: 11,
          ownerId: 501,
          name: "Daily health check 7",
          enabled: true,
          runScope: "team",
          cronExpr: "0 9 * * 1",
          timezone: "Asia/Shanghai",
          prompt: "Summarize yesterday's incidents",
          environmentKind: "",
          environmentId: "",
          scheduleTriggerId: "atrig_s7",
          scheduleTriggerEnabled: true,
          httpPostTriggerId: "atrig_h7",
          httpPostTriggerUrl: "/safari/automation/triggers/atrig_h7/fire",
          httpPostTriggerEnabled: false,
          canEdit: true,
          createdAt: 1718000000000,
          updatedAt: 1718000500000,
          scheduleNextFireAtMs: 1718600000000,
          oncallIncidentTriggerId: "atrig_o7",
          oncallIncidentTriggerEnabled: true,
          oncallIncidentChannelIds: [2001, 2002],
          oncallIncidentSeverities: ["Critical", "Warning"],
        },
      ],
    });
  });

  test("a rule of an old row without timezone parses with timezone ''", async () => {
    const { timezone: _omit, ...old } = wireRule(1);
    rec.respond(() => ok({ total: 1, rules: [old] }));
    const page = await client.automationRules.list();
    expect(page.rules[0]!.timezone).toBe("");
  });

  test("unknown fields anywhere are tolerated and dropped", async () => {
    rec.respond(() => ({
      json: {
        request_id: "r",
        data: { total: 1, rules: [wireRule(1, { future_field: { x: 1 } })], has_next_page: false },
        trace: "abc",
      },
    }));
    const page = await client.automationRules.list();
    expect(page.rules[0]).not.toHaveProperty("futureField");
    expect(page.rules[0]).not.toHaveProperty("future_field");
    expect(page.total).toBe(1);
  });

  test("templates (docs/platform-api.md, automation templates) map as-is", async () => {
    const tpl = { name: "Daily briefing", description: "Every morning", icon: "sun", enabled: true, prompt: "Brief me" };
    rec.respond(() => ok({ templates: [tpl, { ...tpl, name: "Weekly", enabled: false }] }));
    const res = await client.automationTemplates.list({ locale: "en-US" });
    expect(res).toStrictEqual({ templates: [tpl, { ...tpl, name: "Weekly", enabled: false }] });
  });

  test("an MCP server (docs/platform-api.md, MCP server object) maps to camelCase", async () => {
    rec.respond(() => ok(wireServer("mcp_grafana")));
    expect(await client.mcpServers.get({ serverId: "mcp_grafana" })).toStrictEqual({
      serverId: "mcp_grafana",
      accountId: 1001,
      teamId: 1,
      canEdit: true,
      environments: ["cloud"],
      serverName: "Grafana",
      description: "Dashboards",
      transport: "streamable-http",
      status: "enabled",
      connectTimeout: 10,
      callTimeout: 60,
      createdBy: 501,
      createdAt: 1718000000000,
      updatedAt: 1718000500000,
      url: "https://grafana.example/mcp",
      headers: { Authorization: "******" },
      authMode: "shared",
    });
  });

  test("a stdio MCP server with every optional field, and the legacy fields of older API versions", async () => {
    const secretSchema = '[{"key":"TOKEN","required":true}]';
    rec.respond(() =>
      ok(
        wireServer("mcp_gh", {
          transport: "stdio",
          url: undefined,
          headers: undefined,
          environments: [],
          ai_description: "For the agent",
          command: "npx",
          args: ["-y", "server-github"],
          env: { TOKEN: "******" },
          proxy_url: "http://proxy:3128",
          allow_insecure_oauth_http: false,
          allow_insecure_tls_skip_verify: true,
          auth_mode: "per_user_secret",
          secret_schema: secretSchema,
          oauth_metadata: "{}",
          source_template_name: "GitHub",
          tools: [{ name: "search_repos", description: "Search" }, { name: "get_pr" }],
          tool_count: 2,
          list_error: "",
          environment_kind: "cloud",
          environment_id: "",
        }),
      ),
    );
    const s = await client.mcpServers.get({ serverId: "mcp_gh" });
    expect(s).toMatchObject({
      environments: [],
      aiDescription: "For the agent",
      command: "npx",
      args: ["-y", "server-github"],
      env: { TOKEN: "******" },
      proxyUrl: "http://proxy:3128",
      allowInsecureOauthHttp: false,
      allowInsecureTlsSkipVerify: true,
      authMode: "per_user_secret",
      secretSchema,
      oauthMetadata: "{}",
      sourceTemplateName: "GitHub",
      tools: [{ name: "search_repos", description: "Search" }, { name: "get_pr" }],
      toolCount: 2,
      listError: "",
      environmentKind: "cloud",
      environmentId: "",
    });
    expect(s).not.toHaveProperty("url");
    expect(s).not.toHaveProperty("headers");
  });

  test("secret_schema and oauth_metadata sent as an array or object (older servers) read as their JSON text", async () => {
    rec.respond(() =>
      ok(
        wireServer("mcp_old", {
          auth_mode: "per_user_secret",
          secret_schema: [{ key: "TOKEN", label: "Token", required: true }],
          oauth_metadata: { issuer: "https://auth.example" },
        }),
      ),
    );
    const s = await client.mcpServers.get({ serverId: "mcp_old" });
    expect(s.secretSchema).toBe('[{"key":"TOKEN","label":"Token","required":true}]');
    expect(s.oauthMetadata).toBe('{"issuer":"https://auth.example"}');
    expect(JSON.parse(s.secretSchema!)).toEqual([{ key: "TOKEN", label: "Token", required: true }]);
  });

  test("an MCP server with only the required fields: optional ones are absent (no key), null lists are []", async () => {
    const { url: _u, headers: _h, auth_mode: _a, ...required } = wireServer("mcp_min", { environments: null, team_id: 0, status: "disabled" });
    rec.respond(() => ok(required));
    const s = await client.mcpServers.get({ serverId: "mcp_min" });
    expect(s).toStrictEqual({
      serverId: "mcp_min",
      accountId: 1001,
      teamId: 0,
      canEdit: true,
      environments: [],
      serverName: "Grafana",
      description: "Dashboards",
      transport: "streamable-http",
      status: "disabled",
      connectTimeout: 10,
      callTimeout: 60,
      createdBy: 501,
      createdAt: 1718000000000,
      updatedAt: 1718000500000,
    });
  });

  test("optional MCP server fields sent as null are absent; malformed legacy fields are ignored, never fatal", async () => {
    rec.respond(() =>
      ok(
        wireServer("mcp_n", {
          url: null,
          headers: null,
          args: null,
          env: null,
          auth_mode: null,
          secret_schema: null,
          tools: "not a list",
          tool_count: "many",
          list_error: 5,
          environment_kind: {},
          environment_id: null,
        }),
      ),
    );
    const s = await client.mcpServers.get({ serverId: "mcp_n" });
    for (const key of ["url", "headers", "env", "authMode", "secretSchema", "tools", "toolCount", "listError", "environmentKind", "environmentId"]) {
      expect(s).not.toHaveProperty(key);
    }
    expect(s.args).toEqual([]);
  });

  test("a rule without HTTP POST, schedule and on-call triggers: the trigger fields are absent (no key)", async () => {
    const {
      schedule_trigger_id: _s,
      http_post_trigger_id: _h,
      http_post_trigger_url: _u,
      oncall_incident_trigger_id: _o,
      oncall_incident_channel_ids: _c,
      oncall_incident_severities: _v,
      timezone: _t,
      ...bare
    } = wireRule(3, { schedule_trigger_enabled: false, http_post_trigger_enabled: false, oncall_incident_trigger_enabled: false });
    rec.respond(() =>
      ok({ total: 2, rules: [bare, wireRule(4, { oncall_incident_channel_ids: null, oncall_incident_severities: null, http_post_trigger_id: null })] }),
    );
    const { rules } = await client.automationRules.list();
    for (const key of [
      "scheduleTriggerId",
      "httpPostTriggerId",
      "httpPostTriggerUrl",
      "oncallIncidentTriggerId",
      "oncallIncidentChannelIds",
      "oncallIncidentSeverities",
    ]) {
      expect(rules[0]).not.toHaveProperty(key);
    }
    expect(rules[0]!.timezone).toBe("");
    expect(rules[1]).toMatchObject({ oncallIncidentChannelIds: [], oncallIncidentSeverities: [], scheduleTriggerId: "atrig_s4" });
    expect(rules[1]).not.toHaveProperty("httpPostTriggerId");
  });

  test("mcpServers.list maps {total, servers}", async () => {
    rec.respond(() => ok({ total: 2, servers: [wireServer("mcp_a"), wireServer("mcp_b", { team_id: 0 })] }));
    const res = await client.mcpServers.list({ limit: 2 });
    expect(res.total).toBe(2);
    expect(res.servers.map((s) => [s.serverId, s.teamId])).toEqual([
      ["mcp_a", 1],
      ["mcp_b", 0],
    ]);
  });

  test("disable tolerates a non-null data (forward compatibility)", async () => {
    rec.respond(() => ok({ something: "new" }));
    await expect(client.mcpServers.disable({ serverId: "mcp_a" })).resolves.toBeUndefined();
  });
});
