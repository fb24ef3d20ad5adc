/**
 * Offset paging as the platform does it: `p` from 1, `limit` from 1 to 100 (default 20), and
 * no page may reach past item 10,000.
 */
import { LIMITS } from "../wire/protocol";
import { ApiError } from "./http/envelope";

/** A validated page request. */
export interface Page {
  p: number;
  limit: number;
}

/**
 * The page asked for. 0 or absent means the default (1 for `p`, 20 for `limit`), like the Go
 * zero value the platform sees; negative values, `limit` over 100 and `p * limit` over 10,000
 * are 400 `InvalidParameter` naming the parameter.
 */
export function readPage(p: number | undefined, limit: number | undefined): Page {
  if (p !== undefined && p < 0) throw new ApiError("InvalidParameter", (m) => m.paramAtLeast("p", 1));
  if (limit !== undefined && limit < 0) throw new ApiError("InvalidParameter", (m) => m.paramAtLeast("limit", 1));
  if (limit !== undefined && limit > LIMITS.maxPageSize) {
    throw new ApiError("InvalidParameter", (m) => m.paramAtMost("limit", LIMITS.maxPageSize));
  }
  const page = { p: p || 1, limit: limit || LIMITS.defaultServerPageSize };
  if (page.p * page.limit > LIMITS.maxPageWindow) {
    throw new ApiError("InvalidParameter", (m) => m.pageWindow(page.p, page.limit, LIMITS.maxPageWindow));
  }
  return page;
}

/** The items of `page` in `items`. */
export function pageOf<T>(items: readonly T[], page: Page): T[] {
  const offset = (page.p - 1) * page.limit;
  return items.slice(offset, offset + page.limit);
}
