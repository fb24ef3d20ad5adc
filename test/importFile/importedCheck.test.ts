/**
 * import-file and each resource's own `check` against the emulator's whole seeded account over
 * HTTP, the rows older than today's rules among it (emulator/README.md "Legacy rows"): the
 * inputs import-file makes from the listings are those the provider's real `read` answers on an
 * import, and for each key that can edit, every object written passes its check as the engine
 * runs it after the import, every legacy row is written, and nothing is left out for its check.
 */
import { describe, expect, test } from "vitest";
import {
  buildImportFile,
  type CheckedResource,
  failuresAfterImport,
  type Inputs,
  KNOWLEDGE_TEXT_STAND_IN,
  readCandidates,
  TYPE_TOKENS,
} from "../../importFile";
import * as a2aAgent from "../../provider/a2aAgent/provider";
import * as automationRule from "../../provider/automationRule/provider";
import * as knowledgeFile from "../../provider/knowledgeFile/provider";
import * as mcpServer from "../../provider/mcpServer/provider";
import { KINDS } from "../../importFile/candidates";
import { LEGACY_RULE_SHAPES, LEGACY_CRONS, LEGACY_SERVERS } from "../../emulator";
import { seedRule } from "../../emulator/seedRules";
import { emulatorPerFile } from "../support/sdkEmulator";

const file = emulatorPerFile({ limits: false });
const EDITING_KEYS = ["admin", "member", "teamMember2", "otherAccount"] as const;

const IMPLEMENTATIONS = { mcpServer, automationRule, a2aAgent, knowledgeFile } as const;

/** Points every provider module at the emulator with `key`, as the engine's configure does. */
function configure(key: (typeof EDITING_KEYS)[number]): void {
  const config: Record<string, string> = { "flashduty:appKey": file.em.keys[key], "flashduty:baseUrl": file.em.url };
  for (const impl of Object.values(IMPLEMENTATIONS)) void impl.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
}

/** The inputs the provider's `read` answers for an import of `id` (no state). */
async function readInputs(kind: keyof typeof IMPLEMENTATIONS, id: string): Promise<Inputs> {
  const read = (await IMPLEMENTATIONS[kind].read(id, {})) as { inputs?: unknown };
  return JSON.parse(JSON.stringify(read.inputs)) as Inputs;
}

/** A knowledge file in team 2's pack and the account's, so the seed's account has some. */
async function addKnowledge(): Promise<void> {
  const client = file.client("admin");
  for (const teamId of [0, 2]) {
    const pack = await client.knowledge.ensurePack({ teamId });
    await client.knowledge.putFile({ packId: pack.packId, relPath: "runbooks/failover.md", content: "# Failover\n\nPromote the replica.\n" });
  }
}

describe("import-file on the seeded account, legacy rows included", () => {
  test("the inputs made from the listings are those the provider's read answers on an import", async () => {
    await addKnowledge();
    for (const key of ["admin", "otherAccount"] as const) {
      configure(key);
      const candidates = await readCandidates(file.client(key), new Set(KINDS));
      expect(candidates.length).toBeGreaterThan(10);
      for (const candidate of candidates) {
        if (candidate.kind === "skill") continue;
        const read = await readInputs(candidate.kind, candidate.id);
        const made = JSON.parse(JSON.stringify(candidate.importInputs)) as Inputs;
        // A knowledge file's text is in no listing: a stand-in (see importFile/importedCheck.ts).
        if (candidate.kind === "knowledgeFile") {
          expect(made.content).toBe(KNOWLEDGE_TEXT_STAND_IN);
          made.content = read.content;
        }
        expect(made, `${candidate.kind} ${candidate.id}`).toEqual(read);
      }
    }
  });

  test.each(EDITING_KEYS)(
    "%s: every object written passes its check after the import, every legacy row it may edit is written, none left out for its check",
    async (key) => {
      await addKnowledge();
      configure(key);
      const result = await buildImportFile(file.client(key));
      expect(result.file.resources.length).toBeGreaterThan(10);
      expect(result.skipped.filter((s) => s.reason.includes("check"))).toEqual([]);
      const kindOf: Record<string, keyof typeof IMPLEMENTATIONS> = {
        [TYPE_TOKENS.mcpServer]: "mcpServer",
        [TYPE_TOKENS.automationRule]: "automationRule",
        [TYPE_TOKENS.a2aAgent]: "a2aAgent",
        [TYPE_TOKENS.knowledgeFile]: "knowledgeFile",
      };
      for (const resource of result.file.resources) {
        const kind = kindOf[resource.type] as CheckedResource & keyof typeof IMPLEMENTATIONS;
        expect(kind, resource.type).toBeDefined();
        expect(await failuresAfterImport(kind, await readInputs(kind, resource.id)), `${resource.type} ${resource.id}`).toEqual([]);
      }
      if (key !== "admin") return;
      // The admin may edit every legacy row (all team rows of account 1).
      const ids = new Set(result.file.resources.map((r) => r.id));
      const legacyRules = [...Object.keys(LEGACY_RULE_SHAPES), ...Object.keys(LEGACY_CRONS)].map((index) => seedRule(Number(index), Date.now()).rule_id);
      for (const id of [...legacyRules, ...LEGACY_SERVERS.map((s) => s.server_id), "a2a_legacy_long_name"]) expect(ids, id).toContain(id);
      // The load-test servers' names ("Generated server 0001") break today's name rule too.
      expect(ids).toContain("mcp_gen_0001");
    },
  );
});
