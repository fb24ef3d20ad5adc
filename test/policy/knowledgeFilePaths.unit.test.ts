/**
 * flashduty-knowledge-file-paths on `KnowledgeFile` inputs as the engine gives them to a resource
 * policy: allowed paths (folders and exact paths), allowed teams, values not known at preview,
 * other resources ignored, and hostile names shown inert.
 */
import { describe, expect, test } from "vitest";
import { type ResourceValidationArgs, unknownCheckingProxy } from "@pulumi/policy";
import { KNOWLEDGE_FILE_TYPE, MCP_SERVER_TYPE, knowledgeFilePathsPolicy, type KnowledgeFilePathsConfig } from "../../policy";
import { TERMINAL_CONTROL } from "../support/hostileText";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

function violations(props: Record<string, unknown>, config: Partial<KnowledgeFilePathsConfig> = {}, type = KNOWLEDGE_FILE_TYPE, name = "duty"): string[] {
  const found: string[] = [];
  const args = { type, urn: `urn:pulumi:s::p::${type}::${name}`, name, props: unknownCheckingProxy(props), getConfig: () => config };
  const validate = knowledgeFilePathsPolicy().validateResource as (a: ResourceValidationArgs, report: (message: string) => void) => void;
  validate(args as unknown as ResourceValidationArgs, (message) => found.push(message));
  return found;
}

describe("flashduty-knowledge-file-paths", () => {
  test("the defaults allow every path and team", () => {
    expect(violations({ path: "anything/at/all.md", teamId: 7 })).toEqual([]);
    expect(knowledgeFilePathsPolicy().enforcementLevel).toBe("mandatory");
  });

  test("allowedPaths: a folder entry allows what is under it, another entry one exact path", () => {
    const config = { allowedPaths: ["DUTY.md", "runbooks/"] };
    expect(violations({ path: "DUTY.md" }, config)).toEqual([]);
    expect(violations({ path: "runbooks/db/restart.md" }, config)).toEqual([]);
    const [message] = violations({ path: "secrets/notes.md" }, config);
    expect(message).toContain("`secrets/notes.md`");
    expect(message).toContain("allowedPaths: `DUTY.md`, `runbooks/`");
    expect(violations({ path: "runbooks" }, config)).toHaveLength(1);
    expect(violations({ path: "DUTY.md.bak" }, config)).toHaveLength(1);
  });

  test("allowedTeamIds: teamId absent is the account's pack (0)", () => {
    expect(violations({ path: "a.md" }, { allowedTeamIds: [0] })).toEqual([]);
    expect(violations({ path: "a.md", teamId: 2 }, { allowedTeamIds: [0, 1] })[0]).toContain("team 2 is not allowed");
  });

  test("values not known at preview and other resources are not checked", () => {
    expect(violations({ path: UNKNOWN, teamId: UNKNOWN }, { allowedPaths: ["x/"], allowedTeamIds: [1] })).toEqual([]);
    expect(violations({ path: "no.md" }, { allowedPaths: ["x/"] }, MCP_SERVER_TYPE)).toEqual([]);
  });

  test("hostile names and paths are shown inert", () => {
    const [message] = violations({ path: "evil\u001b]0;x\u0007.md" }, { allowedPaths: ["ok/"] }, KNOWLEDGE_FILE_TYPE, "n`a\u001b[31m");
    expect(message).toBeDefined();
    expect(message).not.toMatch(TERMINAL_CONTROL);
  });
});
