/**
 * `pulumi-flashduty import-file` run in this process against the emulator over HTTP: the file on
 * stdout when no `--output` is given (valid JSON, nothing else), the report on stderr.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { runCli as run } from "../support/cliRun";
import { emulatorPerFile } from "../support/sdkEmulator";

// 120 servers: two pages of the listing, the load-test seed's among them.
const file = emulatorPerFile({ seed: { rules: 0, servers: 120 } });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("pulumi-flashduty import-file against the emulator", () => {
  test("writes the file to stdout and the report to stderr", async () => {
    vi.stubEnv("FLASHDUTY_APP_KEY", file.em.keys.admin);
    vi.stubEnv("FLASHDUTY_BASE_URL", file.em.url);
    const result = await run(["import-file", "--kind", "mcpServer"]);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as { resources: Array<{ id: string }> };
    expect(parsed.resources.length).toBeGreaterThan(0);
    // The load-test seed's names ("Generated server 0001") break today's name rule: the check
    // passes a name the state holds while the program keeps it, so they are imported.
    expect(parsed.resources.map((r) => r.id)).toContain("mcp_gen_0108");
    expect(result.stderr).not.toContain("check refuses");
    expect(result.stderr).toMatch(/^import-file: \d+ resource\(s\) to import, \d+ skipped, \d+ secret\(s\) to fill in/m);
  });
});
