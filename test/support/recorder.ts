/**
 * A throwaway HTTP peer for golden wire tests: a real node:http server on 127.0.0.1 that records
 * exactly what each request carried and answers whatever the test scripts (canned envelopes,
 * HTML, malformed JSON, resets, slow answers, Retry-After...).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** Parsed JSON body, or undefined if not JSON. */
  body: unknown;
  /** performance.now() when the request line and body had arrived, ms. */
  at: number;
  /** Date.now() at the same moment, ms. */
  wall: number;
  /** Number of this request, 1-based. */
  n: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** JSON body (serialized). */
  json?: unknown;
  /** Raw body. */
  text?: string;
  /** Destroy the socket instead of answering. */
  reset?: boolean;
  /** Send headers and part of the body, then destroy the socket. */
  resetMidBody?: boolean;
  /** Wait before answering, ms. */
  delayMs?: number;
  /** Send the headers at once but the body only after this many ms. */
  bodyDelayMs?: number;
  /** Never answer. */
  hang?: boolean;
}

export type Responder = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface Recorder {
  url: string;
  requests: RecordedRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

/** `{ request_id, data }`. */
export function ok(data: unknown, requestId = "req-ok"): Reply {
  return { status: 200, json: { request_id: requestId, data }, headers: { "flashcat-request-id": requestId } };
}

/** `{ request_id, error: { code, message } }` with the given status. */
export function fail(status: number, code: string, message: string, requestId = "req-err", headers: Record<string, string> = {}): Reply {
  return { status, json: { request_id: requestId, error: { code, message } }, headers: { "flashcat-request-id": requestId, ...headers } };
}

/** Waits `ms`, or less if the client closes the connection first: no timer outlives its exchange. */
function waitUnlessClosed(ms: number, res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on("close", done);
  });
}

export async function startRecorder(initial: Responder = () => ok(null)): Promise<Recorder> {
  let responder = initial;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const rawBody = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        let body: unknown;
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = undefined;
        }
        const rec: RecordedRequest = {
          method: req.method ?? "",
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          rawBody,
          body,
          at: performance.now(),
          wall: Date.now(),
          n: requests.length + 1,
        };
        requests.push(rec);
        const reply = await responder(rec);
        if (reply.delayMs) await waitUnlessClosed(reply.delayMs, res);
        if (reply.hang) return;
        if (reply.reset) {
          req.socket.destroy();
          return;
        }
        const payload = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
        const headers = {
          "content-type": reply.text !== undefined ? "text/html" : "application/json",
          ...reply.headers,
        };
        if (reply.resetMidBody) {
          res.writeHead(reply.status ?? 200, { ...headers, "content-length": String(payload.length + 100) });
          res.write(payload.slice(0, Math.floor(payload.length / 2)));
          setTimeout(() => req.socket.destroy(), 10);
          return;
        }
        res.writeHead(reply.status ?? 200, headers);
        if (reply.bodyDelayMs) {
          res.flushHeaders();
          await waitUnlessClosed(reply.bodyDelayMs, res);
          if (res.destroyed) return;
        }
        res.end(payload);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(r) {
      responder = r;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The secret used by every test client; asserted absent from errors and logs. */
export const SECRET_KEY = "fdk_SECRET-4f9a-DO-NOT-LEAK";

/** An automation rule exactly as docs/platform-api.md "Automation rule object" describes it. */
export function wireRule(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    rule_id: `arule_${String(i).padStart(5, "0")}`,
    account_id: 1001,
    team_id: 11,
    owner_id: 501,
    name: `Daily health check ${i}`,
    enabled: true,
    run_scope: "team",
    cron_expr: "0 9 * * 1",
    timezone: "Asia/Shanghai",
    prompt: "Summarize yesterday's incidents",
    environment_kind: "",
    environment_id: "",
    schedule_trigger_id: `atrig_s${i}`,
    schedule_trigger_enabled: true,
    http_post_trigger_id: `atrig_h${i}`,
    http_post_trigger_url: `/safari/automation/triggers/atrig_h${i}/fire`,
    http_post_trigger_enabled: false,
    can_edit: true,
    created_at: 1718000000000,
    updated_at: 1718000500000,
    schedule_next_fire_at_ms: 1718600000000,
    oncall_incident_trigger_id: `atrig_o${i}`,
    oncall_incident_trigger_enabled: true,
    oncall_incident_channel_ids: [2001, 2002],
    oncall_incident_severities: ["Critical", "Warning"],
    ...overrides,
  };
}

/** An MCP server with every required field of the newest schema (docs/platform-api.md "MCP server object") and a few optional ones. */
export function wireServer(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    server_id: id,
    account_id: 1001,
    team_id: 1,
    can_edit: true,
    environments: ["cloud"],
    server_name: "Grafana",
    description: "Dashboards",
    transport: "streamable-http",
    status: "enabled",
    connect_timeout: 10,
    call_timeout: 60,
    created_by: 501,
    created_at: 1718000000000,
    updated_at: 1718000500000,
    url: "https://grafana.example/mcp",
    headers: { Authorization: "******" },
    auth_mode: "shared",
    ...overrides,
  };
}
