/**
 * The client against the real emulator (`emulator/`) over HTTP on 127.0.0.1: every operation,
 * permissions and error codes as the platform answers them, faults (429, 5xx, resets, lost
 * answers, proxy HTML, latency), the server-side rate limit, and listAll against the emulator's
 * own view of visibility.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import {
  FlashdutyApiError,
  FlashdutyClient,
  FlashdutyPagingError,
  FlashdutyResponseError,
  FlashdutyTimeoutError,
  type AutomationRule,
  type ListAllAutomationRulesParams,
} from "../../sdk";
import { emulatorPerFile, flashdutyRejection } from "../support/sdkEmulator";

const shared = emulatorPerFile();
const { client } = shared;

const caught = (p: Promise<unknown>) => flashdutyRejection(p, Object.values(shared.em.keys));

/** Independent of the models in sdk/resources/: snake_case keys to camelCase, one level. */
function camel(o: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
}

async function all(c: FlashdutyClient, params?: ListAllAutomationRulesParams): Promise<AutomationRule[]> {
  const out: AutomationRule[] = [];
  for await (const r of c.automationRules.listAll(params)) out.push(r);
  return out;
}

describe("MCP servers", () => {
  test("get returns each seed server in camelCase, every field, optional ones absent where the wire lacks them", async () => {
    const account1 = shared.em.servers().filter((w) => w.account_id === 1);
    for (const wire of account1) {
      const s = await client().mcpServers.get({ serverId: wire.server_id });
      const { canEdit: _c, ...rest } = s;
      const { canEdit: _wc, ...expected } = camel(wire);
      expect(rest).toStrictEqual(expected);
    }
    const grafana = await client().mcpServers.get({ serverId: "mcp_grafana" });
    expect(grafana).toMatchObject({ status: "enabled", teamId: 1, transport: "sse", headers: { Authorization: "******" } });
  });

  test("disable, then disable again (InvalidParameter, nothing ambiguous), then enable", async () => {
    const c = client();
    await c.mcpServers.disable({ serverId: "mcp_prometheus" });
    expect(shared.em.server("mcp_prometheus")!.status).toBe("disabled");
    expect((await c.mcpServers.get({ serverId: "mcp_prometheus" })).status).toBe("disabled");

    const again = (await caught(c.mcpServers.disable({ serverId: "mcp_prometheus" }))) as FlashdutyApiError;
    expect(again).toBeInstanceOf(FlashdutyApiError);
    expect(again.isInvalidParameter).toBe(true);
    expect(again.httpStatus).toBe(400);
    expect(again.requestId).toBeTruthy();
    expect(again.message).toContain(again.requestId!);
    expect(again.mayHaveApplied).toBe(false);

    await c.mcpServers.enable({ serverId: "mcp_prometheus" });
    expect(shared.em.server("mcp_prometheus")!.status).toBe("enabled");
    const audit = shared.em.audit().filter((a) => a.serverId === "mcp_prometheus");
    expect(audit.map((a) => [a.operation, a.outcome])).toEqual([
      ["disable", "success"],
      ["disable", "InvalidParameter"],
      ["enable", "success"],
    ]);
  });

  test("an unknown server is ResourceNotFound (HTTP 400): isNotFound", async () => {
    const e = (await caught(client().mcpServers.get({ serverId: "mcp_nope" }))) as FlashdutyApiError;
    expect(e.isNotFound).toBe(true);
    expect(e.httpStatus).toBe(400);
    expect(e.attempts).toBe(1);
  });

  test("permissions: no ai-sre, another team, another account, a bad key", async () => {
    expect(((await caught(client("noAiSre").mcpServers.disable({ serverId: "mcp_k8s" }))) as FlashdutyApiError).isAccessDenied).toBe(true);
    const otherTeam = (await caught(client("teamMember2").mcpServers.disable({ serverId: "mcp_grafana" }))) as FlashdutyApiError;
    expect(otherTeam.isAccessDenied || otherTeam.isNotFound).toBe(true);
    const bad = new FlashdutyClient({ appKey: "not-a-key", baseUrl: shared.em.url });
    const unauthorized = (await caught(bad.mcpServers.get({ serverId: "mcp_grafana" }))) as FlashdutyApiError;
    expect(unauthorized.isUnauthorized).toBe(true);
    expect(unauthorized.httpStatus).toBe(401);
    expect(unauthorized.message).not.toContain("not-a-key");
    expect(shared.em.server("mcp_grafana")!.status).toBe("enabled");
  });

  test("list pages and filters", async () => {
    const c = client();
    const page = await c.mcpServers.list({ page: 1, limit: 5 });
    expect(page.servers).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(5);
    const team1 = await c.mcpServers.list({ teamIds: [1], limit: 100 });
    expect(team1.servers.length).toBeGreaterThan(0);
    for (const s of team1.servers) expect([0, 1]).toContain(s.teamId);
  });
});

describe("automation rules", () => {
  test.each<[keyof Emulator["keys"], ListAllAutomationRulesParams | undefined]>([
    ["admin", undefined],
    ["member", undefined],
    ["member", { scope: "personal" }],
    ["admin", { scope: "team", enabled: true }],
    ["admin", { teamIds: [1, 2], limit: 7 }],
    ["teamMember2", { enabled: false }],
    ["otherAccount", undefined],
    ["admin", { keyword: "digest" }],
    ["member", { includePerson: false }],
  ])("listAll for %s %j equals the emulator's view, in API order", async (key, params) => {
    const got = await all(client(key), params);
    const expected = shared.em.visibleRules(shared.em.keys[key], params);
    expect(got.map((r) => r.ruleId)).toEqual(expected.map((r) => r.rule_id));
    expect(got).toStrictEqual(expected.map((r) => camel(r)));
  });

  test("list returns one page with total", async () => {
    const expected = shared.em.visibleRules(shared.em.keys.admin);
    const page = await client().automationRules.list({ page: 2, limit: 10 });
    expect(page.total).toBe(expected.length);
    expect(page.rules.map((r) => r.ruleId)).toEqual(expected.slice(10, 20).map((r) => r.rule_id));
  });
});

describe("automation templates", () => {
  test.each(["en-US", "zh-CN"])("list(%s) equals the emulator's templates", async (locale) => {
    const res = await client().automationTemplates.list({ locale });
    expect(res.templates).toEqual(shared.em.templates(locale));
  });

  test("without locale, Accept-Language picks the language", async () => {
    const res = await client("admin", { acceptLanguage: "zh-CN" }).automationTemplates.list();
    expect(res.templates).toEqual(shared.em.templates("zh-CN"));
  });
});

describe("faults", () => {
  test("a 429 with Retry-After: 1 is retried no earlier than 1 s", async () => {
    shared.em.setFaults([{ operation: "automationTemplate.list", kind: "rateLimit", count: 1, retryAfterSeconds: 1 }]);
    const logs: string[] = [];
    const started = performance.now();
    await client("admin", { log: (m) => logs.push(m) }).automationTemplates.list({ locale: "en-US" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("RequestTooFrequently, HTTP 429");
    expect(shared.em.counters()["automationTemplate.list"].statuses).toMatchObject({ "429": 1, "200": 1 });
  });

  test("5xx errors are retried to success", async () => {
    shared.em.setFaults([{ operation: "mcpServer.get", kind: "error", status: 503, count: 2 }]);
    const s = await client("admin", { maxRetries: 2 }).mcpServers.get({ serverId: "mcp_k8s" });
    expect(s.serverId).toBe("mcp_k8s");
    expect(shared.em.counters()["mcpServer.get"].requests).toBe(3);
  });

  test("a reset connection is retried", async () => {
    shared.em.setFaults([{ operation: "mcpServer.list", kind: "reset", count: 1 }]);
    await expect(client("admin", { maxRetries: 1 }).mcpServers.list()).resolves.toHaveProperty("total");
  });

  test("applyThenDrop on disable: the error says an attempt may have applied, and it did", async () => {
    shared.em.setFaults([{ operation: "mcpServer.disable", kind: "applyThenDrop", count: 1 }]);
    const e = (await caught(client("admin", { maxRetries: 1 }).mcpServers.disable({ serverId: "mcp_github" }))) as FlashdutyApiError;
    expect(e).toBeInstanceOf(FlashdutyApiError);
    expect(e.isInvalidParameter).toBe(true);
    expect(e.attempts).toBe(2);
    expect(e.mayHaveApplied).toBe(true);
    expect(shared.em.server("mcp_github")!.status).toBe("disabled");
  });

  test("applyThenDrop without retries: a connection error with mayHaveApplied", async () => {
    shared.em.setFaults([{ operation: "mcpServer.enable", kind: "applyThenDrop", count: 1 }]);
    const e = await caught(client("admin", { maxRetries: 0 }).mcpServers.enable({ serverId: "mcp_jira" }));
    expect(e.constructor.name).toBe("FlashdutyConnectionError");
    expect(e.mayHaveApplied).toBe(true);
    expect(shared.em.server("mcp_jira")!.status).toBe("enabled");
  });

  test("a proxy's HTML 502 is a FlashdutyResponseError at (body)", async () => {
    shared.em.setFaults([{ operation: "automationRule.list", kind: "proxyHtml" }]);
    const e = (await caught(client("admin", { maxRetries: 0 }).automationRules.list())) as FlashdutyResponseError;
    expect(e).toBeInstanceOf(FlashdutyResponseError);
    expect(e.httpStatus).toBe(502);
    expect(e.path).toBe("(body)");
  });

  test("latency beyond timeoutMs is a FlashdutyTimeoutError", async () => {
    shared.em.setFaults([{ operation: "mcpServer.get", kind: "latency", latencyMs: 400 }]);
    const e = await caught(client("admin", { timeoutMs: 100, maxRetries: 0 }).mcpServers.get({ serverId: "mcp_k8s" }));
    expect(e).toBeInstanceOf(FlashdutyTimeoutError);
  });
});

describe("rate limits", () => {
  test("with the client's limiter matching the server's, a burst sees no 429", async () => {
    const limits = { perSecond: 4, perMinute: 1000 };
    shared.em.setLimits(limits);
    const c = client("member", { rateLimit: limits, maxRetries: 0 });
    await Promise.all(Array.from({ length: 8 }, () => c.automationTemplates.list({ locale: "en-US" })));
    expect(shared.em.counters()["automationTemplate.list"].statuses).toEqual({ "200": 8 });
  });

  test("without the limiter, the server's 429s are retried after Retry-After to success", async () => {
    shared.em.setLimits({ perSecond: 3, perMinute: 1000 });
    const c = client("noAiSre", { rateLimit: false, maxRetries: 3 });
    const res = await Promise.all(Array.from({ length: 5 }, () => c.automationTemplates.list({ locale: "en-US" })));
    expect(res).toHaveLength(5);
    const statuses = shared.em.counters()["automationTemplate.list"].statuses;
    expect(statuses["200"]).toBe(5);
    expect(statuses["429"]).toBeGreaterThanOrEqual(2);
  });
});

describe("listAll at scale", () => {
  let big: Emulator;
  beforeAll(async () => {
    big = await startEmulator({ port: 0, seed: { rules: 16_000 } });
  });
  afterAll(async () => {
    await big.close();
  });

  // How close this comes to the rate-limit floor is measured in bench/ (timing goals are not test assertions).
  test("reads thousands of rules at production limits without a 429", async () => {
    const key = big.keys.member;
    const expected = big.visibleRules(key);
    expect(expected.length).toBeGreaterThan(5_000);
    const c = new FlashdutyClient({ appKey: key, baseUrl: big.url });
    const got = await all(c);
    expect(got.map((r) => r.ruleId)).toEqual(expected.map((r) => r.rule_id));
    const requests = Math.ceil(expected.length / 100) + (expected.length % 100 === 0 ? 1 : 0);
    expect(big.counters()["automationRule.list"].statuses).toEqual({ "200": requests });
  });

  test("more than 10000 visible rules: a window error after one request", async () => {
    const key = big.keys.admin;
    expect(big.visibleRules(key).length).toBeGreaterThan(10_000);
    big.resetCounters();
    const e = await caught(all(new FlashdutyClient({ appKey: key, baseUrl: big.url })));
    expect(e).toBeInstanceOf(FlashdutyPagingError);
    expect((e as FlashdutyPagingError).reason).toBe("window");
    expect(big.counters()["automationRule.list"].requests).toBe(1);
  });
});
