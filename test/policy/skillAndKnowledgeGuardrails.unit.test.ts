/**
 * flashduty-skill-guardrails and flashduty-knowledge-file-guardrails on inputs as the engine
 * gives them to a resource policy: team scope, allowed teams, allowed paths; values not known at
 * preview pass; hostile program text in a message stays an inert code span.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type ResourceValidationArgs, type ResourceValidationPolicy, unknownCheckingProxy } from "@pulumi/policy";
import {
  KNOWLEDGE_FILE_GUARDRAILS,
  KNOWLEDGE_FILE_TYPE,
  SKILL_GUARDRAILS,
  SKILL_TYPE,
  flashdutyPolicies,
  knowledgeFileGuardrailsPolicy,
  skillGuardrailsPolicy,
  type DefaultedSchema,
  type KnowledgeFileGuardrailsConfig,
  type SkillGuardrailsConfig,
} from "../../policy";
import { readConfig } from "../../policy/policyConfig";
import { GITHUB_LINKABLE, TERMINAL_CONTROL, comments, elements, hostileText, outsideCode, renderHtml } from "../support/hostileText";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** The violations `policy` reports for one resource, the way the engine calls it (`config`: what --policy-pack-config sets). */
function violations(policy: ResourceValidationPolicy, type: string, props: Record<string, unknown>, config: object = {}, name = "triage"): string[] {
  const found: string[] = [];
  const args = { type, urn: `urn:pulumi:s::p::${type}::${name}`, name, props: unknownCheckingProxy(props), getConfig: () => config };
  const validate = policy.validateResource as (a: ResourceValidationArgs, report: (message: string) => void) => void;
  validate(args as unknown as ResourceValidationArgs, (message) => found.push(message));
  return found;
}

const skill = (props: Record<string, unknown>, config: Partial<SkillGuardrailsConfig> = {}, name?: string) =>
  violations(skillGuardrailsPolicy(), SKILL_TYPE, props, config, name);
const file = (props: Record<string, unknown>, config: Partial<KnowledgeFileGuardrailsConfig> = {}, name?: string) =>
  violations(knowledgeFileGuardrailsPolicy(), KNOWLEDGE_FILE_TYPE, props, config, name);

describe("flashduty-skill-guardrails", () => {
  test("defaults: account-wide and any team allowed; advisory, in the pack; other types not looked at", () => {
    expect(readConfig(skillGuardrailsPolicy().configSchema as DefaultedSchema, {})).toEqual({ requireTeamScope: false, allowedTeamIds: [] });
    expect(skillGuardrailsPolicy().enforcementLevel).toBe("advisory");
    expect(flashdutyPolicies().map((p) => p.name)).toContain(SKILL_GUARDRAILS);
    expect(skill({})).toEqual([]);
    expect(skill({ teamId: 7 })).toEqual([]);
    expect(violations(skillGuardrailsPolicy(), KNOWLEDGE_FILE_TYPE, {}, { requireTeamScope: true })).toEqual([]);
  });

  test("requireTeamScope reports an account-wide skill, unset or 0", () => {
    for (const props of [{}, { teamId: 0 }, { teamId: null }]) {
      expect(skill(props, { requireTeamScope: true })).toEqual([
        "Skill `triage`: account-wide skill (teamId unset or 0); this stack requires team-scoped skills: set teamId",
      ]);
    }
    expect(skill({ teamId: 3 }, { requireTeamScope: true })).toEqual([]);
  });

  test("allowedTeamIds reports a team outside the list; an empty list allows any team", () => {
    expect(skill({ teamId: 9 }, { allowedTeamIds: [1, 2] })).toEqual(["Skill `triage`: teamId 9 is not one of the allowed teams (allowedTeamIds: 1, 2)"]);
    expect(skill({ teamId: 2 }, { allowedTeamIds: [1, 2] })).toEqual([]);
    // Account-wide is requireTeamScope's to judge, not the team list's.
    expect(skill({ teamId: 0 }, { allowedTeamIds: [1] })).toEqual([]);
  });

  test("a teamId not known at preview is not checked", () => {
    expect(skill({ teamId: UNKNOWN }, { requireTeamScope: true, allowedTeamIds: [1] })).toEqual([]);
  });
});

describe("flashduty-knowledge-file-guardrails", () => {
  test("defaults: any path, the account's pack allowed; advisory, in the pack", () => {
    expect(readConfig(knowledgeFileGuardrailsPolicy().configSchema as DefaultedSchema, {})).toEqual({ allowedPaths: ["**"], requireTeamScope: false });
    expect(knowledgeFileGuardrailsPolicy().enforcementLevel).toBe("advisory");
    expect(flashdutyPolicies().map((p) => p.name)).toContain(KNOWLEDGE_FILE_GUARDRAILS);
    for (const path of ["DUTY.md", "runbooks/db/failover.md", ".notes/x.md"]) expect(file({ path })).toEqual([]);
    expect(violations(knowledgeFileGuardrailsPolicy(), SKILL_TYPE, { path: "x" }, { allowedPaths: [] })).toEqual([]);
  });

  test.each([
    ["DUTY.md", true],
    ["runbooks/db.md", true],
    ["runbooks/db/failover.md", true],
    ["runbooks/db.txt", false],
    ["scratch/todo.md", false],
    ["services/DUTY.md", false],
  ])("allowedPaths DUTY.md and runbooks/**/*.md: %s allowed %s", (path, allowed) => {
    const found = file({ path }, { allowedPaths: ["DUTY.md", "runbooks/**/*.md"] });
    expect(found).toEqual(
      allowed ? [] : [`KnowledgeFile \`triage\`: path \`${path}\` is not under an allowed path (allowedPaths: \`DUTY.md\`, \`runbooks/**/*.md\`)`],
    );
  });

  test("an empty allowedPaths allows nothing; requireTeamScope reports the account's pack", () => {
    expect(file({ path: "DUTY.md" }, { allowedPaths: [] })).toEqual([
      "KnowledgeFile `triage`: path `DUTY.md` is not under an allowed path (allowedPaths: none)",
    ]);
    expect(file({ path: "DUTY.md", teamId: 0 }, { requireTeamScope: true })).toEqual([
      "KnowledgeFile `triage`: a file of the account's pack (teamId unset or 0); this stack requires team packs: set teamId",
    ]);
    expect(file({ path: "DUTY.md", teamId: 4 }, { requireTeamScope: true })).toEqual([]);
  });

  test("values not known at preview are not checked", () => {
    expect(file({ path: UNKNOWN, teamId: UNKNOWN }, { allowedPaths: [], requireTeamScope: true })).toEqual([]);
  });

  test("property: hostile resource names and paths give messages with no control character and nothing alive as Markdown", () => {
    fc.assert(
      fc.property(hostileText(), hostileText(), (name, path) => {
        const messages = [
          ...file({ path: `scratch/${path}`, teamId: 0 }, { allowedPaths: ["runbooks/**"], requireTeamScope: true }, name),
          ...skill({ teamId: 0 }, { requireTeamScope: true }, name),
        ];
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
  });
});
