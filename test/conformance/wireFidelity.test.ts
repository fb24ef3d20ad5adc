/**
 * Wire fidelity: every answer of the emulator decodes with the vendor's own Go client. Over real
 * HTTP on 127.0.0.1, it walks every seed key over MCP server list (every scope, every page) and
 * get, rule list (every scope, every page) and get, template list in several locales, and
 * disable/enable, and checks every field of every answer against the field-to-JSON-type table of
 * `vendorWireTypes.ts`. A field of the wrong JSON type fails, and so does a field, an answer or
 * an answer type with no table entry (so the table stays complete). Adding an operation = one
 * entry in WALKS: its paths and a generator that makes the calls.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SEED_USERS, startEmulator, type Emulator } from "../../emulator";
import { OPERATIONS } from "../../emulator/server";
import { PATHS } from "../../wire/protocol";
import { call, uploadSkill } from "../support/emulatorCalls";
import { type Answered, ask, data, SEED_KEYS } from "./answered";
import { skillZip } from "../support/skillArchives";
import { ANSWERS, OBJECT_TYPES, type ObjectTypeName } from "./vendorWireTypes";
import { answerType, parseJsonKeepingNumberText, wireTypeProblems } from "./wireTypeCheck";

/** A walk over part of the API: the operations (paths) it covers and the calls it makes. */
interface Walk {
  paths: readonly string[];
  run(emu: Emulator): AsyncGenerator<Answered>;
}

const SERVER_PAGE = 3;
const SERVER_LISTS = [{}, { scope: "all" }, { scope: "account" }, { scope: "team" }, { include_account: false }, { query: "mcp" }];

async function* walkServers(emu: Emulator): AsyncGenerator<Answered> {
  for (const { key, who } of SEED_KEYS) {
    const ids = new Set<string>();
    for (const filter of SERVER_LISTS) {
      for (let p = 1; ; p++) {
        const answer = await ask(emu, PATHS.mcpServerList, key, { ...filter, p, limit: SERVER_PAGE }, `${who} server list ${JSON.stringify(filter)} p ${p}`);
        yield answer;
        const servers: Array<{ server_id: string }> = data(answer).servers ?? [];
        for (const s of servers) ids.add(s.server_id);
        if (servers.length < SERVER_PAGE) break;
      }
    }
    for (const id of ids) yield await ask(emu, PATHS.mcpServerGet, key, { server_id: id }, `${who} server get ${id}`);
  }
}

const RULE_PAGE = 50;

async function* walkRules(emu: Emulator): AsyncGenerator<Answered> {
  for (const { key, who } of SEED_KEYS) {
    const ids = new Set<string>();
    for (const scope of ["all", "personal", "team"]) {
      for (let p = 1; ; p++) {
        const answer = await ask(emu, PATHS.automationRuleList, key, { scope, p, limit: RULE_PAGE }, `${who} rule list ${scope} p ${p}`);
        yield answer;
        const rules: Array<{ rule_id: string }> = data(answer).rules ?? [];
        for (const r of rules) ids.add(r.rule_id);
        if (rules.length < RULE_PAGE) break;
      }
    }
    for (const id of ids) yield await ask(emu, PATHS.automationRuleGet, key, { rule_id: id }, `${who} rule get ${id}`);
  }
}

async function* walkTemplates(emu: Emulator): AsyncGenerator<Answered> {
  for (const { key, who } of SEED_KEYS) {
    for (const locale of [undefined, "", "en-US", "zh-CN", "zh", "ZH-cn", "fr-FR"]) {
      const body = locale === undefined ? {} : { locale };
      yield await ask(emu, PATHS.automationTemplateList, key, body, `${who} template list ${JSON.stringify(body)}`);
    }
    yield await ask(emu, PATHS.automationTemplateList, key, {}, `${who} template list, Accept-Language zh-CN`, { "accept-language": "zh-CN" });
  }
}

/** Disables then enables back every enabled server an admin of each account may edit. */
async function* walkToggles(emu: Emulator): AsyncGenerator<Answered> {
  for (const { key, who } of SEED_KEYS.filter((k) => [1002, 2001].includes(SEED_USERS.find((u) => u.appKey === k.key)!.memberId))) {
    const accountId = SEED_USERS.find((u) => u.appKey === key)!.accountId;
    for (const server of emu.servers().filter((s) => s.account_id === accountId && s.status === "enabled")) {
      yield await ask(emu, PATHS.mcpServerDisable, key, { server_id: server.server_id }, `${who} disable ${server.server_id}`);
      yield await ask(emu, PATHS.mcpServerGet, key, { server_id: server.server_id }, `${who} get ${server.server_id} while disabled`);
      yield await ask(emu, PATHS.mcpServerEnable, key, { server_id: server.server_id }, `${who} enable ${server.server_id}`);
    }
  }
}

const FIRE_PATH = "/safari/automation/triggers/:trigger_id/fire";

/**
 * Rule writes as an admin of account 1 would make them: a personal and a team rule with every
 * trigger, get, an update that rotates the HTTP POST token (the answer that carries it), a manual
 * run, a fire of the trigger with its token (Bearer, no app key), and delete.
 */
async function* walkRuleWrites(emu: Emulator): AsyncGenerator<Answered> {
  const admin = SEED_USERS.find((u) => u.memberId === 1002)!;
  const teamId = admin.teamIds[0] ?? 0;
  for (const team_id of [0, teamId]) {
    const who = `member 1002 (team ${team_id})`;
    const created = await ask(
      emu,
      PATHS.automationRuleCreate,
      admin.appKey,
      {
        name: `conformance ${team_id}`,
        prompt: "Summarise the day.",
        cron_expr: "30 8 * * 1-5",
        timezone: "Europe/London",
        team_id,
        enabled: true,
        http_post_trigger_enabled: true,
        oncall_incident_trigger_enabled: true,
        oncall_incident_channel_ids: [7],
        oncall_incident_severities: ["Critical"],
        environment_kind: "cloud",
      },
      `${who} rule create`,
    );
    yield created;
    const rule = data(created);
    yield await ask(emu, PATHS.automationRuleGet, admin.appKey, { rule_id: rule.rule_id }, `${who} rule get`);
    const rotated = await ask(
      emu,
      PATHS.automationRuleUpdate,
      admin.appKey,
      { rule_id: rule.rule_id, name: "renamed", rotate_http_post_trigger_token: true },
      `${who} rule update with rotation`,
    );
    yield rotated;
    yield await ask(emu, PATHS.automationRuleUpdate, admin.appKey, { rule_id: rule.rule_id, schedule_trigger_enabled: false }, `${who} rule update`);
    yield await ask(emu, PATHS.automationRuleRun, admin.appKey, { rule_id: rule.rule_id }, `${who} rule run`);
    const fire = await call(emu, rule.http_post_trigger_url, {
      key: null,
      body: { text: "deployed" },
      headers: { authorization: `Bearer ${data(rotated).http_post_token}` },
    });
    yield { path: FIRE_PATH, label: `${who} trigger fire`, status: fire.status, text: fire.text };
    yield await ask(emu, PATHS.automationRuleDelete, admin.appKey, { rule_id: rule.rule_id }, `${who} rule delete`);
  }
}

/**
 * MCP server writes as an admin of account 1 would make them: one server of each transport
 * (account-wide and in the admin's team), with secrets, every optional field; get, an update of
 * each (secrets sent masked, a move to account-wide and back), and delete.
 */
async function* walkServerWrites(emu: Emulator): AsyncGenerator<Answered> {
  const admin = SEED_USERS.find((u) => u.memberId === 1002)!;
  const teamId = admin.teamIds[0] ?? 0;
  const bodies = [
    {
      server_name: "conformance-stdio",
      description: "stdio",
      transport: "stdio",
      command: "npx",
      args: ["-y", "server"],
      env: { API_TOKEN: "secret", PLAIN: "1" },
      environments: ["cloud"],
      connect_timeout: 5,
      call_timeout: 30,
      auth_mode: "per_user_secret",
      secret_schema: '[{"key":"TOKEN"}]',
      source_template_name: "Template",
    },
    {
      server_name: "conformance-sse",
      description: "",
      transport: "sse",
      url: "https://mcp.example/sse",
      headers: { Authorization: "Bearer x" },
      team_id: teamId,
      auth_mode: "per_user_oauth",
      oauth_metadata: "{}",
      allow_insecure_oauth_http: true,
      allow_insecure_tls_skip_verify: true,
      status: "disabled",
    },
    { server_name: "conformance-http", description: "http", transport: "streamable-http", url: "https://mcp.example/mcp", team_id: teamId },
  ];
  for (const body of bodies) {
    const who = `member 1002 ${body.server_name}`;
    const created = await ask(emu, PATHS.mcpServerCreate, admin.appKey, body, `${who} create`);
    yield created;
    const server = data(created);
    yield await ask(emu, PATHS.mcpServerGet, admin.appKey, { server_id: server.server_id }, `${who} get`);
    const update = {
      server_id: server.server_id,
      description: "changed",
      ...(server.env ? { env: server.env } : {}),
      ...(server.headers ? { headers: server.headers } : {}),
    };
    yield await ask(emu, PATHS.mcpServerUpdate, admin.appKey, update, `${who} update`);
    yield await ask(emu, PATHS.mcpServerUpdate, admin.appKey, { server_id: server.server_id, team_id: teamId === server.team_id ? 0 : teamId }, `${who} move`);
    yield await ask(emu, PATHS.mcpServerDelete, admin.appKey, { server_id: server.server_id }, `${who} delete`);
  }
}

/**
 * Skills: list (every seed key, every scope) and get of every skill listed; then, as an admin of
 * account 1, an upload (multipart), a replace by id, an update, disable, enable and delete.
 */
async function* walkSkills(emu: Emulator): AsyncGenerator<Answered> {
  for (const { key, who } of SEED_KEYS) {
    const ids = new Set<string>();
    for (const filter of [{}, { scope: "account" }, { scope: "team" }, { include_account: false }, { query: "k8s" }]) {
      const answer = await ask(emu, PATHS.skillList, key, filter, `${who} skill list ${JSON.stringify(filter)}`);
      yield answer;
      for (const s of (data(answer).skills ?? []) as Array<{ skill_id: string }>) ids.add(s.skill_id);
    }
    for (const id of ids) yield await ask(emu, PATHS.skillGet, key, { skill_id: id }, `${who} skill get ${id}`);
  }
  const admin = SEED_USERS.find((u) => u.memberId === 1002)!;
  const upload = async (fields: Record<string, string>, label: string): Promise<Answered> => {
    const answer = await uploadSkill(emu, admin.appKey, skillZip("conformance-skill"), fields);
    return { path: PATHS.skillUpload, label, status: answer.status, text: answer.text };
  };
  const made = await upload({ team_id: "1" }, "member 1002 skill upload");
  yield made;
  const skillId: string = data(made).skill_id;
  yield await upload({ replace: "true", skill_id: skillId }, "member 1002 skill replace");
  yield await ask(emu, PATHS.skillUpdate, admin.appKey, { skill_id: skillId, description_en: "English", team_id: 0 }, "member 1002 skill update");
  yield await ask(emu, PATHS.skillDisable, admin.appKey, { skill_id: skillId }, "member 1002 skill disable");
  yield await ask(emu, PATHS.skillEnable, admin.appKey, { skill_id: skillId }, "member 1002 skill enable");
  yield await ask(emu, PATHS.skillDelete, admin.appKey, { skill_id: skillId }, "member 1002 skill delete");
}

/** Every knowledge operation, for every seed key: the account pack, team packs, files with warnings, moves and deletes. */
async function* walkKnowledge(emu: Emulator): AsyncGenerator<Answered> {
  for (const { key, who } of SEED_KEYS) {
    const user = SEED_USERS.find((u) => u.appKey === key)!;
    const overview = await ask(emu, PATHS.knowledgeGet, key, {}, `${who} knowledge get`);
    yield overview;
    const team = user.teamIds[0]!;
    const ensured = await ask(emu, PATHS.knowledgePackEnsure, key, { scope: "team", scope_id: team }, `${who} ensure team ${team}`);
    if (ensured.status === 200) yield ensured;
    for (const body of [{}, { p: 1, limit: 1 }, { scope: "team" }, { include_account: false }]) {
      yield await ask(emu, PATHS.knowledgePackList, key, body, `${who} pack list ${JSON.stringify(body)}`);
    }
    if (!user.aiSre) continue;
    const packId: string = data(ensured).pack_id;
    const put = (rel_path: string, text: string) =>
      ask(emu, PATHS.knowledgeFilePut, key, { pack_id: packId, rel_path, content_b64: Buffer.from(text).toString("base64") }, `${who} put ${rel_path}`);
    yield await put("index.md", "See @runbooks/missing.md and @notes.md");
    yield await put("notes.md", "notes");
    yield await ask(emu, PATHS.knowledgeFileList, key, { pack_id: packId }, `${who} file list`);
    yield await ask(emu, PATHS.knowledgeFileGet, key, { pack_id: packId, rel_path: "index.md" }, `${who} file get`);
    yield await ask(emu, PATHS.knowledgeFileDelete, key, { pack_id: packId, rel_path: "notes.md", force: true }, `${who} forced delete`);
    yield await ask(emu, PATHS.knowledgeFileDelete, key, { pack_id: packId, rel_path: "index.md" }, `${who} delete`);
    yield await ask(emu, PATHS.knowledgePackUpdate, key, { pack_id: packId }, `${who} pack update`);
    yield await ask(emu, PATHS.knowledgePackDelete, key, { pack_id: packId }, `${who} pack delete`);
  }
}

/**
 * A2A agents as an admin of account 1 would use them: one agent of each auth type, get, an
 * update (secrets sent masked), a move, disable and enable, the list of every seed key page by
 * page (offset), and delete.
 */
async function* walkAgents(emu: Emulator): AsyncGenerator<Answered> {
  const admin = SEED_USERS.find((u) => u.memberId === 1002)!;
  const bodies = [
    { agent_name: "conformance-none", instructions: "# Ask\nabout anything", card_url: "https://a.example/card.json" },
    {
      agent_name: "conformance-key",
      instructions: "Use the key",
      card_url: "https://b.example/card.json",
      auth_type: "api_key",
      auth_config: { api_key: "k", header_name: "X-Key" },
      team_id: 4,
      streaming: true,
      environments: ["cloud"],
    },
    {
      agent_name: "conformance-user",
      instructions: "Per user",
      card_url: "https://c.example/card.json",
      auth_type: "bearer",
      auth_mode: "per_user_secret",
      secret_schema: '{"header_name":"Authorization"}',
      allow_insecure_oauth_http: true,
      allow_insecure_tls_skip_verify: true,
    },
  ];
  const ids: string[] = [];
  for (const body of bodies) {
    const created = await ask(emu, PATHS.a2aAgentCreate, admin.appKey, body, `a2a create ${body.agent_name}`);
    yield created;
    const agentId: string = data(created).agent_id;
    ids.push(agentId);
    const got = await ask(emu, PATHS.a2aAgentGet, admin.appKey, { agent_id: agentId }, `a2a get ${body.agent_name}`);
    yield got;
    const agent = data(got);
    yield await ask(
      emu,
      PATHS.a2aAgentUpdate,
      admin.appKey,
      { agent_id: agentId, instructions: "changed", ...(agent.auth_config ? { auth_config: agent.auth_config } : {}) },
      "a2a update",
    );
    yield await ask(emu, PATHS.a2aAgentUpdate, admin.appKey, { agent_id: agentId, team_id: agent.team_id === 0 ? 4 : 0 }, "a2a move");
    yield await ask(emu, PATHS.a2aAgentDisable, admin.appKey, { agent_id: agentId }, "a2a disable");
    yield await ask(emu, PATHS.a2aAgentEnable, admin.appKey, { agent_id: agentId }, "a2a enable");
  }
  for (const { key, who } of SEED_KEYS) {
    for (let offset = 0; ; offset += 2) {
      const answer = await ask(emu, PATHS.a2aAgentList, key, { offset, limit: 2 }, `${who} a2a list offset ${offset}`);
      yield answer;
      if (answer.status !== 200 || data(answer).items.length < 2) break;
    }
  }
  for (const agentId of ids) yield await ask(emu, PATHS.a2aAgentDelete, admin.appKey, { agent_id: agentId }, "a2a delete");
}

const WALKS: Readonly<Record<string, Walk>> = {
  "skill list and get (every seed key), upload, replace, update, disable, enable, delete": {
    paths: [PATHS.skillList, PATHS.skillGet, PATHS.skillUpload, PATHS.skillUpdate, PATHS.skillDisable, PATHS.skillEnable, PATHS.skillDelete],
    run: walkSkills,
  },
  "knowledge get, pack list, ensure, update and delete, file put (with warnings), list, get and delete (forced)": {
    paths: [
      PATHS.knowledgeGet,
      PATHS.knowledgePackList,
      PATHS.knowledgePackEnsure,
      PATHS.knowledgePackUpdate,
      PATHS.knowledgePackDelete,
      PATHS.knowledgeFileList,
      PATHS.knowledgeFileGet,
      PATHS.knowledgeFilePut,
      PATHS.knowledgeFileDelete,
    ],
    run: walkKnowledge,
  },
  "A2A agent create (each auth type), get, update, move, disable, enable, list and delete": {
    paths: [
      PATHS.a2aAgentCreate,
      PATHS.a2aAgentGet,
      PATHS.a2aAgentUpdate,
      PATHS.a2aAgentDisable,
      PATHS.a2aAgentEnable,
      PATHS.a2aAgentList,
      PATHS.a2aAgentDelete,
    ],
    run: walkAgents,
  },
  "MCP server create (each transport), get, update, move and delete": {
    paths: [PATHS.mcpServerCreate, PATHS.mcpServerGet, PATHS.mcpServerUpdate, PATHS.mcpServerDelete],
    run: walkServerWrites,
  },
  "rule create, get, update (with token rotation), run, trigger fire and delete": {
    paths: [PATHS.automationRuleCreate, PATHS.automationRuleGet, PATHS.automationRuleUpdate, PATHS.automationRuleRun, FIRE_PATH, PATHS.automationRuleDelete],
    run: walkRuleWrites,
  },
  "MCP server list (every seed key, every scope, every page) and get of every server listed": {
    paths: [PATHS.mcpServerList, PATHS.mcpServerGet],
    run: walkServers,
  },
  "rule list (every seed key, every scope, every page) and get of every rule listed": {
    paths: [PATHS.automationRuleList, PATHS.automationRuleGet],
    run: walkRules,
  },
  "template list in several locales and by Accept-Language": {
    paths: [PATHS.automationTemplateList],
    run: walkTemplates,
  },
  "MCP server disable and enable (and get in between)": {
    paths: [PATHS.mcpServerDisable, PATHS.mcpServerEnable, PATHS.mcpServerGet],
    run: walkToggles,
  },
};

/** Walks `walk` and returns every departure from the table (and the paths it answered). */
async function problemsOf(emu: Emulator, walk: Walk): Promise<{ problems: string[]; answered: Set<string>; count: number }> {
  const problems: string[] = [];
  const answered = new Set<string>();
  let count = 0;
  for await (const answer of walk.run(emu)) {
    count++;
    answered.add(answer.path);
    if (answer.status !== 200) {
      problems.push(`${answer.label}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
      continue;
    }
    const body = parseJsonKeepingNumberText(answer.text) as { data?: unknown };
    for (const problem of wireTypeProblems(answer.path, body.data ?? null)) problems.push(`${answer.label}: ${problem}`);
  }
  return { problems, answered, count };
}

let emu: Emulator;
const dir = mkdtempSync(join(tmpdir(), "fd-wire-fidelity-"));
beforeAll(async () => {
  emu = await startEmulator({ limits: false });
});
afterAll(async () => {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("every answer of the emulator has the JSON types of the vendor's client model", () => {
  test.each(Object.entries(WALKS))("%s", async (_name, walk) => {
    const { problems, answered, count } = await problemsOf(emu, walk);
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    expect([...answered].sort()).toEqual([...walk.paths].sort());
    expect(count).toBeGreaterThan(walk.paths.length);
  });

  test("also on an emulator loaded from a state file an older emulator wrote (secret_schema an array)", async () => {
    const file = join(dir, "old-state.json");
    const old = {
      server_id: "mcp_legacy",
      account_id: 1,
      team_id: 0,
      server_name: "Legacy",
      description: "",
      transport: "sse",
      status: "enabled",
      environments: [],
      connect_timeout: 0,
      call_timeout: 0,
      created_by: 1001,
      created_at: 1_700_000_000_000,
      updated_at: 1_700_000_000_000,
      url: "https://legacy.example/sse",
      auth_mode: "per_user_secret",
      secret_schema: [{ key: "TOKEN", required: true }],
    };
    writeFileSync(file, `${JSON.stringify({ version: 2, servers: [old], audit: [] })}\n`);
    const loaded = await startEmulator({ limits: false, stateFile: file, seed: { rules: 0 } });
    try {
      const { problems, count } = await problemsOf(loaded, WALKS["MCP server list (every seed key, every scope, every page) and get of every server listed"]!);
      expect(problems).toEqual([]);
      expect(count).toBeGreaterThan(0);
    } finally {
      await loaded.close();
    }
  });
});

describe("the table stays complete", () => {
  test("every operation the emulator serves has an answer entry and is walked here", () => {
    const walked = new Set(Object.values(WALKS).flatMap((w) => w.paths));
    for (const operation of OPERATIONS) {
      expect(answerType(operation.path), `no table entry for the answer of ${operation.path}`).toBeDefined();
      expect(walked.has(operation.path), `${operation.path} is served but no walk covers it`).toBe(true);
    }
  });

  test("every answer type and every array-of-X names a type of the table; required fields are fields", () => {
    const names = new Set(Object.keys(OBJECT_TYPES));
    for (const type of Object.values(ANSWERS)) if (type !== "any") expect(names).toContain(type);
    for (const [name, type] of Object.entries(OBJECT_TYPES)) {
      for (const key of type.required) expect(Object.keys(type.fields), `${name}.${key}`).toContain(key);
      for (const fieldType of Object.values(type.fields)) {
        const item = /^array-of-(.+)\|null$/.exec(fieldType)?.[1];
        if (item !== undefined && item !== "string" && item !== "integer") expect(names).toContain(item as ObjectTypeName);
      }
    }
  });

  test("the check refuses what the vendor's client refuses, and names the place", () => {
    const server: Record<string, unknown> = { ...emu.server("mcp_slack")! };
    expect(wireTypeProblems(PATHS.mcpServerGet, server)).toEqual([]);
    // The seed of pulumi-flashduty 0.2: secret_schema as an array.
    expect(wireTypeProblems(PATHS.mcpServerGet, { ...server, secret_schema: [{ key: "T" }] })).toEqual([
      "data.secret_schema: an array where the vendor's client expects string",
    ]);
    expect(wireTypeProblems(PATHS.mcpServerList, { total: 1, servers: [{ ...server, oauth_metadata: {} }] })).toEqual([
      "data.servers[0].oauth_metadata: an object where the vendor's client expects string",
    ]);
    // A float or quoted timestamp, a map of non-strings, a field the table does not know, a required field missing.
    const parsed = parseJsonKeepingNumberText(JSON.stringify({ ...server, env: { A: 1 }, tools: [] }).replace(/"created_at":(\d+)/, '"created_at":$1.0'));
    const { updated_at: _u, ...withoutUpdatedAt } = parsed as Record<string, unknown>;
    expect(wireTypeProblems(PATHS.mcpServerGet, withoutUpdatedAt)).toEqual([
      expect.stringMatching(/^data\.created_at: the number \d+\.0 where the vendor's client expects integer-ms$/),
      "data.env.A: number 1 where the vendor's client expects a string (map of strings)",
      "data.tools: no table entry for this field of McpServerItem",
      "data.updated_at: required field of McpServerItem missing",
    ]);
    expect(wireTypeProblems("/safari/automation/rule/unknown", {})).toEqual(["/safari/automation/rule/unknown: no table entry for this answer"]);
  });
});
