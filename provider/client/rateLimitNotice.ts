/**
 * The line a user sees while a resource or data source waits on the account's rate limit: one
 * info line (`pulumi.log.info`, or a Terraform diagnostic: `../engine/notices.ts`) per resource operation or data source call, the first time the client
 * reports a wait (the SDK's `onRateLimitWait` hook; the SDK itself knows nothing of Pulumi).
 *
 * Which resource or data source is waiting travels with the async context: the provider's
 * create/read/update/delete and the data sources mark it with {@link beginRateLimitNotice} or
 * {@link withRateLimitNotice}, and the shared client's hook ({@link noticeRateLimitWait}) reads
 * it, so clients stay shared by every resource of the process.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { notice } from "../engine/notices";

interface Notice {
  /** `McpServerDisablement "web" (mcp_grafana)`, `getAutomationRules`. */
  subject: string;
  /** The resource the CLI shows the line under, when known (the data sources' `parent`). */
  resource?: unknown;
  told: boolean;
}

const current = new AsyncLocalStorage<Notice>();

/** Runs `work` as `subject`: its first rate-limit wait logs one info line (under `resource`, if given). */
export function withRateLimitNotice<T>(subject: string, resource: unknown, work: () => Promise<T>): Promise<T> {
  return current.run({ subject, ...(resource ? { resource } : {}), told: false }, work);
}

/**
 * Marks the rest of the calling async function (and what it awaits) as `subject`, for provider
 * methods whose bodies are not wrapped (each engine call runs in its own async context).
 */
export function beginRateLimitNotice(subject: string): void {
  current.enterWith({ subject, told: false });
}

/** The SDK hook (`onRateLimitWait`): logs the current subject's line once; waits in ms. */
export function noticeRateLimitWait(waitMs: number): void {
  const waiting = current.getStore();
  if (waiting === undefined || waiting.told) return;
  waiting.told = true;
  const seconds = Math.max(0.1, Math.round(waitMs / 100) / 10);
  notice(
    "info",
    `${waiting.subject} is waiting about ${seconds} s on the Flashduty account's rate limit ` +
      `(other pipelines or users of the account are using it too); it goes on by itself, nothing has failed`,
    waiting.resource,
  );
}
