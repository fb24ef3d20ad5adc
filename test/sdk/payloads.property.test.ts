/**
 * Property-based: payloads generated from the tables of docs/platform-api.md ("MCP server object",
 * "Automation rule object", "JSON types") are served over real HTTP on 127.0.0.1 by a peer that answers
 * the generated body, and
 * - the client reads every one (each optional field present, absent or null; unknown extra
 *   fields; older rows without `timezone`; `error: null` and success codes; null lists; `data`
 *   absent or null for disable/enable; legacy MCP server fields of any shape), and
 * - the data sources return outputs that serialize: no `undefined` anywhere, equal after a JSON
 *   round trip and after Pulumi's own runtime serialization.
 *
 * The expected models are computed here from the tables (an oracle independent of the models in sdk/resources/).
 */
import * as pulumi from "@pulumi/pulumi";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getAutomationRules, getAutomationTemplates } from "../../provider";
import { FlashdutyClient } from "../../sdk";
import { camelKey } from "../support/camelKeys";
import { SECRET_KEY, startRecorder, type Recorder } from "../support/recorder";

/** Runs per property: enough to cover every combination of the small enums, moderate on a shared CPU. */
const RUNS = 60;

// ---------------------------------------------------------------- the tables as arbitraries

const int32 = fc.integer({ min: 0, max: 2_147_483_647 });
const epochMs = fc.oneof(fc.constant(0), fc.integer({ min: 1_500_000_000_000, max: 2_000_000_000_000 }));
const text = fc.string({ unit: "grapheme", maxLength: 40 });
const triggerId = fc.stringMatching(/^atrig_[0-9a-f]{16}$/);

/** Optional in the schema: generated present, absent (by `fc.record`'s `requiredKeys`) or `null`. */
const orNull = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null, freq: 3 });

/** Fields a newer server might add: any JSON, under names the schema does not use. */
function unknownFields(known: readonly string[]) {
  const taken = new Set(known);
  const name = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !taken.has(k) && k !== "__proto__");
  return fc.dictionary(name, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
}

/** Generated fields first, unknown ones underneath (a generated field always wins). */
function withUnknown<T extends Record<string, unknown>>(record: fc.Arbitrary<T>, known: readonly string[]) {
  return fc.tuple(record, unknownFields(known)).map(([r, extra]) => ({ ...extra, ...r }));
}

const RULE_REQUIRED = {
  account_id: int32,
  team_id: int32,
  owner_id: int32,
  name: text,
  enabled: fc.boolean(),
  run_scope: fc.constantFrom("person", "team"),
  cron_expr: fc.constantFrom("0 9 * * 1-5", "*/15 * * * *", "0 0 * * *"),
  prompt: text,
  environment_kind: fc.constantFrom("", "cloud", "byoc"),
  environment_id: fc.constantFrom("", "env_1", "runner_a"),
  schedule_trigger_enabled: fc.boolean(),
  http_post_trigger_enabled: fc.boolean(),
  oncall_incident_trigger_enabled: fc.boolean(),
  can_edit: fc.boolean(),
  created_at: epochMs,
  updated_at: epochMs,
  schedule_next_fire_at_ms: epochMs,
};
const RULE_OPTIONAL = {
  // Required in the schema, but older rows lack it: absent, null, "" (UTC) or an IANA name.
  timezone: orNull(fc.constantFrom("", "UTC", "Asia/Shanghai", "America/New_York")),
  schedule_trigger_id: orNull(triggerId),
  http_post_trigger_id: orNull(triggerId),
  http_post_trigger_url: orNull(triggerId.map((id) => `/safari/automation/triggers/${id}/fire`)),
  oncall_incident_trigger_id: orNull(triggerId),
  oncall_incident_channel_ids: orNull(fc.array(int32, { maxLength: 3 })),
  oncall_incident_severities: orNull(fc.subarray(["Critical", "Warning", "Info"])),
};
const RULE_KEYS = ["rule_id", ...Object.keys(RULE_REQUIRED), ...Object.keys(RULE_OPTIONAL)];

/** Rules with distinct ids (the id is the rule's identity; the data source sorts by it). */
const rules = fc
  .uniqueArray(fc.stringMatching(/^arule_[0-9a-f]{6,12}$/), { maxLength: 6 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((rule_id) =>
        withUnknown(
          fc.record(
            { rule_id: fc.constant(rule_id), ...RULE_REQUIRED, ...RULE_OPTIONAL },
            { requiredKeys: ["rule_id", ...(Object.keys(RULE_REQUIRED) as (keyof typeof RULE_REQUIRED)[])] },
          ),
          RULE_KEYS,
        ),
      ),
    ),
  );

// Keys include `__proto__` now and then (JSON allows it): the client drops such keys, see withoutProtoKeys.
const stringMap = fc.dictionary(fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.constant("__proto__")), fc.constantFrom("******", "info", "1"), {
  maxKeys: 3,
});
const SERVER_REQUIRED = {
  server_id: fc.stringMatching(/^mcp_[a-z0-9_]{1,12}$/),
  account_id: int32,
  team_id: int32,
  can_edit: fc.boolean(),
  environments: orNull(fc.array(fc.constantFrom("cloud", "byoc_runner_1", "byoc_runner_2"), { maxLength: 2 })),
  server_name: text,
  description: text,
  transport: fc.constantFrom("stdio", "sse", "streamable-http"),
  status: fc.constantFrom("enabled", "disabled"),
  connect_timeout: fc.integer({ min: 0, max: 600 }),
  call_timeout: fc.integer({ min: 0, max: 3600 }),
  created_by: int32,
  created_at: epochMs,
  updated_at: epochMs,
};
const SERVER_OPTIONAL = {
  ai_description: orNull(text),
  command: orNull(fc.constantFrom("npx", "uvx", "/usr/bin/mcp")),
  args: orNull(fc.array(text, { maxLength: 3 })),
  env: orNull(stringMap),
  url: orNull(fc.webUrl()),
  headers: orNull(stringMap),
  proxy_url: orNull(fc.webUrl()),
  allow_insecure_oauth_http: orNull(fc.boolean()),
  allow_insecure_tls_skip_verify: orNull(fc.boolean()),
  auth_mode: orNull(fc.constantFrom("", "shared", "per_user_secret", "per_user_oauth")),
  // JSON text as the vendor types them, or (older servers) an array or object in their place.
  secret_schema: orNull(fc.oneof(fc.json({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 }))),
  oauth_metadata: orNull(fc.oneof(fc.json({ maxDepth: 1 }), fc.jsonValue({ maxDepth: 1 }))),
  source_template_name: orNull(text),
  // Legacy fields: present with any JSON (right type or not), absent, or null. Never required, never fatal.
  tools: orNull(fc.oneof(fc.array(fc.record({ name: text, description: text }, { requiredKeys: ["name"] }), { maxLength: 2 }), fc.jsonValue({ maxDepth: 1 }))),
  tool_count: orNull(fc.oneof(fc.nat(50), fc.jsonValue({ maxDepth: 1 }))),
  list_error: orNull(fc.oneof(text, fc.jsonValue({ maxDepth: 1 }))),
  environment_kind: orNull(fc.oneof(fc.constantFrom("", "cloud", "byoc"), fc.jsonValue({ maxDepth: 1 }))),
  environment_id: orNull(fc.oneof(text, fc.jsonValue({ maxDepth: 1 }))),
};
const SERVER_KEYS = [...Object.keys(SERVER_REQUIRED), ...Object.keys(SERVER_OPTIONAL)];
const server = withUnknown(
  fc.record({ ...SERVER_REQUIRED, ...SERVER_OPTIONAL }, { requiredKeys: Object.keys(SERVER_REQUIRED) as (keyof typeof SERVER_REQUIRED)[] }),
  SERVER_KEYS,
);

const TEMPLATE_KEYS = ["name", "description", "icon", "enabled", "prompt"];
const templates = orNull(
  fc.uniqueArray(
    withUnknown(fc.record({ name: text, description: text, icon: fc.constantFrom("bell", "gauge"), enabled: fc.boolean(), prompt: text }), TEMPLATE_KEYS),
    {
      selector: (t) => t.name,
      maxLength: 4,
    },
  ),
);

/** The success envelope around `data`: `error` absent, null or a success code; `data` absent when undefined. */
function envelope(data: fc.Arbitrary<unknown>) {
  const error = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.record({ code: fc.constantFrom("", "0", "OK", "ok", "Ok"), message: text }, { requiredKeys: ["code"] }),
  );
  return fc
    .record({ request_id: fc.stringMatching(/^[0-9a-f]{32}$/), data, error, extra: unknownFields(["request_id", "data", "error"]) })
    .map(({ request_id, data: d, error: e, extra }) => ({
      ...extra,
      request_id,
      ...(d === undefined ? {} : { data: d }),
      ...(e === undefined ? {} : { error: e }),
    }));
}

// ---------------------------------------------------------------- the oracle (from the tables)

/** Optional scalars and maps: present and non-null is kept; absent or null has no key. */
const OPTIONAL_LISTS = new Set(["oncall_incident_channel_ids", "oncall_incident_severities", "args"]);
const REQUIRED_LISTS = new Set(["environments"]);
const LEGACY = new Set(["tools", "tool_count", "list_error", "environment_kind", "environment_id"]);

function expectedModel(generated: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  // What actually crosses the wire (JSON turns -0 into 0, for one).
  const wire = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of known) {
    const present = Object.hasOwn(wire, key);
    const value = wire[key];
    if (key === "timezone") out.timezone = value ?? "";
    else if (REQUIRED_LISTS.has(key)) out[camelKey(key)] = value ?? [];
    else if (OPTIONAL_LISTS.has(key) && present && value === null) out[camelKey(key)] = [];
    else if (LEGACY.has(key)) {
      if (legacyValid(key, value)) out[camelKey(key)] = value;
    } else if (JSON_TEXT.has(key) && present && value !== null) {
      out[camelKey(key)] = typeof value === "string" ? value : JSON.stringify(withoutProtoKeys(value));
    } else if (present && value !== null) out[camelKey(key)] = OPEN_OBJECTS.has(key) ? withoutProtoKeys(value) : value;
  }
  return out;
}

/** Fields whose objects have keys of the platform's (or the user's) choosing. */
const OPEN_OBJECTS = new Set(["env", "headers"]);
/**
 * Fields the vendor types as strings of JSON text: a string is kept as sent, any other JSON value
 * (an older server's array or object) reads as its JSON text (`__proto__` keys dropped first).
 */
const JSON_TEXT = new Set(["secret_schema", "oauth_metadata"]);

/**
 * The value with every `__proto__` key dropped, at any depth: what the client reads from open JSON
 * objects (documented on McpServer in sdk/resources/mcpServers.ts), so a payload can never set an object's prototype.
 */
function withoutProtoKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProtoKeys);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== "__proto__") out[k] = withoutProtoKeys(v);
  return out;
}

/** Whether a legacy field has the type older schemas gave it (otherwise it is ignored). */
function legacyValid(key: string, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (key === "tool_count") return Number.isSafeInteger(value); // zod's int(): a safe integer
  if (key === "tools") {
    return (
      Array.isArray(value) &&
      value.every(
        (t) =>
          typeof t === "object" &&
          t !== null &&
          typeof (t as { name?: unknown }).name === "string" &&
          ["string", "undefined"].includes(typeof (t as { description?: unknown }).description),
      )
    );
  }
  return typeof value === "string";
}

/** Paths of every `undefined` inside `value` (none expected: Pulumi cannot serialize them). */
function undefinedPaths(value: unknown, path = "$"): string[] {
  if (value === undefined) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => undefinedPaths(v, `${path}[${i}]`));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([k, v]) => undefinedPaths(v, `${path}.${k}`));
  return [];
}

/** Asserts that `value` is a data source output Pulumi can store: no undefined, JSON and Pulumi serialization round-trip. */
async function expectSerializable(label: string, value: Record<string, unknown>): Promise<void> {
  expect(undefinedPaths(value)).toEqual([]);
  expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
  expect(await pulumi.runtime.serializeProperties(label, value)).toStrictEqual(value);
}

// ---------------------------------------------------------------- the properties

let peer: Recorder;
let client: FlashdutyClient;

beforeAll(async () => {
  peer = await startRecorder();
  client = new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: peer.url, maxRetries: 0, rateLimit: false });
  pulumi.runtime.setConfig("flashduty:baseUrl", peer.url);
  pulumi.runtime.setConfig("flashduty:appKey", SECRET_KEY);
});
afterAll(async () => {
  await peer.close();
});

/** The peer answers `body` to page 1 and an empty page after it (any other operation: `body`). */
function serve(body: Record<string, unknown>, emptyPage?: Record<string, unknown>): void {
  peer.respond((req) => ({ json: emptyPage !== undefined && (req.body as { p?: number } | undefined)?.p !== 1 ? emptyPage : body }));
}

describe("automation rules", () => {
  test("every generated rule list is read, and getAutomationRules returns outputs that serialize", async () => {
    await fc.assert(
      fc.asyncProperty(
        rules.chain((rs) => envelope(fc.constant({ total: rs.length, rules: rs })).map((env) => ({ rs, env }))),
        async ({ rs, env }) => {
          serve(env, { request_id: "r", data: { total: rs.length, rules: [] } });
          const expected = rs.map((r) => expectedModel(r, RULE_KEYS));
          const page = await client.automationRules.list({ page: 1 });
          expect(page).toStrictEqual({ total: rs.length, rules: expected });

          const result = await getAutomationRules();
          const sorted = [...expected].sort((a, b) => ((a.ruleId as string) < (b.ruleId as string) ? -1 : 1));
          expect(result).toStrictEqual({ total: rs.length, rules: sorted });
          await expectSerializable("getAutomationRules", result as unknown as Record<string, unknown>);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test("a null rules list reads as no rules", async () => {
    serve({ request_id: "r", error: null, data: { total: 0, rules: null } });
    expect(await getAutomationRules()).toStrictEqual({ total: 0, rules: [] });
  });
});

describe("MCP servers", () => {
  test("every generated server object is read by get and list", async () => {
    await fc.assert(
      fc.asyncProperty(
        server.chain((s) => envelope(fc.constant(s)).map((env) => ({ s, env }))),
        async ({ s, env }) => {
          const expected = expectedModel(s, SERVER_KEYS);
          serve(env);
          const got = await client.mcpServers.get({ serverId: "mcp_any" });
          expect(got).toStrictEqual(expected);
          expect(undefinedPaths(got)).toEqual([]);
          serve({ ...env, data: { total: 1, servers: [s] } });
          expect(await client.mcpServers.list()).toStrictEqual({ total: 1, servers: [expected] });
        },
      ),
      { numRuns: RUNS },
    );
  });

  test("`__proto__` keys in open objects are dropped: a payload never sets a prototype", async () => {
    const body = `{"request_id":"r","data":{"server_id":"mcp_p","account_id":1,"team_id":0,"can_edit":true,"environments":[],
      "server_name":"p","description":"","transport":"sse","status":"enabled","connect_timeout":10,"call_timeout":60,
      "created_by":1,"created_at":0,"updated_at":0,"url":"https://mcp.example.com/sse",
      "headers":{"__proto__":"x","Authorization":"******"},
      "secret_schema":{"__proto__":{"polluted":true},"fields":[{"__proto__":{"polluted":true},"name":"token"}]}}}`;
    serve(JSON.parse(body));
    const got = await client.mcpServers.get({ serverId: "mcp_p" });
    expect(got.headers).toStrictEqual({ Authorization: "******" });
    // An object where the vendor types JSON text (an older server): read as its JSON text, without the `__proto__` keys.
    expect(got.secretSchema).toBe('{"fields":[{"name":"token"}]}');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  test("disable and enable succeed whatever data a success envelope carries (absent, null, anything)", async () => {
    await fc.assert(
      fc.asyncProperty(envelope(fc.oneof(fc.constant(undefined), fc.constant(null), fc.jsonValue({ maxDepth: 2 }))), async (env) => {
        serve(env);
        await expect(client.mcpServers.disable({ serverId: "mcp_any" })).resolves.toBeUndefined();
        await expect(client.mcpServers.enable({ serverId: "mcp_any" })).resolves.toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });
});

describe("automation templates", () => {
  test("every generated template list is read, and getAutomationTemplates returns outputs that serialize", async () => {
    await fc.assert(
      fc.asyncProperty(
        templates.chain((ts) => envelope(fc.constant({ templates: ts })).map((env) => ({ ts, env }))),
        async ({ ts, env }) => {
          serve(env);
          const expected = (ts ?? []).map((t) => expectedModel(t, TEMPLATE_KEYS));
          expect(await client.automationTemplates.list({ locale: "en-US" })).toStrictEqual({ templates: expected });
          const result = await getAutomationTemplates({ locale: "en-US" });
          expect(result.templates).toHaveLength(expected.length);
          await expectSerializable("getAutomationTemplates", result as unknown as Record<string, unknown>);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
