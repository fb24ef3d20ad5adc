/**
 * The provider plugin as the engine sees it, without the engine: the built executable
 * (dist/plugin/pulumi-resource-flashduty) started as a child process, driven over gRPC with
 * Pulumi's own client stubs, against the emulator over HTTP. What the YAML engine test cannot
 * show directly: secret wrapping of each property, unknown values at Check and Diff, Create and
 * Update at preview making no API call, the kinds in the detailed diff, config checks, and errors
 * that never carry the app key.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { fromStruct, isSecret, SPECIAL_SIG_KEY, secret, toStruct } from "../../plugin/properties";
import { RESOURCE_DECLARATIONS } from "../../plugin/schemaBuild";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { digestMatches } from "../../provider/engine/secretDigest";
import { UNKNOWN_VALUE } from "../../provider/engine/unknown";

const PROJECT_VERSION = (require("../../package.json") as { version: string }).version;
const RULE_URN = "urn:pulumi:test::p::flashduty:index:AutomationRule::digest";
const SERVER_URN = "urn:pulumi:test::p::flashduty:index:McpServer::grafana";
const KNOWLEDGE_URN = "urn:pulumi:test::p::flashduty:index:KnowledgeFile::duty";

let emulator: Emulator;
/** Stands in for the engine at the address the plugin is given: a gRPC server with no services (a health check answers UNIMPLEMENTED: alive). */
let engine: grpc.Server;
let plugin: ChildProcess;
let client: ResourceProviderClient;
let stderr = "";

/** Calls one unary method and resolves its response (rejects with the gRPC error). */
function call<Res>(method: (...args: never[]) => unknown, req: unknown): Promise<Res> {
  return new Promise((resolve, reject) => {
    (method as (req: unknown, cb: (err: grpc.ServiceError | null, res: Res) => void) => unknown).call(client, req, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

async function configure(appKey: string): Promise<proto.ConfigureResponse> {
  const req = new proto.ConfigureRequest().setArgs(toStruct({ appKey: secret(appKey), baseUrl: emulator.url }));
  return call<proto.ConfigureResponse>(client.configure, req);
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  engine = new grpc.Server();
  const enginePort = await new Promise<number>((resolve, reject) =>
    engine.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  plugin = spawn(path.join(REPO_ROOT, "dist", "plugin", "pulumi-resource-flashduty"), [`127.0.0.1:${enginePort}`], {
    env: { ...process.env, FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined },
    stdio: ["ignore", "pipe", "pipe"],
  });
  plugin.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk;
  });
  const port = await new Promise<string>((resolve, reject) => {
    plugin.stdout?.once("data", (chunk: Buffer) => resolve(String(chunk).trim()));
    plugin.once("exit", (code) => reject(new Error(`the plugin exited with ${code}: ${stderr}`)));
  });
  expect(port).toMatch(/^\d+$/);
  client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client?.close();
  plugin?.kill();
  engine?.forceShutdown();
  await emulator?.close();
});

describe("pulumi-resource-flashduty over gRPC", () => {
  it("answers Handshake, GetPluginInfo and GetSchema with the package's version, and the mappings empty", async () => {
    const handshake = await call<proto.ProviderHandshakeResponse>(client.handshake, new proto.ProviderHandshakeRequest());
    expect(handshake.getAcceptSecrets()).toBe(true);
    expect((await call<PluginInfo>(client.getPluginInfo, new Empty())).getVersion()).toBe(PROJECT_VERSION);
    const schema = JSON.parse((await call<proto.GetSchemaResponse>(client.getSchema, new proto.GetSchemaRequest())).getSchema());
    expect(schema).toMatchObject({ name: "flashduty", version: PROJECT_VERSION });
    expect(Object.keys(schema.resources).sort()).toEqual(RESOURCE_DECLARATIONS.map((d) => d.token).sort());
    expect(
      (await call<proto.GetMappingResponse>(client.getMapping, new proto.GetMappingRequest().setKey("tf").setProvider("flashduty"))).getData(),
    ).toHaveLength(0);
  });

  it("CheckConfig keeps the config as sent, the app key always secret, and names an out-of-range timing key", async () => {
    const news = toStruct({ appKey: secret("k"), timeoutMs: "30000" });
    const ok = await call<proto.CheckResponse>(
      client.checkConfig,
      new proto.CheckRequest().setUrn("urn:pulumi:test::p::pulumi:providers:flashduty::default").setNews(news),
    );
    expect(ok.getFailuresList()).toEqual([]);
    expect(isSecret(fromStruct(ok.getInputs()).appKey)).toBe(true);
    // An explicit provider's app key sent plain (a client that does not read the schema) is kept secret.
    const plain = await call<proto.CheckResponse>(
      client.checkConfig,
      new proto.CheckRequest().setUrn("urn:pulumi:test::p::pulumi:providers:flashduty::prod").setNews(toStruct({ appKey: "plain-key", baseUrl: "http://x" })),
    );
    expect(fromStruct(plain.getInputs())).toEqual({ appKey: secret("plain-key"), baseUrl: "http://x" });
    const bad = await call<proto.CheckResponse>(client.checkConfig, new proto.CheckRequest().setNews(toStruct({ timeoutMs: "-5" })));
    expect(bad.getFailuresList().map((f) => f.getProperty())).toEqual(["timeoutMs"]);
    expect(bad.getFailuresList()[0]?.getReason()).toMatch(/flashduty:timeoutMs/);
  });

  it("Check leaves out what the program leaves out, keeps unknowns, marks env secret and names bad inputs; Diff of unknowns is a change", async () => {
    await configure(emulator.keys.admin);
    const news = toStruct({ serverName: "grafana-grpc", transport: "stdio", command: "run", env: { TOKEN: "t0ken-value" }, description: UNKNOWN_VALUE });
    const checked = await call<proto.CheckResponse>(client.check, new proto.CheckRequest().setUrn(SERVER_URN).setNews(news));
    expect(checked.getFailuresList()).toEqual([]);
    const inputs = fromStruct(checked.getInputs());
    expect(inputs.env).toEqual(secret({ TOKEN: "t0ken-value" }));
    expect(inputs).toMatchObject({ description: UNKNOWN_VALUE });
    // Not managed: no default in the inputs, so a console edit of them is never put back.
    for (const key of ["teamId", "authMode", "enabled"]) expect(inputs).not.toHaveProperty(key);

    const bad = await call<proto.CheckResponse>(
      client.check,
      new proto.CheckRequest().setUrn(SERVER_URN).setNews(toStruct({ serverName: "9 bad", transport: "stdio" })),
    );
    expect(bad.getFailuresList().map((f) => f.getProperty())).toContain("serverName");

    const olds = toStruct({ serverId: "mcp_x", serverName: "grafana-grpc", description: "d", transport: "stdio", command: "run", teamId: 0 });
    const diff = await call<proto.DiffResponse>(
      client.diff,
      new proto.DiffRequest().setUrn(SERVER_URN).setId("mcp_x").setOlds(olds).setNews(checked.getInputs()!),
    );
    expect(diff.getChanges()).toBe(proto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(diff.getDiffsList()).toContain("description");
    expect(diff.getDetaileddiffMap().get("description")?.getKind()).toBe(proto.PropertyDiff.Kind.UPDATE);
  });

  it("McpServer's Create and Update at preview answer env and headers as digests, unknown values kept, secret", async () => {
    await configure(emulator.keys.admin);
    const news = toStruct({
      serverName: "grafana-grpc",
      transport: "streamable-http",
      url: "https://g.example/mcp",
      headers: secret({ Authorization: "Bearer pr3view-secret", "X-Org": UNKNOWN_VALUE }),
    });
    const checked = (await call<proto.CheckResponse>(client.check, new proto.CheckRequest().setUrn(SERVER_URN).setNews(news))).getInputs()!;
    const planned = await call<proto.CreateResponse>(client.create, new proto.CreateRequest().setUrn(SERVER_URN).setProperties(checked).setPreview(true));
    const headers = fromStruct(planned.getProperties()).headers as { value: Record<string, string> };
    expect(isSecret(headers)).toBe(true);
    expect(digestMatches(headers.value.Authorization!, "Bearer pr3view-secret")).toBe(true);
    expect(headers.value["X-Org"]).toBe(UNKNOWN_VALUE);
    expect(JSON.stringify(planned.toObject())).not.toContain("pr3view-secret");

    // An update's planned state keeps the digest in state for an unchanged value.
    const olds = toStruct({
      serverId: "mcp_x",
      serverName: "grafana-grpc",
      transport: "streamable-http",
      headers: secret({ Authorization: headers.value.Authorization }),
    });
    const updated = await call<proto.UpdateResponse>(
      client.update,
      new proto.UpdateRequest().setUrn(SERVER_URN).setId("mcp_x").setOlds(olds).setNews(checked).setPreview(true),
    );
    const plannedUpdate = fromStruct(updated.getProperties());
    expect((plannedUpdate.headers as { value: Record<string, string> }).value.Authorization).toBe(headers.value.Authorization);
    expect(plannedUpdate.serverId).toBe("mcp_x");
    expect(JSON.stringify(updated.toObject())).not.toContain("pr3view-secret");
    expect(emulator.requestLog().filter((e) => e.operation.startsWith("mcpServer."))).toEqual([]);
  });

  it("Create and Update at preview answer the inputs and call nothing; the real Create keeps the token secret; Read by id answers inputs; Diff names fields with their kinds; Delete", async () => {
    await configure(emulator.keys.admin);
    emulator.resetCounters();
    const news = (
      await call<proto.CheckResponse>(
        client.check,
        new proto.CheckRequest().setUrn(RULE_URN).setNews(toStruct({ name: "grpc-rule", prompt: "p", cronExpr: "0 9 * * *", httpPostTriggerEnabled: true })),
      )
    ).getInputs()!;
    const preview = await call<proto.CreateResponse>(client.create, new proto.CreateRequest().setUrn(RULE_URN).setProperties(news).setPreview(true));
    expect(preview.getId()).toBe("");
    expect(fromStruct(preview.getProperties())).toMatchObject({ name: "grpc-rule" });
    expect(emulator.requestLog().filter((e) => e.operation.startsWith("automationRule."))).toEqual([]);

    const created = await call<proto.CreateResponse>(client.create, new proto.CreateRequest().setUrn(RULE_URN).setProperties(news));
    const ruleId = created.getId();
    expect(emulator.rule(ruleId)?.name).toBe("grpc-rule");
    const outs = fromStruct(created.getProperties());
    expect(isSecret(outs.httpPostToken)).toBe(true);
    expect(outs.ruleId).toBe(ruleId);

    const updatePreview = await call<proto.UpdateResponse>(
      client.update,
      new proto.UpdateRequest()
        .setUrn(RULE_URN)
        .setId(ruleId)
        .setOlds(created.getProperties()!)
        .setNews(toStruct({ ...fromStruct(news), prompt: "q" }))
        .setPreview(true),
    );
    expect(fromStruct(updatePreview.getProperties())).toMatchObject({ prompt: "q", ruleId });
    expect(emulator.counters()["automationRule.update"].requests).toBe(0);

    // pulumi import: only the id; the inputs answered are the declared fields, no secret token.
    const read = await call<proto.ReadResponse>(client.read, new proto.ReadRequest().setUrn(RULE_URN).setId(ruleId));
    expect(read.getId()).toBe(ruleId);
    const readInputs = fromStruct(read.getInputs());
    expect(readInputs).toMatchObject({ name: "grpc-rule", prompt: "p", cronExpr: "0 9 * * *", timezone: "UTC", httpPostTriggerEnabled: true, teamId: 0 });
    expect(readInputs).not.toHaveProperty("httpPostToken");

    // A new prompt updates in place, a new team replaces: each named with its kind.
    const changed = toStruct({ ...fromStruct(news), prompt: "q", teamId: 2 });
    const diff = await call<proto.DiffResponse>(
      client.diff,
      new proto.DiffRequest().setUrn(RULE_URN).setId(ruleId).setOlds(created.getProperties()!).setNews(changed),
    );
    expect(diff.getReplacesList()).toEqual(["teamId"]);
    const kinds: Record<string, number> = {};
    diff.getDetaileddiffMap().forEach((value, key) => {
      kinds[key] = value.getKind();
    });
    expect(kinds).toEqual({ prompt: proto.PropertyDiff.Kind.UPDATE, teamId: proto.PropertyDiff.Kind.UPDATE_REPLACE });
    const same = await call<proto.DiffResponse>(
      client.diff,
      new proto.DiffRequest().setUrn(RULE_URN).setId(ruleId).setOlds(created.getProperties()!).setNews(news),
    );
    expect(same.getChanges()).toBe(proto.DiffResponse.DiffChanges.DIFF_NONE);

    await call<Empty>(client.delete, new proto.DeleteRequest().setUrn(RULE_URN).setId(ruleId).setProperties(created.getProperties()!));
    expect(emulator.rule(ruleId)).toBeUndefined();
    // A rule gone on the platform: Read answers no id (the engine drops it from the stack).
    expect(
      (await call<proto.ReadResponse>(client.read, new proto.ReadRequest().setUrn(RULE_URN).setId(ruleId).setProperties(created.getProperties()!))).getId(),
    ).toBe("");
  });

  it("KnowledgeFile: Check reads a source asset in its Struct form (path, text) into content; Create, Diff on the text, Read by <teamId>/<path>, Delete", async () => {
    await configure(emulator.keys.admin);
    const dir = mkdtempSync(path.join(tmpdir(), "fd-grpc-knowledge-"));
    try {
      const file = path.join(dir, "DUTY.md");
      writeFileSync(file, "# Duty from a file\n");
      const asset = (part: Record<string, string>) => ({ [SPECIAL_SIG_KEY]: "c44067f5952c0a294b673a41bacd8c17", ...part });
      const checkOf = (news: Record<string, unknown>) =>
        call<proto.CheckResponse>(client.check, new proto.CheckRequest().setUrn(KNOWLEDGE_URN).setNews(toStruct(news)));
      const fromFile = await checkOf({ path: "DUTY.md", source: asset({ path: file }) });
      expect(fromFile.getFailuresList()).toEqual([]);
      expect(fromStruct(fromFile.getInputs())).toEqual({ path: "DUTY.md", content: "# Duty from a file\n", teamId: 0, force: false });
      expect(fromStruct((await checkOf({ path: "DUTY.md", source: asset({ text: "t" }) })).getInputs()).content).toBe("t");
      const refused = await checkOf({ path: "../x.md", source: asset({ uri: "https://example.com/x.md" }) });
      expect(refused.getFailuresList().map((f) => f.getProperty())).toEqual(["path", "source"]);

      const news = fromFile.getInputs()!;
      const created = await call<proto.CreateResponse>(client.create, new proto.CreateRequest().setUrn(KNOWLEDGE_URN).setProperties(news));
      expect(created.getId()).toBe("0/DUTY.md");
      const same = await call<proto.DiffResponse>(
        client.diff,
        new proto.DiffRequest().setUrn(KNOWLEDGE_URN).setId("0/DUTY.md").setOlds(created.getProperties()!).setNews(news),
      );
      expect(same.getChanges()).toBe(proto.DiffResponse.DiffChanges.DIFF_NONE);
      const changed = await call<proto.DiffResponse>(
        client.diff,
        new proto.DiffRequest()
          .setUrn(KNOWLEDGE_URN)
          .setId("0/DUTY.md")
          .setOlds(created.getProperties()!)
          .setNews(toStruct({ ...fromStruct(news), content: "other\n", teamId: 1 })),
      );
      const kinds: Record<string, number> = {};
      changed.getDetaileddiffMap().forEach((value, key) => {
        kinds[key] = value.getKind();
      });
      expect(kinds).toEqual({ content: proto.PropertyDiff.Kind.UPDATE, teamId: proto.PropertyDiff.Kind.UPDATE_REPLACE });
      const read = await call<proto.ReadResponse>(client.read, new proto.ReadRequest().setUrn(KNOWLEDGE_URN).setId("0/DUTY.md"));
      expect(fromStruct(read.getInputs())).toEqual({ teamId: 0, path: "DUTY.md", content: "# Duty from a file\n", force: false });
      await call<Empty>(client.delete, new proto.DeleteRequest().setUrn(KNOWLEDGE_URN).setId("0/DUTY.md").setProperties(created.getProperties()!));
      const accountPack = emulator.knowledgePacks().find((p) => p.scope === "account" && p.account_id === 1)!;
      expect(emulator.knowledgeFiles(accountPack.pack_id).map((f) => f.rel_path)).not.toContain("DUTY.md");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("Invoke runs the three functions with the configured client; unknown tokens and a refused key fail without the key", async () => {
    await configure(emulator.keys.admin);
    const templates = await call<proto.InvokeResponse>(
      client.invoke,
      new proto.InvokeRequest().setTok("flashduty:index:getAutomationTemplates").setArgs(toStruct({ locale: "en-US" })),
    );
    expect(fromStruct(templates.getReturn())).toMatchObject({ locale: "en-US" });
    const servers = fromStruct(
      (
        await call<proto.InvokeResponse>(
          client.invoke,
          new proto.InvokeRequest().setTok("flashduty:index:getMcpServers").setArgs(toStruct({ query: "grafana" })),
        )
      ).getReturn(),
    );
    expect(servers.total).toBeGreaterThan(0);
    const rules = fromStruct(
      (
        await call<proto.InvokeResponse>(client.invoke, new proto.InvokeRequest().setTok("flashduty:index:getAutomationRules").setArgs(toStruct({})))
      ).getReturn(),
    );
    expect(rules.total).toBe((rules.rules as unknown[]).length);
    await expect(call<proto.InvokeResponse>(client.invoke, new proto.InvokeRequest().setTok("flashduty:index:getNothing"))).rejects.toThrow(
      /unknown function 'flashduty:index:getNothing'/,
    );

    const wrongKey = "wrong-app-key-0123456789abcdef";
    await configure(wrongKey);
    const refused = await call<proto.InvokeResponse>(client.invoke, new proto.InvokeRequest().setTok("flashduty:index:getMcpServers")).then(
      () => undefined,
      (err: grpc.ServiceError) => err,
    );
    expect(refused?.details).toBeTruthy();
    expect(refused?.details).not.toContain(wrongKey);
    expect(stderr).not.toContain(wrongKey);
    expect(stderr).not.toContain(emulator.keys.admin);
  });

  it("Invoke refuses a bad argument of each function, naming it, before it looks for an app key", async () => {
    // No app key at all: neither in the provider's inputs nor in the plugin's environment.
    await call<proto.ConfigureResponse>(client.configure, new proto.ConfigureRequest().setArgs(toStruct({ baseUrl: emulator.url })));
    const before = emulator.counters();
    const refusal = (tok: string, args: Record<string, unknown>) =>
      call<proto.InvokeResponse>(client.invoke, new proto.InvokeRequest().setTok(tok).setArgs(toStruct(args))).then(
        () => "answered",
        (err: grpc.ServiceError) => err.details,
      );
    expect(await refusal("flashduty:index:getAutomationRules", { pageSize: 0 })).toMatch(/pageSize/);
    expect(await refusal("flashduty:index:getMcpServers", { pageSize: 101 })).toMatch(/pageSize/);
    expect(await refusal("flashduty:index:getAutomationTemplates", { locale: "x".repeat(40) })).toMatch(/locale.*16/);
    // A good argument then fails on the missing key, saying how to set it.
    expect(await refusal("flashduty:index:getAutomationTemplates", { locale: "en-US" })).toMatch(/flashduty:appKey/);
    expect(emulator.counters()).toEqual(before);
  });

  it("Cancel answers", async () => {
    await expect(call<Empty>(client.cancel, new Empty())).resolves.toBeInstanceOf(Empty);
  });
});

// Last: it ends the plugin. The engine's address is checked every 10 s (provider/engine/engineWatch.ts).
describe("pulumi-resource-flashduty without its engine", () => {
  it("stops by itself, as a SIGTERM would, once nothing listens at the engine's address", { timeout: 60_000 }, async () => {
    const exited = new Promise<NodeJS.Signals | null>((resolve) => plugin.once("exit", (_code, signal) => resolve(signal)));
    expect(plugin.exitCode).toBeNull();
    engine.forceShutdown();
    expect(await exited).toBe("SIGTERM");
  });
});
