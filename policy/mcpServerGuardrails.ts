/**
 * `flashduty-mcp-server-guardrails`: how an `McpServer` may reach its server. Reads only the
 * resource's inputs: no API call.
 */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { markdownCode } from "../sdk/markdownText";
import { isMcpServer, knownProp, toMcpServer } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";

export const MCP_SERVER_GUARDRAILS = "flashduty-mcp-server-guardrails";

/** The transports an `McpServer` can use. */
const TRANSPORTS = ["stdio", "sse", "streamable-http"] as const;

/** Settings of {@link mcpServerGuardrailsPolicy}. */
export interface McpServerGuardrailsConfig {
  /** Transports an `McpServer` may use; default all three (`stdio`, `sse`, `streamable-http`). */
  allowedTransports: ("stdio" | "sse" | "streamable-http")[];
  /** Allow `allowInsecureOauthHttp: true` (OAuth over plain HTTP); default false. */
  allowInsecureOauthHttp: boolean;
  /** Allow `allowInsecureTlsSkipVerify: true` (no TLS certificate check); default false. */
  allowInsecureTlsSkipVerify: boolean;
  /** Every `McpServer` must belong to a team (`teamId` > 0); default false (account-wide servers allowed). */
  requireTeamScope: boolean;
  /** Allow credentials in the user info of `url` (`https://user:token@host/`); default false. */
  allowUrlCredentials: boolean;
}

const SCHEMA: DefaultedSchema = {
  properties: {
    allowedTransports: {
      type: "array",
      items: { type: "string", enum: [...TRANSPORTS] },
      default: [...TRANSPORTS],
      description: "Transports an McpServer may use (stdio, sse, streamable-http).",
    },
    allowInsecureOauthHttp: { type: "boolean", default: false, description: "Allow McpServer allowInsecureOauthHttp: true (OAuth over plain HTTP)." },
    allowInsecureTlsSkipVerify: {
      type: "boolean",
      default: false,
      description: "Allow McpServer allowInsecureTlsSkipVerify: true (the server's TLS certificate is not checked).",
    },
    requireTeamScope: { type: "boolean", default: false, description: "Every McpServer must set teamId to a team (> 0); account-wide servers are reported." },
    allowUrlCredentials: {
      type: "boolean",
      default: false,
      description:
        "Allow credentials in the user info of an McpServer's url (https://user:token@host/); by default they belong in headers, which McpServer keeps secret.",
    },
  },
};

/** Program text in a violation message: an inert code span, as the other policies show platform text. */
function quoted(text: string): string {
  return markdownCode(text, { maxLength: 200 }) || '""';
}

/**
 * Resource policy over each `McpServer`'s inputs; each violation names the resource, its server
 * name and the field (never a value of `env` or `headers`, nor the `url`): a `transport` not in
 * `allowedTransports`; `allowInsecureOauthHttp` or `allowInsecureTlsSkipVerify` true where the
 * settings do not allow it; an account-wide server (`teamId` unset or 0) under
 * `requireTeamScope`; credentials in the user info of `url`. Values not known at preview are not
 * checked. Whether an `env` or `headers` value is a secret in the program cannot be checked: the
 * engine gives policies secrets unwrapped, as plain values (docs/policy-pack.md). Default
 * enforcement: advisory.
 */
export function mcpServerGuardrailsPolicy(options: PolicyOptions<McpServerGuardrailsConfig> = {}): ResourceValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: MCP_SERVER_GUARDRAILS,
    description: "McpServer resources must use an allowed transport, no insecure flag, a team where required, and no credentials in the url.",
    enforcementLevel: options.enforcementLevel ?? "advisory",
    configSchema: schema,
    validateResource: (args, reportViolation) => {
      if (!isMcpServer(args.type)) return;
      const config = readConfig<McpServerGuardrailsConfig>(schema, args.getConfig());
      for (const message of mcpServerViolations(args.name, args.props, config)) reportViolation(message);
    },
  };
}

/** The violation messages for one `McpServer` (its resource name and inputs) under `config`. */
export function mcpServerViolations(resourceName: string, props: Record<string, unknown>, config: McpServerGuardrailsConfig): string[] {
  const server = toMcpServer("", resourceName, props);
  const label = `McpServer ${quoted(resourceName)}${server.serverName === undefined ? "" : ` (server ${quoted(server.serverName)})`}`;
  const messages: string[] = [];

  const transport = knownProp(props, "transport");
  if (typeof transport === "string" && !(config.allowedTransports as string[]).includes(transport)) {
    const allowed = config.allowedTransports.length === 0 ? "none" : config.allowedTransports.map((t) => quoted(t)).join(", ");
    messages.push(`${label}: transport ${quoted(transport)} is not allowed (allowedTransports: ${allowed})`);
  }
  if (knownProp(props, "allowInsecureOauthHttp") === true && !config.allowInsecureOauthHttp) {
    messages.push(`${label}: allowInsecureOauthHttp is true (OAuth over plain HTTP); remove it, or allow it with the policy setting allowInsecureOauthHttp`);
  }
  if (knownProp(props, "allowInsecureTlsSkipVerify") === true && !config.allowInsecureTlsSkipVerify) {
    messages.push(
      `${label}: allowInsecureTlsSkipVerify is true (the server's TLS certificate is not checked); remove it, or allow it with the policy setting allowInsecureTlsSkipVerify`,
    );
  }
  if (config.requireTeamScope && server.teamId !== undefined && !(server.teamId > 0)) {
    messages.push(
      `${label}: account-wide server (teamId ${server.teamId === 0 ? "unset or 0" : server.teamId}); this stack requires team-scoped MCP servers: set teamId`,
    );
  }
  const url = knownProp(props, "url");
  if (!config.allowUrlCredentials && typeof url === "string" && hasUserInfo(url)) {
    // The url itself is never shown: its user info is the credential.
    messages.push(`${label}: url has credentials in its user info; send them in headers (McpServer keeps header values secret)`);
  }
  return messages;
}

/** True when `url` parses with a user name or password (`scheme://user:password@host`). */
function hasUserInfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== "" || parsed.password !== "";
  } catch {
    return false;
  }
}
