/** Real-HTTP helpers for the emulator conformance tests (undici, no mocks). */
import { FormData, request } from "undici";
import { expect } from "vitest";
import type { Emulator } from "../../emulator";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: any;
}

export interface CallOptions {
  /** app_key query value; null = no app_key at all. */
  key?: string | null;
  /** JSON body (serialised); ignored when `raw` is set. */
  body?: unknown;
  /** Raw body bytes, sent as they are. */
  raw?: string | Buffer;
  /** Content-Type; default application/json; null = no header. */
  contentType?: string | null;
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  headers?: Record<string, string>;
}

export async function call(emu: Pick<Emulator, "url">, path: string, options: CallOptions = {}): Promise<Answer> {
  const query = options.key === null || options.key === undefined ? "" : `?app_key=${encodeURIComponent(options.key)}`;
  const method = options.method ?? "POST";
  const headers: Record<string, string> = { ...options.headers };
  const contentType = options.contentType === undefined ? "application/json" : options.contentType;
  let body: string | Buffer | undefined = options.raw;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && contentType !== null) headers["content-type"] = contentType;
  const response = await request(`${emu.url}${path}${query}`, { method, headers, body });
  const text = await response.body.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, body: parsed };
}

/** A skill upload as the vendor's SDK sends it (`multipart/form-data`, text fields first, then `file`), built with undici's FormData. */
export async function uploadSkill(
  emu: Pick<Emulator, "url">,
  key: string,
  archive: Buffer | undefined,
  fields: Record<string, string> = {},
  fileName = "skill.zip",
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (archive !== undefined) form.append("file", new Blob([archive]), fileName);
  const response = await request(`${emu.url}/safari/skill/upload?app_key=${encodeURIComponent(key)}`, { method: "POST", body: form });
  const text = await response.body.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, body: parsed };
}

/** A caller bound to one app key: `api(path, body?, headers?)`. */
export function client(emu: Emulator, key: string | null) {
  return (path: string, body: unknown = {}, headers?: Record<string, string>) => call(emu, path, { key, body, headers });
}

/** Asserts the failure envelope: status, code, request id in body and header, no `data`. */
export function expectError(answer: Answer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
  expect(answer.body).not.toHaveProperty("data");
  expect(typeof answer.body.request_id).toBe("string");
  expect(answer.headers["flashcat-request-id"]).toBe(answer.body.request_id);
  expect(typeof answer.body.error.message).toBe("string");
}

/** A raw HTTP exchange on a fresh TCP connection: the response as parsed by hand (status, headers, body), read until the server closes. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
  text: string;
}

/**
 * Sends `chunks` as they are (bytes the HTTP client libraries would refuse to send), waiting
 * `pauseMs` between them, and reads the answer until the server closes the connection.
 */
export async function rawExchange(emu: Pick<Emulator, "port">, chunks: string[], pauseMs = 0): Promise<RawAnswer> {
  const { connect } = await import("node:net");
  const text = await new Promise<string>((resolveText, reject) => {
    const socket = connect(emu.port, "127.0.0.1");
    let out = "";
    socket.on("data", (data: Buffer) => (out += data.toString("utf8")));
    socket.on("close", () => resolveText(out));
    socket.on("error", reject);
    socket.on("connect", async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
        if (!socket.destroyed) socket.write(chunk);
      }
    });
  });
  const [head = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = rest.join("\r\n\r\n");
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: parsed, text };
}

/** Asserts a raw answer is the failure envelope with `status` and `code`, its request id in body and header. */
export function expectRawError(answer: RawAnswer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code }, answer.text.slice(0, 300)).toEqual({ status, code });
  expect(answer.body.request_id).toMatch(/^[0-9a-f]{32}$/);
  expect(answer.headers["flashcat-request-id"]).toBe(answer.body.request_id);
  expect(typeof answer.body.error.message).toBe("string");
}
