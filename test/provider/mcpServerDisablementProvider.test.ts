/**
 * The dynamic provider's methods, called directly (as the engine's plugin would) against the
 * emulator over real HTTP. Side effects are counted with the emulator's counters and audit log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { successes } from "../support/audit";
import { resetClaims } from "../../provider/mcpServerControl/serverClaims";
import * as impl from "../../provider/mcpServerDisablement/provider";
import type { McpServerDisablementOutputs } from "../../provider/mcpServerDisablement/provider";

let emulator: Emulator;
const savedEnv = { ...process.env };

function useKey(appKey: string, extra: Record<string, string> = {}): void {
  // Stack config, as the engine passes it to `configure`.
  const config: Record<string, string> = { "flashduty:appKey": appKey, "flashduty:baseUrl": emulator.url, ...extra };
  // A new plugin process (a new update): the claims of the last one are gone.
  resetClaims();
  void impl.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
}

/** `create`, with the outputs it must return (optional in Pulumi's type). */
async function create(serverId: string): Promise<{ id: string; outs: McpServerDisablementOutputs }> {
  const result = await impl.create({ serverId, restoreOnDelete: true });
  if (result.outs === undefined) throw new Error("create returned no outputs");
  return { id: result.id, outs: result.outs };
}

/** The error `create` fails with. */
async function createError(serverId: string): Promise<Error> {
  try {
    await impl.create({ serverId, restoreOnDelete: true });
  } catch (err) {
    return err as Error;
  }
  throw new Error(`create of ${serverId} did not fail`);
}

function count(op: "mcpServer.disable" | "mcpServer.enable" | "mcpServer.get"): number {
  return emulator.counters()[op].requests;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false });
});
afterAll(async () => {
  process.env = savedEnv;
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  delete process.env.FLASHDUTY_APP_KEY;
  delete process.env.FLASHDUTY_BASE_URL;
  useKey(emulator.keys.admin, { "flashduty:timeoutMs": "2000", "flashduty:maxRetries": "2" });
});

describe("check", () => {
  test.each([
    [{ serverId: "" }, "serverId", /non-empty/],
    [{ serverId: "   " }, "serverId", /non-empty/],
    [{ serverId: 42 }, "serverId", /must be a string.*number 42/],
    [{}, "serverId", /must be a string.*undefined/],
    [{ serverId: "mcp_grafana", restoreOnDelete: "yes" }, "restoreOnDelete", /must be true, false or "always".*string "yes"/],
  ])("rejects %j naming %s", async (news, property, reason) => {
    const result = await impl.check({}, news);
    expect(result.failures).toHaveLength(1);
    expect(result.failures?.[0]?.property).toBe(property);
    expect(result.failures?.[0]?.reason).toMatch(reason);
  });

  test("lets unknown preview values through and defaults restoreOnDelete to true", async () => {
    const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    expect((await impl.check({}, { serverId: unknown, restoreOnDelete: unknown })).failures).toEqual([]);
    const ok = await impl.check({}, { serverId: "mcp_grafana" });
    expect(ok.failures).toEqual([]);
    expect(ok.inputs).toEqual({ serverId: "mcp_grafana", restoreOnDelete: true });
  });
});

describe("diff", () => {
  const olds: McpServerDisablementOutputs = {
    serverId: "mcp_grafana",
    restoreOnDelete: true,
    serverName: "Grafana",
    teamId: 1,
    status: "disabled",
    disabledByThisResource: true,
    disabledAt: 1,
  };
  test("no change", async () => {
    expect(await impl.diff("mcp_grafana", olds, { serverId: "mcp_grafana", restoreOnDelete: true })).toMatchObject({ changes: false, replaces: [] });
  });
  test("a new serverId replaces", async () => {
    expect(await impl.diff("mcp_grafana", olds, { serverId: "mcp_k8s", restoreOnDelete: true })).toMatchObject({ changes: true, replaces: ["serverId"] });
  });
  test("restoreOnDelete changes in place", async () => {
    expect(await impl.diff("mcp_grafana", olds, { serverId: "mcp_grafana", restoreOnDelete: false })).toMatchObject({ changes: true, replaces: [] });
  });
  test("a server refresh found enabled is an update (drift)", async () => {
    expect(await impl.diff("mcp_grafana", { ...olds, status: "enabled" }, { serverId: "mcp_grafana", restoreOnDelete: true })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });
});

describe("create", () => {
  test("disables an enabled server with exactly one disable call", async () => {
    const before = Date.now();
    const result = await create("mcp_grafana");
    expect(result.id).toBe("mcp_grafana");
    expect(result.outs).toMatchObject({ serverId: "mcp_grafana", status: "disabled", disabledByThisResource: true, teamId: 1, restoreOnDelete: true });
    expect(result.outs.disabledAt).toBeGreaterThanOrEqual(before);
    expect(count("mcpServer.disable")).toBe(1);
    expect(successes(emulator, "disable", "mcp_grafana")).toBe(1);
    expect(emulator.server("mcp_grafana")?.status).toBe("disabled");
  });

  test("adopts an already disabled server without a write", async () => {
    const result = await create("mcp_jira");
    expect(result.outs).toMatchObject({ status: "disabled", disabledByThisResource: false });
    expect(result.outs.disabledAt).toBeUndefined();
    expect(count("mcpServer.disable")).toBe(0);
  });

  test("an adoption records when it happened (adoptedAt, epoch ms); a disable does not", async () => {
    const before = Date.now();
    const adopted = (await impl.create({ serverId: "mcp_jira", restoreOnDelete: true })).outs!;
    expect(adopted.adoptedAt).toBeGreaterThanOrEqual(before);
    expect((await create("mcp_grafana")).outs.adoptedAt).toBeUndefined();
  });

  test("an unknown server fails with a clear message and no write", async () => {
    await expect(impl.create({ serverId: "mcp_nope", restoreOnDelete: true })).rejects.toThrow("MCP server 'mcp_nope' not found");
    expect(count("mcpServer.disable")).toBe(0);
  });

  test("a lost response (applied, then the connection dropped) is reconciled: one disable, success", async () => {
    emulator.setFaults([{ operation: "mcpServer.disable", kind: "applyThenDrop", count: 1 }]);
    const result = await create("mcp_grafana");
    expect(result.outs).toMatchObject({ status: "disabled", disabledByThisResource: true });
    expect(successes(emulator, "disable", "mcp_grafana")).toBe(1);
  });

  test("5xx answers are retried and the server is disabled once", async () => {
    emulator.setFaults([{ operation: "mcpServer.disable", kind: "error", status: 503, count: 2 }]);
    const result = await create("mcp_grafana");
    expect(result.outs.disabledByThisResource).toBe(true);
    expect(successes(emulator, "disable", "mcp_grafana")).toBe(1);
  });

  test("disabled by someone else between get and disable: adopted, not claimed", async () => {
    // The get sees it enabled; while our disable is in flight a person disables it in the
    // console, so the platform answers InvalidParameter (not idempotent).
    emulator.setFaults([{ operation: "mcpServer.disable", kind: "latency", latencyMs: 400 }]);
    const racing = create("mcp_prometheus");
    // The emulator counts a request when it answers: once the get is answered, our disable is
    // on its way and waits 400 ms before the platform looks at the server.
    await vi.waitFor(() => expect(count("mcpServer.get")).toBe(1), { timeout: 2000, interval: 5 });
    emulator.setServerStatus("mcp_prometheus", "disabled");
    const result = await racing;
    expect(result.outs).toMatchObject({ status: "disabled", disabledByThisResource: false });
    expect(successes(emulator, "disable", "mcp_prometheus")).toBe(0);
  });

  test("a key without ai-sre: the error names the missing permission, the code and the request id", async () => {
    useKey(emulator.keys.noAiSre);
    const err = await createError("mcp_k8s");
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toContain("lacks the MCP management permission (`ai-sre`)");
    expect(err.message).toContain("AccessDenied");
    expect(err.message).toMatch(/request id \S+/);
    expect(err.message).not.toContain(emulator.keys.noAiSre);
  });

  test("a member without edit rights on the server's team: the error says so", async () => {
    useKey(emulator.keys.teamMember2);
    const err = await createError("mcp_grafana");
    expect(err.message).toMatch(/edit rights on team 1/);
    expect(emulator.server("mcp_grafana")?.status).toBe("enabled");
  });

  test("no key anywhere: the message names both ways to set it", async () => {
    void impl.configure({ config: { get: () => undefined, require: () => "" } });
    await expect(impl.create({ serverId: "mcp_grafana", restoreOnDelete: true })).rejects.toThrow(
      /pulumi config set --secret flashduty:appKey.*FLASHDUTY_APP_KEY/,
    );
  });

  test("the environment is the fallback for the key and base URL", async () => {
    void impl.configure({ config: { get: () => undefined, require: () => "" } });
    process.env.FLASHDUTY_APP_KEY = emulator.keys.admin;
    process.env.FLASHDUTY_BASE_URL = emulator.url;
    const result = await create("mcp_grafana");
    expect(result.outs.disabledByThisResource).toBe(true);
  });
});

describe("read, update, delete", () => {
  async function created(serverId = "mcp_grafana"): Promise<McpServerDisablementOutputs> {
    return (await create(serverId)).outs;
  }

  test("read reports drift; update disables again once; no call when nothing drifted", async () => {
    const outs = await created();
    emulator.setServerStatus("mcp_grafana", "enabled");
    const refreshed = await impl.read("mcp_grafana", outs);
    expect(refreshed.props?.status).toBe("enabled");
    const updated = await impl.update("mcp_grafana", refreshed.props!, { serverId: "mcp_grafana", restoreOnDelete: true });
    expect(updated.outs).toMatchObject({ status: "disabled", disabledByThisResource: true });
    expect(successes(emulator, "disable", "mcp_grafana")).toBe(2);

    emulator.resetCounters();
    const inPlace = await impl.update("mcp_grafana", updated.outs!, { serverId: "mcp_grafana", restoreOnDelete: false });
    expect(inPlace.outs?.restoreOnDelete).toBe(false);
    expect(emulator.counters()["mcpServer.get"].requests + count("mcpServer.disable")).toBe(0);
  });

  test("read for get: only the id and the provider text, no API write; the server as it is, never disabled by this resource", async () => {
    emulator.setServerStatus("mcp_github", "enabled");
    const provider = { __provider: "exports.handler = ..." } as object;
    const read = await impl.read("mcp_github", provider);
    expect(read.id).toBe("mcp_github");
    expect(read.props).toMatchObject({ serverId: "mcp_github", status: "enabled", disabledByThisResource: false, restoreOnDelete: true });
    expect(read.props).not.toHaveProperty("disabledAt");
    expect((await impl.read("mcp_github", { ...provider, restoreOnDelete: false })).props?.restoreOnDelete).toBe(false);
    expect(count("mcpServer.disable") + count("mcpServer.enable")).toBe(0);
    await expect(impl.read("mcp_missing", provider)).rejects.toThrow(
      /^MCP server 'mcp_missing' not found \(POST \/safari\/mcp\/server\/get, ResourceNotFound, request id /,
    );
  });

  test("read drops a server that no longer exists", async () => {
    const outs = await created();
    expect(await impl.read("mcp_gone", { ...outs, serverId: "mcp_gone" })).toEqual({});
  });

  test("delete enables a server this resource disabled, exactly once", async () => {
    const outs = await created();
    await impl.deleteResource("mcp_grafana", outs);
    expect(successes(emulator, "enable", "mcp_grafana")).toBe(1);
    expect(emulator.server("mcp_grafana")?.status).toBe("enabled");
  });

  test("delete under a lost response still enables once", async () => {
    const outs = await created();
    emulator.setFaults([{ operation: "mcpServer.enable", kind: "applyThenDrop", count: 1 }]);
    await impl.deleteResource("mcp_grafana", outs);
    expect(successes(emulator, "enable", "mcp_grafana")).toBe(1);
    expect(emulator.server("mcp_grafana")?.status).toBe("enabled");
  });

  test('restoreOnDelete "always": delete enables an adopted server once, and none that is already enabled', async () => {
    const adopted = (await impl.create({ serverId: "mcp_jira", restoreOnDelete: "always" })).outs!;
    expect(adopted).toMatchObject({ disabledByThisResource: false, restoreOnDelete: "always" });
    // A later update (`destroy`): a new plugin process, configured afresh.
    useKey(emulator.keys.admin);
    await impl.deleteResource("mcp_jira", adopted);
    expect(successes(emulator, "enable", "mcp_jira")).toBe(1);
    expect(emulator.server("mcp_jira")?.status).toBe("enabled");
    await impl.deleteResource("mcp_jira", adopted);
    expect(count("mcpServer.enable")).toBe(1);
  });

  test('changing restoreOnDelete to "always" is an in-place update with no API call', async () => {
    const adopted = (await impl.create({ serverId: "mcp_jira", restoreOnDelete: true })).outs!;
    const news = { serverId: "mcp_jira", restoreOnDelete: "always" as const };
    expect(await impl.diff("mcp_jira", adopted, news)).toMatchObject({ changes: true, replaces: [] });
    const requests = count("mcpServer.get");
    const updated = await impl.update("mcp_jira", adopted, news);
    expect(updated.outs).toMatchObject({ restoreOnDelete: "always", disabledByThisResource: false });
    expect(count("mcpServer.get") + count("mcpServer.disable")).toBe(requests);
  });

  test("delete makes no write for adopted servers, already enabled ones, gone ones, or restoreOnDelete false", async () => {
    const adopted = await created("mcp_jira");
    await impl.deleteResource("mcp_jira", adopted);
    const outs = await created();
    await impl.deleteResource("mcp_grafana", { ...outs, restoreOnDelete: false });
    emulator.setServerStatus("mcp_grafana", "enabled");
    await impl.deleteResource("mcp_grafana", outs);
    await impl.deleteResource("mcp_gone", { ...outs, serverId: "mcp_gone" });
    expect(count("mcpServer.enable")).toBe(0);
    expect(emulator.server("mcp_jira")?.status).toBe("disabled");
  });
});
