/**
 * Benchmark 13's read floor (bench/importFile.ts): every listing is its own bucket and they run
 * at once, a listing of p pages is a walk (page 1 alone, then bursts of up to 50 a window, each a
 * round trip); knowledge files need the pack list, then a file list per pack. The limits come
 * from OPERATION_RATE_LIMITS (every list 50/s).
 */
import { describe, expect, test } from "vitest";
import { importFileFloor, importMix } from "../../bench/importFile";

describe("benchmark 13 floor", () => {
  test("at 1,000 resources no walk needs a second window: the floor is two round trips", () => {
    const floor = importFileFloor({ servers: 416, rules: 400, agents: 104, skills: 3, packs: 2 }, 80);
    expect(floor.seconds).toBeCloseTo(0.16);
    expect(floor.chains["mcpServer.list"]).toMatchObject({ requests: 5 });
    expect(floor.chains["mcpServer.list"]?.seconds).toBeCloseTo(0.16);
    expect(floor.chains["automationRule.list"]).toMatchObject({ requests: 4 });
    expect(floor.chains["skill.list"]?.seconds).toBeCloseTo(0.08);
    expect(floor.chains["knowledgePack.list, then knowledgeFile.list per pack"]).toMatchObject({ requests: 3 });
  });

  test("a listing of more than 50 pages takes a second window per 50 pages", () => {
    const floor = importFileFloor({ servers: 10_000, rules: 0, agents: 0, skills: 0, packs: 1 }, 80);
    // 100 pages: page 1, pages 2-50, one window, pages 51-100: 1 s + 3 round trips.
    expect(floor.chains["mcpServer.list"]).toMatchObject({ requests: 100 });
    expect(floor.seconds).toBeCloseTo(1 + 3 * 0.08);
  });

  test("the mix adds up to the size asked for", () => {
    expect(importMix(1_000)).toEqual({ servers: 400, rules: 400, agents: 100, knowledgeFiles: 100 });
    const small = importMix(37);
    expect(small.servers + small.rules + small.agents + small.knowledgeFiles).toBe(37);
  });
});
