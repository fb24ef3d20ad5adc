/**
 * The emulator's whole seeded account imported by each of its keys that can edit (issue 58, case
 * 3): 320 rules, the MCP servers (the load-test ones named before today's name rule), A2A agents,
 * knowledge files, skills, and a row of every shape older than today's rules
 * (emulator/README.md "Legacy rows": an on-call trigger whose channels were deleted, legacy crons,
 * no time zone, names too long or starting with a digit, a stdio server with no command).
 * `pulumi-flashduty import-file` (the built command), `pulumi import --file` into a YAML program
 * on the provider plugin, then `pulumi preview --expect-no-changes` must pass with no write: the
 * program the import writes holds every row as the platform holds it, and the resources' own
 * `check` passes what the state holds. The masked secrets stay `******` (safe, and clean at
 * preview: docs/importing-an-account.md step 4), so no config is set.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { LEGACY_SERVERS, type Emulator } from "../../emulator";
import { BUILT_CLI } from "../support/cliRun";
import { writeCounts } from "../support/writeCounts";
import { yamlPluginHeader, yamlPluginStack, yamlPluginSuite } from "../support/yamlPluginStack";

const run = promisify(execFile);
// The default seed (320 rules), limits off: the reads are what the import makes, not what is tested.
const world = yamlPluginSuite("seeded-import-", { limits: false });

/** The emulator's keys that can edit something; `noAiSre` can read nothing (no AI SRE permission). */
const EDITING_KEYS = ["admin", "member", "teamMember2", "otherAccount"] as const satisfies ReadonlyArray<keyof Emulator["keys"]>;

describe("the whole seeded account, legacy rows included, imported by every key that can edit", () => {
  test.each(EDITING_KEYS)("%s: import-file, pulumi import --file, then preview --expect-no-changes passes with no write", async (key) => {
    const { emulator, dir } = world();
    const appKey = emulator.keys[key];
    const folder = path.join(dir, key);
    mkdirSync(folder, { recursive: true });
    const fileName = path.join(folder, "import.json");
    const cli = await run(process.execPath, [BUILT_CLI, "import-file", "--output", fileName], {
      env: { ...process.env, FLASHDUTY_APP_KEY: appKey, FLASHDUTY_BASE_URL: emulator.url },
    });
    const file = JSON.parse(readFileSync(fileName, "utf8")) as { resources: Array<{ type: string; name: string; id: string }> };
    // Nothing the key may edit is left out for its check: only skills and what it cannot edit.
    expect(cli.stderr).not.toContain("no program can declare it");
    expect(file.resources.length).toBeGreaterThan(key === "otherAccount" ? 10 : 50);
    if (key === "admin") {
      const ids = new Set(file.resources.map((r) => r.id));
      for (const server of LEGACY_SERVERS) expect(ids).toContain(server.server_id);
      expect(ids).toContain("a2a_legacy_long_name");
    }

    const name = `seeded-${key.toLowerCase()}`;
    const ws = await yamlPluginStack(world(), { program: yamlPluginHeader(name), appKey, folder: key });
    const generated = path.join(folder, "generated.yaml");
    await ws.run(["import", "--file", fileName, "--out", generated, "--yes", "--protect=false"]);
    writeFileSync(path.join(folder, "Pulumi.yaml"), `${yamlPluginHeader(name)}${readFileSync(generated, "utf8")}`);
    const state = await ws.exportState();
    expect(state.deployment.resources?.filter((r) => String(r.type).startsWith("flashduty:index:"))).toHaveLength(file.resources.length);

    const before = writeCounts(emulator);
    const preview = await ws.run(["preview", "--expect-no-changes"], { check: false });
    expect(preview.code, preview.output).toBe(0);
    expect(writeCounts(emulator)).toEqual(before);
  });
});
