/**
 * flashduty-one-resource-per-server over a stack's resources as the engine gives them to a stack
 * policy (the engine test runs the pack through the CLI): two disablements of one server, an
 * `McpServer` and a disablement of one server (the disablement wins), two `McpServer` resources
 * of one server id or one name in one scope.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type PolicyResource, type StackValidationArgs, unknownCheckingProxy } from "@pulumi/policy";
import { MCP_SERVER_DISABLEMENT_TYPE, MCP_SERVER_TYPE, oneResourcePerServerPolicy } from "../../policy";
import { GITHUB_LINKABLE, TERMINAL_CONTROL, comments, elements, hostileText, outsideCode, renderHtml } from "../support/hostileText";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const urn = (type: string, name: string) => `urn:pulumi:s::p::${type}::${name}`;
const off = (name: string, serverId: string) => ({ type: MCP_SERVER_DISABLEMENT_TYPE, name, props: { serverId } });
const mcp = (name: string, props: Record<string, unknown>) => ({
  type: MCP_SERVER_TYPE,
  name,
  props: { transport: "streamable-http", url: "https://mcp.example/", headers: { Authorization: "secret" }, ...props },
});

/** The violations (message and URN) the policy reports for `resources`, the way the engine calls it. */
function violations(resources: { type: string; name: string; props: Record<string, unknown> }[]): { message: string; urn?: string }[] {
  const found: { message: string; urn?: string }[] = [];
  const args = {
    resources: resources.map((r) => ({ ...r, urn: urn(r.type, r.name), props: unknownCheckingProxy(r.props) }) as unknown as PolicyResource),
    getConfig: () => ({}),
  };
  const validate = oneResourcePerServerPolicy().validateStack as (a: StackValidationArgs, report: (message: string, urn?: string) => void) => void;
  validate(args as StackValidationArgs, (message, u) => found.push({ message, urn: u }));
  return found;
}

describe("flashduty-one-resource-per-server", () => {
  test("two McpServerDisablement resources of one server: as before", () => {
    expect(violations([off("b", "mcp_grafana"), off("a", "mcp_grafana"), off("c", "mcp_github")])).toEqual([
      { message: 'MCP server mcp_grafana is managed by 2 McpServerDisablement resources ("a", "b"); keep one.', urn: urn(MCP_SERVER_DISABLEMENT_TYPE, "b") },
    ]);
  });

  test("an McpServer and an McpServerDisablement of one server id: the disablement wins, reported on the McpServer", () => {
    const found = violations([
      off("grafana-off", "mcp_grafana"),
      mcp("grafana", { serverName: "Grafana", serverId: "mcp_grafana" }),
      off("github-off", "mcp_github"),
    ]);
    expect(found).toEqual([
      {
        message:
          "MCP server `mcp_grafana` is declared by McpServer `grafana` and kept disabled by McpServerDisablement `grafana-off`: the disablement wins, " +
          "so the server stays disabled and McpServer does not enable it. Keep one: remove the McpServerDisablement to let McpServer manage the server " +
          "(with enabled: false to keep it off), or remove the McpServer.",
        urn: urn(MCP_SERVER_TYPE, "grafana"),
      },
    ]);
    // A new server's id is not known at preview: nothing to match yet.
    expect(violations([off("grafana-off", "mcp_grafana"), mcp("grafana", { serverName: "Grafana", serverId: UNKNOWN })])).toEqual([]);
    expect(violations([off("grafana-off", "mcp_grafana"), mcp("grafana", { serverName: "mcp_grafana" })])).toEqual([]);
  });

  test("two McpServer resources of one server id", () => {
    expect(violations([mcp("b", { serverName: "One", serverId: "mcp_1" }), mcp("a", { serverName: "Two", serverId: "mcp_1", teamId: 3 })])).toEqual([
      { message: "MCP server `mcp_1` is declared by 2 McpServer resources (`a`, `b`); keep one.", urn: urn(MCP_SERVER_TYPE, "b") },
    ]);
  });

  test("two McpServer resources with one name in one scope, case-insensitively; other scopes and unknown values are apart", () => {
    const found = violations([
      mcp("grafana", { serverName: "Grafana" }),
      mcp("grafana-2", { serverName: "GRAFANA", teamId: 0 }),
      mcp("grafana-team", { serverName: "grafana", teamId: 7 }),
      mcp("grafana-team-2", { serverName: "Grafana", teamId: 8 }),
      mcp("later", { serverName: "grafana", teamId: UNKNOWN }),
      mcp("unnamed", { serverName: UNKNOWN }),
    ]);
    expect(found).toEqual([
      {
        message:
          "2 McpServer resources declare the same server name account-wide (`grafana` (`Grafana`), `grafana-2` (`GRAFANA`); names compare case-insensitively); keep one.",
        urn: urn(MCP_SERVER_TYPE, "grafana-2"),
      },
    ]);
    expect(violations([mcp("a", { serverName: "X", teamId: 7 }), mcp("b", { serverName: "x", teamId: 7 })]).map((v) => v.message)).toEqual([
      "2 McpServer resources declare the same server name in team 7 (`a` (`X`), `b` (`x`); names compare case-insensitively); keep one.",
    ]);
  });

  test("one server id and one name: reported once, by id", () => {
    const found = violations([mcp("a", { serverName: "X", serverId: "mcp_x" }), mcp("b", { serverName: "x", serverId: "mcp_x" })]);
    expect(found.map((v) => v.message)).toEqual(["MCP server `mcp_x` is declared by 2 McpServer resources (`a`, `b`); keep one."]);
  });

  test("property: hostile server names, ids and resource names give messages with no control character and nothing alive as Markdown", () => {
    fc.assert(
      fc.property(hostileText(), hostileText(6), hostileText(4), (serverName, serverId, resourceName) => {
        const found = violations([
          mcp(`${resourceName}1`, { serverName, serverId }),
          mcp(`${resourceName}2`, { serverName: serverName.toUpperCase(), serverId }),
          mcp(`${resourceName}3`, { serverName: serverName.toLowerCase() }),
          off(`${resourceName}4`, serverId),
        ]);
        // By id: against the disablement, and two McpServer; by name (all three share it).
        expect(found.length).toBe(serverId === "" || serverId === UNKNOWN ? 1 : 3);
        for (const { message } of found) {
          expect(message).not.toMatch(TERMINAL_CONTROL);
          const html = renderHtml(message);
          expect(elements(html).filter((e) => e !== "p" && e !== "code")).toEqual([]);
          expect(comments(html)).toEqual([]);
          expect(outsideCode(html)).not.toMatch(GITHUB_LINKABLE);
        }
      }),
    );
  });
});
