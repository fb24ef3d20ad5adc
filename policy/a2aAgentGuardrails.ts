/**
 * `flashduty-a2a-agent-guardrails`: how an `A2aAgent` may reach the other team's agent. Reads
 * only the resource's inputs: no API call. Secrets are never shown: the policy reads the keys of
 * `authConfig`, never its values, and never shows the card URL.
 */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { isResourceType } from "../provider/engine/typeToken";
import { markdownCode } from "../sdk/markdownText";
import { knownProp } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";

export const A2A_AGENT_GUARDRAILS = "flashduty-a2a-agent-guardrails";

/** Settings of {@link a2aAgentGuardrailsPolicy}. */
export interface A2aAgentGuardrailsConfig {
  /** Allow a `cardUrl` over plain `http`; default false (https only). */
  allowHttpCardUrl: boolean;
  /** Allow `allowInsecureOauthHttp: true` (OAuth over plain HTTP); default false. */
  allowInsecureOauthHttp: boolean;
  /** Allow `allowInsecureTlsSkipVerify: true` (no TLS certificate check); default false. */
  allowInsecureTlsSkipVerify: boolean;
  /** Allow credentials in the card URL: user info (`https://user:token@host/`) or a query string; default false. */
  allowCardUrlCredentials: boolean;
  /** Every `A2aAgent` must belong to a team (`teamId` > 0); default false. */
  requireTeamScope: boolean;
}

const SCHEMA: DefaultedSchema = {
  properties: {
    allowHttpCardUrl: { type: "boolean", default: false, description: "Allow an A2aAgent cardUrl over plain http (https only by default)." },
    allowInsecureOauthHttp: { type: "boolean", default: false, description: "Allow A2aAgent allowInsecureOauthHttp: true (OAuth over plain HTTP)." },
    allowInsecureTlsSkipVerify: {
      type: "boolean",
      default: false,
      description: "Allow A2aAgent allowInsecureTlsSkipVerify: true (the agent's TLS certificate is not checked).",
    },
    allowCardUrlCredentials: {
      type: "boolean",
      default: false,
      description:
        "Allow credentials in an A2aAgent's cardUrl (user info or a query string); by default they belong in authConfig, which A2aAgent keeps secret.",
    },
    requireTeamScope: { type: "boolean", default: false, description: "Every A2aAgent must set teamId to a team (> 0); account-wide agents are reported." },
  },
};

/** Program text in a violation message: an inert code span. */
function quoted(text: string): string {
  return markdownCode(text, { maxLength: 200 }) || '""';
}

/**
 * Resource policy over each `A2aAgent`'s inputs; each violation names the resource, its agent
 * name and the field (never a value of `authConfig`, nor the card URL): a `cardUrl` over plain
 * `http`; `allowInsecureOauthHttp` or `allowInsecureTlsSkipVerify` true; credentials in the card
 * URL (user info or query string: they would be stored and shown in plain text, whereas
 * `authConfig` is always secret); an account-wide agent under `requireTeamScope`. Values not
 * known at preview are not checked. Default enforcement: advisory.
 */
export function a2aAgentGuardrailsPolicy(options: PolicyOptions<A2aAgentGuardrailsConfig> = {}): ResourceValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: A2A_AGENT_GUARDRAILS,
    description: "A2aAgent resources must use an https card URL without credentials, no insecure flag, and a team where required.",
    enforcementLevel: options.enforcementLevel ?? "advisory",
    configSchema: schema,
    validateResource: (args, reportViolation) => {
      if (!isResourceType(args.type, "A2aAgent")) return;
      const config = readConfig<A2aAgentGuardrailsConfig>(schema, args.getConfig());
      for (const message of a2aAgentViolations(args.name, args.props, config)) reportViolation(message);
    },
  };
}

/** The violation messages for one `A2aAgent` (its resource name and inputs) under `config`. */
export function a2aAgentViolations(resourceName: string, props: Record<string, unknown>, config: A2aAgentGuardrailsConfig): string[] {
  const agentName = knownProp(props, "agentName");
  const label = `A2aAgent ${quoted(resourceName)}${typeof agentName === "string" ? ` (agent ${quoted(agentName)})` : ""}`;
  const messages: string[] = [];
  const cardUrl = knownProp(props, "cardUrl");
  const parsed = typeof cardUrl === "string" ? parseUrl(cardUrl) : undefined;
  if (parsed !== undefined && parsed.protocol === "http:" && !config.allowHttpCardUrl) {
    messages.push(`${label}: cardUrl uses plain http; use https, or allow it with the policy setting allowHttpCardUrl`);
  }
  if (parsed !== undefined && !config.allowCardUrlCredentials && (parsed.username !== "" || parsed.password !== "" || parsed.search !== "")) {
    // The URL itself is never shown: its user info or query may be the credential.
    messages.push(`${label}: cardUrl carries credentials (user info or a query string); put them in authConfig, which A2aAgent keeps secret`);
  }
  if (knownProp(props, "allowInsecureOauthHttp") === true && !config.allowInsecureOauthHttp) {
    messages.push(`${label}: allowInsecureOauthHttp is true (OAuth over plain HTTP); remove it, or allow it with the policy setting allowInsecureOauthHttp`);
  }
  if (knownProp(props, "allowInsecureTlsSkipVerify") === true && !config.allowInsecureTlsSkipVerify) {
    messages.push(
      `${label}: allowInsecureTlsSkipVerify is true (the agent's TLS certificate is not checked); remove it, or allow it with the policy setting allowInsecureTlsSkipVerify`,
    );
  }
  const teamId = knownProp(props, "teamId");
  if (config.requireTeamScope && (teamId === undefined || teamId === null || (typeof teamId === "number" && !(teamId > 0)))) {
    messages.push(`${label}: account-wide agent (teamId unset or 0); this stack requires team-scoped A2A agents: set teamId`);
  }
  return messages;
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
