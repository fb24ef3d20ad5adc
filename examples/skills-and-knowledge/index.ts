// Skills and knowledge as code: the folders under skills/ and knowledge/ are what the team's AI
// SRE knows. A change to them goes through a pull request like any code; `pulumi up` uploads a
// changed skill in place (same skill id) and writes a changed file; an unchanged folder is no
// upload. Run it with `pulumi up` after
//   pulumi config set --secret flashduty:appKey <key>
// (and flashduty:baseUrl for the emulator, e.g. `npx pulumi-flashduty-emulator`).
import * as pulumi from "@pulumi/pulumi";
import * as flashduty from "pulumi-flashduty";

const config = new pulumi.Config();
const teamId = config.getNumber("teamId") ?? 1;

// 1. A skill from its folder: SKILL.md at the folder's root (its frontmatter names the skill) and
// the scripts beside it. The archive's hash drives the diff: a console re-upload shows as drift
// on refresh, and `up` uploads this folder again.
const triage = new flashduty.Skill("k8s-triage", {
  source: new pulumi.asset.FileArchive("./skills/k8s-triage"),
  teamId,
});

// 2. Knowledge files of the team's pack (made on first use, never deleted by a file). DUTY.md is
// what the AI SRE reads first; the runbook is referenced from it (`@runbooks/database.md`), so
// the runbook is declared first and a missing reference would come back as a warning.
const runbook = new flashduty.KnowledgeFile("runbook-database", {
  teamId,
  path: "runbooks/database.md",
  source: new pulumi.asset.FileAsset("./knowledge/runbooks/database.md"),
});
const duty = new flashduty.KnowledgeFile(
  "duty",
  { teamId, path: "DUTY.md", source: new pulumi.asset.FileAsset("./knowledge/DUTY.md") },
  { dependsOn: [runbook] },
);

export const skillId = triage.skillId;
export const skillName = triage.skillName;
export const dutyChecksum = duty.checksum;
export const runbookChecksum = runbook.checksum;
