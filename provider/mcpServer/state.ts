/**
 * The state of an `McpServer`: the shape of its declared fields, inputs and outputs, how two
 * declared values compare (a masked secret equals any value of its key), and the mapping between
 * them and the client's model (`McpServer` of the SDK). The provider functions are in
 * `provider.ts`.
 *
 * @packageDocumentation
 */
import { isDeepStrictEqual } from "node:util";
import type { McpServer, McpServerAuthMode, McpServerFields, McpServerTransport } from "../../sdk";
import type { Equal } from "../../wire/typeAssert";
import { holdsSecretValue, sealSecretMap, secretMapsMatch, unmaskSecretMap } from "../engine/secretMap";
import { setFields } from "../engine/programFields";
import { isUnknown } from "../engine/unknown";
import { DECLARED_FIELDS, type DeclaredField, SECRET_FIELDS } from "./fields";

/** A JSON value as the program writes `secretSchema` and `oauthMetadata`. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The declared fields, with the defaults a create fills in for the fields a program leaves out. */
export interface McpServerDeclared {
  serverName: string;
  /** Default `""`. */
  description: string;
  transport: McpServerTransport;
  /** stdio only. */
  command?: string;
  /** Default `[]`. */
  args: string[];
  /** SECRET values. Default `{}`. */
  env: Record<string, string>;
  /** sse / streamable-http only. */
  url?: string;
  /** SECRET values. Default `{}`. */
  headers: Record<string, string>;
  /** Default 0 (account-wide). Changing it moves the server in place. */
  teamId: number;
  /** Default `[]` (every environment). */
  environments: string[];
  /** Seconds; default 0 (the platform default, 10 s). */
  connectTimeoutSeconds: number;
  /** Seconds; default 0 (the platform default, 60 s). */
  callTimeoutSeconds: number;
  /** Default `shared`. */
  authMode: McpServerAuthMode;
  /** Structured value; sent as JSON text. */
  secretSchema?: JsonValue;
  /** Structured value; sent as JSON text. */
  oauthMetadata?: JsonValue;
  /** Default false. */
  allowInsecureOauthHttp: boolean;
  /** Default false. */
  allowInsecureTlsSkipVerify: boolean;
  /** Default true. */
  enabled: boolean;
}

/**
 * Inputs after `check`: what the engine stores as the resource's inputs. Typed as the declared
 * fields, but a field the program leaves out is absent (not managed; create fills its default).
 */
export interface McpServerInputs extends McpServerDeclared {
  /** Adoption: the id of an existing server to take over instead of creating one. */
  serverId?: string;
}

/**
 * Outputs (state); see `McpServer` for the meaning of each. `env` and `headers` hold, under each
 * key, a salted digest of the value (`scrypt:<salt>:<hash>`, `../engine/secretDigest.ts`), or the
 * platform's mask `******` where the value is not known; state written by 0.2 or earlier holds the
 * values themselves until the next refresh or `up` rewrites them.
 */
export interface McpServerOutputs extends McpServerDeclared {
  serverId: string;
  /** The `serverId` input when the server was adopted. */
  adoptedServerId?: string;
  accountId: number;
  createdAt: number;
  updatedAt: number;
  createdBy: number;
  canEdit: boolean;
  aiDescription: string;
  proxyUrl: string;
  sourceTemplateName: string;
  /** The keys of `env`, sorted: not secret, so a key added or removed in the console shows in drift reports. */
  envKeys: string[];
  /** The keys of `headers`, sorted (see `envKeys`). */
  headersKeys: string[];
}

true satisfies Equal<DeclaredField, keyof McpServerDeclared>;

/** @internal */
export const DEFAULTS = {
  description: "",
  args: [],
  env: {},
  headers: {},
  teamId: 0,
  environments: [],
  connectTimeoutSeconds: 0,
  callTimeoutSeconds: 0,
  authMode: "shared",
  allowInsecureOauthHttp: false,
  allowInsecureTlsSkipVerify: false,
  enabled: true,
} as const satisfies Partial<McpServerDeclared>;

/**
 * The SDK's field names for the declared ones (timeouts carry their unit in the resource's names).
 *
 * @internal
 */
export function toSdkFields(d: Partial<Record<DeclaredField, unknown>>): Partial<Record<keyof McpServerFields, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(d)) {
    if (key === "enabled" || value === undefined) continue;
    if (key === "connectTimeoutSeconds") out.connectTimeout = value;
    else if (key === "callTimeoutSeconds") out.callTimeout = value;
    else if (key === "secretSchema" || key === "oauthMetadata") out[key] = JSON.stringify(value);
    else out[key] = value;
  }
  return out;
}

/** @internal */
export const FROM_SDK_FIELD: Record<string, DeclaredField> = { connectTimeout: "connectTimeoutSeconds", callTimeout: "callTimeoutSeconds" };

/**
 * Whether the declared `a` (held in state) and `b` (new) of `key` are the same. In `env` and
 * `headers` a digest in state stands for the value it digests, and a masked value equals any
 * value of its key.
 *
 * @internal
 */
export function same(key: DeclaredField, a: unknown, b: unknown): boolean {
  if (key === "env" || key === "headers") return secretMapsMatch(a as Record<string, string> | undefined, b as Record<string, string> | undefined);
  if (key === "environments" || key === "args") return isDeepStrictEqual(a ?? [], b ?? []);
  if (key === "command" || key === "url") return (a ?? "") === (b ?? "");
  return isDeepStrictEqual(a, b);
}

/**
 * The declared fields the program sets whose new value differs from the old one (an unknown new
 * value counts as different); a field left out is not managed (`../engine/programFields.ts`).
 *
 * @internal
 */
export function changedFields(olds: Partial<McpServerDeclared>, news: Partial<McpServerDeclared>): DeclaredField[] {
  return setFields(DECLARED_FIELDS, news).filter((key) => isUnknown(news[key]) || !same(key, olds[key], news[key]));
}

/**
 * The secret fields whose state still holds a value itself rather than its digest (state written
 * by 0.2 or earlier): the diff reports them so that the engine calls `update`, which rewrites the outputs
 * without any API call.
 *
 * @internal
 */
export function unsealedFields(olds: Partial<McpServerDeclared>): DeclaredField[] {
  return SECRET_FIELDS.filter((key) => holdsSecretValue(olds[key]));
}

function parseJson(text: string | undefined): JsonValue | undefined {
  if (text === undefined || text === "") return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/**
 * Outputs for `server` as the platform holds it; `known` supplies the values (or digests) of
 * masked secrets, `previous` (default `known`) the digests an unchanged secret value keeps. Every
 * `env` and `headers` value is sealed (`sealSecretMap` of `../engine/secretMap.ts`).
 *
 * @internal
 */
export function toOutputs(
  server: McpServer,
  known: Partial<McpServerDeclared>,
  adopted?: string,
  previous: Partial<McpServerDeclared> = known,
): McpServerOutputs {
  const outs: McpServerOutputs = {
    serverId: server.serverId,
    accountId: server.accountId,
    serverName: server.serverName,
    description: server.description,
    transport: server.transport as McpServerTransport,
    args: [...(server.args ?? [])],
    env: sealSecretMap(unmaskSecretMap(server.env, known.env), previous.env),
    headers: sealSecretMap(unmaskSecretMap(server.headers, known.headers), previous.headers),
    teamId: server.teamId,
    environments: [...server.environments],
    connectTimeoutSeconds: server.connectTimeout,
    callTimeoutSeconds: server.callTimeout,
    authMode: (server.authMode || "shared") as McpServerAuthMode,
    allowInsecureOauthHttp: server.allowInsecureOauthHttp ?? false,
    allowInsecureTlsSkipVerify: server.allowInsecureTlsSkipVerify ?? false,
    enabled: server.status === "enabled",
    createdAt: server.createdAt,
    updatedAt: server.updatedAt,
    createdBy: server.createdBy,
    canEdit: server.canEdit,
    aiDescription: server.aiDescription ?? "",
    proxyUrl: server.proxyUrl ?? "",
    sourceTemplateName: server.sourceTemplateName ?? "",
    envKeys: Object.keys(server.env ?? {}).sort(),
    headersKeys: Object.keys(server.headers ?? {}).sort(),
  };
  if (server.command) outs.command = server.command;
  if (server.url) outs.url = server.url;
  const secretSchema = parseJson(server.secretSchema);
  if (secretSchema !== undefined) outs.secretSchema = secretSchema;
  const oauthMetadata = parseJson(server.oauthMetadata);
  if (oauthMetadata !== undefined) outs.oauthMetadata = oauthMetadata;
  if (adopted !== undefined) outs.adoptedServerId = adopted;
  return outs;
}

/**
 * The SDK fields of `inputs` for a create (all declared fields but `enabled`).
 *
 * @internal
 */
export function createFields(inputs: McpServerInputs): McpServerFields {
  const fields = toSdkFields(pick(inputs, DECLARED_FIELDS)) as unknown as McpServerFields;
  return { ...fields, ...(inputs.enabled ? {} : { status: "disabled" as const }) };
}

/** @internal */
export function pick(inputs: Partial<McpServerDeclared>, keys: readonly DeclaredField[]): Partial<Record<DeclaredField, unknown>> {
  const out: Partial<Record<DeclaredField, unknown>> = {};
  for (const key of keys) if (inputs[key] !== undefined) out[key] = inputs[key];
  return out;
}
