/**
 * The benchmarks' floors (bench/floors.ts): a bucket's floor counts full minute windows first,
 * then the rest at the per-second rate; a command's floor is its slowest bucket's, from
 * OPERATION_RATE_LIMITS; a page walk's floor reads page 1 alone first (issue 47).
 */
import { describe, expect, test } from "vitest";
import { burstAwareFloor, floorOf, operationFloorSeconds, pageOneFirstFloor } from "../../bench/floors";

describe("bucket floors", () => {
  test("one bucket: within one minute window at the per-second rate, then whole windows first", () => {
    const upload = { perSecond: 3, perMinute: 30 };
    expect(operationFloorSeconds(0, upload)).toBe(0);
    expect(operationFloorSeconds(30, upload)).toBe(10);
    expect(operationFloorSeconds(31, upload)).toBeCloseTo(60 + 1 / 3);
    expect(operationFloorSeconds(60, upload)).toBe(70);
    expect(operationFloorSeconds(200, { perSecond: 20, perMinute: 300 })).toBe(10);
    // 1,667 server creates at 20/s and 300/min: five full minutes, then 167 at 20/s.
    expect(operationFloorSeconds(1667, { perSecond: 20, perMinute: 300 })).toBeCloseTo(300 + 167 / 20);
  });

  test("a command's floor is its slowest bucket, from the platform's limits", () => {
    const up = floorOf({ "skill.upload": 30, "knowledgeFile.put": 200, "knowledgePack.ensure": 200 });
    expect(up.seconds).toBe(10);
    expect(up.perOperation["skill.upload"]).toEqual({ requests: 30, seconds: 10 });
    expect(up.perOperation["knowledgeFile.put"]).toEqual({ requests: 200, seconds: 10 });
    expect(floorOf({ "skill.get": 30, "knowledgeFile.get": 200 }).seconds).toBe(4);
    expect(floorOf({ "skill.delete": 30, "knowledgeFile.delete": 200 }).seconds).toBe(10);
    // 40 uploads cross into a second minute window.
    expect(floorOf({ "skill.upload": 40, "knowledgeFile.put": 200 }).seconds).toBeCloseTo(60 + 10 / 3);
    // An operation with no request has no bucket.
    expect(floorOf({ "mcpServer.create": 100, "mcpServer.get": 0 }).perOperation).toEqual({ "mcpServer.create": { requests: 100, seconds: 5 } });
  });
});

describe("page walk floors", () => {
  test("page 1 alone, then bursts one window after the previous burst's answers", () => {
    // Benchmark 1: 100 pages at 50/s, 80 ms: 1 s + 3 x 80 ms.
    expect(pageOneFirstFloor(100, 50, 80).seconds).toBeCloseTo(1.24);
    expect(pageOneFirstFloor(100, 50, 80).derivation).toContain("1 s + 3 x 80 ms");
    // Up to one window's worth: page 1, then the rest at once.
    expect(pageOneFirstFloor(50, 50, 80).seconds).toBeCloseTo(0.16);
    expect(pageOneFirstFloor(2, 50, 80).seconds).toBeCloseTo(0.16);
    expect(pageOneFirstFloor(1, 50, 80).seconds).toBeCloseTo(0.08);
    // One page more than a window's worth needs a second window.
    expect(pageOneFirstFloor(51, 50, 80).seconds).toBeCloseTo(1.24);
    expect(pageOneFirstFloor(150, 50, 80).seconds).toBeCloseTo(2 + 4 * 0.08);
  });

  test("with every page known up front, bursts of a window's worth (benchmark 6)", () => {
    expect(burstAwareFloor(100, 50, 80).seconds).toBeCloseTo(1.16);
    expect(burstAwareFloor(400, 50, 40).seconds).toBeCloseTo(7 + 8 * 0.04);
  });
});
