/**
 * Per-call options (signal, timeoutMs, maxRetries) and the per-operation rate buckets, against
 * the emulator over real HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { FlashdutyAbortError, FlashdutyClient, FlashdutyTimeoutError, FlashdutyValidationError, type FlashdutyClientOptions } from "../../sdk";
import { sharedRateLimiter } from "../../sdk/rateLimit";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false, seed: { rules: 0 } });
});
afterAll(async () => {
  await emulator?.close();
});
beforeEach(() => {
  emulator.reset();
});

/** A client of the emulator; rate gates are shared per (base URL, key, operation, limits). */
function client(options: Partial<FlashdutyClientOptions> = {}): FlashdutyClient {
  return new FlashdutyClient({ appKey: emulator.keys.admin, baseUrl: emulator.url, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

const requests = (operation: string) => emulator.requestLog().filter((e) => e.operation === operation);

describe("per-operation rate buckets", () => {
  test("one limiter per (normalised base URL, key, operation): a trailing slash or the host's case shares it, another operation or key does not", () => {
    const limits = { perSecond: 50, perMinute: 1000 };
    const a = sharedRateLimiter("http://Example.TEST:8080/api/", "k1", "/safari/mcp/server/get", limits);
    expect(sharedRateLimiter("http://example.test:8080/api", "k1", "/safari/mcp/server/get", limits)).toBe(a);
    expect(sharedRateLimiter("http://example.test:8080/api", "k1", "/safari/mcp/server/list", limits)).not.toBe(a);
    expect(sharedRateLimiter("http://example.test:8080/api", "k2", "/safari/mcp/server/get", limits)).not.toBe(a);
  });

  test("a full bucket holds only its own operation; clients of one key and base URL share it", async () => {
    const rateLimit = { perSecond: 2, perMinute: 1000 };
    // Two clients of one key and base URL, one written with a trailing slash.
    const one = client({ baseUrl: `${emulator.url}/`, rateLimit });
    const two = client({ rateLimit });
    await Promise.all([
      one.mcpServers.get({ serverId: "mcp_grafana" }),
      two.mcpServers.get({ serverId: "mcp_grafana" }),
      one.mcpServers.get({ serverId: "mcp_grafana" }),
      two.automationTemplates.list(),
      one.automationTemplates.list(),
    ]);
    const gets = requests("mcpServer.get").sort((x, y) => x.receivedAt - y.receivedAt);
    const lists = requests("automationTemplate.list");
    expect(gets).toHaveLength(3);
    expect(lists).toHaveLength(2);
    // The third get waited for the window (2/s, shared by both clients) ...
    const firstAnswered = Math.min(gets[0]!.time, gets[1]!.time);
    expect(gets[2]!.receivedAt - firstAnswered).toBeGreaterThanOrEqual(990);
    // ... while the other operation's bucket let both lists through before it.
    for (const list of lists) expect(list.receivedAt).toBeLessThan(gets[2]!.receivedAt);
  });
});

describe("per-call options", () => {
  test("signal aborted before the call: nothing is sent", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled by the user"));
    const error = await rejection(client().mcpServers.get({ serverId: "mcp_grafana" }, { signal: controller.signal }));
    expect(error).toBeInstanceOf(FlashdutyAbortError);
    expect(error).toMatchObject({ stage: "before sending", attempts: 0, mayHaveApplied: false });
    expect((error as Error).cause).toEqual(new Error("cancelled by the user"));
    expect(requests("mcpServer.get")).toHaveLength(0);
  });

  test("signal aborts a wait in the rate gate at once; the request is never sent", async () => {
    const c = client({ rateLimit: { perSecond: 1, perMinute: 1000 } });
    await c.mcpServers.get({ serverId: "mcp_grafana" });
    const controller = new AbortController();
    const waiting = c.mcpServers.get({ serverId: "mcp_grafana" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(waiting);
    expect(error).toMatchObject({ name: "FlashdutyAbortError", stage: "waiting for the rate limit", mayHaveApplied: false });
    // Well past the window: the abandoned place was given back, nothing more was sent.
    await new Promise((r) => setTimeout(r, 1_300));
    expect(requests("mcpServer.get")).toHaveLength(1);
    await c.mcpServers.get({ serverId: "mcp_grafana" });
    expect(requests("mcpServer.get")).toHaveLength(2);
  });

  test("signal aborts a wait between retries at once", async () => {
    emulator.setFaults([{ operation: "mcpServer.get", kind: "error", status: 503, count: 5 }]);
    const controller = new AbortController();
    // The retry line is logged just before the backoff wait starts.
    const c = client({ maxRetries: 5, log: () => controller.abort() });
    const error = await rejection(c.mcpServers.get({ serverId: "mcp_grafana" }, { signal: controller.signal }));
    expect(error).toMatchObject({ name: "FlashdutyAbortError", stage: "waiting to retry", attempts: 1 });
    expect(requests("mcpServer.get")).toHaveLength(1);
  });

  test("signal aborts a write in flight: mayHaveApplied, so the caller reads the server", async () => {
    emulator.setFaults([{ operation: "mcpServer.disable", kind: "latency", latencyMs: 3_000 }]);
    const controller = new AbortController();
    const pending = client({ rateLimit: false }).mcpServers.disable({ serverId: "mcp_grafana" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const error = await rejection(pending);
    expect(error).toMatchObject({ name: "FlashdutyAbortError", stage: "in flight", attempts: 1, mayHaveApplied: true });
    expect(error.message).toMatch(/POST \/safari\/mcp\/server\/disable was aborted in flight.*read the current state/);
  });

  test("timeoutMs and maxRetries per call override the client's", async () => {
    emulator.setFaults([{ operation: "mcpServer.get", kind: "latency", latencyMs: 1_500, count: 1 }]);
    const c = client({ timeoutMs: 30_000, maxRetries: 3 });
    const timedOut = await rejection(c.mcpServers.get({ serverId: "mcp_grafana" }, { timeoutMs: 200, maxRetries: 0 }));
    expect(timedOut).toBeInstanceOf(FlashdutyTimeoutError);
    expect(timedOut).toMatchObject({ timeoutMs: 200, attempts: 1 });

    emulator.setFaults([{ operation: "automationTemplate.list", kind: "error", status: 503, count: 2 }]);
    const strict = client({ maxRetries: 0 });
    const failed = await rejection(strict.automationTemplates.list({}));
    expect(failed).toMatchObject({ name: "FlashdutyApiError", attempts: 1 });
    emulator.setFaults([{ operation: "automationTemplate.list", kind: "error", status: 503, count: 2 }]);
    await expect(strict.automationTemplates.list({}, { maxRetries: 2 })).resolves.toHaveProperty("templates");
  });

  test.each([
    [{ timeoutMs: 0 }, "options.timeoutMs", /positive number of milliseconds \(got 0\)/],
    [{ timeoutMs: Number.NaN }, "options.timeoutMs", /positive number/],
    [{ maxRetries: 21 }, "options.maxRetries", /integer from 0 to 20 \(got 21\)/],
    [{ maxRetries: 1.5 }, "options.maxRetries", /integer from 0 to 20/],
    [{ signal: "stop" }, "options.signal", /must be an AbortSignal/],
    ["fast", "options", /must be an object/],
  ])("bad options %j are refused before anything is sent", async (options, field, message) => {
    const error = await rejection(client().mcpServers.get({ serverId: "mcp_grafana" }, options as never));
    expect(error).toBeInstanceOf(FlashdutyValidationError);
    expect(error).toMatchObject({ field });
    expect(error.message).toMatch(message);
    expect(requests("mcpServer.get")).toHaveLength(0);
  });
});

describe("the client's stopSignal (a provider process told to stop)", () => {
  test("ends a call waiting in the rate gate at once, and any later call before sending; nothing more is sent", async () => {
    const stop = new AbortController();
    const c = client({ rateLimit: { perSecond: 1, perMinute: 1000 }, stopSignal: stop.signal });
    await c.mcpServers.get({ serverId: "mcp_grafana" });
    const waiting = c.mcpServers.get({ serverId: "mcp_grafana" });
    setTimeout(() => stop.abort(new Error("Terraform stopped the provider")), 50);
    const error = await rejection(waiting);
    expect(error).toBeInstanceOf(FlashdutyAbortError);
    expect(error).toMatchObject({ stage: "waiting for the rate limit", mayHaveApplied: false });
    expect(error.cause).toEqual(new Error("Terraform stopped the provider"));
    await expect(c.automationTemplates.list({})).rejects.toMatchObject({ name: "FlashdutyAbortError", stage: "before sending", attempts: 0 });
    expect(requests("mcpServer.get")).toHaveLength(1);
    expect(requests("automationTemplate.list")).toHaveLength(0);
  });

  test("never cuts off a write in flight: it is answered, so its outcome is known", async () => {
    emulator.setFaults([{ operation: "mcpServer.disable", kind: "latency", latencyMs: 1_000, count: 1 }]);
    const stop = new AbortController();
    const pending = client({ rateLimit: false, stopSignal: stop.signal }).mcpServers.disable({ serverId: "mcp_grafana" });
    setTimeout(() => stop.abort(), 200);
    await expect(pending).resolves.not.toBeInstanceOf(Error);
    expect(requests("mcpServer.disable")).toHaveLength(1);
    await client({ rateLimit: false }).mcpServers.enable({ serverId: "mcp_grafana" });
  });

  test("a stopSignal that is not an AbortSignal is refused by the constructor, naming the option", () => {
    expect(() => client({ stopSignal: "stop" as never })).toThrow(/stopSignal must be an AbortSignal/);
  });
});
