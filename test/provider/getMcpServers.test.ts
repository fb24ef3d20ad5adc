/**
 * getMcpServers as a program calls it (configuration from the Pulumi runtime), against an
 * emulator whose state file holds 263 servers of account 1 (more than two pages of 100) and a
 * few of account 2, over real HTTP: every filter, complete paging, the order, masked secrets,
 * and bad arguments refused before any request.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator, type StoredServer } from "../../emulator";
import { FlashdutyValidationError } from "../../sdk";
import { getMcpServers, getMcpServersOutput, type GetMcpServersArgs } from "../../provider";
import { ISSUE_EXAMPLES } from "../support/hostileText";

/** How the platform answers a secret value of `env` or `headers`. */
const MASKED_SECRET = "******";
const TEAMS_OF_ACCOUNT_1 = [0, 1, 2, 3, 4]; // 0: account-wide
const ACCOUNT_1_SERVERS = 263;

/**
 * Server `i` of account 1. Names differ only in case pattern ("server", "Server", "SERVER"), so a
 * case-sensitive order would differ from the documented one; a few carry hostile text.
 */
function server(i: number): StoredServer {
  const n = String(i).padStart(4, "0");
  const base = [`server-${n}`, `Server-${n}`, `SERVER-${n}`][i % 3]!;
  const stdio = i % 2 === 0;
  return {
    server_id: `mcp_t${String(1000 - i).padStart(4, "0")}`, // ids run against names, so the order is by name
    account_id: 1,
    team_id: TEAMS_OF_ACCOUNT_1[i % TEAMS_OF_ACCOUNT_1.length]!,
    server_name: i < ISSUE_EXAMPLES.length ? `${base} ${ISSUE_EXAMPLES[i]}` : base,
    description: i % 7 === 0 ? `Needle ${i} for the query filter` : "plain",
    transport: stdio ? "stdio" : "sse",
    status: i % 5 === 0 ? "disabled" : "enabled",
    environments: [],
    connect_timeout: 0,
    call_timeout: 0,
    created_by: 1001,
    created_at: 1_700_000_000_000 + (i % 50) * 1000, // many equal created_at: the platform's order ties
    updated_at: 1_700_000_000_000 + i,
    ...(stdio
      ? { command: "npx", args: ["-y", "mcp"], env: { API_TOKEN: MASKED_SECRET, REGION: "eu" } }
      : { url: `https://mcp-${i}.example/sse`, headers: { Authorization: MASKED_SECRET } }),
  };
}

const servers: StoredServer[] = [
  ...Array.from({ length: ACCOUNT_1_SERVERS }, (_, i) => server(i)),
  { ...server(9000), server_id: "mcp_other_account", account_id: 2, team_id: 5, server_name: "Other account", created_by: 2001 },
];

let emulator: Emulator;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "pfd-get-mcp-servers-"));
  const stateFile = path.join(dir, "state.json");
  writeFileSync(stateFile, `${JSON.stringify({ version: 2, servers, audit: [] })}\n`);
  emulator = await startEmulator({ port: 0, seed: { rules: 0 }, stateFile });
  pulumi.runtime.setConfig("flashduty:baseUrl", emulator.url);
  pulumi.runtime.setConfig("flashduty:appKey", emulator.keys.admin);
});
afterAll(async () => {
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The servers of account 1 the filter selects, as the list operation defines them (docs/platform-api.md). */
function expectedIds(args: GetMcpServersArgs): string[] {
  const includeAccount = args.includeAccount ?? true;
  const scope = args.scope ?? (includeAccount ? "all" : "team");
  const query = args.query?.toLowerCase() ?? "";
  return emulator
    .servers()
    .filter((s) => {
      if (s.account_id !== 1) return false;
      const accountWide = s.team_id === 0;
      if (accountWide ? scope === "team" || (scope === "all" && !includeAccount) : scope === "account") return false;
      if (!accountWide && args.teamIds !== undefined && args.teamIds.length > 0 && !args.teamIds.includes(s.team_id)) return false;
      const text = [s.server_name, s.description, s.ai_description, s.server_id, s.transport, s.url, s.command, s.source_template_name];
      return query === "" || text.some((t) => t?.toLowerCase().includes(query));
    })
    .map((s) => s.server_id)
    .sort();
}

const listRequests = () => emulator.requestLog().filter((e) => e.operation === "mcpServer.list");

describe("getMcpServers", () => {
  test("walks every page: each visible server once, ordered by name case-insensitively, identical across calls", async () => {
    emulator.resetCounters();
    const first = await getMcpServers();
    const pages = listRequests().map((e) => e.page);
    // Pages of 100: 1..3, each once (page 3 is short, so no probe page follows).
    expect([...pages].sort()).toEqual([1, 2, 3]);
    expect(first.total).toBe(ACCOUNT_1_SERVERS);
    const ids = first.servers.map((s) => s.serverId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(expectedIds({}));
    // server-0000, Server-0001, SERVER-0002, ...: the number decides, never the case.
    expect(first.servers.slice(0, 3).map((s) => s.serverName.slice(0, 11))).toEqual(["server-0000", "Server-0001", "SERVER-0002"]);
    const names = first.servers.map((s) => s.serverName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(await getMcpServers()).toEqual(first);
  });

  test("a small pageSize walks more pages to the same result", async () => {
    const whole = await getMcpServers();
    emulator.resetCounters();
    const paged = await getMcpServers({ pageSize: 7 });
    expect(paged).toEqual(whole);
    expect(listRequests().length).toBeGreaterThanOrEqual(Math.ceil(ACCOUNT_1_SERVERS / 7));
    expect(listRequests().every((e) => e.status === 200)).toBe(true);
  });

  test("secret values of env and headers arrive masked; other values as the platform sends them", async () => {
    const { servers: result } = await getMcpServers();
    const stdio = result.filter((s) => s.transport === "stdio");
    const sse = result.filter((s) => s.transport === "sse");
    expect(stdio.length).toBeGreaterThan(100);
    expect(stdio.every((s) => s.env?.API_TOKEN === MASKED_SECRET && s.env.REGION === "eu")).toBe(true);
    expect(sse.every((s) => s.headers?.Authorization === MASKED_SECRET && s.env === undefined)).toBe(true);
    // What Pulumi stores: no undefined anywhere.
    expect(JSON.parse(JSON.stringify(result))).toStrictEqual(result);
  });

  test.each<[string, GetMcpServersArgs]>([
    ["scope account", { scope: "account" }],
    ["scope team", { scope: "team" }],
    ["scope all", { scope: "all" }],
    ["includeAccount false", { includeAccount: false }],
    ["scope all without account-wide servers", { scope: "all", includeAccount: false }],
    ["teamIds", { teamIds: [2, 4] }],
    ["teamIds with scope team", { scope: "team", teamIds: [3] }],
    ["query on the description, any case", { query: "NEEDLE" }],
    ["query on the id", { query: "mcp_t09" }],
    ["query on the URL", { query: "mcp-13.example" }],
    ["every filter at once", { scope: "team", teamIds: [1, 2], query: "needle", includeAccount: true }],
  ])("filter: %s reaches the platform", async (_what, args) => {
    const result = await getMcpServers(args);
    const expected = expectedIds(args);
    expect(expected.length).toBeGreaterThan(0);
    expect(result.servers.map((s) => s.serverId).sort()).toEqual(expected);
    expect(result.total).toBe(expected.length);
    if (args.scope === "account") expect(result.servers.every((s) => s.teamId === 0)).toBe(true);
    if (args.teamIds !== undefined) expect(result.servers.every((s) => s.teamId === 0 || args.teamIds!.includes(s.teamId))).toBe(true);
  });

  test("another account's key sees only its own servers", async () => {
    pulumi.runtime.setConfig("flashduty:appKey", emulator.keys.otherAccount);
    try {
      const result = await getMcpServers();
      expect(result.servers.map((s) => s.serverId)).toEqual(["mcp_other_account"]);
    } finally {
      pulumi.runtime.setConfig("flashduty:appKey", emulator.keys.admin);
    }
  });

  test.each([
    [{ pageSize: 0 }, "pageSize", /pageSize must be an integer from 1 to 100/],
    [{ pageSize: 101 }, "pageSize", /pageSize must be an integer from 1 to 100/],
    [{ pageSize: 2.5 }, "pageSize", /pageSize must be an integer from 1 to 100/],
    [{ query: "q".repeat(129) }, "query", /query.*128/],
    [{ scope: "personal" }, "scope", /scope.*all.*account.*team/],
    [{ teamIds: [1.5] }, "teamIds[0]", /teamIds/],
    [{ teamIds: "1" }, "teamIds", /teamIds/],
    [{ includeAccount: "yes" }, "includeAccount", /includeAccount/],
  ])("rejects %j before any request, naming the field", async (args, field, message) => {
    emulator.resetCounters();
    const error = await getMcpServers(args as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlashdutyValidationError);
    expect((error as FlashdutyValidationError).field).toBe(field);
    expect((error as Error).message).toMatch(message);
    expect(listRequests()).toEqual([]);
  });

  test("a query of exactly 128 characters is accepted", async () => {
    expect(await getMcpServers({ query: "x".repeat(128) })).toEqual({ total: 0, servers: [] });
  });

  test("the Output form resolves to the same result", async () => {
    const direct = await getMcpServers({ scope: "team", teamIds: [1] });
    const viaOutput = await new Promise((resolve) =>
      getMcpServersOutput({ scope: pulumi.output("team" as const), teamIds: [pulumi.output(1)] }).apply(resolve),
    );
    expect(viaOutput).toEqual(direct);
  });
});
