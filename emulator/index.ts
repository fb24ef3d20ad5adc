/**
 * A local emulator of the Flashduty AI SRE API (`pulumi-flashduty/emulator`): a real HTTP server
 * with a deterministic seed, the platform's auth, visibility, paging, errors and rate limits,
 * plus fault injection and a control API for reliability tests. See emulator/README.md.
 */
import type { WireAutomationRule, WireAutomationTemplate, WireMcpServer } from "../sdk/wire";
import type { ControlState } from "./control";
import { Faults } from "./faults";
import { PRODUCTION_LIMITS, RateLimits } from "./rateLimits";
import { copyTemplates, templateLocale } from "./routes/automationTemplates";
import { RuleVisibility, type RuleChanges } from "./ruleVisibility";
import {
  DEFAULT_RULE_COUNT,
  DEFAULT_SERVER_COUNT,
  SEED_KEY_MEMBERS,
  SEED_SERVERS,
  SEED_TEAMS,
  SEED_TEMPLATES,
  SEED_USERS,
  TEMPLATE_LOCALES,
  seedRules,
  type TemplateLocale,
} from "./seed";
import { buildServer } from "./server";
import { Store, toWireServer } from "./store";
import type { Emulator, EmulatorOptions, FaultSpec, RateLimitConfig, RuleFilter, SeedUser, TemplateChanges } from "./types";

export type {
  AuditEntry,
  Emulator,
  EmulatorOptions,
  FaultSpec,
  OperationCounter,
  OperationName,
  RateLimitConfig,
  RequestLogEntry,
  RuleFilter,
  SeedTeam,
  SeedUser,
  TemplateChanges,
} from "./types";
export type { RuleChanges } from "./ruleVisibility";
export { OPERATION_NAMES, REQUEST_LOG_LIMIT } from "./types";
export type { ControlState } from "./control";
export type { StoredServer } from "./seed";
export {
  DEFAULT_RULE_COUNT,
  DEFAULT_SERVER_COUNT,
  SEED_ACCOUNTS,
  SEED_KEY_MEMBERS,
  SEED_SERVERS,
  SEED_TEAMS,
  SEED_TEMPLATES,
  SEED_USERS,
} from "./seed";
export { PRODUCTION_LIMITS } from "./rateLimits";
export { MAX_BODY_BYTES } from "./body";
export { PROXY_502_HTML, validateFaults } from "./faults";

/** Most rules a seed may have: beyond this start-up is no longer instant. */
const MAX_RULES = 1_000_000;

function countOption(value: number | undefined, fallback: number, min: number, max: number, name: string): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < min || n > max) throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  return n;
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
 * (50/s and 1000/min), no faults, no state file. Throws `RangeError` for out-of-range seed counts
 * and `Error` for invalid faults, limits or state file.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const ruleCount = countOption(options.seed?.rules, DEFAULT_RULE_COUNT, 0, MAX_RULES, "seed.rules");
  const serverCount = countOption(options.seed?.servers, DEFAULT_SERVER_COUNT, SEED_SERVERS.length, 100_000, "seed.servers");
  const faults = new Faults(options.faults ?? []);
  const limits = new RateLimits(options.limits === undefined ? PRODUCTION_LIMITS : options.limits);
  const users: SeedUser[] = SEED_USERS.map((u) => ({ ...u, teamIds: [...u.teamIds] }));
  const usersByKey = new Map(users.map((u) => [u.appKey, u]));
  const store = new Store(serverCount, options.stateFile);
  const seedTemplates = () => Object.fromEntries(TEMPLATE_LOCALES.map((l) => [l, copyTemplates(SEED_TEMPLATES[l])])) as Record<TemplateLocale, WireAutomationTemplate[]>;
  const world = { store, rules: new RuleVisibility(seedRules(ruleCount), users), templates: seedTemplates() };

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
    updateRule(ruleId: string, changes: RuleChanges): WireAutomationRule {
      const rule = world.rules.update(ruleId, changes, Date.now());
      if (rule === undefined) throw new Error(`unknown automation rule ${ruleId}`);
      return rule;
    },
    updateTemplate(locale: string, name: string, changes: TemplateChanges): WireAutomationTemplate {
      const template = world.templates[templateLocale(locale, undefined)].find((t) => t.name === name);
      if (template === undefined) throw new Error(`unknown automation template ${JSON.stringify(name)} in locale ${locale}`);
      Object.assign(template, changes);
      return { ...template };
    },
    setFaults: (list: FaultSpec[]) => faults.set(list),
    setLimits: (config: RateLimitConfig | false) => limits.set(config),
    resetCounters: () => store.resetCounters(),
    reset(): void {
      store.resetToSeed();
      world.rules = new RuleVisibility(seedRules(ruleCount), users);
      world.templates = seedTemplates();
      faults.set([]);
      limits.clear();
    },
  };

  const app = buildServer({ world, usersByKey, faults, limits, control });
  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : (options.port ?? 0);

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
    visibleRules(appKey: string, filter?: RuleFilter): WireAutomationRule[] {
      const user = usersByKey.get(appKey);
      if (user === undefined) throw new Error("visibleRules: unknown app key");
      return world.rules.query(user, filter).map((rule) => world.rules.materialize(user, rule));
    },
    templates: (locale: string) => copyTemplates(world.templates[templateLocale(locale, undefined)]),
    close(): Promise<void> {
      closing ??= app.close().then(() => store.save());
      return closing;
    },
  };
}
