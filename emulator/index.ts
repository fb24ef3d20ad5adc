/**
 * A local emulator of the Flashduty AI SRE API (the `pulumi-flashduty-emulator` package): a real HTTP server
 * with a deterministic seed, the platform's auth, visibility, paging, errors and rate limits,
 * plus fault injection and a control API for reliability tests. See emulator/README.md.
 *
 * @packageDocumentation
 */

import type { WireAutomationTemplate, WireMcpServer, WireSkill } from "../wire/wireTypes";
import type { ControlState } from "./control";
import { Faults } from "./faults";
import { knowledgeControl } from "./knowledgeControl";
import { bindsBeyondLoopback, exposureWarning } from "./http/loopback";
import { checkedInteger, DEFAULT_REQUEST_TIMEOUT_MS } from "./options";
import { PRODUCTION_LIMITS, RateLimits } from "./rateLimits";
import { copyTemplates, templateLocale } from "./routes/automationTemplates";
import { changeRule, removeRule } from "./ruleWrites";
import { nextFireAtMs } from "./nextFire";
import { RuleVisibility } from "./ruleVisibility";
import { DEFAULT_RULE_COUNT, DEFAULT_SERVER_COUNT, SEED_KEY_MEMBERS, SEED_TEAMS, SEED_USERS } from "./seed";
import { seedRules, compareRules } from "./seedRules";
import { SEED_TEMPLATES, TEMPLATE_LOCALES, type TemplateLocale } from "./seedTemplates";
import { buildServer } from "./server";
import { type A2aAgentChanges, seedA2aAgents, toWireA2aAgent } from "./seedA2aAgents";
import type { WireA2aAgent } from "../wire/wireTypes";
import { readStateFile as readState } from "./state/stateFile";
import type { PersistedState } from "./state/stateFormat";
import { SkillStore, toWireSkill } from "./state/skills";
import { KnowledgeStore } from "./state/knowledgeStore";
import { Store, toWireServer } from "./state/store";
import {
  AUDIT_LOG_LIMIT,
  type Emulator,
  type EmulatorOptions,
  type RuleChanges,
  type ServerChanges,
  type StoredRule,
  type FaultSpec,
  type RateLimitConfig,
  type RuleFilter,
  type SeedUser,
  type SkillChanges,
  type TemplateChanges,
} from "./types";

export type {
  AuditEntry,
  Emulator,
  EmulatorOptions,
  FaultSpec,
  KnowledgeFileSnapshot,
  OperationCounter,
  OperationName,
  RateLimitConfig,
  RateWindowKind,
  RequestLogEntry,
  RuleChanges,
  ServerChanges,
  RuleFilter,
  SeedTeam,
  SeedUser,
  SkillChanges,
  StoredRule,
  StoredSkill,
  TemplateChanges,
} from "./types";
export { AUDIT_LOG_LIMIT, OPERATION_NAMES, REQUEST_LOG_LIMIT, SKILL_AUDIT_OPERATIONS } from "./types";
export { DEFAULT_REQUEST_TIMEOUT_MS, EmulatorOptionError, OPTION_RANGES } from "./options";
export { StateSaveError } from "./state/stateFile";
export { StateLockedError } from "./state/stateLock";
export type { PersistedState } from "./state/stateFormat";
export type { ControlState } from "./control";
export type { StoredServer } from "./seed";
export type { A2aAgentChanges, StoredA2aAgent } from "./seedA2aAgents";
export { DEFAULT_RULE_COUNT, DEFAULT_SERVER_COUNT, LEGACY_SERVERS, SEED_ACCOUNTS, SEED_KEY_MEMBERS, SEED_SERVERS, SEED_TEAMS, SEED_USERS } from "./seed";
export {
  LEGACY_CRON_PERIOD,
  LEGACY_CRONS,
  LEGACY_RULE_NAME_SUFFIX,
  LEGACY_RULE_SHAPES,
  type LegacyRuleShape,
  isLegacyCronRule,
  legacyRuleShapeOf,
} from "./seedRules";
export { SEED_TEMPLATES } from "./seedTemplates";
export { SEED_DUTY_MD } from "./state/knowledgeStore";
export { PRODUCTION_LIMITS } from "./rateLimits";
export { MAX_BODY_BYTES } from "./http/body";
export { PROXY_502_HTML, validateFaults } from "./faults";

/**
 * The servers and audit log saved in a state file, read without taking its lock (for tools and
 * tests; every journalled change replayed, at most AUDIT_LOG_LIMIT audit entries).
 * @throws Error naming the file and the offending line and JSON path when it is not a valid state file.
 */
export function readStateFile(path: string): PersistedState {
  return readState(path, AUDIT_LOG_LIMIT);
}

function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Starts an emulator and resolves once it listens.
 *
 * Defaults: port 0 (a free port), host 127.0.0.1, 320 rules, 16 servers, production rate limits
 * (50/s and 1000/min), no faults, no state file. Listening beyond loopback (e.g. host "0.0.0.0")
 * prints a warning on stderr.
 *
 * Throws `EmulatorOptionError` (a `RangeError`) for an out-of-range port or seed count and for a
 * state file whose folder does not exist; `StateLockedError` when another emulator uses the
 * state file; `Error` for invalid faults or limits, or a state file that is not valid (naming
 * the file, line and JSON path); the listen error (e.g. `EADDRINUSE`).
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const ruleCount = checkedInteger("seed.rules", options.seed?.rules, DEFAULT_RULE_COUNT);
  const serverCount = checkedInteger("seed.servers", options.seed?.servers, DEFAULT_SERVER_COUNT);
  const requestedPort = checkedInteger("port", options.port, 0);
  const requestTimeoutMs = checkedInteger("requestTimeoutMs", options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS);
  const faults = new Faults(options.faults ?? []);
  const limits = new RateLimits(options.limits === undefined ? PRODUCTION_LIMITS : options.limits);
  const users: SeedUser[] = SEED_USERS.map((u) => ({ ...u, teamIds: [...u.teamIds] }));
  const usersByKey = new Map(users.map((u) => [u.appKey, u]));
  const store = new Store(serverCount, options.stateFile);
  const seedTemplates = () =>
    Object.fromEntries(TEMPLATE_LOCALES.map((l) => [l, copyTemplates(SEED_TEMPLATES[l])])) as Record<TemplateLocale, WireAutomationTemplate[]>;
  const world = {
    store,
    // Rules saved in the state file replace the seed's (once any rule was written).
    rules: new RuleVisibility(
      store.ruleState.rules === undefined
        ? seedRules(ruleCount, Date.now())
        : [...store.ruleState.rules.values()].map((r) => structuredClone(r)).sort(compareRules),
      users,
    ),
    templates: seedTemplates(),
    lastRuns: new Map<string, number>(),
    users,
    skills: new SkillStore(),
    knowledge: new KnowledgeStore(),
    a2aAgents: new Map(seedA2aAgents().map((a) => [a.agent_id, a])),
  };

  const keyOf = (memberId: number) => users.find((u) => u.memberId === memberId)!.appKey;

  const servers = (): WireMcpServer[] => [...store.servers.values()].map((s) => toWireServer(s, false));
  const server = (serverId: string): WireMcpServer | undefined => {
    const stored = store.servers.get(serverId);
    return stored === undefined ? undefined : toWireServer(stored, false);
  };

  const state = (): ControlState => ({
    servers: servers(),
    users: users.map((u) => ({ ...u, teamIds: [...u.teamIds] })),
    teams: SEED_TEAMS.map((t) => ({ ...t })),
    rules: ruleCount,
    limits: limits.config,
    faults: faults.list(),
  });

  const control = {
    state,
    server,
    audit: () => store.audit.map((e) => ({ ...e })),
    counters: () => structuredClone(store.counters),
    requestLog: () => store.requestLog(),
    setServerStatus(serverId: string, status: "enabled" | "disabled"): void {
      if (status !== "enabled" && status !== "disabled") throw new Error(`status must be "enabled" or "disabled", got ${String(status)}`);
      if (!store.setStatus(serverId, status, Date.now())) throw new Error(`unknown MCP server ${serverId}`);
    },
    deleteServer(serverId: string): void {
      if (!store.deleteServer(serverId)) throw new Error(`unknown MCP server ${serverId}`);
    },
    updateServer(serverId: string, changes: ServerChanges): WireMcpServer {
      if (!store.editServer(serverId, changes, Date.now())) throw new Error(`unknown MCP server ${serverId}`);
      return server(serverId)!;
    },
    updateRule(ruleId: string, changes: RuleChanges): StoredRule {
      const current = world.rules.get(ruleId);
      if (current === undefined) throw new Error(`unknown automation rule ${ruleId}`);
      const now = Date.now();
      const next = { ...current, ...changes };
      return changeRule(world, ruleId, { ...changes, schedule_next_fire_at_ms: nextFireAtMs(next, now) }, now)!;
    },
    deleteRule(ruleId: string): void {
      if (!removeRule(world, ruleId)) throw new Error(`unknown automation rule ${ruleId}`);
    },
    rule(ruleId: string): StoredRule | undefined {
      const rule = world.rules.get(ruleId);
      return rule === undefined ? undefined : structuredClone(rule);
    },
    skills: (): WireSkill[] =>
      world.skills
        .all()
        .sort((a, b) => b.created_at - a.created_at || (a.skill_id < b.skill_id ? -1 : 1))
        .map((s) => toWireSkill(s, false, true)),
    skill(skillId: string): WireSkill | undefined {
      const stored = world.skills.live(skillId);
      return stored === undefined ? undefined : toWireSkill(stored, false, true);
    },
    updateSkill(skillId: string, changes: SkillChanges): WireSkill {
      const edited = world.skills.edit(skillId, changes, Date.now());
      if (edited === undefined) throw new Error(`unknown skill ${skillId}`);
      return toWireSkill(edited, false, true);
    },
    deleteSkill(skillId: string): void {
      if (!world.skills.softDelete(skillId, Date.now())) throw new Error(`unknown skill ${skillId}`);
    },
    updateTemplate(locale: string, name: string, changes: TemplateChanges): WireAutomationTemplate {
      const template = world.templates[templateLocale(locale, undefined)].find((t) => t.name === name);
      if (template === undefined) throw new Error(`unknown automation template ${JSON.stringify(name)} in locale ${locale}`);
      Object.assign(template, changes);
      return { ...template };
    },
    ...knowledgeControl(world.knowledge),
    a2aAgents: (): WireA2aAgent[] => [...world.a2aAgents.values()].map((a) => toWireA2aAgent(a, false)),
    a2aAgent(agentId: string): WireA2aAgent | undefined {
      const stored = world.a2aAgents.get(agentId);
      return stored === undefined ? undefined : toWireA2aAgent(stored, false);
    },
    updateA2aAgent(agentId: string, changes: A2aAgentChanges): WireA2aAgent {
      const stored = world.a2aAgents.get(agentId);
      if (stored === undefined) throw new Error(`unknown A2A agent ${agentId}`);
      const next = { ...stored, ...structuredClone(changes), agent_id: agentId, updated_at: Date.now() };
      world.a2aAgents.set(agentId, next);
      return toWireA2aAgent(next, false);
    },
    a2aAgentAuthConfig(agentId: string): Record<string, string> | undefined {
      const config = world.a2aAgents.get(agentId)?.auth_config;
      return config === undefined ? undefined : { ...config };
    },
    deleteA2aAgent(agentId: string): void {
      if (!world.a2aAgents.delete(agentId)) throw new Error(`unknown A2A agent ${agentId}`);
    },
    setFaults: (list: FaultSpec[]) => faults.set(list),
    setLimits: (config: RateLimitConfig | false) => limits.set(config),
    resetCounters: () => store.resetCounters(),
    reset(): void {
      store.resetToSeed();
      world.rules = new RuleVisibility(seedRules(ruleCount, Date.now()), users);
      world.templates = seedTemplates();
      world.lastRuns.clear();
      world.skills.reset();
      world.knowledge.reset();
      world.a2aAgents = new Map(seedA2aAgents().map((a) => [a.agent_id, a]));
      faults.set([]);
      limits.clear();
    },
  };

  const app = buildServer({ world, usersByKey, faults, limits, control, requestTimeoutMs });
  const host = options.host ?? "127.0.0.1";
  try {
    await app.listen({ port: requestedPort, host });
  } catch (error) {
    store.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : requestedPort;
  if (bindsBeyondLoopback(host)) process.stderr.write(`${exposureWarning(host, port)}\n`);

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${port}`,
    port,
    users,
    keys: {
      admin: keyOf(SEED_KEY_MEMBERS.admin),
      member: keyOf(SEED_KEY_MEMBERS.member),
      noAiSre: keyOf(SEED_KEY_MEMBERS.noAiSre),
      otherAccount: keyOf(SEED_KEY_MEMBERS.otherAccount),
      teamMember2: keyOf(SEED_KEY_MEMBERS.teamMember2),
    },
    ...control,
    servers,
    visibleRules(appKey: string, filter?: RuleFilter): StoredRule[] {
      const user = usersByKey.get(appKey);
      if (user === undefined) throw new Error("visibleRules: unknown app key");
      return world.rules.query(user, filter).map((rule) => world.rules.materialize(user, rule));
    },
    templates: (locale: string) => copyTemplates(world.templates[templateLocale(locale, undefined)]),
    close(): Promise<void> {
      closing ??= app.close().then(() => store.close());
      return closing;
    },
  };
}
