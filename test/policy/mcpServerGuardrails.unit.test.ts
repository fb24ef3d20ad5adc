/**
 * flashduty-mcp-server-guardrails on `McpServer` inputs as the engine gives them to a resource
 * policy (the engine test runs the pack through the CLI): transports, insecure flags, team scope,
 * credentials in the url; values not known at preview pass; secret values are never shown.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type ResourceValidationArgs, unknownCheckingProxy } from "@pulumi/policy";
import {
  MCP_SERVER_DISABLEMENT_TYPE,
  MCP_SERVER_GUARDRAILS,
  MCP_SERVER_TYPE,
  flashdutyPolicies,
  mcpServerGuardrailsPolicy,
  mcpServerViolations,
  type DefaultedSchema,
  type McpServerGuardrailsConfig,
} from "../../policy";
import { readConfig } from "../../policy/policyConfig";
import { GITHUB_LINKABLE, ISSUE_EXAMPLES, TERMINAL_CONTROL, comments, elements, hostileText, outsideCode, renderHtml } from "../support/hostileText";

const DEFAULTS = readConfig<McpServerGuardrailsConfig>(mcpServerGuardrailsPolicy().configSchema as DefaultedSchema, {});
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const SECRET = "s3cr3t-token-value";

/** The violations the policy reports for one resource, the way the engine calls it (`config`: what --policy-pack-config sets). */
function violations(props: Record<string, unknown>, config: Partial<McpServerGuardrailsConfig> = {}, type = MCP_SERVER_TYPE, name = "grafana"): string[] {
  const found: string[] = [];
  const args = { type, urn: `urn:pulumi:s::p::${type}::${name}`, name, props: unknownCheckingProxy(props), getConfig: () => config };
  // The policy gives one function (not a list), as its source shows.
  const validate = mcpServerGuardrailsPolicy().validateResource as (a: ResourceValidationArgs, report: (message: string) => void) => void;
  validate(args as unknown as ResourceValidationArgs, (message) => found.push(message));
  return found;
}

const server = (props: Record<string, unknown> = {}) => ({
  serverName: "Grafana",
  transport: "streamable-http",
  url: "https://mcp.example/grafana",
  headers: { Authorization: SECRET },
  ...props,
});

describe("flashduty-mcp-server-guardrails", () => {
  test("defaults: every transport, no insecure flag, account-wide servers allowed, no url credentials; advisory, in the pack", () => {
    expect(DEFAULTS).toEqual({
      allowedTransports: ["stdio", "sse", "streamable-http"],
      allowInsecureOauthHttp: false,
      allowInsecureTlsSkipVerify: false,
      requireTeamScope: false,
      allowUrlCredentials: false,
    });
    expect(mcpServerGuardrailsPolicy().enforcementLevel).toBe("advisory");
    expect(flashdutyPolicies().map((p) => p.name)).toContain(MCP_SERVER_GUARDRAILS);
    for (const transport of ["stdio", "sse", "streamable-http"]) expect(violations(server({ transport }))).toEqual([]);
    expect(violations(server({ transport: "stdio", url: undefined, command: "npx", env: { GITHUB_TOKEN: SECRET } }))).toEqual([]);
    // Other types are not looked at.
    expect(violations({ serverId: "mcp_x", allowInsecureTlsSkipVerify: true }, {}, MCP_SERVER_DISABLEMENT_TYPE)).toEqual([]);
  });

  test("each check names the resource, the server and the field", () => {
    expect(violations(server({ transport: "sse" }), { allowedTransports: ["stdio", "streamable-http"] })).toEqual([
      "McpServer `grafana` (server `Grafana`): transport `sse` is not allowed (allowedTransports: `stdio`, `streamable-http`)",
    ]);
    expect(violations(server({ transport: "stdio" }), { allowedTransports: [] })).toEqual([
      "McpServer `grafana` (server `Grafana`): transport `stdio` is not allowed (allowedTransports: none)",
    ]);
    expect(violations(server({ allowInsecureOauthHttp: true, allowInsecureTlsSkipVerify: true }))).toEqual([
      "McpServer `grafana` (server `Grafana`): allowInsecureOauthHttp is true (OAuth over plain HTTP); remove it, or allow it with the policy setting allowInsecureOauthHttp",
      "McpServer `grafana` (server `Grafana`): allowInsecureTlsSkipVerify is true (the server's TLS certificate is not checked); remove it, or allow it with the policy setting allowInsecureTlsSkipVerify",
    ]);
    expect(violations(server({ allowInsecureOauthHttp: false, allowInsecureTlsSkipVerify: false }))).toEqual([]);
    expect(violations(server({ allowInsecureOauthHttp: true }), { allowInsecureOauthHttp: true })).toEqual([]);
    expect(violations(server({ allowInsecureTlsSkipVerify: true }), { allowInsecureTlsSkipVerify: true })).toEqual([]);
  });

  test("requireTeamScope: teamId unset or 0 is account-wide", () => {
    const message = "McpServer `grafana` (server `Grafana`): account-wide server (teamId unset or 0); this stack requires team-scoped MCP servers: set teamId";
    expect(violations(server(), { requireTeamScope: true })).toEqual([message]);
    expect(violations(server({ teamId: 0 }), { requireTeamScope: true })).toEqual([message]);
    expect(violations(server({ teamId: 7 }), { requireTeamScope: true })).toEqual([]);
    expect(violations(server({ teamId: 0 }))).toEqual([]);
  });

  test("credentials in the url are reported without showing the url", () => {
    const found = violations(server({ url: `https://bot:${SECRET}@mcp.example/grafana` }));
    expect(found).toEqual([
      "McpServer `grafana` (server `Grafana`): url has credentials in its user info; send them in headers (McpServer keeps header values secret)",
    ]);
    expect(violations(server({ url: `https://${SECRET}@mcp.example/` }))).toHaveLength(1);
    expect(violations(server({ url: `https://bot:${SECRET}@mcp.example/` }), { allowUrlCredentials: true })).toEqual([]);
    expect(violations(server({ url: "not a url" }))).toEqual([]);
  });

  test("values not known at preview are not checked, and the other checks still run", () => {
    const props = server({ transport: UNKNOWN, teamId: UNKNOWN, url: UNKNOWN, allowInsecureTlsSkipVerify: true, serverName: UNKNOWN });
    // Through the engine's proxy, which throws on a placeholder, and as a plain object.
    expect(violations(props, { allowedTransports: ["stdio"], requireTeamScope: true })).toEqual([
      "McpServer `grafana`: allowInsecureTlsSkipVerify is true (the server's TLS certificate is not checked); remove it, or allow it with the policy setting allowInsecureTlsSkipVerify",
    ]);
    expect(mcpServerViolations("grafana", props, { ...DEFAULTS, allowedTransports: ["stdio"], requireTeamScope: true })).toHaveLength(1);
  });

  test("no message shows an env or header value, whatever the checks report", () => {
    const env = { GITHUB_TOKEN: SECRET };
    const found = violations(
      server({ transport: "stdio", env, headers: { "X-Api-Key": SECRET }, url: `https://u:${SECRET}@h.example/`, allowInsecureOauthHttp: true, teamId: 0 }),
      { allowedTransports: [], requireTeamScope: true },
    );
    expect(found).toHaveLength(4);
    for (const message of found) expect(message).not.toContain(SECRET);
  });

  test("property: hostile resource and server names give messages with no control character and nothing alive as Markdown", () => {
    fc.assert(
      fc.property(hostileText(), hostileText(), (resourceName, serverName) => {
        const messages = mcpServerViolations(resourceName, server({ serverName, transport: "sse", allowInsecureTlsSkipVerify: true }), {
          ...DEFAULTS,
          allowedTransports: ["stdio"],
          requireTeamScope: true,
        });
        expect(messages).toHaveLength(3);
        for (const message of messages) {
          expect(message).not.toMatch(TERMINAL_CONTROL);
          const html = renderHtml(message);
          expect(elements(html).filter((e) => e !== "p" && e !== "code")).toEqual([]);
          expect(comments(html)).toEqual([]);
          expect(outsideCode(html)).not.toMatch(GITHUB_LINKABLE);
        }
      }),
    );
    expect(mcpServerViolations("x", server({ serverName: ISSUE_EXAMPLES[1]!, transport: "sse" }), { ...DEFAULTS, allowedTransports: ["stdio"] })).toEqual([
      "McpServer `x` (server `N2 @\u2060acme/oncall please approve <!-- hide the rest`): transport `sse` is not allowed (allowedTransports: `stdio`)",
    ]);
  });
});
