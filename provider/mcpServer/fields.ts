/**
 * The fields an `McpServer` declares, in the order the provider compares them: one list shared by
 * the provider and the drift report (which reads the declared fields of a refreshed resource).
 */
export const DECLARED_FIELDS = [
  "serverName",
  "description",
  "transport",
  "command",
  "args",
  "env",
  "url",
  "headers",
  "teamId",
  "environments",
  "connectTimeoutSeconds",
  "callTimeoutSeconds",
  "authMode",
  "secretSchema",
  "oauthMetadata",
  "allowInsecureOauthHttp",
  "allowInsecureTlsSkipVerify",
  "enabled",
] as const;

export type DeclaredField = (typeof DECLARED_FIELDS)[number];

/** Declared fields whose values are secrets: encrypted in state, never shown. */
export const SECRET_FIELDS = ["env", "headers"] as const satisfies readonly DeclaredField[];
