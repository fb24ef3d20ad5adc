/**
 * Drift reports whose every platform string is hostile (the issue's examples and generated
 * text): the Markdown, rendered by a CommonMark + GFM renderer (micromark) as GitHub would,
 * has no link, image, mention, reference, HTML element or comment that is not ours, shows each
 * name in a code element, keeps its marker last, and stays under GitHub's comment limit with
 * thousands of items; the JSON round-trips; neither has a control character.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  GITHUB_COMMENT_LIMIT,
  renderJson,
  renderMarkdown,
  reportMarker,
  type DriftReport,
  type ItemChange,
  type McpServerResourceDrift,
  type ServerDrift,
} from "../../drift";
import { compareDataSourceOutputs } from "../../drift/dataSources";
import { mcpServerResourceDrifts } from "../../drift/mcpServers";
import { MCP_SERVER_TYPE } from "../../provider/engine/typeToken";
import {
  GITHUB_LINKABLE,
  ISSUE_EXAMPLES,
  TERMINAL_CONTROL,
  comments,
  elements,
  hostileText,
  outsideCode,
  renderHtml,
  shownInCode,
  visibleText,
} from "../support/hostileText";

/** Elements the report itself writes. */
const OURS = new Set(["p", "strong", "code", "h3", "table", "thead", "tbody", "tr", "th", "td", "blockquote", "sub"]);

function counts(changes: ItemChange[]) {
  return {
    added: changes.filter((c) => c.kind === "added").length,
    removed: changes.filter((c) => c.kind === "removed").length,
    changed: changes.filter((c) => c.kind === "changed").length,
  };
}

function reportOf(
  servers: ServerDrift[],
  rules: ItemChange[],
  templates: ItemChange[],
  notes: string[],
  project = "platform",
  mcpServers?: ItemChange[],
  declaredServers?: McpServerResourceDrift[],
): DriftReport {
  return {
    version: 1,
    stack: "dev",
    project,
    drift: servers.length + rules.length + templates.length + (mcpServers?.length ?? 0) + (declaredServers?.length ?? 0) > 0,
    checkedServers: servers.length,
    checkedOutputs: ["rules.rules"],
    servers,
    rules,
    templates,
    summary: { servers: servers.length, rules: counts(rules), templates: counts(templates), ...(mcpServers ? { mcpServers: counts(mcpServers) } : {}) },
    notes,
    ...(mcpServers ? { mcpServers } : {}),
    ...(declaredServers ? { checkedMcpServerResources: declaredServers.length, mcpServerResources: declaredServers } : {}),
  };
}

const text = hostileText();
const server: fc.Arbitrary<ServerDrift> = fc.record({
  urn: text.map((name) => `urn:pulumi:dev::platform::pulumi-nodejs:dynamic/flashduty:McpServerDisablement::${name}`),
  resourceName: text,
  serverId: text,
  serverName: text,
  declared: fc.constant("disabled" as const),
  observed: fc.constantFrom("enabled" as const, "deleted" as const),
  nextUp: fc.constantFrom("disable" as const, "failNotFound" as const),
});
const item: fc.Arbitrary<ItemChange> = fc
  .record({
    output: fc.oneof(fc.constant("rules.rules"), text),
    kind: fc.constantFrom("added" as const, "removed" as const, "changed" as const),
    id: text,
    name: text,
    locale: fc.option(text, { nil: undefined }),
    fields: fc.array(fc.record({ field: text, before: fc.oneof(text, fc.integer(), fc.boolean()), after: fc.oneof(text, fc.constant(null)) }), {
      maxLength: 3,
    }),
  })
  .map(({ locale, ...rest }) => (locale === undefined ? rest : { ...rest, locale }));
const declaredServer: fc.Arbitrary<McpServerResourceDrift> = fc.oneof(
  fc.record({
    urn: text.map((name) => `urn:pulumi:dev::platform::pulumi-nodejs:dynamic/flashduty:McpServer::${name}`),
    resourceName: text,
    serverId: text,
    serverName: text,
    observed: fc.constant("changed" as const),
    fields: fc.array(
      fc.oneof(
        fc.record({ field: text, before: fc.oneof(text, fc.integer(), fc.boolean()), after: fc.oneof(text, fc.constant(null)) }),
        fc.record({
          field: text.map((key) => `headers.${key}`),
          before: fc.constantFrom(null, "(value not shown)"),
          after: fc.constantFrom(null, "(value not shown)"),
        }),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    nextUp: fc.constant("update" as const),
  }),
  fc.record({
    urn: text,
    resourceName: text,
    serverId: text,
    serverName: text,
    observed: fc.constant("deleted" as const),
    fields: fc.constant([] as McpServerResourceDrift["fields"]),
    nextUp: fc.constantFrom("create" as const, "failNotFound" as const),
  }),
);
/** Notes as `compareDataSourceOutputs` writes them, for output paths the platform named. */
const notes = fc
  .array(text, { maxLength: 3 })
  .map((keys) => compareDataSourceOutputs(Object.fromEntries(keys.map((k) => [k, [{ ruleId: "r", name: "n" }]])), {}).notes);

/** Checks every rendering of `report`; returns the rendered HTML. */
function checkInert(report: DriftReport, markdown = renderMarkdown(report)): string {
  expect(markdown.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
  expect(markdown.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
  expect(markdown.endsWith(`\n${reportMarker(report.stack)}\n`)).toBe(true);
  const html = renderHtml(markdown);
  expect(elements(html).filter((e) => !OURS.has(e))).toEqual([]);
  expect(comments(html)).toEqual([reportMarker(report.stack)]);
  expect(html.trimEnd().endsWith(reportMarker(report.stack))).toBe(true);
  const shownText = outsideCode(html).replace(reportMarker(report.stack), "");
  expect(shownText).not.toMatch(GITHUB_LINKABLE);
  expect(visibleText(html.replace(reportMarker(report.stack), ""))).not.toMatch(GITHUB_LINKABLE);
  expect(shownText).not.toMatch(/https?:|www\.|@/i);
  const json = renderJson(report);
  expect(json.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
  expect(JSON.parse(json)).toEqual(report);
  return html;
}

describe("drift report of hostile platform text", () => {
  test("the issue's names: shown as code, nothing alive, no escape sequence on stdout", () => {
    const rules = ISSUE_EXAMPLES.map(
      (name, i): ItemChange => ({ output: "rules.rules", kind: "changed", id: `arule_${i}`, name, fields: [{ field: "name", before: "old", after: name }] }),
    );
    const report = reportOf(
      [
        {
          urn: "urn:pulumi:dev::platform::t::mcp",
          resourceName: "mcp",
          serverId: "mcp_x",
          serverName: ISSUE_EXAMPLES[1]!,
          declared: "disabled",
          observed: "enabled",
          nextUp: "disable",
        },
      ],
      rules,
      [],
      [],
    );
    const markdown = renderMarkdown(report);
    expect(markdown).toContain("| changed | `N2 @\u2060acme/oncall please approve <!-- hide the rest` | `arule_1` |");
    expect(markdown).toContain("`N3 \\u001b[2J\\u001b]8;;https://evil.example/\\u0007click\\u001b]8;;\\u0007 done`");
    const html = checkInert(report);
    expect(html).toContain(`<code>${shownInCode(ISSUE_EXAMPLES[0]!)}</code>`);
    expect(html).toContain(`<code>${shownInCode("N5 #1 acme/repo#2 GH-3 deadbeefcafe1234 :smile: &lt;b&gt; &#x3C;script&#x3E; &amp;")}</code>`);
    expect(html).toContain(
      "<code>N5 #\u20601 acme/repo#\u20602 GH-\u20603 deadbeefcafe1234 :smile: &amp;lt;b&amp;gt; &amp;#\u2060x3C;script&amp;#\u2060x3E; &amp;amp;</code>",
    );
  });

  test("property: every report renders inert, with every shown name as a code element", () => {
    fc.assert(
      fc.property(
        fc.array(server, { maxLength: 3 }),
        fc.array(item, { maxLength: 4 }),
        fc.array(item, { maxLength: 3 }),
        notes,
        text,
        fc.option(fc.array(item, { maxLength: 3 }), { nil: undefined }),
        fc.option(fc.array(declaredServer, { maxLength: 3 }), { nil: undefined }),
        (servers, rules, templates, noteList, project, listed, declared) => {
          const report = reportOf(servers, rules, templates, noteList, project, listed, declared);
          const html = checkInert(report);
          for (const name of [
            ...servers.map((s) => s.serverName),
            ...rules.map((r) => r.name),
            ...(listed ?? []).map((s) => s.name),
            ...(declared ?? []).flatMap((s) => [s.serverName, s.serverId, s.resourceName]),
          ]) {
            if (name === "" || Array.from(name).length > 100) continue;
            // In a table cell a backslash before a pipe carries a word joiner (markdownTableCell).
            expect(html).toContain(`<code>${shownInCode(name).replace(/\\(?=\|)/g, "\\\u2060")}</code>`);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test("thousands of changed items with long hostile names: under GitHub's limit, the counts left out said, the JSON complete", () => {
    const long = `${ISSUE_EXAMPLES[0]} ${"\u001b[31m@team/x ".repeat(60)}`;
    const rules = Array.from(
      { length: 5000 },
      (_, i): ItemChange => ({
        output: "rules.rules",
        kind: "changed",
        id: `arule_${i}`,
        name: `${long} ${i}`,
        fields: Array.from({ length: 12 }, (_, f) => ({ field: f === 0 ? `field_${long}` : `field_${f}`, before: f, after: f + 1 })),
      }),
    );
    const templates = Array.from(
      { length: 3000 },
      (_, i): ItemChange => ({ output: "templates.templates", kind: "added", id: `t${i}`, name: `${long} t${i}`, locale: "en-US", fields: [] }),
    );
    const servers = Array.from(
      { length: 2000 },
      (_, i): ServerDrift => ({
        urn: `urn:x::s${i}`,
        resourceName: `s${i}`,
        serverId: `mcp_${i}`,
        serverName: long,
        declared: "disabled",
        observed: "enabled",
        nextUp: "disable",
      }),
    );
    const report = reportOf(
      servers,
      rules,
      templates,
      Array.from({ length: 3000 }, (_, i) => `Output \`o${i}\` (rule list) is new since the last \`pulumi up\` (a program change); not compared.`),
    );
    for (const maxRows of [20, 100_000]) {
      const markdown = renderMarkdown(report, { maxRows });
      checkInert(report, markdown);
      const left = (what: string) => Number(new RegExp(`\\.\\.\\. and (\\d+) more ${what}`).exec(markdown)?.[1]);
      const shown = (prefix: string) => markdown.split("\n").filter((line) => line.startsWith(prefix)).length;
      expect(shown("| `mcp_") + left("servers")).toBe(2000);
      expect(shown("| changed |") + left("rule changes")).toBe(5000);
      expect(shown("| added |") + left("template changes")).toBe(3000);
      expect(shown("> Output") + left("notes")).toBe(3000);
      if (maxRows > 20) expect(markdown).toContain("left out to keep this comment under GitHub's size limit (`--json` lists them all).");
    }
    const parsed = JSON.parse(renderJson(report)) as DriftReport;
    expect([parsed.servers.length, parsed.rules.length, parsed.templates.length, parsed.notes.length]).toEqual([2000, 5000, 3000, 3000]);
    expect(parsed.rules[4999]!.name).toBe(`${long} 4999`);
  });

  test("the marker: a stack name Pulumi accepts as it is, anything else percent-encoded, so the comment stays whole", () => {
    expect(reportMarker("acme/platform/prod-1.eu_west")).toBe("<!-- pulumi-flashduty-drift stack=acme/platform/prod-1.eu_west -->");
    expect(reportMarker("x --> <b>\n!")).toBe("<!-- pulumi-flashduty-drift stack=x%20--%3E%20%3Cb%3E%0A%21 -->");
    fc.assert(
      fc.property(hostileText(), (stack) => {
        const report = { ...reportOf([], [], [], []), stack: stack === "" ? "s" : stack };
        checkInert(report);
      }),
      { numRuns: 200 },
    );
  });

  test("MCP servers in outputs with hostile names, descriptions and env/headers keys: inert, no secret value shown", () => {
    const before = {
      mcp: {
        servers: ISSUE_EXAMPLES.map((name, i) => ({ serverId: `mcp_${i}`, serverName: `old ${i}`, description: "", env: { [name]: "******", PLAIN: "a" } })),
      },
    };
    const after = {
      mcp: {
        servers: ISSUE_EXAMPLES.map((name, i) => ({
          serverId: `mcp_${i}`,
          serverName: name,
          description: ISSUE_EXAMPLES[(i + 1) % ISSUE_EXAMPLES.length]!,
          env: { [name]: "leaked-secret-value", PLAIN: "b" },
          headers: { [name]: "******" },
        })),
      },
    };
    const data = compareDataSourceOutputs(before, after);
    const report = reportOf([], [], [], data.notes, "platform", data.mcpServers);
    const markdown = renderMarkdown(report);
    expect(markdown).toContain(`### MCP servers in outputs (0 added, 0 removed, ${ISSUE_EXAMPLES.length} changed)`);
    expect(markdown).toContain("| changed | `N2 @\u2060acme/oncall please approve <!-- hide the rest` | `mcp_1` | `mcp.servers` |");
    const html = checkInert(report, markdown);
    expect(html).toContain(`<code>${shownInCode(ISSUE_EXAMPLES[0]!)}</code>`);
    for (const shown of [markdown, renderJson(report)]) {
      expect(shown).not.toContain("leaked-secret-value");
      expect(shown).not.toContain('"a"');
      expect(shown).not.toContain('"b"');
    }
    expect(markdown).toContain("`env.PLAIN` changed");
  });

  test("declared MCP servers (`McpServer`) renamed and described in hostile text, with hostile env/headers keys: inert, no value shown", () => {
    const resources = ISSUE_EXAMPLES.map((name, i) => ({
      urn: `urn:pulumi:dev::platform::${MCP_SERVER_TYPE}::r${i}`,
      type: MCP_SERVER_TYPE,
      before: { serverId: `mcp_${i}`, serverName: `s${i}`, description: "", env: { [name]: "old-secret-value" }, headers: {} },
      after: {
        serverId: `mcp_${i}`,
        serverName: name,
        description: ISSUE_EXAMPLES[(i + 1) % ISSUE_EXAMPLES.length]!,
        env: { [name]: "leaked-secret-value" },
        headers: { [name]: "******" },
      },
    }));
    const { drifts } = mcpServerResourceDrifts(resources);
    expect(drifts).toHaveLength(ISSUE_EXAMPLES.length);
    const report = reportOf([], [], [], [], "platform", undefined, drifts);
    const markdown = renderMarkdown(report);
    const html = checkInert(report, markdown);
    expect(markdown).toContain("### MCP servers declared in the stack (`McpServer`)");
    expect(html).toContain(`<code>${shownInCode(`env.${ISSUE_EXAMPLES[0]!}`)}</code> changed`);
    for (const shown of [markdown, renderJson(report)]) {
      expect(shown).not.toContain("secret-value");
      expect(shown).not.toContain("******");
    }
  });
});
