/**
 * The state of an `A2aAgent`: the shape of its declared fields, inputs and outputs, how two
 * declared values compare (a digest in state stands for the value it digests, a masked secret
 * equals any value of its key), and the mapping between
 * them and the client's model (`A2aAgent` of the SDK). The provider functions are in
 * `provider.ts`.
 *
 * @packageDocumentation
 */
import { isDeepStrictEqual } from "node:util";
import type { A2aAgent, A2aAgentAuthMode, A2aAgentAuthType, A2aAgentCardSkill, A2aAgentFields } from "../../sdk";
import type { Equal } from "../../wire/typeAssert";
import { sealSecretMap, secretMapsMatch, unmaskSecretMap } from "../engine/secretMap";
import { setFields } from "../engine/programFields";
import { isUnknown } from "../engine/unknown";
import { DECLARED_FIELDS, type DeclaredField } from "./fields";

/** A JSON value as the program writes `secretSchema` and `oauthMetadata`. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The declared fields, with the defaults `check` fills in. */
export interface A2aAgentDeclared {
  agentName: string;
  /** Markdown. */
  instructions: string;
  cardUrl: string;
  /** Default `none`. */
  authType: A2aAgentAuthType;
  /** Default `shared`. */
  authMode: A2aAgentAuthMode;
  /** SECRET values. Default `{}`. */
  authConfig: Record<string, string>;
  /** Structured value; sent as JSON text. */
  secretSchema?: JsonValue;
  /** Structured value; sent as JSON text. */
  oauthMetadata?: JsonValue;
  /** Default false. */
  streaming: boolean;
  /** Default 0 (account-wide). Changing it moves the agent in place. */
  teamId: number;
  /** Default `[]` (every environment). */
  environments: string[];
  /** Default false. */
  allowInsecureOauthHttp: boolean;
  /** Default false. */
  allowInsecureTlsSkipVerify: boolean;
  /** Default true. */
  enabled: boolean;
}

/** Inputs after `check`: what the engine stores as the resource's inputs. */
export interface A2aAgentInputs extends A2aAgentDeclared {
  /** Adoption: the id of an existing agent to take over instead of creating one. */
  agentId?: string;
}

/**
 * Outputs (state); see `A2aAgent` of the SDK for the meaning of each. `authConfig` is write-only:
 * under each key a salted digest of the value (`scrypt:<salt>:<hash>`, `../engine/secretDigest.ts`),
 * or the platform's mask `******` where the value is not known; never the value
 * (docs/reliability.md "Secrets in logs").
 */
export interface A2aAgentOutputs extends A2aAgentDeclared {
  agentId: string;
  /** The `agentId` input when the agent was adopted. */
  adoptedAgentId?: string;
  accountId: number;
  agentCardName: string;
  agentCardSkills: A2aAgentCardSkill[];
  createdAt: number;
  updatedAt: number;
  createdBy: number;
  canEdit: boolean;
  /** The keys of `authConfig`, sorted: not secret, so a key added or removed in the console shows in drift reports. */
  authConfigKeys: string[];
}

true satisfies Equal<DeclaredField, keyof A2aAgentDeclared>;

/** @internal */
export const DEFAULTS = {
  authType: "none",
  authMode: "shared",
  authConfig: {},
  streaming: false,
  teamId: 0,
  environments: [],
  allowInsecureOauthHttp: false,
  allowInsecureTlsSkipVerify: false,
  enabled: true,
} as const satisfies Partial<A2aAgentDeclared>;

/**
 * The SDK's fields for the declared ones: `enabled` left out (it is not a field of create or
 * update), the structured values as JSON text, an absent one as `""` when `clearing` (an update
 * that removes it).
 *
 * @internal
 */
export function toSdkFields(
  d: Partial<Record<DeclaredField, unknown>>,
  clearing: readonly DeclaredField[] = [],
): Partial<Record<keyof A2aAgentFields, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(d)) {
    if (key === "enabled" || value === undefined) continue;
    out[key] = key === "secretSchema" || key === "oauthMetadata" ? JSON.stringify(value) : value;
  }
  for (const key of clearing) if ((key === "secretSchema" || key === "oauthMetadata") && d[key] === undefined) out[key] = "";
  return out;
}

/**
 * Whether the declared `a` (held in state) and `b` (new) of `key` are the same. In `authConfig` a
 * digest in state stands for the value it digests, and a masked value equals any value of its key
 * (`secretMapsMatch` of `../engine/secretMap.ts`).
 *
 * @internal
 */
export function same(key: DeclaredField, a: unknown, b: unknown): boolean {
  if (key === "authConfig") return secretMapsMatch(a as Record<string, string> | undefined, b as Record<string, string> | undefined);
  if (key === "environments") return isDeepStrictEqual(a ?? [], b ?? []);
  return isDeepStrictEqual(a, b);
}

/**
 * The declared fields the program sets whose new value differs from the old one (an unknown new
 * value counts as different).
 *
 * @internal
 */
export function changedFields(olds: Partial<A2aAgentDeclared>, news: Partial<A2aAgentDeclared>): DeclaredField[] {
  // A field the program leaves out is not managed (../engine/programFields.ts).
  return setFields(DECLARED_FIELDS, news).filter((key) => isUnknown(news[key]) || !same(key, olds[key], news[key]));
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
 * Outputs for `agent` as the platform holds it; `known` supplies the values (or digests) of
 * masked secrets, `previous` (default `known`) the digests an unchanged secret value keeps. Every
 * `authConfig` value is sealed (`sealSecretMap` of `../engine/secretMap.ts`): digests, never values.
 *
 * @internal
 */
export function toOutputs(agent: A2aAgent, known: Partial<A2aAgentDeclared>, adopted?: string, previous: Partial<A2aAgentDeclared> = known): A2aAgentOutputs {
  const outs: A2aAgentOutputs = {
    agentId: agent.agentId,
    accountId: agent.accountId,
    agentName: agent.agentName,
    instructions: agent.instructions,
    cardUrl: agent.cardUrl,
    authType: agent.authType as A2aAgentAuthType,
    authMode: (agent.authMode || "shared") as A2aAgentAuthMode,
    authConfig: sealSecretMap(unmaskSecretMap(agent.authConfig, known.authConfig), previous.authConfig),
    streaming: agent.streaming,
    teamId: agent.teamId,
    environments: [...agent.environments],
    allowInsecureOauthHttp: agent.allowInsecureOauthHttp ?? false,
    allowInsecureTlsSkipVerify: agent.allowInsecureTlsSkipVerify ?? false,
    enabled: agent.status === "enabled",
    agentCardName: agent.agentCardName ?? "",
    agentCardSkills: (agent.agentCardSkills ?? []).map((s) => ({ ...s })),
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt,
    createdBy: agent.createdBy,
    canEdit: agent.canEdit,
    authConfigKeys: Object.keys(agent.authConfig ?? {}).sort(),
  };
  const secretSchema = parseJson(agent.secretSchema);
  if (secretSchema !== undefined) outs.secretSchema = secretSchema;
  const oauthMetadata = parseJson(agent.oauthMetadata);
  if (oauthMetadata !== undefined) outs.oauthMetadata = oauthMetadata;
  if (adopted !== undefined) outs.adoptedAgentId = adopted;
  return outs;
}

/** @internal */
export function pick(inputs: Partial<A2aAgentDeclared>, keys: readonly DeclaredField[]): Partial<Record<DeclaredField, unknown>> {
  const out: Partial<Record<DeclaredField, unknown>> = {};
  for (const key of keys) if (inputs[key] !== undefined) out[key] = inputs[key];
  return out;
}

/**
 * The SDK fields of `inputs` for a create (all declared fields but `enabled`).
 *
 * @internal
 */
export function createFields(inputs: A2aAgentInputs): A2aAgentFields {
  return toSdkFields(pick(inputs, DECLARED_FIELDS)) as unknown as A2aAgentFields;
}
