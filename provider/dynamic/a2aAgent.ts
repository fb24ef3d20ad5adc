import * as pulumi from "@pulumi/pulumi";
import type { A2aAgentCardSkill } from "../../sdk";
import type { Equal } from "../../wire/typeAssert";
import { suspendStackTraces } from "../engine/stackTraces";
import { fieldsNotWhere } from "../engine/declaration";
import { checkGetSupported } from "./resourceGet";
import { STORED_PROVIDER_KEY, storedProviderText } from "../engine/storedProviderText";
import { A2A_AGENT_TYPE } from "../engine/typeToken";
import { A2A_AGENT } from "../a2aAgent/declaration";
import { SECRET_FIELDS } from "../a2aAgent/fields";

/** A JSON value, as `secretSchema` and `oauthMetadata` are written in a program. */
export type A2aAgentJson = string | number | boolean | null | A2aAgentJson[] | { [key: string]: A2aAgentJson };

/** Arguments of {@link A2aAgent}: the agent's fields in camelCase. */
export interface A2aAgentArgs {
  /** 1 to 128 characters; unique in its scope (account-wide, or one team), case-insensitively. */
  agentName: pulumi.Input<string>;
  /** Markdown (an optional `summary` frontmatter, then a non-empty body), at most 51200 bytes of UTF-8. */
  instructions: pulumi.Input<string>;
  /** Absolute `http` or `https` URL of the agent card (the platform does not fetch it at create). */
  cardUrl: pulumi.Input<string>;
  /** `none`, `api_key` or `bearer`. Left out, it is `"none"` at create and not managed afterwards (a change made in the console stays). */
  authType?: pulumi.Input<"none" | "api_key" | "bearer">;
  /**
   * `shared` (the agent's own `authConfig`), `per_user_secret` (needs `secretSchema` with a
   * `header_name`) or `per_user_oauth`. Left out, it is `"shared"` at create and not managed
   * afterwards (a change made in the console stays).
   */
  authMode?: pulumi.Input<"shared" | "per_user_secret" | "per_user_oauth">;
  /**
   * Credentials (e.g. `api_key`, `header_name`). Secret, and write-only: the outputs hold a salted
   * digest of each value (`scrypt:<salt>:<hash>`), never the value
   * (docs/reliability.md#secrets-in-logs); the keys are in `authConfigKeys`. No value may be empty:
   * leave a key out to remove it. Default `{}`.
   */
  authConfig?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** The per-user secret's schema, as a structured value (sent as JSON text); JSON text of an object or array is read as that value. */
  secretSchema?: pulumi.Input<A2aAgentJson>;
  /** OAuth metadata for `per_user_oauth`, as a structured value (sent as JSON text). */
  oauthMetadata?: pulumi.Input<A2aAgentJson>;
  /**
   * Whether the platform talks to the agent by streaming. Left out, it is `false` at create and not
   * managed afterwards (a change made in the console stays).
   */
  streaming?: pulumi.Input<boolean>;
  /**
   * 0 = account-wide (owners/admins edit it); otherwise the owning team. Changing it moves the
   * agent in place. Left out, it is `0` at create and not managed afterwards (a change made in the
   * console stays).
   */
  teamId?: pulumi.Input<number>;
  /** Environments the agent is callable from (`cloud`, BYOC runner ids). Default `[]` = every environment. */
  environments?: pulumi.Input<pulumi.Input<string>[]>;
  /** Testing only: allow OAuth over plain HTTP. Left out, it is `false` at create and not managed afterwards (a change made in the console stays). */
  allowInsecureOauthHttp?: pulumi.Input<boolean>;
  /** Testing only: skip TLS certificate checks. Left out, it is `false` at create and not managed afterwards (a change made in the console stays). */
  allowInsecureTlsSkipVerify?: pulumi.Input<boolean>;
  /** Whether the agent is enabled. Left out, it is `true` at create and not managed afterwards (a change made in the console stays). */
  enabled?: pulumi.Input<boolean>;
  /**
   * Adopts an existing agent instead of creating one: create reads it and updates it to the
   * declared fields. Naming another agent replaces the resource. (The dynamic resource cannot be
   * imported: adopt an agent made in the console with this.)
   */
  agentId?: pulumi.Input<string>;
}

/** The state of an {@link A2aAgent} as the stack records it; the third argument of {@link A2aAgent.get}. */
export interface A2aAgentState {
  /** 1 to 128 characters; unique in its scope (account-wide, or one team), case-insensitively. */
  agentName?: pulumi.Input<string>;
  /** Markdown (an optional `summary` frontmatter, then a non-empty body), at most 51200 bytes of UTF-8. */
  instructions?: pulumi.Input<string>;
  /** Absolute `http` or `https` URL of the agent card (the platform does not fetch it at create). */
  cardUrl?: pulumi.Input<string>;
  /** `none`, `api_key` or `bearer`. Default `"none"`. */
  authType?: pulumi.Input<string>;
  /** `shared` (the agent's own `authConfig`), `per_user_secret` (needs `secretSchema` with a `header_name`) or `per_user_oauth`. Default `"shared"`. */
  authMode?: pulumi.Input<string>;
  /**
   * Credentials (e.g. `api_key`, `header_name`). Secret, and write-only: the outputs hold a salted
   * digest of each value (`scrypt:<salt>:<hash>`), never the value
   * (docs/reliability.md#secrets-in-logs); the keys are in `authConfigKeys`. No value may be empty:
   * leave a key out to remove it. Default `{}`.
   */
  authConfig?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** The per-user secret's schema, as a structured value (sent as JSON text); JSON text of an object or array is read as that value. */
  secretSchema?: pulumi.Input<A2aAgentJson>;
  /** OAuth metadata for `per_user_oauth`, as a structured value (sent as JSON text). */
  oauthMetadata?: pulumi.Input<A2aAgentJson>;
  /** Whether the platform talks to the agent by streaming. Default `false`. */
  streaming?: pulumi.Input<boolean>;
  /** 0 = account-wide (owners/admins edit it); otherwise the owning team. Changing it moves the agent in place. Default `0`. */
  teamId?: pulumi.Input<number>;
  /** Environments the agent is callable from (`cloud`, BYOC runner ids). Default `[]` = every environment. */
  environments?: pulumi.Input<pulumi.Input<string>[]>;
  /** Testing only: allow OAuth over plain HTTP. Default `false`. */
  allowInsecureOauthHttp?: pulumi.Input<boolean>;
  /** Testing only: skip TLS certificate checks. Default `false`. */
  allowInsecureTlsSkipVerify?: pulumi.Input<boolean>;
  /** Whether the agent is enabled. Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** Agent id (`a2a_...`). For `get`, the id argument names the agent and this is ignored. */
  agentId?: pulumi.Input<string>;
  /** Owning account. */
  accountId?: pulumi.Input<number>;
  /** The agent card's own name, once the platform fetched the card; `""` before. */
  agentCardName?: pulumi.Input<string>;
  /** The agent card's skills, once the platform fetched the card; `[]` before. */
  agentCardSkills?: pulumi.Input<pulumi.Input<A2aAgentCardSkill>[]>;
  /** Creation time, epoch milliseconds. */
  createdAt?: pulumi.Input<number>;
  /** Last update time, epoch milliseconds. */
  updatedAt?: pulumi.Input<number>;
  /** Member id of the creator. */
  createdBy?: pulumi.Input<number>;
  /** Whether the app key's member may edit the agent. */
  canEdit?: pulumi.Input<boolean>;
  /** The keys of `authConfig`, sorted: not secret, so drift reports can name a key added or removed in the console. */
  authConfigKeys?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * The outputs of {@link A2aAgent}: every field of its declaration but its bookkeeping
 * (`adoptedAgentId`), checked against the class's state type at compile time.
 *
 * @internal
 */
export const STATE_KEYS = fieldsNotWhere(A2A_AGENT.fields, { bookkeeping: true }) satisfies readonly (keyof A2aAgentState)[];
true satisfies Equal<(typeof STATE_KEYS)[number], keyof A2aAgentState>;

/**
 * The provider stored in state (`__provider`), as the other resources store theirs.
 *
 * FROZEN CONTRACT: the module path `pulumi-flashduty/provider/a2aAgentProvider` and the names
 * called there must never change or disappear; every stack keeps this text in its state.
 *
 * @internal
 */
export const STORED_PROVIDER_TEXT = storedProviderText("pulumi-flashduty/provider/a2aAgentProvider");

/**
 * An A2A agent of the Flashduty AI SRE platform (another team's agent the AI SRE talks to over
 * A2A), declared whole. A dynamic resource: type token `pulumi-nodejs:dynamic/flashduty:A2aAgent`.
 *
 * - check (preview, before any call): name and instructions length, an absolute http(s) card URL,
 *   enumerations, `secretSchema` with a `header_name` for `per_user_secret`, no empty
 *   `authConfig` value (named by its key).
 * - create: one `POST /safari/a2a-agent/create`, exactly once (a lost answer is found by name in
 *   its scope before any retry), read back; `enabled: false` then disables it. A name taken in
 *   the scope fails naming the agent and how to adopt it with `agentId`.
 * - refresh: `a2a-agent/get`; a console edit shows as an update naming the fields. Secret values
 *   come back masked (`******`): a masked value reads as the digest in state, so no phantom drift;
 *   a key added or removed shows. An agent deleted on the platform leaves the stack.
 * - update: one partial `a2a-agent/update` with only the changed fields (`teamId` moves the agent
 *   in place; `authConfig` is sent whole), read back; `enabled` through enable/disable after
 *   reading the agent, since both refuse a no-op.
 * - delete: `a2a-agent/delete`; an agent already gone is success.
 * - secrets: `authConfig` is always a Pulumi secret, and write-only: the outputs hold a salted
 *   digest of each value, never the value, and the diff compares the program's values with those
 *   digests (a changed value is a change named `authConfig`, its value not shown)
 *   (docs/reliability.md "Secrets in logs").
 */
export class A2aAgent extends pulumi.CustomResource {
  /**
   * Reads an existing A2A agent into the program by its id (`POST /safari/a2a-agent/get`): a
   * read-only resource of the stack that no `up` or `destroy` changes. Needs `@pulumi/pulumi`
   * 3.268.0 or later; throws at once with an earlier one. An unknown agent fails the preview
   * with "A2A agent '<id>' not found".
   *
   * @param name the Pulumi resource name
   * @param id the agent id (`a2a_...`)
   * @param state extra state the read starts from
   * @param opts resource options; `id` is set from `id`
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: A2aAgentState, opts?: pulumi.CustomResourceOptions): A2aAgent {
    checkGetSupported("A2aAgent");
    return new A2aAgent(name, state as unknown as A2aAgentArgs, { ...opts, id });
  }

  /** The type token. @internal */
  public static readonly __pulumiType: string = A2A_AGENT_TYPE;

  /** Whether `obj` is an `A2aAgent` resource, by its type token (also across copies of this package). */
  public static override isInstance(obj: unknown): obj is A2aAgent {
    if (obj === undefined || obj === null) return false;
    return (obj as { __pulumiType?: unknown }).__pulumiType === A2aAgent.__pulumiType;
  }

  /** 1 to 128 characters; unique in its scope (account-wide, or one team), case-insensitively. */
  declare public readonly agentName: pulumi.Output<string>;
  /** Markdown (an optional `summary` frontmatter, then a non-empty body), at most 51200 bytes of UTF-8. */
  declare public readonly instructions: pulumi.Output<string>;
  /** Absolute `http` or `https` URL of the agent card (the platform does not fetch it at create). */
  declare public readonly cardUrl: pulumi.Output<string>;
  /** `none`, `api_key` or `bearer`. Default `"none"`. */
  declare public readonly authType: pulumi.Output<string>;
  /** `shared` (the agent's own `authConfig`), `per_user_secret` (needs `secretSchema` with a `header_name`) or `per_user_oauth`. Default `"shared"`. */
  declare public readonly authMode: pulumi.Output<string>;
  /**
   * Credentials (e.g. `api_key`, `header_name`). Secret, and write-only: the outputs hold a salted
   * digest of each value (`scrypt:<salt>:<hash>`), never the value
   * (docs/reliability.md#secrets-in-logs); the keys are in `authConfigKeys`. No value may be empty:
   * leave a key out to remove it. Default `{}`.
   */
  declare public readonly authConfig: pulumi.Output<Record<string, string>>;
  /** The per-user secret's schema, as a structured value (sent as JSON text); JSON text of an object or array is read as that value. */
  declare public readonly secretSchema: pulumi.Output<A2aAgentJson | undefined>;
  /** OAuth metadata for `per_user_oauth`, as a structured value (sent as JSON text). */
  declare public readonly oauthMetadata: pulumi.Output<A2aAgentJson | undefined>;
  /** Whether the platform talks to the agent by streaming. Default `false`. */
  declare public readonly streaming: pulumi.Output<boolean>;
  /** 0 = account-wide (owners/admins edit it); otherwise the owning team. Changing it moves the agent in place. Default `0`. */
  declare public readonly teamId: pulumi.Output<number>;
  /** Environments the agent is callable from (`cloud`, BYOC runner ids). Default `[]` = every environment. */
  declare public readonly environments: pulumi.Output<string[]>;
  /** Testing only: allow OAuth over plain HTTP. Default `false`. */
  declare public readonly allowInsecureOauthHttp: pulumi.Output<boolean>;
  /** Testing only: skip TLS certificate checks. Default `false`. */
  declare public readonly allowInsecureTlsSkipVerify: pulumi.Output<boolean>;
  /** Whether the agent is enabled. Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** Agent id (`a2a_...`). For `get`, the id argument names the agent and this is ignored. */
  declare public readonly agentId: pulumi.Output<string>;
  /** Owning account. */
  declare public readonly accountId: pulumi.Output<number>;
  /** The agent card's own name, once the platform fetched the card; `""` before. */
  declare public readonly agentCardName: pulumi.Output<string>;
  /** The agent card's skills, once the platform fetched the card; `[]` before. */
  declare public readonly agentCardSkills: pulumi.Output<A2aAgentCardSkill[]>;
  /** Creation time, epoch milliseconds. */
  declare public readonly createdAt: pulumi.Output<number>;
  /** Last update time, epoch milliseconds. */
  declare public readonly updatedAt: pulumi.Output<number>;
  /** Member id of the creator. */
  declare public readonly createdBy: pulumi.Output<number>;
  /** Whether the app key's member may edit the agent. */
  declare public readonly canEdit: pulumi.Output<boolean>;
  /** The keys of `authConfig`, sorted: not secret, so drift reports can name a key added or removed in the console. */
  declare public readonly authConfigKeys: pulumi.Output<string[]>;

  /**
   * @param name the Pulumi resource name (unique in the stack)
   * @param args the agent's fields (`agentName`, `instructions` and `cardUrl` required)
   * @param opts standard resource options; `authConfig` is always secret
   */
  constructor(name: string, args: A2aAgentArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, argsOrState?: A2aAgentArgs | A2aAgentState, opts?: pulumi.CustomResourceOptions) {
    const reading = Boolean(opts?.id);
    const args = argsOrState as A2aAgentArgs | undefined;
    const state = argsOrState as A2aAgentState | undefined;
    const outputs: Record<string, unknown> = Object.fromEntries(STATE_KEYS.map((key) => [key, undefined]));
    // Secret inputs, whatever the program passed: encrypted in state, masked in previews.
    const secrets = Object.fromEntries(SECRET_FIELDS.filter((key) => args?.[key] !== undefined).map((key) => [key, pulumi.secret(args?.[key])]));
    // No stack traces for the runtime to record while declaring (provider/engine/stackTraces.ts).
    const traces = suspendStackTraces();
    try {
      super(
        A2A_AGENT_TYPE,
        name,
        reading
          ? { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...state, agentId: undefined }
          : { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...args, ...secrets, agentId: args?.agentId },
        {
          ...opts,
          additionalSecretOutputs: [...new Set([...(opts?.additionalSecretOutputs ?? []), ...SECRET_FIELDS])],
          // Names are unique in their scope: a replacement (`--replace`, a new agentId) deletes first.
          ...(reading ? {} : { deleteBeforeReplace: opts?.deleteBeforeReplace ?? true }),
        },
      );
    } catch (err) {
      throw traces.restoredFor(err, A2aAgent);
    } finally {
      traces.restore();
    }
  }
}
