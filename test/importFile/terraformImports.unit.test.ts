/**
 * The HCL strings of `import-file --format terraform` (`importFile/terraformImports.ts`): any
 * platform text is one inert quoted string. The engine test (`terraformImport.engine.test.ts`)
 * has Terraform and OpenTofu read them; here, any text at all keeps the rules that make that so.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { hclString } from "../../importFile/terraformImports";
import { terraformSecretsInConfig } from "../../importFile/terraformSecrets";
import { hostileString, TERMINAL_CONTROL } from "../support/hostileText";

/** The text an HCL reader takes from a quoted string this module wrote (the spec's escapes, reversed). */
function read(quoted: string): string {
  expect(quoted.startsWith('"') && quoted.endsWith('"')).toBe(true);
  return quoted.slice(1, -1).replace(/\\(["\\nrt]|u[0-9a-f]{4}|U[0-9a-f]{8})|\$\$\{|%%\{/g, (m, e: string | undefined) => {
    if (m === "$${") return "${";
    if (m === "%%{") return "%{";
    if (e === "n") return "\n";
    if (e === "r") return "\r";
    if (e === "t") return "\t";
    if (e === '"' || e === "\\") return e;
    return String.fromCodePoint(Number.parseInt(e!.slice(1), 16));
  });
}

describe("hclString", () => {
  test("quotes, backslashes, template sequences and controls are escaped", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${ is the point
    expect(hclString('a "b" \\ ${x} %{y}\n\u001b\u202e')).toBe('"a \\"b\\" \\\\ $${x} %%{y}\\n\\u001b\\u202e"');
  });

  test("any text reads back exactly, with no raw control, no lone quote and no live template sequence", () => {
    fc.assert(
      fc.property(fc.oneof(hostileString(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" })), (text) => {
        const quoted = hclString(text);
        expect(read(quoted)).toBe(text);
        const inner = quoted.slice(1, -1);
        expect(inner).not.toMatch(TERMINAL_CONTROL);
        expect(inner.replace(/\\./g, "")).not.toContain('"');
        expect(inner.replace(/\$\$\{|%%\{/g, "")).not.toMatch(/\$\{|%\{/);
      }),
    );
  });
});

describe("terraformSecretsInConfig", () => {
  const imports = `locals {
  server_github_env = nonsensitive(anytrue([var.server_github_env_token == null])) ? null : {
    "TOKEN" = var.server_github_env_token
    "HOST" = "github.com"
  }
}
`;
  const generated = `resource "flashdutyai_mcp_server" "server_github" {
  env         = null
  headers     = null
  nested = {
    env = null
  }
}

resource "other_thing" "server_github" {
  env = null
}
`;

  test("points a flashdutyai block's own null secret map at its local, once; nested keys, other providers and maps without a local stay", () => {
    const result = terraformSecretsInConfig(generated, imports);
    expect(result.references).toEqual([{ address: "flashdutyai_mcp_server.server_github", attribute: "env", local: "server_github_env" }]);
    expect(result.variables).toEqual(["server_github_env_token"]);
    expect(result.text.split("\n")).toEqual([
      'resource "flashdutyai_mcp_server" "server_github" {',
      "  env         = local.server_github_env",
      "  headers     = null",
      "  nested = {",
      "    env = null",
      "  }",
      "}",
      "",
      'resource "other_thing" "server_github" {',
      "  env = null",
      "}",
      "",
    ]);
  });
});
