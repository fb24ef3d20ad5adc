/**
 * Which automation rules a member sees, the rule-list filters, and the rules' JSON. A rule's
 * owner, team and scope never change (only `update` edits other fields, as a person in the
 * console would), so visibility per member and scope is computed once at start and each rule's JSON is
 * serialised once (around its per-caller `can_edit`): a list request only filters, slices and
 * concatenates. A page of 100 rules is ~100 KB; without this the emulator would spend its time
 * in JSON.stringify and fall below the 2,000 requests/s it must sustain.
 */
import { compareRules } from "./seedRules";
import { canEditRule, isAccountAdmin } from "./auth";
import { nextFireAtMs } from "./nextFire";
import type { RuleChanges, RuleFilter, SeedUser, StoredRule } from "./types";

/** Scopes after `include_person` compatibility is applied. */
export type EffectiveScope = "all" | "personal" | "team";

/** A rule with what filtering and serialising it needs. */
export interface IndexedRule {
  readonly rule: StoredRule;
  lowerName: string;
  /** The rule's UTF-8 JSON up to and after the `can_edit` value; filled on first use. */
  json?: { head: Buffer; tail: Buffer };
}

interface Visible {
  all: IndexedRule[];
  personal: IndexedRule[];
  team: IndexedRule[];
}

const CAN_EDIT = '"can_edit":false';
const TRUE = Buffer.from("true");
const FALSE = Buffer.from("false");
const COMMA = Buffer.from(",");

/**
 * The scope a rule-list body asks for: `scope` when set; when it is empty or absent and
 * `include_person` is false, `team`; otherwise `all`. Undefined for an unknown scope.
 */
export function effectiveScope(scope: string | undefined, includePerson: boolean | null | undefined): EffectiveScope | undefined {
  if (scope === undefined || scope === "") return includePerson === false ? "team" : "all";
  return scope === "all" || scope === "personal" || scope === "team" ? scope : undefined;
}

/**
/** Inserts `entry` into `list` (in API order) at its place. */
function insertInOrder(list: IndexedRule[], entry: IndexedRule): void {
  let at = 0;
  while (at < list.length && compareRules(list[at]!.rule, entry.rule) < 0) at++;
  list.splice(at, 0, entry);
}

export class RuleVisibility {
  private readonly byMember = new Map<number, Visible>();
  private readonly byId = new Map<string, IndexedRule>();
  private readonly users: readonly SeedUser[];

  /** `rules` must already be in API order (see `compareRules`). */
  constructor(rules: readonly StoredRule[], users: readonly SeedUser[]) {
    this.users = users;
    const indexed: IndexedRule[] = rules.map((rule) => ({ rule, lowerName: rule.name.toLowerCase() }));
    for (const entry of indexed) this.byId.set(entry.rule.rule_id, entry);
    for (const user of users) {
      const visible: Visible = { all: [], personal: [], team: [] };
      for (const entry of indexed) {
        const scope = this.scopeFor(user, entry.rule);
        if (scope === undefined) continue;
        visible[scope].push(entry);
        visible.all.push(entry);
      }
      this.byMember.set(user.memberId, visible);
    }
  }

  /** Which list of `user` holds `rule`, or undefined when they do not see it. */
  private scopeFor(user: SeedUser, rule: StoredRule): "personal" | "team" | undefined {
    if (rule.account_id !== user.accountId) return undefined;
    // Never another member's personal rules, admins included.
    if (rule.run_scope === "person") return rule.owner_id === user.memberId ? "personal" : undefined;
    return isAccountAdmin(user) || user.teamIds.includes(rule.team_id) ? "team" : undefined;
  }

  /** The stored rule `ruleId` if `user` sees it (as in the `all` list), else undefined. */
  visibleTo(user: SeedUser, ruleId: string): StoredRule | undefined {
    const rule = this.get(ruleId);
    return rule !== undefined && this.scopeFor(user, rule) !== undefined ? rule : undefined;
  }

  /** The stored rule `ruleId` (shared: change it only through {@link update}), or undefined. */
  get(ruleId: string): StoredRule | undefined {
    return this.byId.get(ruleId)?.rule;
  }

  /** Every stored rule, in API order (copies), for the state file. */
  all(): StoredRule[] {
    return [...this.byId.values()].map((e) => structuredClone(e.rule)).sort(compareRules);
  }

  /** Adds a new rule (a `rule/create`): every member who may see it sees it at its place in API order. */
  add(rule: StoredRule): void {
    const entry: IndexedRule = { rule, lowerName: rule.name.toLowerCase() };
    this.byId.set(rule.rule_id, entry);
    for (const user of this.users) {
      const scope = this.scopeFor(user, rule);
      if (scope === undefined) continue;
      const visible = this.byMember.get(user.memberId)!;
      insertInOrder(visible[scope], entry);
      insertInOrder(visible.all, entry);
    }
  }

  /** Removes a rule (a `rule/delete`, or a deletion in the console); false for an unknown id. */
  remove(ruleId: string): boolean {
    const entry = this.byId.get(ruleId);
    if (entry === undefined) return false;
    this.byId.delete(ruleId);
    for (const visible of this.byMember.values()) {
      for (const list of [visible.all, visible.personal, visible.team]) {
        const at = list.indexOf(entry);
        if (at >= 0) list.splice(at, 1);
      }
    }
    return true;
  }

  /**
   * The rules `user` sees under `filter`, in API order (shared arrays: do not mutate). `teamIds`
   * keeps only rules whose `team_id` is listed (personal rules have team_id 0); `enabled` null or
   * undefined means no filter; `keyword` is a case-insensitive substring of the name.
   * Throws for an unknown scope.
   */
  query(user: SeedUser, filter: RuleFilter = {}): readonly IndexedRule[] {
    const scope = effectiveScope(filter.scope, filter.includePerson);
    if (scope === undefined) throw new Error(`unknown rule scope ${JSON.stringify(filter.scope)}`);
    const visible = this.byMember.get(user.memberId);
    if (visible === undefined) return [];
    const base = visible[scope];
    const teamIds = filter.teamIds !== undefined && filter.teamIds.length > 0 ? new Set(filter.teamIds) : undefined;
    const enabled = filter.enabled ?? undefined;
    const keyword = filter.keyword !== undefined && filter.keyword !== "" ? filter.keyword.toLowerCase() : undefined;
    if (teamIds === undefined && enabled === undefined && keyword === undefined) return base;
    return base.filter(
      ({ rule, lowerName }) =>
        (teamIds === undefined || teamIds.has(rule.team_id)) &&
        (enabled === undefined || rule.enabled === enabled) &&
        (keyword === undefined || lowerName.includes(keyword)),
    );
  }

  /**
   * Edits one rule in place, as a person in the console would: the given fields and
   * `updated_at` (= `now`, epoch ms), and `schedule_next_fire_at_ms` recomputed as of `now`; its
   * cached JSON is dropped. Returns the rule (a copy, `can_edit` false), or undefined for an
   * unknown `rule_id`.
   * @throws RangeError for a cron expression cron-parser cannot use (the rule is left unchanged).
   */
  update(ruleId: string, changes: RuleChanges, now: number): StoredRule | undefined {
    const entry = this.byId.get(ruleId);
    if (entry === undefined) return undefined;
    const nextFire = nextFireAtMs({ ...entry.rule, ...changes }, now);
    Object.assign(entry.rule, changes, { updated_at: now, schedule_next_fire_at_ms: nextFire });
    entry.lowerName = entry.rule.name.toLowerCase();
    delete entry.json;
    return structuredClone(entry.rule);
  }

  /** The rule as `user` receives it (a copy), `can_edit` computed for them. */
  materialize(user: SeedUser, { rule }: IndexedRule): StoredRule {
    return { ...structuredClone(rule), can_edit: canEditRule(user, rule) };
  }

  /**
   * UTF-8 chunks of `JSON.stringify(entries.map((e) => this.materialize(user, e)))` without the
   * brackets: the rules separated by commas, from the cached serialisation.
   */
  jsonChunks(user: SeedUser, entries: readonly IndexedRule[]): Buffer[] {
    const chunks: Buffer[] = [];
    for (const entry of entries) {
      if (entry.json === undefined) {
        // The key can only match structurally: inside a JSON string its quotes would be escaped.
        const text = JSON.stringify(entry.rule);
        const at = text.indexOf(CAN_EDIT) + CAN_EDIT.length - "false".length;
        entry.json = { head: Buffer.from(text.slice(0, at)), tail: Buffer.from(text.slice(at + "false".length)) };
      }
      if (chunks.length > 0) chunks.push(COMMA);
      chunks.push(entry.json.head, canEditRule(user, entry.rule) ? TRUE : FALSE, entry.json.tail);
    }
    return chunks;
  }
}
