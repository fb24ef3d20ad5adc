/**
 * `buildImportFile` against the emulator over HTTP: it reads only the kinds asked for, filters by
 * team and name glob on what the platform answers, names the same account the same way on every
 * run, and holds no secret value.
 */
import { describe, expect, test } from "vitest";
import { buildImportFile, TYPE_TOKENS } from "../../importFile";
import { emulatorPerFile } from "../support/sdkEmulator";

const file = emulatorPerFile({ seed: { rules: 0 } });
const SECRET = "Bearer build_import_file_secret_0123456789";

describe("buildImportFile", () => {
  test("reads only the listings of the kinds asked for", async () => {
    const { em } = file;
    em.resetCounters();
    const result = await buildImportFile(file.client("admin"), { kinds: ["mcpServer"] });
    const c = em.counters();
    expect(c["mcpServer.list"].requests).toBeGreaterThan(0);
    for (const op of ["automationRule.list", "a2aAgent.list", "skill.list", "knowledgePack.list", "knowledgeFile.list"] as const)
      expect(c[op].requests).toBe(0);
    expect(new Set(result.file.resources.map((r) => r.type))).toEqual(new Set([TYPE_TOKENS.mcpServer]));
  });

  test("filters by team and by a name glob (a knowledge file by its path); the same names on a second run; no secret value", async () => {
    const client = file.client("admin");
    await client.mcpServers.create({
      serverName: "grafana-team2",
      transport: "sse",
      url: "https://g2.example/sse",
      teamId: 2,
      headers: { Authorization: SECRET },
    });
    const pack = await client.knowledge.ensurePack({ teamId: 2 });
    await client.knowledge.putFile({ packId: pack.packId, relPath: "runbooks/payments.md", content: "# Payments\n" });

    const team2 = await buildImportFile(client, { teamIds: [2] });
    const servers2 = file.em.servers().filter((s) => s.account_id === 1 && s.team_id === 2);
    expect(
      team2.file.resources
        .filter((r) => r.id.startsWith("mcp_"))
        .map((r) => r.id)
        .sort(),
    ).toEqual(servers2.map((s) => s.server_id).sort());
    expect(team2.file.resources.map((r) => r.id)).toContain("2/runbooks/payments.md");

    const byName = await buildImportFile(client, { namePattern: "GRAFANA*" });
    expect(byName.file.resources.map((r) => r.name)).toEqual(expect.arrayContaining(["serverGrafana", "serverGrafanaTeam2"]));
    expect(byName.file.resources.every((r) => r.type === TYPE_TOKENS.mcpServer || r.type === TYPE_TOKENS.mcpServerDisablement)).toBe(true);
    const byPath = await buildImportFile(client, { kinds: ["knowledgeFile"], namePattern: "runbooks/*.md" });
    expect(byPath.file.resources).toEqual([{ type: TYPE_TOKENS.knowledgeFile, name: "fileRunbooksPaymentsMd", id: "2/runbooks/payments.md" }]);

    // The same path in a second pack: one keeps the plain name (the older pack's), and an edit
    // (which moves a file's update time, the only time the platform answers for a file) changes no name.
    const pack1 = await client.knowledge.ensurePack({ teamId: 1 });
    await client.knowledge.putFile({ packId: pack1.packId, relPath: "runbooks/payments.md", content: "# Payments (team 1)\n" });
    const first = await buildImportFile(client);
    const names = (r: typeof first) => Object.fromEntries(r.file.resources.map((x) => [x.id, x.name]));
    const pair = [names(first)["2/runbooks/payments.md"], names(first)["1/runbooks/payments.md"]].sort();
    expect(pair[0]).toBe("fileRunbooksPaymentsMd");
    expect(pair[1]).toMatch(/^fileRunbooksPaymentsMd[A-Z]/);
    await client.knowledge.putFile({ packId: pack.packId, relPath: "runbooks/payments.md", content: "# Payments, edited\n" });
    const second = await buildImportFile(client);
    expect(second).toEqual(first);
    expect(first.secretsToFill).toContainEqual({ name: "serverGrafanaTeam2", type: TYPE_TOKENS.mcpServer, field: "headers.Authorization" });
    expect(JSON.stringify(first)).not.toContain(SECRET);
  });

  test("an empty glob is an error naming namePattern, before any request", async () => {
    file.em.resetCounters();
    await expect(buildImportFile(file.client("admin"), { namePattern: "" })).rejects.toThrow(/namePattern must be a non-empty glob/);
    expect(Object.values(file.em.counters()).every((c) => c.requests === 0)).toBe(true);
  });
});
