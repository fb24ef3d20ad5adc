/**
 * Request bodies: the Content-Type check, JSON parsing and schema validation, with the
 * platform's errors (`InvalidContentType`, `InvalidParameter` naming the field).
 */
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { ApiError } from "./envelope";
import type { ValueKind } from "./messages";

/** Largest accepted body, in bytes (1 MiB); one byte more is 413 `EntityTooLarge`. */
export const MAX_BODY_BYTES = 1024 * 1024;

function isJsonContentType(header: string): boolean {
  const semicolon = header.indexOf(";");
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return mediaType === "application/json";
}

/**
 * @internal
 * The body of `request` as a JSON object. The raw bytes come from the catch-all parser of
 * `server.ts` (a Buffer, or undefined when there was no body). An empty body with no
 * Content-Type counts as `{}`; any other body needs `application/json` (400 `InvalidContentType`),
 * must parse (400 `InvalidParameter` naming `body`) and must be an object.
 */
export function readJsonObject(request: FastifyRequest): Record<string, unknown> {
  const raw = request.body as Buffer | undefined;
  const contentType = request.headers["content-type"];
  const empty = raw === undefined || raw.length === 0;
  if (contentType === undefined ? !empty : !isJsonContentType(contentType)) {
    throw new ApiError("InvalidContentType", (m) => m.invalidContentType());
  }
  if (empty) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new ApiError("InvalidParameter", (m) => m.malformedJson());
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ApiError("InvalidParameter", (m) => m.bodyNotObject());
  }
  return parsed as Record<string, unknown>;
}

function fieldName(path: readonly PropertyKey[]): string {
  let name = "";
  for (const part of path) name += typeof part === "number" ? `[${part}]` : name === "" ? String(part) : `.${String(part)}`;
  return name === "" ? "body" : name;
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const part of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

const KIND_BY_EXPECTED: Record<string, ValueKind> = {
  int: "integer",
  number: "number",
  string: "string",
  boolean: "boolean",
  array: "array",
  object: "object",
};

/**
 * @internal
 * `body` checked against one of the wire request schemas. The first problem becomes a 400
 * `InvalidParameter` naming the field (`limit`, `team_ids[2]`): "required" when it is absent,
 * otherwise the kind of value it must be.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: Record<string, unknown>): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = fieldName(issue.path);
  if (valueAt(body, issue.path) === undefined) throw new ApiError("InvalidParameter", (m) => m.paramRequired(name));
  const expected =
    issue.code === "invalid_type" ? KIND_BY_EXPECTED[issue.expected] : issue.code === "too_big" || issue.code === "too_small" ? "integer" : undefined;
  if (expected !== undefined) throw new ApiError("InvalidParameter", (m) => m.paramType(name, expected));
  const detail = issue.message;
  throw new ApiError("InvalidParameter", (m) => m.paramInvalid(name, detail));
}
