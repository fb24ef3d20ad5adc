/** The process-wide registry of rate limiters: one per (base URL, app key, operation, limits). */
import { createHash } from "node:crypto";
import { AdaptiveRateLimiter } from "./adaptiveLimiter";

const shared = new Map<string, AdaptiveRateLimiter>();

/**
 * The process-wide limiter of one operation (`path`) for (baseUrl, appKey) with the given
 * limits, created on first use: the local gate allows at most `perSecond` requests in any 1 s
 * and `perMinute` in any 60 s (each plus {@link WINDOW_SLACK_MS}), and the adaptive bucket
 * shares what the server reports with every other client of the account or key.
 *
 * One limiter per operation, as the platform counts: disable and enable per app key; get, list
 * and the two automation list operations per account, which a client cannot know, so per key
 * here, and the server's `X-RateLimit-*` answers tell each key about the others. `baseUrl` is
 * compared as the URL parser normalises it (host letter case, trailing slash), so those never
 * split a bucket. The registry is keyed by a sha256, so the raw key is never a map key.
 */
export function sharedRateLimiter(baseUrl: string, appKey: string, path: string, limits: { perSecond: number; perMinute: number }): AdaptiveRateLimiter {
  const url = new URL(baseUrl);
  const normalized = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  const digest = createHash("sha256").update(normalized).update("\0").update(appKey).digest("hex");
  const id = `${digest}:${path}:${limits.perSecond}/s:${limits.perMinute}/min`;
  let limiter = shared.get(id);
  if (limiter === undefined) {
    limiter = new AdaptiveRateLimiter(limits);
    shared.set(id, limiter);
  }
  return limiter;
}
