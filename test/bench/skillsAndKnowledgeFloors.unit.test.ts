/**
 * Benchmark 11's floors (bench/skillsAndKnowledge.ts): a bucket's floor counts full minute windows
 * first, then the rest at the per-second rate; a command's floor is its slowest bucket's. The
 * limits come from OPERATION_RATE_LIMITS (skill upload 3/s + 30/min, file put 20/s + 300/min).
 */
import { describe, expect, test } from "vitest";
import { floorOf, operationFloorSeconds } from "../../bench/skillsAndKnowledge";

describe("benchmark 11 floors", () => {
  test("one bucket: within one minute window at the per-second rate, then whole windows first", () => {
    const upload = { perSecond: 3, perMinute: 30 };
    expect(operationFloorSeconds(0, upload)).toBe(0);
    expect(operationFloorSeconds(30, upload)).toBe(10);
    expect(operationFloorSeconds(31, upload)).toBeCloseTo(60 + 1 / 3);
    expect(operationFloorSeconds(60, upload)).toBe(70);
    expect(operationFloorSeconds(200, { perSecond: 20, perMinute: 300 })).toBe(10);
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
  });
});
