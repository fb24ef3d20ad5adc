/**
 * flashduty-skill-guardrails on `Skill` inputs as the engine gives them to a resource policy:
 * team scope (required by default), allowed teams, adoption; values not known at preview pass;
 * other resource types are not looked at.
 */
import { describe, expect, test } from "vitest";
import { type ResourceValidationArgs, unknownCheckingProxy } from "@pulumi/policy";
import { MCP_SERVER_TYPE, SKILL_GUARDRAILS, SKILL_TYPE, flashdutyPolicies, skillGuardrailsPolicy, type SkillGuardrailsConfig } from "../../policy";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

function violations(props: Record<string, unknown>, config: Partial<SkillGuardrailsConfig> = {}, type = SKILL_TYPE): string[] {
  const found: string[] = [];
  const args = { type, urn: `urn:pulumi:s::p::${type}::triage`, name: "triage", props: unknownCheckingProxy(props), getConfig: () => config };
  const validate = skillGuardrailsPolicy().validateResource as (a: ResourceValidationArgs, report: (message: string) => void) => void;
  validate(args as unknown as ResourceValidationArgs, (message) => found.push(message));
  return found;
}

describe("flashduty-skill-guardrails", () => {
  test("is one of flashdutyPolicies, advisory by default", () => {
    expect(flashdutyPolicies().map((p) => p.name)).toContain(SKILL_GUARDRAILS);
    expect(skillGuardrailsPolicy().enforcementLevel).toBe("advisory");
  });

  test("an account-wide skill is reported by default; a team skill is not", () => {
    expect(violations({ source: "./s.skill" })).toEqual([
      "Skill `triage`: account-wide skill (teamId unset or 0); this stack requires team-scoped skills: set teamId",
    ]);
    expect(violations({ source: "./s.skill", teamId: 0 })).toHaveLength(1);
    expect(violations({ source: "./s.skill", teamId: 3 })).toEqual([]);
    expect(violations({ source: "./s.skill" }, { requireTeamScope: false })).toEqual([]);
  });

  test("allowed teams and adoption", () => {
    expect(violations({ teamId: 4 }, { allowedTeamIds: [1, 2] })).toEqual(["Skill `triage`: team 4 is not allowed (allowedTeamIds: 1, 2)"]);
    expect(violations({ teamId: 2 }, { allowedTeamIds: [1, 2] })).toEqual([]);
    expect(violations({ teamId: 1, skillId: "skill_x" }, { allowAdoption: false })).toEqual([
      "Skill `triage`: adopts the existing skill `skill_x` (skillId); this stack does not allow adoption: remove skillId",
    ]);
  });

  test("unknown values pass; other types are not looked at", () => {
    expect(violations({ teamId: UNKNOWN, skillId: UNKNOWN }, { allowAdoption: false })).toEqual([]);
    expect(violations({}, {}, MCP_SERVER_TYPE)).toEqual([]);
  });
});
