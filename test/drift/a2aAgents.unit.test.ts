/**
 * Drift of declared `A2aAgent` resources from refresh observations, and its Markdown: console
 * edits name the declared fields, deletions say what the next `up` does, `authConfig` names keys
 * only (never a value; secret markers and the platform's mask are no change), hostile names are
 * inert, and the report keeps its shape for stacks without an `A2aAgent`.
 */
import { describe, expect, test } from "vitest";
import { renderJson, renderMarkdown, type A2aAgentResourceDrift, type DriftReport } from "../../drift";
import { a2aAgentResourceDrifts } from "../../drift/a2aAgents";
import { A2A_AGENT_TYPE } from "../../provider/engine/typeToken";
import { elements, renderHtml, shownInCode } from "../support/hostileText";

/** A secret as a refresh preview's events carry it (`showSecrets` off): Pulumi's marker, ciphertext blinded. */
const marker = (ciphertext = "[secret]") => ({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext });

const declared = {
  agentId: "a2a_1",
  agentName: "payments-oncall",
  instructions: "Ask about refunds",
  cardUrl: "https://p.example/card.json",
  authType: "api_key",
  authMode: "shared",
  authConfig: marker(),
  authConfigKeys: ["api_key", "header_name"],
  streaming: false,
  teamId: 2,
  environments: [],
  allowInsecureOauthHttp: false,
  allowInsecureTlsSkipVerify: false,
  enabled: true,
  accountId: 1,
  agentCardName: "",
  agentCardSkills: [],
  createdAt: 1,
  updatedAt: 1,
  createdBy: 1002,
  canEdit: true,
};
const urn = (name: string) => `urn:pulumi:test::proj::${A2A_AGENT_TYPE}::${name}`;
const refreshed = (name: string, before: Record<string, unknown>, after: Record<string, unknown> | undefined) => ({
  urn: urn(name),
  type: A2A_AGENT_TYPE,
  before,
  after,
});

function reportOf(checked: number, drifts: A2aAgentResourceDrift[]): DriftReport {
  return {
    version: 1,
    stack: "test",
    project: "proj",
    drift: drifts.length > 0,
    checkedServers: 0,
    checkedOutputs: [],
    servers: [],
    rules: [],
    templates: [],
    summary: { servers: 0, rules: { added: 0, removed: 0, changed: 0 }, templates: { added: 0, removed: 0, changed: 0 } },
    notes: [],
    checkedA2aAgentResources: checked,
    a2aAgentResources: drifts,
  };
}

describe("a2aAgentResourceDrifts", () => {
  test("a console edit names the declared fields; platform-set fields are not drift; a deletion says what `up` does", () => {
    const { checked, drifts } = a2aAgentResourceDrifts([
      refreshed("payments", declared, { ...declared, instructions: "edited | `x`", enabled: false, updatedAt: 2, agentCardName: "Card", canEdit: false }),
      refreshed("same", { ...declared, agentId: "a2a_2", environments: undefined }, { ...declared, agentId: "a2a_2", updatedAt: 9 }),
      refreshed("gone", { ...declared, agentId: "a2a_3", agentName: "gone" }, undefined),
      refreshed("adopted", { ...declared, agentId: "a2a_4", agentName: "adopted", adoptedAgentId: "a2a_4" }, undefined),
      { urn: "urn:pulumi:test::proj::other::x", type: "other", before: {}, after: {} },
    ]);
    expect(checked).toBe(4);
    expect(drifts).toEqual([
      { urn: urn("adopted"), resourceName: "adopted", agentId: "a2a_4", agentName: "adopted", observed: "deleted", fields: [], nextUp: "failNotFound" },
      { urn: urn("gone"), resourceName: "gone", agentId: "a2a_3", agentName: "gone", observed: "deleted", fields: [], nextUp: "create" },
      {
        urn: urn("payments"),
        resourceName: "payments",
        agentId: "a2a_1",
        agentName: "payments-oncall",
        observed: "changed",
        nextUp: "update",
        fields: [
          { field: "enabled", before: true, after: false },
          { field: "instructions", before: "Ask about refunds", after: "edited | `x`" },
        ],
      },
    ]);
    const markdown = renderMarkdown(reportOf(checked, drifts));
    expect(markdown.split("\n")[0]).toContain("3 declared A2A agents changed on the platform");
    expect(markdown).toContain("### A2A agents declared in the stack (`A2aAgent`)");
    expect(markdown).toContain("puts the declared fields back (one update, same agent id)");
    expect(markdown).toContain("`A2A agent 'a2a_4' (the agentId input) not found`");
    expect(renderMarkdown(reportOf(4, [])).split("\n")[0]).toContain("4 declared A2A agents");
  });

  test("authConfig: keys added or removed named from the key list behind a secret marker; visible keys compared without values; masked is no change", () => {
    const hidden = a2aAgentResourceDrifts([
      refreshed("a", declared, { ...declared, authConfig: marker("v1:AAAA"), authConfigKeys: ["api_key", "extra"] }),
      refreshed("b", { ...declared, agentId: "a2a_b" }, { ...declared, agentId: "a2a_b", authConfig: marker("v1:BBBB") }),
    ]);
    expect(hidden.drifts).toHaveLength(1);
    expect(hidden.drifts[0]!.fields).toEqual([
      { field: "authConfig.extra", before: null, after: "(value not shown)" },
      { field: "authConfig.header_name", before: "(value not shown)", after: null },
    ]);
    const visible = a2aAgentResourceDrifts([
      refreshed(
        "c",
        { ...declared, authConfig: { api_key: "sk_before_secret", header_name: "X-Key" } },
        { ...declared, authConfig: { api_key: "******", header_name: "X-Other-plain" } },
      ),
    ]);
    expect(visible.drifts[0]!.fields).toEqual([{ field: "authConfig.header_name", before: "(value not shown)", after: "(value not shown)" }]);
    const out = renderJson(reportOf(1, visible.drifts)) + renderMarkdown(reportOf(1, visible.drifts));
    for (const secret of ["sk_before_secret", "X-Other-plain", "X-Key"]) expect(out).not.toContain(secret);
  });

  test("a hostile agent name is inert in the Markdown: in a code element, no live HTML, no control character", () => {
    const name = "evil\u001b[2J|<img src=x onerror=alert(1)>";
    const { drifts } = a2aAgentResourceDrifts([refreshed("h", { ...declared, agentName: name }, undefined)]);
    const markdown = renderMarkdown(reportOf(1, drifts));
    expect(markdown).not.toContain("\u001b");
    const html = renderHtml(markdown);
    expect(elements(html)).not.toContain("img");
    expect(html).toContain(`<code>${shownInCode(name)}</code>`);
  });
});
