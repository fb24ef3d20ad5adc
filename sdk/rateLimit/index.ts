/**
 * Client-side rate limit, in two layers every HTTP attempt (retries included) passes before it
 * is sent:
 *
 * 1. The local gate ({@link createRateGate}): never more than the operation's limits from this
 *    process, checked on every sliding window as the server could see them. Alone on an account
 *    this is all that acts: a full burst per window, no 429.
 * 2. The adaptive part ({@link AdaptiveRateLimiter}): the server counts per account (reads) or
 *    app key (writes) for everyone at once, so other pipelines, machines and people at the
 *    console share the budget. The client learns it from every answer (`X-RateLimit-Limit`,
 *    `-Remaining`, `-Reset`) and from 429 with `Retry-After`: while the account is busy it
 *    waits for the turn of the server's window whenever the window is full, and keeps fewer
 *    requests in flight, a number that drops on throttling and climbs back while answers succeed.
 *
 * Why our own code and not a library for layer 2: p-throttle (layer 1) and the other maintained
 * limiters (bottleneck, limiter, rate-limiter-flexible) take a fixed rate; none changes its rate
 * from the server's answers, honours a server-given pause for every caller at once, or reports
 * how long a caller will wait. The curve is CUBIC's, as in the AWS SDKs' adaptive retry mode,
 * applied to the number of requests in flight (see the class comment for why not to a spacing
 * token bucket); small enough to keep here with its tests.
 */
export { createRateGate, loadRateLimiter, WINDOW_SLACK_MS, type RateGate, type RateRelease, type RateWindow } from "./gate";
export { AdaptiveRateLimiter } from "./adaptiveLimiter";
export {
  BUSY_IN_FLIGHT,
  CONTENTION_MEMORY_MS,
  CUBIC_SCALE,
  MIN_ADAPTIVE_RATE,
  PAGES_LEFT_PER_PAGE_IN_FLIGHT,
  pauseJitterMs,
  RATE_WAIT_NOTICE_MS,
  RateWaitAborted,
  SEEK_INTERVAL_MS,
  THROTTLE_BETA,
  type AcquireOptions,
  type RateObservation,
} from "./adaptiveParams";
export { sharedRateLimiter } from "./registry";
