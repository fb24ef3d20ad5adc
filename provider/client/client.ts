/**
 * The API client the provider uses, built from the resolved configuration. One client per
 * (baseUrl, appKey, timeout, retries, deadline, locale) and process, so the resource and the data sources of one
 * program share their rate limit and connections.
 */
import { createHash } from "node:crypto";
import { FlashdutyClient } from "../../sdk";
import type { FlashdutyConfig } from "./config";
import { noticeRateLimitWait } from "./rateLimitNotice";
import { stopSignal } from "../engine/gracefulShutdown";

const clients = new Map<string, FlashdutyClient>();

/**
 * Returns the process's client for this configuration, creating it on first use.
 *
 * @param config resolved configuration (see `resolveConfig`)
 * @param log receives one line per retry (operation, attempt, code, request id, delay ms);
 *   never the app key, and no control character (the client shows the platform's parts of a
 *   line, such as its error code and request id, escaped)
 */
export function clientFor(config: FlashdutyConfig, log?: (message: string) => void): FlashdutyClient {
  // A digest, not the key itself, names the entry: nothing that prints this map prints the key.
  const id = createHash("sha256")
    .update([config.baseUrl ?? "", config.appKey, config.timeoutMs ?? "", config.maxRetries ?? "", config.deadlineMs ?? "", config.locale ?? ""].join("\n"))
    .digest("hex");
  let client = clients.get(id);
  if (client === undefined) {
    client = new FlashdutyClient({
      appKey: config.appKey,
      baseUrl: config.baseUrl,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      deadlineMs: config.deadlineMs,
      onRateLimitWait: noticeRateLimitWait,
      stopSignal: stopSignal(),
      acceptLanguage: config.locale,
      log,
    });
    clients.set(id, client);
  }
  return client;
}
