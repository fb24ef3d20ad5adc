/**
 * Benchmark 1: reading 10,000 automation rules with the `getAutomationRules` data source,
 * against the emulator at production limits (50/s, 1000/min) with 80 ms added to every request.
 *
 * The floor (issue 47, see {@link pageOneFirstFloor}): page 1 goes alone, since only its total
 * tells how many pages there are, and a request keeps its place in the 1 s window until one window
 * after its answer, so pages 2-50 follow as one burst and pages 51-100 one window after their
 * answers: 1 s + 3 x 80 ms = 1.24 s. In the same run, a plain sequential page-by-page loop
 * (what the vendor's tools do) reads the same rules.
 *
 * Every measurement gets its own emulator, hence its own base URL, so neither the server's
 * windows nor the client's process-wide rate gate (keyed by base URL and key) carry over from
 * one measurement to the next. The measured emulators run in a process of their own
 * ({@link startEmulatorProcess}): the platform's work of answering a page is not the client's,
 * and on one event loop it delayed the client's next requests as no remote platform does.
 */
import { SEED_KEY_MEMBERS, SEED_USERS, startEmulator, type OperationCounter } from "pulumi-flashduty-emulator";
import { getAutomationRules } from "pulumi-flashduty";
import { FlashdutyClient } from "pulumi-flashduty/sdk";
import { pageOneFirstFloor } from "./floors";
import { PRODUCTION, productionLimits, median, progress, timed } from "./common";
import { startEmulatorProcess, type EmulatorProcess } from "./emulatorProcess";

export const RULES = 10_000;
export const PAGE_SIZE = 100;
export const LATENCY_MS = 80;
const PAGES = RULES / PAGE_SIZE;
const FLOOR = pageOneFirstFloor(PAGES, PRODUCTION.perSecond, LATENCY_MS);
export const RULES_FLOOR_S = FLOOR.seconds;
const REPEATS = 5;
/** The seed admin's app key (the emulator's `keys.admin`): the same in every emulator, in or out of process. */
const ADMIN_KEY = (() => {
  const admin = SEED_USERS.find((u) => u.memberId === SEED_KEY_MEMBERS.admin);
  if (admin === undefined) throw new Error("bench: no admin in the emulator's seed");
  return admin.appKey;
})();

export interface RulesResult {
  seedRules: number;
  floorSeconds: number;
  floorDerivation: string;
  ours: { seconds: number[]; median: number; requests: number[]; status429: number[] };
  sequential: { seconds: number; requests: number; status429: number };
}

/**
 * Size of the seed in which the admin key sees exactly {@link RULES} rules. Seed rule i is the
 * same whatever the total and its id ends in i as 6 hex digits, so one large seed tells which
 * indexes the key sees; the caller checks the answer on the real seed.
 */
export async function seedSizeFor(visible: number): Promise<number> {
  const emu = await startEmulator({ seed: { rules: Math.ceil(visible * 2) }, limits: false });
  try {
    const indexes = emu
      .visibleRules(emu.keys.admin)
      .map((rule) => parseInt(rule.rule_id.slice(-6), 16))
      .sort((a, b) => a - b);
    const last = indexes[visible - 1];
    if (last === undefined) throw new Error(`bench: the admin key sees fewer than ${visible} of ${Math.ceil(visible * 2)} seed rules`);
    return last + 1;
  } finally {
    await emu.close();
  }
}

/**
 * A fresh emulator process (empty rate-limit windows on both sides) with the rules, warmed as a
 * long-running server is: one unmeasured walk with limits off fills its per-rule JSON cache
 * (a cold one spends about 1 ms more per page of 100) and checks that the admin key sees
 * {@link RULES} rules. Then production limits, the latency fault and zeroed counters.
 */
async function slowEmulator(seedRules: number): Promise<EmulatorProcess> {
  const emu = await startEmulatorProcess(["--rules", String(seedRules), "--no-limits"]);
  try {
    const warmUp = new FlashdutyClient({ appKey: ADMIN_KEY, baseUrl: emu.url, rateLimit: false });
    let read = 0;
    for await (const _rule of warmUp.automationRules.listAll({ limit: PAGE_SIZE })) read++;
    if (read !== RULES) throw new Error(`bench: the warm-up walk read ${read} rules in a seed of ${seedRules}, expected ${RULES}`);
    await emu.control("limits", productionLimits());
    await emu.control("faults", { faults: [{ operation: "automationRule.list", kind: "latency", latencyMs: LATENCY_MS }] });
    await emu.control("counters/reset");
    return emu;
  } catch (error) {
    await emu.stop();
    throw error;
  }
}

async function listCounter(emu: EmulatorProcess): Promise<{ requests: number; status429: number }> {
  const c = ((await emu.read("counters")) as Record<string, OperationCounter | undefined>)["automationRule.list"];
  return { requests: c?.requests ?? 0, status429: c?.statuses["429"] ?? 0 };
}

/** The data source as a program calls it; configuration through the environment. */
async function readWithDataSource(emu: { url: string }): Promise<number> {
  process.env.FLASHDUTY_BASE_URL = emu.url;
  process.env.FLASHDUTY_APP_KEY = ADMIN_KEY;
  try {
    const result = await getAutomationRules({});
    return result.total;
  } finally {
    delete process.env.FLASHDUTY_BASE_URL;
    delete process.env.FLASHDUTY_APP_KEY;
  }
}

/** The vendor tools' loop: one page after another until a short page or the 10,000 window. */
async function readSequentially(emu: { url: string }): Promise<number> {
  const client = new FlashdutyClient({ appKey: ADMIN_KEY, baseUrl: emu.url });
  let count = 0;
  for (let page = 1; ; page++) {
    const { rules } = await client.automationRules.list({ page, limit: PAGE_SIZE });
    count += rules.length;
    if (rules.length < PAGE_SIZE || page * PAGE_SIZE >= RULES) return count;
  }
}

export async function benchRules(): Promise<RulesResult> {
  const seedRules = await seedSizeFor(RULES);

  // Warm-up on a small emulator: JIT, undici's HTTP parser, zod schemas. Not measured.
  const warm = await startEmulator({ limits: false });
  try {
    await readWithDataSource(warm);
    await readSequentially(warm);
  } finally {
    await warm.close();
  }

  const ours: RulesResult["ours"] = { seconds: [], median: 0, requests: [], status429: [] };
  for (let i = 1; i <= REPEATS; i++) {
    const emu = await slowEmulator(seedRules);
    try {
      const { seconds, value: total } = await timed(() => readWithDataSource(emu));
      if (total !== RULES) throw new Error(`bench: getAutomationRules returned ${total} rules, expected ${RULES}`);
      const c = await listCounter(emu);
      ours.seconds.push(seconds);
      ours.requests.push(c.requests);
      ours.status429.push(c.status429);
      progress(`1. getAutomationRules run ${i}/${REPEATS}: ${seconds.toFixed(2)} s, ${c.requests} requests, ${c.status429} answered 429`);
    } finally {
      await emu.stop();
    }
  }
  ours.median = median(ours.seconds);

  const emu = await slowEmulator(seedRules);
  try {
    const { seconds, value: count } = await timed(() => readSequentially(emu));
    if (count !== RULES) throw new Error(`bench: the sequential loop read ${count} rules, expected ${RULES}`);
    const c = await listCounter(emu);
    progress(`1. sequential page loop: ${seconds.toFixed(2)} s, ${c.requests} requests, ${c.status429} answered 429`);
    return { seedRules, floorSeconds: RULES_FLOOR_S, floorDerivation: FLOOR.derivation, ours, sequential: { seconds, ...c } };
  } finally {
    await emu.stop();
  }
}
