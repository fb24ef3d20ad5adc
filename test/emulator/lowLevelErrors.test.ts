/**
 * Errors below the API (what node and fastify see before an operation runs) are answered with
 * the envelope and a request id like every other error, and a request that stalls is timed out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REQUEST_TIMEOUT_MS, startEmulator, type Emulator } from "../../emulator";
import { PATHS } from "../../wire/wire";
import { call, expectError, expectRawError, rawExchange } from "../support/emulatorCalls";

const REQUEST_TIMEOUT_MS = 400;
let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 0 }, limits: false, requestTimeoutMs: REQUEST_TIMEOUT_MS });
});
afterAll(() => emu.close());

describe("errors below the API", () => {
  it("a malformed request line: 400 BadRequest envelope", async () => {
    expectRawError(await rawExchange(emu, ["GARBAGE\r\n\r\n"]), 400, "BadRequest");
    expectRawError(await rawExchange(emu, ["POST /safari/mcp/server/list HTTP/9.x\r\nHost: localhost\r\n\r\n"]), 400, "BadRequest");
  });

  it("a malformed header (bad Content-Length, space in a name): 400 BadRequest envelope", async () => {
    expectRawError(await rawExchange(emu, ["POST /safari/mcp/server/list HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n"]), 400, "BadRequest");
    expectRawError(await rawExchange(emu, ["GET / HTTP/1.1\r\nHost: localhost\r\nBad Header: 1\r\n\r\n"]), 400, "BadRequest");
  });

  it("headers over node's limit: 431 BadRequest envelope", async () => {
    const answer = await rawExchange(emu, [`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`]);
    expectRawError(answer, 431, "BadRequest");
    expect(answer.body.error.message).toMatch(/too large/);
  });

  it("headers that never finish: 408 BadRequest envelope after the request timeout", async () => {
    const answer = await rawExchange(emu, ["GET /_emulator/state HTTP/1.1\r\nHost: localhost\r\n"]);
    expectRawError(answer, 408, "BadRequest");
    expect(answer.body.error.message).toContain(`${REQUEST_TIMEOUT_MS} ms`);
  });

  it("a body that stalls: 408 BadRequest envelope, nothing applied", async () => {
    const head = `POST ${PATHS.mcpServerDisable}?app_key=${emu.keys.admin} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const answer = await rawExchange(emu, [head, '{"server_id":"mcp_gra']);
    expectRawError(answer, 408, "BadRequest");
    expect(emu.server("mcp_grafana")!.status).toBe("enabled");
    expect(emu.audit()).toEqual([]);
  });

  it("a body that trickles in slower than the timeout allows is cut off too", async () => {
    const head = `POST ${PATHS.mcpServerList}?app_key=${emu.keys.admin} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n`;
    const chunks = [head, ...'{"p":1,"limit":20,"query":"aaaaaaaaaa"}'.split("")];
    expectRawError(await rawExchange(emu, chunks, 50), 408, "BadRequest");
  });

  it("a URL that cannot be decoded, unknown routes and methods: envelopes", async () => {
    expectRawError(await rawExchange(emu, ["GET /safari/%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"]), 400, "BadRequest");
    expectError(await call(emu, "/nothing/here", { key: null, method: "GET" }), 404, "RouteNotFound");
    expectError(await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, method: "DELETE" }), 405, "MethodNotAllowed");
    expectRawError(await rawExchange(emu, ["PROPFIND / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"]), 404, "RouteNotFound");
  });

  it("body errors: malformed JSON, too large, chunked garbage", async () => {
    expectError(await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, raw: "{not json" }), 400, "InvalidParameter");
    expectError(await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, raw: Buffer.alloc(1024 * 1024 + 1, 32) }), 413, "EntityTooLarge");
    const chunked = `POST ${PATHS.mcpServerList}?app_key=${emu.keys.admin} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`;
    expectRawError(await rawExchange(emu, [chunked]), 400, "BadRequest");
  });

  it("the default request timeout is documented as 30 s", () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(30_000);
  });
});
