/**
 * One pipeline of the shared-account tests and benchmarks: a separate Node process using the
 * built SDK (`pulumi-flashduty/sdk`, i.e. dist/). Its job comes as JSON in argv[2]:
 * `{ baseUrl, appKey, userAgent, mode: "rules" | "disable" | "enable", serverIds?, pageSize?, startAt? }`;
 * `startAt` (epoch ms): the process loads the SDK and then waits until that moment, so several
 * processes begin at the same moment whatever their start-up took.
 * Prints one JSON line: `{ ok, items?, error?, waits, startedAt, endedAt }` (epoch ms).
 */
"use strict";
const { FlashdutyClient } = require("pulumi-flashduty/sdk");

async function main() {
  const job = JSON.parse(process.argv[2]);
  const waits = [];
  const client = new FlashdutyClient({
    appKey: job.appKey,
    baseUrl: job.baseUrl,
    userAgent: job.userAgent,
    onRateLimitWait: (ms) => waits.push(ms),
  });
  if (typeof job.startAt === "number") await new Promise((resolve) => setTimeout(resolve, Math.max(0, job.startAt - Date.now())));
  const result = { ok: true, startedAt: Date.now() };
  try {
    if (job.mode === "rules") {
      let items = 0;
      for await (const _rule of client.automationRules.listAll({ limit: job.pageSize ?? 100 })) items++;
      result.items = items;
    } else {
      await Promise.all(job.serverIds.map((serverId) => client.mcpServers[job.mode]({ serverId })));
      result.items = job.serverIds.length;
    }
  } catch (error) {
    result.ok = false;
    result.error = String(error?.message || error);
  }
  result.endedAt = Date.now();
  result.waits = waits.length;
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main();
