/** Real-HTTP helpers for the emulator conformance tests (undici, no mocks). */
import { request } from "undici";
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
