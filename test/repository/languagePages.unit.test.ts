/**
 * Every resource and function of the provider plugin's schema is on every language page
 * (docs/python.md, docs/yaml.md, docs/go.md) and in the README, every Terraform type in
 * docs/terraform.md, and each language page's table is what
 * `npm run schema` makes from the declarations (scripts/languagePages.ts): a new noun cannot
 * reach the SDKs and miss a page.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, languageTable, tableOf } from "../../scripts/languagePages";
import { DATA_SOURCES, RESOURCES } from "../../terraform/catalog";

const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const schema = JSON.parse(read("plugin/schema.json")) as { resources: Record<string, unknown>; functions: Record<string, unknown> };
const TOKENS = [...Object.keys(schema.resources), ...Object.keys(schema.functions)];
const PAGES = Object.keys(LANGUAGES);

describe("the language pages and the README list every noun", () => {
  it("the schema has the nouns this test expects to find (six resources, six functions)", () => {
    expect(TOKENS).toHaveLength(12);
    expect([...PAGES].sort()).toEqual(["docs/go.md", "docs/python.md", "docs/yaml.md"]);
  });

  it.each(PAGES)("%s: its table is what npm run schema writes", (page) => {
    const table = tableOf(read(page));
    expect(table, `${page} has no generated table: run npm run schema`).toBeDefined();
    expect(table).toBe(languageTable(page));
  });

  it.each(PAGES)("%s names every resource and function token of the schema", (page) => {
    const text = read(page);
    expect(TOKENS.filter((token) => !text.includes(`\`${token}\``))).toEqual([]);
  });

  it("docs/terraform.md names every resource and data source type of the Terraform provider", () => {
    const text = read("docs/terraform.md");
    const types = [...RESOURCES.keys(), ...DATA_SOURCES.keys()];
    expect(types).toHaveLength(TOKENS.length);
    expect(types.filter((type) => !text.includes(`\`${type}\``))).toEqual([]);
  });

  it("README.md names every resource and function", () => {
    const text = read("README.md");
    const names = TOKENS.map((token) => token.slice(token.lastIndexOf(":") + 1));
    expect(names.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  });
});
