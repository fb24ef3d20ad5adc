/**
 * flashduty-a2a-agent-guardrails on `A2aAgent` inputs as the engine gives them to a resource
 * policy: https card URLs only, no credentials in the card URL, no insecure flag, team scope
 * where required; values not known at preview pass; neither a secret nor the URL is shown, and
 * hostile names are inert.
 */
import { describe, expect, test } from "vitest";
import { type ResourceValidationArgs, unknownCheckingProxy } from "@pulumi/policy";
import {
  A2A_AGENT_GUARDRAILS,
  A2A_AGENT_TYPE,
  MCP_SERVER_TYPE,
  a2aAgentGuardrailsPolicy,
  flashdutyPolicies,
  type A2aAgentGuardrailsConfig,
  type DefaultedSchema,
} from "../../policy";
import { readConfig } from "../../policy/policyConfig";
import { elements, renderHtml, TERMINAL_CONTROL } from "../support/hostileText";

const DEFAULTS = readConfig<A2aAgentGuardrailsConfig>(a2aAgentGuardrailsPolicy().configSchema as DefaultedSchema, {});
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const SECRET = "ak_policy_secret_value";

function violations(props: Record<string, unknown>, config: Partial<A2aAgentGuardrailsConfig> = {}, type = A2A_AGENT_TYPE, name = "payments"): string[] {
  const found: string[] = [];
  const args = { type, urn: `urn:pulumi:s::p::${type}::${name}`, name, props: unknownCheckingProxy(props), getConfig: () => config };
  const validate = a2aAgentGuardrailsPolicy().validateResource as (a: ResourceValidationArgs, report: (message: string) => void) => void;
  validate(args as unknown as ResourceValidationArgs, (message) => found.push(message));
  return found;
}

const agent = (props: Record<string, unknown> = {}) => ({
  agentName: "payments-oncall",
  instructions: "Ask",
  cardUrl: "https://payments.example/card.json",
  authConfig: { api_key: SECRET },
  teamId: 2,
  ...props,
});
const label = "A2aAgent `payments` (agent `payments-oncall`)";

describe("flashduty-a2a-agent-guardrails", () => {
  test("defaults: https only, no credentials in the URL, no insecure flag, account-wide allowed; advisory, in the pack", () => {
    expect(DEFAULTS).toEqual({
      allowHttpCardUrl: false,
      allowInsecureOauthHttp: false,
      allowInsecureTlsSkipVerify: false,
      allowCardUrlCredentials: false,
      requireTeamScope: false,
    });
    expect(a2aAgentGuardrailsPolicy().enforcementLevel).toBe("advisory");
    expect(flashdutyPolicies().map((p) => p.name)).toContain(A2A_AGENT_GUARDRAILS);
    expect(violations(agent())).toEqual([]);
    expect(violations(agent({ teamId: undefined }))).toEqual([]);
    expect(violations({ cardUrl: "http://x", allowInsecureTlsSkipVerify: true }, {}, MCP_SERVER_TYPE)).toEqual([]);
  });

  test("each check names the resource, the agent and the field; the settings allow each", () => {
    expect(violations(agent({ cardUrl: "http://payments.example/card.json" }))).toEqual([
      `${label}: cardUrl uses plain http; use https, or allow it with the policy setting allowHttpCardUrl`,
    ]);
    expect(violations(agent({ cardUrl: "http://payments.example/card.json" }), { allowHttpCardUrl: true })).toEqual([]);
    for (const cardUrl of [`https://user:${SECRET}@payments.example/card.json`, `https://payments.example/card.json?token=${SECRET}`]) {
      const found = violations(agent({ cardUrl }));
      expect(found).toEqual([`${label}: cardUrl carries credentials (user info or a query string); put them in authConfig, which A2aAgent keeps secret`]);
      expect(found.join("\n")).not.toContain(SECRET);
      expect(violations(agent({ cardUrl }), { allowCardUrlCredentials: true })).toEqual([]);
    }
    expect(violations(agent({ allowInsecureOauthHttp: true, allowInsecureTlsSkipVerify: true }))).toHaveLength(2);
    expect(
      violations(agent({ allowInsecureOauthHttp: true, allowInsecureTlsSkipVerify: true }), { allowInsecureOauthHttp: true, allowInsecureTlsSkipVerify: true }),
    ).toEqual([]);
    expect(violations(agent({ teamId: 0 }), { requireTeamScope: true })).toEqual([
      `${label}: account-wide agent (teamId unset or 0); this stack requires team-scoped A2A agents: set teamId`,
    ]);
  });

  test("values not known at preview are not checked; no message shows a secret; hostile names are inert", () => {
    expect(violations(agent({ cardUrl: UNKNOWN, teamId: UNKNOWN }), { requireTeamScope: true })).toEqual([]);
    const hostile = "evil\u001b[2J<img src=x>`|";
    const found = violations(agent({ agentName: hostile, allowInsecureTlsSkipVerify: true }), {}, A2A_AGENT_TYPE, hostile);
    expect(found).toHaveLength(1);
    expect(found[0]).not.toMatch(TERMINAL_CONTROL);
    expect(elements(renderHtml(found[0]!))).not.toContain("img");
    expect(found[0]).not.toContain(SECRET);
  });
});
