/**
 * McpServer with the real Pulumi CLI (local file:// backend) against the emulator over HTTP:
 * create of each transport, secrets masked end to end, no phantom drift, in-place updates and a
 * team move, console edits shown by refresh and undone by up, a lost create answer, adoption,
 * a taken name, a vanished server, a 403, bad input at preview and hostile names.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { createEngineStack, type EngineStack } from "../support/engineStack";

let emulator: Emulator;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
});

async function newStack(appKey: string, mcpServers: unknown[]): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, appKey, program: { mcpServers } });
  stacks.push(stack);
  return stack;
}

interface ServerOutputs {
  serverId: string;
  serverName: string;
  teamId: number;
  enabled: boolean;
  environments: string[];
}

async function outputs(stack: EngineStack): Promise<Record<string, ServerOutputs>> {
  return ((await stack.ws.outputs()) as { mcpServers: Record<string, ServerOutputs> }).mcpServers;
}

const writes = () => {
  const c = emulator.counters();
  return { create: c["mcpServer.create"].requests, update: c["mcpServer.update"].requests, delete: c["mcpServer.delete"].requests };
};

const GRAFANA_TOKEN = "glsa_engine_secret_0123456789";
const GH_TOKEN = "ghp_engine_secret_abcdefghij";

const REMOTE = {
  name: "grafana",
  args: {
    serverName: "grafana-engine",
    description: "Dashboards (engine)",
    transport: "streamable-http",
    url: "https://grafana.example/mcp",
    headers: { Authorization: `Bearer ${GRAFANA_TOKEN}`, "X-Org": "1" },
    teamId: 1,
  },
};
const STDIO = {
  name: "github",
  args: {
    serverName: "github-engine",
    transport: "stdio",
    command: "github-mcp-server",
    args: ["stdio"],
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: GH_TOKEN, GITHUB_HOST: "github.com" },
  },
};
const SSE = { name: "sse", args: { serverName: "sse-engine", transport: "sse", url: "https://sse.example/events", teamId: 2, enabled: false } };

describe("McpServer with the real Pulumi CLI", () => {
  test("create of each transport, secrets, no phantom drift, update, team move, console edit, destroy", async () => {
    emulator.reset();
    const stack = await newStack(emulator.keys.admin, [REMOTE, STDIO, SSE]);
    await stack.ws.run(["up", "--yes"]);
    expect(writes()).toEqual({ create: 3, update: 0, delete: 0 });
    const outs = await outputs(stack);
    const grafanaId = outs.grafana!.serverId;
    expect(emulator.server(grafanaId)).toMatchObject({ server_name: "grafana-engine", team_id: 1, transport: "streamable-http", status: "enabled" });
    expect(emulator.server(outs.sse!.serverId)?.status).toBe("disabled");
    expect(emulator.server(outs.github!.serverId)?.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: "******", GITHUB_HOST: "github.com" });

    // Secrets never in state or shown outputs in plaintext.
    const exported = JSON.stringify(await stack.ws.exportState());
    for (const secret of [GRAFANA_TOKEN, GH_TOKEN]) expect(exported).not.toContain(secret);
    const shown = await stack.ws.run(["stack", "output", "--json"]);
    for (const secret of [GRAFANA_TOKEN, GH_TOKEN]) expect(shown.stdout).not.toContain(secret);

    // Masked answers are not drift.
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // Update: a changed secret is shown as changed, without its value; one partial update.
    const rotated = "glsa_rotated_secret_987654321";
    await stack.setProgram({
      mcpServers: [{ ...REMOTE, args: { ...REMOTE.args, headers: { ...REMOTE.args.headers, Authorization: `Bearer ${rotated}` }, teamId: 2 } }, STDIO, SSE],
    });
    const preview = await stack.ws.run(["preview", "--diff"]);
    expect(preview.stdout).toMatch(/headers/);
    expect(preview.stdout).not.toContain(rotated);
    expect(preview.stdout).not.toContain(GRAFANA_TOKEN);
    await stack.ws.run(["up", "--yes"]);
    expect(writes()).toEqual({ create: 3, update: 1, delete: 0 });
    expect(emulator.server(grafanaId)?.team_id).toBe(2);
    expect((await outputs(stack)).grafana!.serverId).toBe(grafanaId);

    // Console edits: refresh names the fields; up puts back those the program sets, with the same
    // id (environments, which it leaves out, are not managed: the console's value stays).
    emulator.updateServer(grafanaId, { description: "Edited in the console", environments: ["cloud"] });
    emulator.setServerStatus(outs.sse!.serverId, "enabled");
    const drift = await stack.ws.run(["preview", "--refresh", "--diff"]);
    expect(drift.stdout).toMatch(/description/);
    expect(drift.stdout).toMatch(/enabled/);
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.server(grafanaId)).toMatchObject({ description: "Dashboards (engine)", environments: ["cloud"] });
    expect(emulator.server(outs.sse!.serverId)?.status).toBe("disabled");
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // A server deleted on the platform: refresh drops it, destroy of the rest succeeds.
    emulator.deleteServer(outs.github!.serverId);
    await stack.ws.run(["destroy", "--refresh", "--yes"]);
    expect(emulator.servers().filter((s) => s.server_name.endsWith("-engine"))).toEqual([]);
  });

  test("bad input fails at preview before any call; a taken name names the server and how to adopt it; adoption; a 403 is explained", async () => {
    emulator.reset();
    const stack = await newStack(emulator.keys.admin, [{ name: "bad", args: { serverName: "9 bad name", transport: "stdio", url: "https://x.example" } }]);
    emulator.resetCounters();
    const bad = await stack.ws.run(["preview"], { check: false });
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toMatch(/serverName must start with a letter/);
    expect(bad.stdout + bad.stderr).toMatch(/url is not allowed with transport stdio/);
    expect(emulator.requestLog().filter((e) => e.operation.startsWith("mcpServer."))).toEqual([]);

    // The seed's "Grafana" is account team 1's: the same name there is taken.
    const grafana = emulator.servers().find((s) => s.server_name === "Grafana")!;
    await stack.setProgram({
      mcpServers: [{ name: "dup", args: { serverName: "grafana", transport: "sse", url: "https://g.example", teamId: grafana.team_id } }],
    });
    const taken = await stack.ws.run(["up", "--yes"], { check: false });
    expect(taken.code).not.toBe(0);
    expect(taken.stdout + taken.stderr).toContain(`serverId: "${grafana.server_id}"`);

    // Adoption: the declared fields are written, the server keeps its id.
    await stack.setProgram({
      mcpServers: [
        {
          name: "dup",
          args: { serverId: grafana.server_id, serverName: "Grafana", transport: "sse", url: "https://adopted.example", teamId: grafana.team_id },
        },
      ],
    });
    await stack.ws.run(["up", "--yes"]);
    expect(emulator.server(grafana.server_id)?.url).toBe("https://adopted.example");

    // A member of teams 1 and 2 cannot create an account-wide server.
    const member = await newStack(emulator.keys.member, [{ name: "acct", args: { serverName: "acct-engine", transport: "sse", url: "https://a.example" } }]);
    const denied = await member.ws.run(["up", "--yes"], { check: false });
    expect(denied.code).not.toBe(0);
    expect(denied.stdout + denied.stderr).toMatch(/Access denied: cannot create MCP server/);
  });

  test("a lost create answer (reset after apply) leaves exactly one server; hostile names stay inert", async () => {
    emulator.reset();
    emulator.setFaults([{ operation: "mcpServer.create", kind: "applyThenDrop", count: 1 }]);
    const hostile = "\u001b[2J<script>x</script>";
    const stack = await newStack(emulator.keys.admin, [
      { name: "lost", args: { serverName: "lost-engine", description: hostile, transport: "sse", url: "https://l.example" } },
    ]);
    const up = await stack.ws.run(["up", "--yes"]);
    expect(up.stdout).not.toContain("\u001b[2J");
    expect(emulator.servers().filter((s) => s.server_name === "lost-engine")).toHaveLength(1);
    await stack.ws.run(["destroy", "--yes"]);
    expect(emulator.servers().filter((s) => s.server_name === "lost-engine")).toHaveLength(0);
  });

  test("an McpServer and an McpServerDisablement of one server: the disablement wins after every up, and the preview warns", async () => {
    emulator.reset();
    const pair = { name: "paired", args: { serverName: "paired-engine", transport: "sse", url: "https://p.example" }, disabledBy: "paired-off" };
    const stack = await newStack(emulator.keys.admin, [pair]);
    await stack.ws.run(["up", "--yes"]);
    const serverId = (await outputs(stack)).paired!.serverId;
    expect(emulator.server(serverId)?.status).toBe("disabled");

    const preview = await stack.ws.run(["preview"]);
    expect(preview.output).toContain("the disablement wins");

    // A refresh sees the McpServer's declared enabled: true as drift; the up still ends disabled.
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.server(serverId)?.status).toBe("disabled");
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.server(serverId)?.status).toBe("disabled");

    await stack.ws.run(["destroy", "--yes"]);
    expect(emulator.server(serverId)).toBeUndefined();
  });
});
