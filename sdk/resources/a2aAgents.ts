/**
 * A2A agents: `POST /safari/a2a-agent/{list,get,create,update,enable,disable,delete}`.
 *
 * The resource class; the camelCase model, params and wire mapping are in `a2aAgentModel.ts`.
 */
import { z } from "zod";
import { FlashdutyValidationError } from "../errors";
import { createExactlyOnce } from "../exactlyOnceCreate";
import { BatchedGets } from "../batchedGets";
import { collectAll, PAGE_CONCURRENCY, type PageAllOptions, pageAll } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { checkBoolean, checkEnum, checkId, checkInteger, checkIntegerArray, checkLimit, checkParams, checkString } from "../validation";
import {
  A2A_AGENT_RULES,
  A2A_AGENT_SCOPES,
  LIMITS,
  PATHS,
  wireA2aAgentCreateDataSchema,
  wireA2aAgentListDataSchema,
  wireA2aAgentSchema,
} from "../../wire/wire";
import {
  AGENT_CREATE_CLOCK_SKEW_MS,
  a2aAgentFromWire,
  a2aAgentListFromWire,
  agentIdToWire,
  checkA2aAgentFields,
  createA2aAgentToWire,
  listA2aAgentsToWire,
  updateA2aAgentToWire,
  type A2aAgent,
  type A2aAgentFields,
  type A2aAgentIdParams,
  type A2aAgentList,
  type CreateA2aAgentParams,
  type ListA2aAgentsParams,
  type UpdateA2aAgentParams,
} from "./a2aAgentModel";

// `data` of update, enable, disable and delete is documented as null; anything else is tolerated.
const LIST = defineOperation(PATHS.a2aAgentList, wireA2aAgentListDataSchema, { nonIdempotent: false });
const GET = defineOperation(PATHS.a2aAgentGet, wireA2aAgentSchema, { nonIdempotent: false });
const CREATE = defineOperation(PATHS.a2aAgentCreate, wireA2aAgentCreateDataSchema, { nonIdempotent: true });
// Update sets values: a repeat has the same effect.
const UPDATE = defineOperation(PATHS.a2aAgentUpdate, z.unknown(), { nonIdempotent: false });
const ENABLE = defineOperation(PATHS.a2aAgentEnable, z.unknown(), { nonIdempotent: true });
const DISABLE = defineOperation(PATHS.a2aAgentDisable, z.unknown(), { nonIdempotent: true });
// A repeat of a delete that applied answers ResourceNotFound, which callers treat as deleted.
const DELETE = defineOperation(PATHS.a2aAgentDelete, z.unknown(), { nonIdempotent: false });

/** Filters of {@link A2aAgents.listAll}: those of `list` without `offset` (`limit` default 100). */
export type ListAllA2aAgentsParams = Omit<ListA2aAgentsParams, "offset">;

/** Operations on A2A agents. Reach it as `client.a2aAgents`. */
export class A2aAgents {
  readonly #transport: Transport;
  #batched: BatchedGets<A2aAgent> | undefined;

  /** @internal Built by `FlashdutyClient`; use `client.a2aAgents`. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Reads one agent. `POST /safari/a2a-agent/get`, body `{ agent_id }`. Any valid key may read.
   *
   * @returns the agent (times in epoch ms, sensitive `authConfig` values masked by the platform).
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws FlashdutyValidationError if `agentId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound` (HTTP 400) if no such agent (`isNotFound`), and the other request errors.
   */
  async get(params: A2aAgentIdParams, options?: RequestOptions): Promise<A2aAgent> {
    const wire = await this.#transport.call(GET, agentIdToWire(checkAgentId(GET.name, params)), checkRequestOptions(GET.name, options));
    return a2aAgentFromWire(wire);
  }

  /**
   * Reads one of many A2A agents at once: like {@link get}, but the calls made within a few
   * milliseconds of each other are answered together, from a complete listing of
   * `POST /safari/a2a-agent/list` (the same object as get, sensitive values masked alike) when each of its pages replaces at least two gets, otherwise each by a get (calls arriving one by one go as gets at once). An id
   * the listing does not hold (gone, moved out of its view) is always a get, so the result and
   * the errors are the get's. No answer is older than a get sent at the call.
   * What a refresh of many resources uses (`sdk/batchedGets.ts` has the rules).
   *
   * @throws FlashdutyValidationError if `agentId` is empty, before anything is sent.
   * @throws the errors of {@link get}.
   */
  async getBatched(params: A2aAgentIdParams): Promise<A2aAgent> {
    const { agentId } = checkAgentId(GET.name, params);
    this.#batched ??= new BatchedGets({ get: (id) => this.get({ agentId: id }), listing: this.#walk(undefined, undefined) });
    return this.#batched.get(agentId);
  }

  /**
   * Creates an agent, then reads it. `POST /safari/a2a-agent/create` with the given fields
   * (`agent_name`, `instructions`, `card_url` always), answered `{ agent_id }`, then
   * `POST /safari/a2a-agent/get`. Needs `ai-sre` and edit rights on the target scope. The new
   * agent is `enabled`.
   *
   * Exactly once: the write is not idempotent, but names are unique in their scope. When an
   * attempt's answer is lost (reset or timeout after sending, 5xx, unreadable answer), before any
   * retry (and before giving up) the client looks for an agent of this name in the scope
   * ({@link findByName}) made since the create began (less {@link AGENT_CREATE_CLOCK_SKEW_MS}):
   * found, it is this create's agent; otherwise the create is retried. A 429 or a refused
   * connection is retried without that check.
   *
   * @returns the agent as the platform holds it (sensitive values masked).
   * @param options per-call `signal`, `timeoutMs`, `maxRetries`, `deadlineMs` (for the whole create).
   * @throws FlashdutyValidationError naming the field and the rule it breaks, before anything is sent.
   * @throws FlashdutyApiError `InvalidParameter` (e.g. the name is taken in the scope),
   *   `AccessDenied` (no edit rights on the scope), and the other request errors.
   */
  async create(params: CreateA2aAgentParams, options?: RequestOptions): Promise<A2aAgent> {
    const fields = checkA2aAgentFields(CREATE.name, params, true) as A2aAgentFields;
    const request = checkRequestOptions(CREATE.name, options);
    const body = createA2aAgentToWire(fields);
    const perCall = { ...(request.signal ? { signal: request.signal } : {}), ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}) };
    const agentId = await createExactlyOnce({
      operation: CREATE.name,
      request,
      defaultMaxRetries: this.#transport.maxRetries,
      defaultDeadlineMs: this.#transport.deadlineMs,
      attempt: async (deadlineMs) => (await this.#transport.call(CREATE, body, { ...request, maxRetries: 0, deadlineMs })).agent_id,
      findApplied: async (startedAt) => {
        const found = await this.findByName({ agentName: fields.agentName, teamId: fields.teamId ?? 0 }, perCall);
        return found !== undefined && found.createdAt >= startedAt - AGENT_CREATE_CLOCK_SKEW_MS ? found.agentId : undefined;
      },
    });
    return this.get({ agentId }, perCall);
  }

  /**
   * Changes the given fields of an agent, then reads it (see {@link UpdateA2aAgentParams} for what
   * absent and masked values mean). `POST /safari/a2a-agent/update`, body `{ agent_id, ...only
   * the given fields }` (answered `null`), then `POST /safari/a2a-agent/get`. Safe to retry.
   * Same permissions as create, on the current scope and, for a move (`teamId`), the target one.
   *
   * @returns the agent as the platform now holds it (sensitive values masked).
   * @throws FlashdutyValidationError as {@link create}, for the fields given.
   * @throws FlashdutyApiError `ResourceNotFound`, `AccessDenied`, `InvalidParameter`, and the
   *   other request errors (of the get too: the update may then have applied).
   */
  async update(params: UpdateA2aAgentParams, options?: RequestOptions): Promise<A2aAgent> {
    const op = UPDATE.name;
    const p = checkParams(op, params);
    const agentId = checkId(op, "agentId", p.agentId);
    const fields = checkA2aAgentFields(op, p, false);
    const request = checkRequestOptions(op, options);
    await this.#transport.call(UPDATE, updateA2aAgentToWire({ ...fields, agentId }), request);
    return this.get({ agentId }, request);
  }

  /**
   * Enables a disabled agent. `POST /safari/a2a-agent/enable`, body `{ agent_id }`. Not
   * idempotent: enabling an enabled agent answers 400 `InvalidParameter` (read it first). If a
   * retried attempt fails after an earlier one may have reached the server, the error's
   * `mayHaveApplied` is true: read the agent with {@link get} to learn the outcome.
   *
   * @throws FlashdutyValidationError if `agentId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound`, `InvalidParameter` (already enabled), `AccessDenied`, and the other request errors.
   */
  async enable(params: A2aAgentIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(ENABLE, agentIdToWire(checkAgentId(ENABLE.name, params)), checkRequestOptions(ENABLE.name, options));
  }

  /**
   * Disables an enabled agent. `POST /safari/a2a-agent/disable`, body `{ agent_id }`. Same
   * permissions and non-idempotence as {@link enable} (disabling a disabled agent answers 400
   * `InvalidParameter`).
   *
   * @throws as {@link enable}.
   */
  async disable(params: A2aAgentIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(DISABLE, agentIdToWire(checkAgentId(DISABLE.name, params)), checkRequestOptions(DISABLE.name, options));
  }

  /**
   * Deletes an agent (soft: gone from list and get). `POST /safari/a2a-agent/delete`, body
   * `{ agent_id }`. An agent that is gone answers `ResourceNotFound` (HTTP 400; `isNotFound`),
   * also when a retried attempt finds that an earlier one applied.
   *
   * @throws FlashdutyValidationError if `agentId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound`, `AccessDenied`, and the other request errors.
   */
  async delete(params: A2aAgentIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(DELETE, agentIdToWire(checkAgentId(DELETE.name, params)), checkRequestOptions(DELETE.name, options));
  }

  /**
   * The agent named `agentName` (case-insensitively) in the scope `teamId` (0 = account-wide), or
   * undefined. Pages `POST /safari/a2a-agent/list` with `query` = the name until a short page.
   *
   * @throws FlashdutyValidationError for a bad name or team id; the request errors of `list`.
   */
  async findByName(params: { agentName: string; teamId: number }, options?: RequestOptions): Promise<A2aAgent | undefined> {
    const op = "a2aAgents.findByName";
    const agentName = checkString(op, "agentName", params.agentName, A2A_AGENT_RULES.maxNameLength) ?? "";
    const teamId = checkInteger(op, "teamId", params.teamId, 0) ?? 0;
    const folded = agentName.toLowerCase();
    const scope = teamId === 0 ? { scope: "account" as const } : { scope: "team" as const, teamIds: [teamId] };
    // The list's query is at most 128 characters, as a name is.
    const query = [...agentName].slice(0, A2A_AGENT_RULES.maxQueryLength).join("");
    const limit = A2A_AGENT_RULES.maxPageSize;
    for (let offset = 0; offset + limit <= A2A_AGENT_RULES.maxPageWindow; offset += limit) {
      const { items } = await this.list({ ...scope, query, offset, limit }, options);
      const found = items.find((a) => a.teamId === teamId && a.agentName.toLowerCase() === folded);
      if (found !== undefined) return found;
      if (items.length < limit) return undefined;
    }
    return undefined;
  }

  /**
   * Lists one page of the agents of the caller's account. `POST /safari/a2a-agent/list`, body
   * `{ offset, limit, scope, query, team_ids, include_account }` with only the given fields.
   *
   * @param params offset (from 0), limit (1..100, server default 20; `offset + limit` at most
   *   10000), scope (`all` | `account` | `team`), query (at most 128 characters), teamIds,
   *   includeAccount (server default true).
   * @returns `{ total, items }`.
   * @throws FlashdutyValidationError for an out-of-range argument, before anything is sent.
   */
  async list(params?: ListA2aAgentsParams, options?: RequestOptions): Promise<A2aAgentList> {
    const op = LIST.name;
    const p = checkParams(op, params);
    const filters = checkListFilters(op, p);
    const offset = checkInteger(op, "offset", p.offset, 0);
    const size = filters.limit ?? LIMITS.defaultServerPageSize;
    if (offset !== undefined && offset + size > A2A_AGENT_RULES.maxPageWindow) {
      throw new FlashdutyValidationError({
        operation: op,
        field: "offset",
        problem: `offset + limit must be at most ${A2A_AGENT_RULES.maxPageWindow} (got ${offset} + ${size}); narrow the filters instead of paging further`,
      });
    }
    const wire = await this.#transport.call(LIST, listA2aAgentsToWire({ offset, ...filters }), checkRequestOptions(op, options));
    return a2aAgentListFromWire(wire);
  }

  /**
   * Every agent matching the filters, each once, over as many `POST /safari/a2a-agent/list` pages
   * (by offset) as needed (`limit` default 100). After the first page the rest are fetched
   * concurrently within the client's rate limit (shared with every other call of the client).
   * Agents are yielded only once a complete, consistent walk is in hand (see
   * `sdk/pagination.ts`); ordering is the server's.
   *
   * @param params scope, query, teamIds, includeAccount, limit (page size 1..100, default 100); no `offset`.
   * @throws FlashdutyValidationError for an out-of-range filter or an `offset` (synchronously).
   * @throws FlashdutyPagingError `reason: "window"` when more than 10000 agents match,
   *   `reason: "unstable"` when the total kept changing over 3 walks.
   * @throws FlashdutyApiError and the other request errors of {@link list}.
   */
  listAll(params?: ListAllA2aAgentsParams, options?: RequestOptions): AsyncIterable<A2aAgent> {
    const walk = this.#walk(params, options);
    return { [Symbol.asyncIterator]: () => pageAll(walk) };
  }

  /** @internal What {@link listAll} yields, as one array (the data source's path). Same checks, requests and errors. */
  async listAllAsArray(params?: ListAllA2aAgentsParams, options?: RequestOptions): Promise<A2aAgent[]> {
    return collectAll(this.#walk(params, options));
  }

  /** The checked filters of `listAll` as the pager's options; pages are numbered from 1 and sent as offsets. */
  #walk(params: ListAllA2aAgentsParams | undefined, options: RequestOptions | undefined): PageAllOptions<A2aAgent> {
    const p = checkParams(LIST.name, params);
    if (p.offset !== undefined) {
      throw new FlashdutyValidationError({
        operation: LIST.name,
        field: "offset",
        problem: "offset is not accepted by listAll, which reads every page; use list for one page",
      });
    }
    const checked = checkListFilters(LIST.name, p);
    const perPage = checkRequestOptions(LIST.name, options);
    const limit = checked.limit ?? A2A_AGENT_RULES.maxPageSize;
    return {
      operation: LIST.name,
      noun: "A2A agents",
      limit,
      fetchPage: async (page) => {
        const result = await this.list({ ...checked, offset: (page - 1) * limit, limit }, perPage);
        return { total: result.total, items: result.items };
      },
      idOf: (agent) => agent.agentId,
      pagesInFlight: (pagesLeft) => this.#transport.rateLimiter(LIST.path)?.pagesInFlight(pagesLeft) ?? PAGE_CONCURRENCY,
      narrowBy: "scope, query, teamIds, includeAccount",
    };
  }
}

/** The filters of `list` and `listAll` but the offset, checked before anything is sent. */
function checkListFilters(operation: string, p: Record<string, unknown>): ListAllA2aAgentsParams {
  return {
    limit: checkLimit(operation, p.limit),
    scope: checkEnum(operation, "scope", p.scope, A2A_AGENT_SCOPES),
    query: checkString(operation, "query", p.query, A2A_AGENT_RULES.maxQueryLength),
    teamIds: checkIntegerArray(operation, "teamIds", p.teamIds),
    includeAccount: checkBoolean(operation, "includeAccount", p.includeAccount, true),
  };
}

function checkAgentId(operation: string, params: A2aAgentIdParams): A2aAgentIdParams {
  const p = checkParams(operation, params);
  return { agentId: checkId(operation, "agentId", p.agentId) };
}
