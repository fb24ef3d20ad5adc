/**
 * The logical names of an import file (importFile/logicalNames.ts): valid identifiers in YAML,
 * TypeScript, Python and Go whatever the platform's names (hostile text included), never a
 * keyword of any of them, unique (also in their Python snake_case form), and the same for the
 * same account whatever order it is read in.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseName, MAX_BASE_LENGTH, type NameSource, uniqueNames } from "../../importFile/logicalNames";
import { hostileString, ISSUE_EXAMPLES } from "../support/hostileText";

/** Reserved words of the four languages (and the names their generated programs already use). */
const TYPESCRIPT = (
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in " +
  "instanceof new null return super switch this throw true try typeof var void while with as implements interface let package private " +
  "protected public static yield any boolean constructor declare get module require number set string symbol type from of await async " +
  "undefined arguments eval pulumi flashduty"
).split(" ");
const PYTHON = (
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is " +
  "lambda nonlocal not or pass raise return try while with yield match case type print self pulumi pulumi_flashduty"
).split(" ");
const GO = (
  "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select " +
  "struct switch type var bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 " +
  "uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag len make max min new panic print println " +
  "real recover ctx err flashduty pulumi main"
).split(" ");
/** Pulumi YAML: a resource name is a key, referenced as `${name}`; `pulumi` is the built-in variable. */
const YAML = ["pulumi", "config", "resources", "variables", "outputs"];
const KEYWORDS = new Set([...TYPESCRIPT, ...PYTHON, ...GO, ...YAML].map((k) => k.toLowerCase()));

/** The snake_case form Pulumi's Python generator gives a camelCase name. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** What every name must be: an identifier in all four languages (ASCII, so no Unicode rule differs), no keyword in any form. */
function expectValid(name: string): void {
  expect(name).toMatch(/^[a-z][A-Za-z0-9]*$/);
  expect(name).not.toMatch(/[A-Z]{2}/);
  expect(KEYWORDS.has(name.toLowerCase())).toBe(false);
  expect(KEYWORDS.has(snake(name))).toBe(false);
}

const PREFIXES = ["server", "disablement", "rule", "agent", "file"];
const source = fc.record({
  prefix: fc.constantFrom(...PREFIXES),
  platformName: fc.oneof(hostileString(), fc.string({ unit: "binary" }), fc.constantFrom(...ISSUE_EXAMPLES, "Grafana", "grafana", "GRAFANA", "")),
  id: fc.oneof(fc.stringMatching(/^mcp_[a-z0-9]{1,12}$/), fc.string({ unit: "binary", maxLength: 20 })),
  createdAt: fc.integer({ min: 0, max: 5 }),
});
/** Sources with distinct ids, as an account's objects are. */
const account = fc.uniqueArray(source, { selector: (s) => s.id, maxLength: 40 });

describe("baseName", () => {
  it("makes camelCase words of the platform's name after the kind's prefix", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
    expect(baseName("server", "Grafana (prod) ${x}")).toBe("serverGrafanaProdX");
    expect(baseName("rule", "nightly-report_2")).toBe("ruleNightlyReport2");
    expect(baseName("agent", "Café Über")).toBe("agentCafeUber");
    expect(baseName("server", "数据库")).toBe("server");
    expect(baseName("server", "\u001b[2J\"'`\n")).toBe("server2j");
    expect(baseName("file", "runbooks/DB failover.md")).toBe("fileRunbooksDbFailoverMd");
    expect(baseName("server", "A B C")).toBe("serverAbc");
  });

  it("stays within MAX_BASE_LENGTH and is valid for any text", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PREFIXES), fc.oneof(hostileString(), fc.string({ unit: "binary", maxLength: 300 })), (prefix, text) => {
        const name = baseName(prefix, text);
        expect(name.length).toBeLessThanOrEqual(MAX_BASE_LENGTH);
        expect(name.startsWith(prefix)).toBe(true);
        expectValid(name);
      }),
    );
  });
});

describe("uniqueNames", () => {
  it("gives every source a valid name, unique, also in snake_case and ignoring case", () => {
    fc.assert(
      fc.property(account, (sources) => {
        const names = uniqueNames(sources);
        expect(names).toHaveLength(sources.length);
        for (const name of names) expectValid(name);
        expect(new Set(names).size).toBe(names.length);
        expect(new Set(names.map(snake)).size).toBe(names.length);
      }),
    );
  });

  it("depends on the set of sources only, not on the order they were read in", () => {
    fc.assert(
      fc.property(
        account.chain((sources) => fc.tuple(fc.constant(sources), fc.shuffledSubarray(sources, { minLength: sources.length, maxLength: sources.length }))),
        ([sources, shuffled]) => {
          const byId = (list: NameSource[]) => {
            const names = uniqueNames(list);
            return Object.fromEntries(list.map((s, i) => [s.id, names[i]]));
          };
          expect(byId(shuffled)).toEqual(byId(sources));
        },
      ),
    );
  });

  it("keeps the plain name for the oldest of duplicates; the others get the end of their id", () => {
    const names = uniqueNames([
      { prefix: "server", platformName: "Grafana", id: "mcp_newer00ff", createdAt: 20 },
      { prefix: "server", platformName: "grafana", id: "mcp_older0011", createdAt: 10 },
      { prefix: "server", platformName: "GRAFANA!", id: "mcp_newest99", createdAt: 30 },
    ]);
    expect(names).toEqual(["serverGrafanaEr00ff", "serverGrafana", "serverGrafanaWest99"]);
  });

  it("never gives out a taken name, nor one a plain name of another source holds", () => {
    const names = uniqueNames(
      [
        { prefix: "server", platformName: "x", id: "mcp_1", createdAt: 1 },
        { prefix: "server", platformName: "x", id: "mcp_2", createdAt: 2 },
        { prefix: "server", platformName: "x mcp2", id: "mcp_3", createdAt: 3 },
      ],
      ["serverY"],
    );
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe("serverX");
    expect(names[2]).toBe("serverXmcp2");
    expect(names[1]).toBe("serverXmcp2N2");
  });
});
