/**
 * The line a user sees while a resource or data source waits on the account's rate limit: one
 * `pulumi.log.info` per resource operation or data source call, the first time the client
 * reports a wait (the SDK's `onRateLimitWait` hook; the SDK itself knows nothing of Pulumi).
 *
 * Which resource or data source is waiting travels with the async context: the provider's
 * create/read/update/delete and the data sources mark it with {@link beginRateLimitNotice} or
 * {@link withRateLimitNotice}, and the shared client's hook ({@link noticeRateLimitWait}) reads
 * it, so clients stay shared by every resource of the process.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type * as pulumi from "@pulumi/pulumi";
// The log module alone: the provider plugin loads this file on its first API call, and needs
// nothing else of the Pulumi SDK's entry point.
import * as log from "@pulumi/pulumi/log";

interface Notice {
  /** `McpServerDisablement "web" (mcp_grafana)`, `getAutomationRules`. */
  subject: string;
  /** The resource the CLI shows the line under, when known (the data sources' `parent`). */
  resource?: pulumi.Resource;
  told: boolean;
}

const current = new AsyncLocalStorage<Notice>();

/** Runs `work` as `subject`: its first rate-limit wait logs one info line (under `resource`, if given). */
export function withRateLimitNotice<T>(subject: string, resource: pulumi.Resource | undefined, work: () => Promise<T>): Promise<T> {
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
  const notice = current.getStore();
  if (notice === undefined || notice.told) return;
  notice.told = true;
  const seconds = Math.max(0.1, Math.round(waitMs / 100) / 10);
  void log.info(
    `${notice.subject} is waiting about ${seconds} s on the Flashduty account's rate limit ` +
      `(other pipelines or users of the account are using it too); it goes on by itself, nothing has failed`,
    notice.resource,
  );
}
