/**
 * listAll (rules, and MCP servers at the end) over a recording peer that pages a rule store like the real API (offset paging,
 * p * limit <= 10000): short-page stop, capped totals, dedupe, re-walks, the 10000 window,
 * concurrency after page 1.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  FlashdutyApiError,
  FlashdutyClient,
  FlashdutyPagingError,
  FlashdutyValidationError,
  type AutomationRule,
  type ListAllAutomationRulesParams,
} from "../../sdk";
import { PAGE_CONCURRENCY } from "../../sdk/pagination";
import { fail, ok, SECRET_KEY, startRecorder, wireRule, wireServer, type RecordedRequest, type Recorder, type Reply } from "../support/recorder";

let rec: Recorder;
let client: FlashdutyClient;
beforeEach(async () => {
  rec = await startRecorder();
  client = new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: rec.url, rateLimit: false, maxRetries: 0 });
});
afterEach(async () => {
  await rec.close();
});

interface Store {
  rules: Record<string, unknown>[];
  /** What `total` says (default: the true count). */
  total?: (trueCount: number, req: RecordedRequest) => number;
  /** Runs before each page is served (mutations). */
  before?: (req: RecordedRequest, store: Store) => void;
  /** Overrides the answer. */
  reply?: (req: RecordedRequest) => Reply | undefined;
  delayMs?: number;
}

function serve(store: Store): void {
  rec.respond((req) => {
    const override = store.reply?.(req);
    if (override) return override;
    store.before?.(req, store);
    const body = req.body as { p?: number; limit?: number };
    const p = body.p ?? 1;
    const limit = body.limit ?? 20;
    if (p * limit > 10_000) return fail(400, "InvalidParameter", "p*limit exceeds 10000");
    const rules = store.rules.slice((p - 1) * limit, p * limit);
    const total = store.total ? store.total(store.rules.length, req) : store.rules.length;
    return { ...ok({ total, rules }, `rid-${req.n}`), delayMs: store.delayMs ?? 0 };
  });
}

/**
 * Before page 2 is served (once), a rule is inserted at the front and the last one deleted: the
 * total stays the same, and page 2 starts one earlier, repeating the last rule of page 1.
 */
function shiftBeforePage2(req: RecordedRequest, store: Store): void {
  if ((req.body as { p: number }).p === 2 && store.rules[0]!.rule_id === "arule_00000") {
    store.rules.unshift(wireRule(999));
    store.rules.pop();
  }
}

function rules(n: number, from = 0): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => wireRule(from + i));
}

async function all(params?: ListAllAutomationRulesParams, c: FlashdutyClient = client): Promise<AutomationRule[]> {
  const out: AutomationRule[] = [];
  for await (const r of c.automationRules.listAll(params)) out.push(r);
  return out;
}

function pagesAsked(): number[] {
  return rec.requests.map((r) => (r.body as { p: number }).p);
}

function expectWithinWindow(): void {
  for (const r of rec.requests) {
    const b = r.body as { p: number; limit: number };
    expect(b.p * b.limit).toBeLessThanOrEqual(10_000);
  }
}

describe("listAll", () => {
  test("the iterable can be read twice, each time afresh", async () => {
    serve({ rules: rules(3) });
    const iterable = client.automationRules.listAll();
    const ids = async () => {
      const out: string[] = [];
      for await (const r of iterable) out.push(r.ruleId);
      return out;
    };
    expect(await ids()).toHaveLength(3);
    expect(await ids()).toHaveLength(3);
    expect(rec.requests).toHaveLength(2);
  });

  test("an empty list is one request", async () => {
    serve({ rules: [] });
    expect(await all()).toEqual([]);
    expect(pagesAsked()).toEqual([1]);
  });

  test("stops on the short page: 250 rules are 3 pages of 100, in order", async () => {
    serve({ rules: rules(250) });
    const got = await all();
    expect(got.map((r) => r.ruleId)).toEqual(rules(250).map((r) => r.rule_id));
    expect(pagesAsked().sort((a, b) => a - b)).toEqual([1, 2, 3]);
    for (const r of rec.requests) expect((r.body as { limit: number }).limit).toBe(100);
  });

  test("an exact multiple below the cap ends on total: 200 rules are 2 full pages, no probe page", async () => {
    serve({ rules: rules(200) });
    expect(await all()).toHaveLength(200);
    expect(pagesAsked().sort((a, b) => a - b)).toEqual([1, 2]);
    rec.requests.length = 0;
    serve({ rules: rules(100) });
    expect(await all()).toHaveLength(100);
    expect(pagesAsked()).toEqual([1]);
  });

  test("at the cap an exact multiple needs one probe page beyond total, never a batch", async () => {
    serve({ rules: rules(1000) });
    expect(await all()).toHaveLength(1000);
    expect(pagesAsked().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test("full pages that shifted under a total below the cap read on to a short page", async () => {
    // The total stays 200, but the two full pages hold 199 distinct rules, so total does not end it.
    serve({ rules: rules(200), before: shiftBeforePage2 });
    const got = await all();
    expect(new Set(got.map((r) => r.ruleId)).size).toBe(199);
    expect(pagesAsked().sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  test("a small limit and the filters go into every page request", async () => {
    serve({ rules: rules(25) });
    expect(await all({ limit: 10, scope: "team", teamIds: [11], enabled: false, keyword: "k", includePerson: null })).toHaveLength(25);
    expect(rec.requests.map((r) => r.body).sort((a, b) => (a as { p: number }).p - (b as { p: number }).p)).toStrictEqual(
      [1, 2, 3].map((p) => ({ p, limit: 10, scope: "team", team_ids: [11], include_person: null, enabled: false, keyword: "k" })),
    );
  });

  test("does not stop on total alone: a total capped at 1000 still reads all 1500", async () => {
    serve({ rules: rules(1500), total: (n) => Math.min(n, 1000) });
    const got = await all();
    expect(got).toHaveLength(1500);
    expect(new Set(got.map((r) => r.ruleId)).size).toBe(1500);
    const asked = pagesAsked();
    expect(Math.max(...asked)).toBeLessThanOrEqual(21);
    expect(asked.filter((p) => p === 16)).toHaveLength(1);
  });

  test("fetches the pages after page 1 concurrently, at most PAGE_CONCURRENCY at once", async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    serve({
      rules: rules(2000),
      reply: (req) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const body = req.body as { p: number; limit: number };
        const answer = ok({ total: 2000, rules: rules(2000).slice((body.p - 1) * body.limit, body.p * body.limit) });
        setTimeout(() => inFlight--, 40);
        return { ...answer, delayMs: 40 };
      },
    });
    expect(await all()).toHaveLength(2000);
    // Pages overlap in flight (the speed this buys is measured in bench/, not asserted here).
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(PAGE_CONCURRENCY);
  });

  test("dedupes by rule id when pages shift under it (total unchanged)", async () => {
    serve({ rules: rules(150), before: shiftBeforePage2 });
    const got = await all();
    const ids = got.map((r) => r.ruleId);
    expect(ids).toHaveLength(149); // 150 served, one of them twice
    expect(new Set(ids).size).toBe(149);
    expect(ids.filter((id) => id === "arule_00099")).toHaveLength(1);
  });

  test("walks again when total changes while paging, and yields the second walk", async () => {
    let inserted = false;
    serve({
      rules: rules(250),
      before: (req, store) => {
        if ((req.body as { p: number }).p === 2 && !inserted) {
          inserted = true;
          store.rules.unshift(wireRule(5000));
        }
      },
    });
    const got = await all();
    expect(got).toHaveLength(251);
    expect(got[0]!.ruleId).toBe("arule_05000");
    expect(new Set(got.map((r) => r.ruleId)).size).toBe(251);
    expect(pagesAsked().filter((p) => p === 1)).toHaveLength(2);
  });

  test("fails clearly after 3 walks when total never settles, yielding nothing", async () => {
    let n = 0;
    serve({ rules: rules(300), before: (_req, store) => void store.rules.push(wireRule(10_000 + n++)) });
    const yielded: AutomationRule[] = [];
    let error: unknown;
    try {
      for await (const r of client.automationRules.listAll()) yielded.push(r);
    } catch (e) {
      error = e;
    }
    expect(yielded).toEqual([]);
    expect(error).toBeInstanceOf(FlashdutyPagingError);
    const e = error as FlashdutyPagingError;
    expect(e.reason).toBe("unstable");
    expect(e.operation).toBe("POST /safari/automation/rule/list");
    expect(e.message).toContain("kept changing");
    expect(e.message).toContain("3 walks");
    expect(e.message).toMatch(/total 301 → \d+/);
    expect(pagesAsked().filter((p) => p === 1)).toHaveLength(3);
  });

  test("reads exactly 10000 rules (100 pages of 100) without asking beyond the window", async () => {
    serve({ rules: rules(10_000) });
    const got = await all();
    expect(got).toHaveLength(10_000);
    expect(Math.max(...pagesAsked())).toBe(100);
    expect(rec.requests).toHaveLength(100);
    expectWithinWindow();
  });

  test("more than 10000 matching rules: a window error telling to narrow the filters, after one request", async () => {
    serve({ rules: rules(10_001) });
    let error: unknown;
    try {
      await all();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FlashdutyPagingError);
    expect((error as FlashdutyPagingError).reason).toBe("window");
    expect((error as Error).message).toContain("10001 rules match");
    expect((error as Error).message).toContain("narrow the filters");
    expect(rec.requests).toHaveLength(1);
  });

  test("a capped total hiding more than 10000 rules fails at the window edge, never beyond", async () => {
    serve({ rules: rules(10_050), total: () => 1000 });
    await expect(all()).rejects.toThrow(/more than 10000 rules match.*narrow the filters/);
    expect(Math.max(...pagesAsked())).toBe(100);
    expectWithinWindow();
  });

  test("a limit that does not divide 10000 stops at its own window", async () => {
    serve({ rules: rules(9_995) });
    await expect(all({ limit: 30 })).rejects.toBeInstanceOf(FlashdutyPagingError);
    expect(rec.requests).toHaveLength(1);
    rec.requests.length = 0;
    serve({ rules: rules(9_990) });
    expect(await all({ limit: 30 })).toHaveLength(9_990);
    expect(Math.max(...pagesAsked())).toBe(333);
    expectWithinWindow();
  });

  test("a failing page fails the whole listing, yielding nothing", async () => {
    serve({ rules: rules(500), reply: (req) => ((req.body as { p: number }).p === 3 ? fail(403, "AccessDenied", "no") : undefined) });
    const yielded: AutomationRule[] = [];
    await expect(
      (async () => {
        for await (const r of client.automationRules.listAll()) yielded.push(r);
      })(),
    ).rejects.toBeInstanceOf(FlashdutyApiError);
    expect(yielded).toEqual([]);
  });

  test("bad filters throw synchronously, before any request", async () => {
    expect(() => client.automationRules.listAll({ limit: 0 })).toThrow(FlashdutyValidationError);
    expect(() => client.automationRules.listAll({ keyword: "x".repeat(65) })).toThrow(/keyword must be at most 64 characters/);
    expect(() => client.automationRules.listAll({ page: 2 } as never)).toThrow(/page is not accepted by listAll/);
    expect(rec.requests).toHaveLength(0);
  });
});

describe("mcpServers.listAll", () => {
  const servers = (n: number) => Array.from({ length: n }, (_, i) => wireServer(`mcp_${String(i).padStart(5, "0")}`));

  test("walks every page of the server list, each server once, with the filters on every page", async () => {
    const store = servers(250);
    rec.respond((req) => {
      const { p = 1, limit = 20 } = req.body as { p?: number; limit?: number };
      return ok({ total: store.length, servers: store.slice((p - 1) * limit, p * limit) });
    });
    const ids: string[] = [];
    for await (const s of client.mcpServers.listAll({ scope: "team", query: "grafana", teamIds: [1], includeAccount: false })) ids.push(s.serverId);
    expect(ids).toEqual(store.map((s) => s.server_id));
    expect(rec.requests.map((r) => r.path)).toEqual(Array(3).fill("/safari/mcp/server/list"));
    for (const r of rec.requests) {
      expect(r.body).toEqual({ p: (r.body as { p: number }).p, limit: 100, scope: "team", query: "grafana", team_ids: [1], include_account: false });
    }
  });

  test("more than 10000 matching servers: a window error naming the server list's filters", async () => {
    rec.respond(() => ok({ total: 10_001, servers: servers(100) }));
    const error = await (async () => {
      for await (const _ of client.mcpServers.listAll()) {
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlashdutyPagingError);
    expect((error as Error).message).toContain("10001 MCP servers match");
    expect((error as Error).message).toContain("narrow the filters (scope, query, teamIds, includeAccount)");
  });

  test("bad filters throw synchronously, before any request", () => {
    expect(() => client.mcpServers.listAll({ limit: 101 })).toThrow(FlashdutyValidationError);
    expect(() => client.mcpServers.listAll({ query: "x".repeat(129) })).toThrow(/query must be at most 128 characters/);
    expect(() => client.mcpServers.listAll({ scope: "personal" } as never)).toThrow(/scope/);
    expect(() => client.mcpServers.listAll({ page: 2 } as never)).toThrow(/page is not accepted by listAll/);
    expect(rec.requests).toHaveLength(0);
  });
});
