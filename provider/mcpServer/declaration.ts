/**
 * McpServer's and getMcpServers' one declaration: every field with its schema type, description, default, secret flag
 * and place (input, output; required; part of the declared state). The provider plugin's schema
 * (`plugin/schema.json`), the field lists in `fields.ts` and the reference page in
 * `docs/resources/` are made from it (`npm run schema`; docs/CONTRIBUTING.md "Adding a field").
 *
 * @packageDocumentation
 */
import type { FunctionDeclaration, ResourceDeclaration, TypeDeclaration } from "../engine/declaration";
import { MCP_SERVER_PLUGIN_TYPE } from "../engine/typeToken";

/** flashduty:index:McpServer: Declares one MCP server (connector) whole. */
export const MCP_SERVER = {
  token: MCP_SERVER_PLUGIN_TYPE,
  description: "Declares one MCP server (connector) whole. Importable: `pulumi import flashduty:index:McpServer <name> <serverId>`.",
  fields: {
    serverName: {
      type: "string",
      description: "A letter, then letters, digits, `-` and `_`; at most 64 characters; unique in its scope (account-wide, or one team), case-insensitively.",
      requiredInput: true,
      required: true,
      declared: true,
    },
    description: {
      type: "string",
      description:
        'Free text, at most 1024 characters. The platform cannot clear a description once set: check refuses `""` then (as it refuses a timeout set back to 0, or an emptied `command`, `url`, `secretSchema` or `oauthMetadata`); leave the field out to stop managing it.',
      default: "",
      required: true,
      declared: true,
    },
    transport: {
      type: "string",
      description: "`stdio` (a command the runner starts) or `sse` / `streamable-http` (a URL).",
      requiredInput: true,
      required: true,
      declared: true,
    },
    command: {
      type: "string",
      description: "stdio only (required for it): the command.",
      declared: true,
    },
    args: {
      type: "array",
      items: {
        type: "string",
      },
      description: "stdio only: its arguments. Default `[]`.",
      required: true,
      declared: true,
    },
    env: {
      type: "object",
      additionalProperties: {
        type: "string",
      },
      description:
        "stdio only: environment variables. Secret, and write-only: the outputs hold a salted digest of each value (`scrypt:<salt>:<hash>`), never the value (docs/reliability.md#secrets-in-logs). Default `{}`.",
      secret: true,
      required: true,
      declared: true,
    },
    url: {
      type: "string",
      description: "sse / streamable-http only (required for them): the server URL.",
      declared: true,
    },
    headers: {
      type: "object",
      additionalProperties: {
        type: "string",
      },
      description:
        "sse / streamable-http only: HTTP headers. Secret, and write-only: the outputs hold a salted digest of each value (`scrypt:<salt>:<hash>`), never the value (docs/reliability.md#secrets-in-logs). Default `{}`.",
      secret: true,
      required: true,
      declared: true,
    },
    teamId: {
      type: "integer",
      description: "0 = account-wide (owners/admins edit it); otherwise the owning team. Changing it moves the server in place.",
      default: 0,
      required: true,
      declared: true,
    },
    environments: {
      type: "array",
      items: {
        type: "string",
      },
      description: "Runner environments (`cloud`, BYOC runner ids). Default `[]` = every environment.",
      required: true,
      declared: true,
    },
    connectTimeoutSeconds: {
      type: "integer",
      description: "Seconds, 0..300; 0 = the platform default (10 s).",
      default: 0,
      required: true,
      declared: true,
    },
    callTimeoutSeconds: {
      type: "integer",
      description: "Seconds, 0..3600; 0 = the platform default (60 s).",
      default: 0,
      required: true,
      declared: true,
    },
    authMode: {
      type: "string",
      description: "`shared`, `per_user_secret` (needs `secretSchema`) or `per_user_oauth`.",
      default: "shared",
      required: true,
      declared: true,
    },
    secretSchema: {
      $ref: "pulumi.json#/Any",
      description: "The per-user secrets the server needs, as a structured value (sent as JSON text); JSON text of an object or array is read as that value.",
      declared: true,
    },
    oauthMetadata: {
      $ref: "pulumi.json#/Any",
      description: "OAuth metadata for `per_user_oauth`, as a structured value (sent as JSON text).",
      declared: true,
    },
    allowInsecureOauthHttp: {
      type: "boolean",
      description: "Testing only: allow OAuth over plain HTTP.",
      default: false,
      required: true,
      declared: true,
    },
    allowInsecureTlsSkipVerify: {
      type: "boolean",
      description: "Testing only: skip TLS certificate checks.",
      default: false,
      required: true,
      declared: true,
    },
    enabled: {
      type: "boolean",
      description: "Whether the server is enabled. An `McpServerDisablement` of the same server wins over `true`.",
      default: true,
      required: true,
      declared: true,
    },
    serverId: {
      type: "string",
      description: "Server id (`mcp_...`).",
      required: true,
      input: {
        description:
          "Adopts an existing server instead of creating one: create reads it and updates it to the declared fields. Naming another server replaces the resource.",
      },
      typescript: {
        input: "(The dynamic resource cannot be imported: adopt a server made in the console with this.)",
        output: "For `get`, the id argument names the server and this is ignored.",
      },
    },
    adoptedServerId: {
      type: "string",
      description: "The `serverId` input when the server was adopted.",
      kind: "out",
      bookkeeping: true,
    },
    accountId: {
      type: "integer",
      description: "Owning account.",
      kind: "out",
      required: true,
    },
    createdAt: {
      type: "number",
      description: "Creation time, epoch milliseconds.",
      kind: "out",
      required: true,
    },
    updatedAt: {
      type: "number",
      description: "Last update time, epoch milliseconds.",
      kind: "out",
      required: true,
    },
    createdBy: {
      type: "integer",
      description: "Member id of the creator.",
      kind: "out",
      required: true,
    },
    canEdit: {
      type: "boolean",
      description: "Whether the app key's member may edit the server.",
      kind: "out",
      required: true,
    },
    aiDescription: {
      type: "string",
      description: "The description the platform wrote for the AI agent.",
      kind: "out",
      required: true,
    },
    proxyUrl: {
      type: "string",
      description: "The proxy the platform reaches the server through (set by the platform).",
      kind: "out",
      required: true,
    },
    sourceTemplateName: {
      type: "string",
      description: 'The marketplace template the server was made from, or `""`.',
      kind: "out",
      required: true,
    },
    envKeys: {
      type: "array",
      items: {
        type: "string",
      },
      description: "The keys of `env`, sorted: not secret, so drift reports can name a key added or removed in the console.",
      kind: "out",
      required: true,
    },
    headersKeys: {
      type: "array",
      items: {
        type: "string",
      },
      description: "The keys of `headers`, sorted: not secret, so drift reports can name a key added or removed in the console.",
      kind: "out",
      required: true,
    },
  },
} as const satisfies ResourceDeclaration;

/** flashduty:index:getMcpServers: Every MCP server visible to the configured app key that matches the filters (all pages of `POST /safari/mcp/server/list`), sorted by name then id. */
export const GET_MCP_SERVERS = {
  token: "flashduty:index:getMcpServers",
  description:
    "Every MCP server visible to the configured app key that matches the filters (all pages of `POST /safari/mcp/server/list`), sorted by name then id.",
  inputs: {
    scope: {
      type: "string",
      description: "`all` (default), `account` or `team`.",
    },
    query: {
      type: "string",
      description: "Case-insensitive substring of the name, description, id, transport, URL, command or template name; at most 128 characters.",
    },
    teamIds: {
      type: "array",
      items: {
        type: "integer",
      },
      description: "Only team servers of these teams.",
    },
    includeAccount: {
      type: "boolean",
      description: "Whether account-wide servers are included under scope `all`. Default true.",
    },
    pageSize: {
      type: "integer",
      description: "Servers per request, 1..100. Default 100.",
    },
  },
  outputs: {
    total: {
      type: "integer",
      description: "Number of servers returned.",
      required: true,
    },
    servers: {
      type: "array",
      items: {
        $ref: "#/types/flashduty:index:McpServerInfo",
      },
      description: "The servers, sorted by name, then id.",
      required: true,
    },
  },
} as const satisfies FunctionDeclaration;

/** flashduty:index:McpServerInfo: An MCP server as the platform lists it; secret values in `env` and `headers` arrive masked (`******`). */
export const MCP_SERVER_INFO = {
  token: "flashduty:index:McpServerInfo",
  description: "An MCP server as the platform lists it; secret values in `env` and `headers` arrive masked (`******`).",
  properties: {
    serverId: {
      type: "string",
      description: "Server id, `mcp_...`.",
      required: true,
    },
    accountId: {
      type: "integer",
      description: "Owning account.",
      required: true,
    },
    teamId: {
      type: "integer",
      description: "Owning team; 0 for an account-wide server.",
      required: true,
    },
    canEdit: {
      type: "boolean",
      description: "Whether the caller may disable/enable it.",
      required: true,
    },
    environments: {
      type: "array",
      items: {
        type: "string",
      },
      description: "Environments it runs in: `[]` = all.",
      required: true,
    },
    serverName: {
      type: "string",
      description: "Display name.",
      required: true,
    },
    description: {
      type: "string",
      description: "Free text.",
      required: true,
    },
    transport: {
      type: "string",
      description: "`stdio`, `sse` or `streamable-http`.",
      required: true,
    },
    status: {
      type: "string",
      description: "`enabled` or `disabled`.",
      required: true,
    },
    connectTimeout: {
      type: "integer",
      description: "Connect timeout in seconds; 0 = the platform default.",
      required: true,
    },
    callTimeout: {
      type: "integer",
      description: "Tool call timeout in seconds; 0 = the platform default.",
      required: true,
    },
    createdBy: {
      type: "integer",
      description: "Member id of the creator.",
      required: true,
    },
    createdAt: {
      type: "number",
      description: "Creation time, epoch milliseconds.",
      required: true,
    },
    updatedAt: {
      type: "number",
      description: "Last update time, epoch milliseconds.",
      required: true,
    },
    aiDescription: {
      type: "string",
      description: "Description written for the AI agent.",
    },
    command: {
      type: "string",
      description: "stdio: the command.",
    },
    args: {
      type: "array",
      items: {
        type: "string",
      },
      description: "stdio: its arguments.",
    },
    env: {
      type: "object",
      additionalProperties: {
        type: "string",
      },
      description: "stdio: environment variables, secret values masked.",
    },
    url: {
      type: "string",
      description: "sse / streamable-http: the server URL.",
    },
    headers: {
      type: "object",
      additionalProperties: {
        type: "string",
      },
      description: "sse / streamable-http: request headers, secret values masked.",
    },
    proxyUrl: {
      type: "string",
      description: "Proxy the platform connects through.",
    },
    allowInsecureOauthHttp: {
      type: "boolean",
      description: "Whether OAuth over plain HTTP is allowed.",
    },
    allowInsecureTlsSkipVerify: {
      type: "boolean",
      description: "Whether TLS certificate checks are skipped.",
    },
    authMode: {
      type: "string",
      description: "`shared`, `per_user_secret` or `per_user_oauth`.",
    },
    secretSchema: {
      type: "string",
      description: "The per-user secrets the server needs, JSON text.",
    },
    oauthMetadata: {
      type: "string",
      description: "OAuth metadata, JSON text.",
    },
    sourceTemplateName: {
      type: "string",
      description: "Name of the template the server was created from.",
    },
    tools: {
      type: "array",
      items: {
        $ref: "#/types/flashduty:index:McpToolInfo",
      },
      description: "Legacy: tools found by a live probe.",
    },
    toolCount: {
      type: "integer",
      description: "Legacy: number of tools.",
    },
    listError: {
      type: "string",
      description: "Legacy: error of the live tool probe.",
    },
    environmentKind: {
      type: "string",
      description: 'Legacy: `""`, `cloud` or `byoc`.',
    },
    environmentId: {
      type: "string",
      description: "Legacy: environment id.",
    },
  },
} as const satisfies TypeDeclaration;

/** flashduty:index:McpToolInfo: A tool of an MCP server (legacy API versions only). */
export const MCP_TOOL_INFO = {
  token: "flashduty:index:McpToolInfo",
  description: "A tool of an MCP server (legacy API versions only).",
  properties: {
    name: {
      type: "string",
      description: "Tool name.",
      required: true,
    },
    description: {
      type: "string",
      description: "Tool description.",
    },
  },
} as const satisfies TypeDeclaration;
