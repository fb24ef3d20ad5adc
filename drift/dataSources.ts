/**
 * Drift of the data sources' exported outputs: rules, templates and MCP servers added, removed or
 * changed on the platform since the last `up`. The lists are found generically, at any output
 * name and depth, so any program that exports `getAutomationRules` / `getAutomationTemplates` /
 * `getMcpServers` results (or their `rules` / `templates` / `servers` lists) is covered:
 * - a rule list is an array whose elements are all objects with a string `ruleId`;
 * - an MCP server list is an array whose elements are all objects with a string `serverId` and a
 *   string `serverName` (and no `ruleId`);
 * - a skill list (`getSkills`) is an array whose elements are all objects with a string `skillId`
 *   and a string `skillName`;
 * - a template list is an array whose elements are all objects with a string `name` and a string
 *   `prompt` and no `ruleId`; its locale is the `locale` string next to it, if any;
 * - a knowledge file list (`getKnowledgeFiles`) is an array whose elements are all objects with a
 *   string `fileId` and a string `path` (and no `ruleId`); a file is named `<teamId>/<path>`.
 * An empty array counts as a list of the kind found at the same place on the other side.
 */
import { isDeepStrictEqual } from "node:util";
import { markdownCode } from "../sdk/markdownText";
import { UNKNOWN_VALUE } from "../provider/engine/unknown";
import { compareText, type FieldChange, type ItemChange, type ItemChangeKind } from "./report";

/**
 * Rule fields that change without anyone editing the rule: the platform moves
 * `scheduleNextFireAtMs` forward each time the schedule fires. Not reported.
 */
export const VOLATILE_RULE_FIELDS: readonly string[] = ["scheduleNextFireAtMs"];

/**
 * MCP server fields that change without anyone editing the server: older API versions report
 * the result of a live probe of the server (`tools`, `toolCount`, `listError`). Not reported.
 */
export const VOLATILE_SERVER_FIELDS: readonly string[] = ["listError", "toolCount", "tools"];

/**
 * MCP server fields whose values may be secrets (`env`, `headers`). They are compared key by key
 * (field `env.<key>`), and a value is shown only when it is the platform's mask `******`; any
 * other value is replaced by {@link VALUE_NOT_SHOWN}, so the report names the key and never
 * shows the value.
 */
export const SECRET_MAP_FIELDS: readonly string[] = ["env", "headers"];

/** What a drift report shows instead of an `env` or `headers` value that is not the platform's mask. */
export const VALUE_NOT_SHOWN = "(value not shown)";

/** How the platform answers a secret value of `env` or `headers`. */
const MASKED_SECRET = "******";

type ListKind = "rules" | "templates" | "mcpServers" | "skills" | "knowledgeFiles";
type Item = Record<string, unknown>;

interface FoundList {
  kind: ListKind | "empty";
  items: Item[];
  locale?: string;
}

/** The result of {@link compareDataSourceOutputs}. */
export interface DataSourceDrift {
  rules: ItemChange[];
  templates: ItemChange[];
  /**
   * MCP server changes; present only when an MCP server list was compared (so the result for a
   * stack that exports none keeps its earlier shape).
   */
  mcpServers?: ItemChange[];
  /** Skill changes; present only when a skill list was compared. */
  skills?: ItemChange[];
  /** Knowledge file changes; present only when a knowledge file list was compared. */
  knowledgeFiles?: ItemChange[];
  /** Output paths of the lists compared (present before and now), sorted. */
  checkedOutputs: string[];
  /**
   * Lists only on one side (the program changed its exports) or not comparable; sorted. Each is
   * one line of Markdown, the output path in it as an inert code span (a path can hold a key
   * the platform named).
   */
  notes: string[];
}

function isObject(value: unknown): value is Item {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function listKind(value: unknown[]): ListKind | "empty" | undefined {
  if (value.length === 0) return "empty";
  if (value.every((v) => isObject(v) && typeof v.ruleId === "string")) return "rules";
  if (value.every((v) => isObject(v) && typeof v.serverId === "string" && typeof v.serverName === "string" && !("ruleId" in v))) return "mcpServers";
  if (value.every((v) => isObject(v) && typeof v.skillId === "string" && typeof v.skillName === "string" && !("ruleId" in v))) return "skills";
  if (value.every((v) => isObject(v) && typeof v.name === "string" && typeof v.prompt === "string" && !("ruleId" in v))) return "templates";
  if (value.every((v) => isObject(v) && typeof v.fileId === "string" && typeof v.path === "string" && !("ruleId" in v))) return "knowledgeFiles";
  return undefined;
}

function childPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return path === "" ? key : `${path}.${key}`;
}

/** Every rule, template or MCP server list (and empty array) under `value`, by output path. */
function findLists(value: unknown, path: string, locale: string | undefined, into: Map<string, FoundList>): void {
  if (Array.isArray(value)) {
    const kind = listKind(value);
    if (kind !== undefined) {
      into.set(path, { kind, items: value as Item[], ...(kind === "templates" && locale !== undefined ? { locale } : {}) });
      if (kind !== "empty") return;
    }
    for (const [i, element] of value.entries()) findLists(element, childPath(path, i), undefined, into);
  } else if (isObject(value)) {
    const here = typeof value.locale === "string" ? value.locale : undefined;
    for (const [key, child] of Object.entries(value)) findLists(child, childPath(path, key), here, into);
  }
}

function identity(kind: ListKind, item: Item): string {
  return String(
    kind === "rules"
      ? item.ruleId
      : kind === "mcpServers"
        ? item.serverId
        : kind === "skills"
          ? item.skillId
          : kind === "knowledgeFiles"
            ? item.fileId
            : item.name,
  );
}

function displayName(kind: ListKind, item: Item): string {
  if (kind === "knowledgeFiles") return `${typeof item.teamId === "number" ? item.teamId : 0}/${String(item.path)}`;
  const name = kind === "mcpServers" ? item.serverName : kind === "skills" ? item.skillName : item.name;
  return typeof name === "string" ? name : identity(kind, item);
}

/** A value of `env` or `headers` as a report may show it: the mask, null when absent, else {@link VALUE_NOT_SHOWN}. */
function shownSecretValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return value === MASKED_SECRET ? MASKED_SECRET : VALUE_NOT_SHOWN;
}

/** The keys of `env` / `headers` whose values differ, as `env.<key>` changes with values as {@link shownSecretValue} shows them. */
function secretMapChanges(field: string, before: unknown, after: unknown): FieldChange[] {
  const map = (v: unknown): Item => (isObject(v) ? v : {});
  const olds = map(before);
  const news = map(after);
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])];
  const changes = keys
    .filter((key) => !isDeepStrictEqual(olds[key], news[key]))
    .map((key) => ({ field: `${field}.${key}`, before: shownSecretValue(olds[key]), after: shownSecretValue(news[key]) }));
  // Not a map on either side (a program exported something else): named, no value shown.
  if (changes.length === 0 && !isDeepStrictEqual(before, after)) changes.push({ field, before: shownSecretValue(before), after: shownSecretValue(after) });
  return changes;
}

function fieldChanges(kind: ListKind, before: Item, after: Item): FieldChange[] {
  const ignored = kind === "rules" ? VOLATILE_RULE_FIELDS : kind === "mcpServers" ? VOLATILE_SERVER_FIELDS : [];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !ignored.includes(f));
  const changed = fields.filter((field) => after[field] !== UNKNOWN_VALUE && !isDeepStrictEqual(before[field], after[field]));
  return changed
    .flatMap((field) =>
      kind === "mcpServers" && SECRET_MAP_FIELDS.includes(field)
        ? secretMapChanges(field, before[field], after[field])
        : [{ field, before: before[field] ?? null, after: after[field] ?? null }],
    )
    .sort((a, b) => compareText(a.field, b.field));
}

function compareList(output: string, kind: ListKind, before: Item[], after: Item[], locale: string | undefined): ItemChange[] {
  const byId = (items: Item[]) => {
    const map = new Map<string, Item>();
    for (const item of items) if (!map.has(identity(kind, item))) map.set(identity(kind, item), item);
    return map;
  };
  const olds = byId(before);
  const news = byId(after);
  const change = (changeKind: ItemChangeKind, item: Item, fields: FieldChange[]): ItemChange => ({
    output,
    kind: changeKind,
    id: identity(kind, item),
    name: displayName(kind, item),
    ...(locale !== undefined ? { locale } : {}),
    fields,
  });
  const changes: ItemChange[] = [];
  for (const [id, item] of news) {
    const old = olds.get(id);
    if (old === undefined) changes.push(change("added", item, []));
    else {
      const fields = fieldChanges(kind, old, item);
      if (fields.length > 0) changes.push(change("changed", item, fields));
    }
  }
  for (const [id, item] of olds) if (!news.has(id)) changes.push(change("removed", item, []));
  return changes;
}

/** An output path in a note: an inert code span, cut after 200 code points. */
function shownPath(path: string): string {
  return markdownCode(path, { maxLength: 200 }) || "(the stack outputs)";
}

const KIND_ORDER: Record<ItemChangeKind, number> = { added: 0, removed: 1, changed: 2 };

/** Report order: output path, then added / removed / changed, then name, then id. */
export function compareItemChanges(a: ItemChange, b: ItemChange): number {
  return compareText(a.output, b.output) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareText(a.name, b.name) || compareText(a.id, b.id);
}

/**
 * Compares the rule, template and MCP server lists in the stack outputs of the last `up` (`before`) with
 * those the program computes now (`after`). Lists present on one side only are not compared
 * (the program's exports changed, which is not drift) and get a note.
 */
export function compareDataSourceOutputs(before: Record<string, unknown>, after: Record<string, unknown>): DataSourceDrift {
  const olds = new Map<string, FoundList>();
  const news = new Map<string, FoundList>();
  findLists(before, "", undefined, olds);
  findLists(after, "", undefined, news);
  const result: DataSourceDrift = { rules: [], templates: [], checkedOutputs: [], notes: [] };
  const label = (kind: ListKind) =>
    kind === "rules"
      ? "rule list"
      : kind === "mcpServers"
        ? "MCP server list"
        : kind === "skills"
          ? "skill list"
          : kind === "knowledgeFiles"
            ? "knowledge file list"
            : "template list";
  const mcpServers: ItemChange[] = [];
  const skills: ItemChange[] = [];
  let serverListsCompared = 0;
  let skillListsCompared = 0;
  const knowledgeFiles: ItemChange[] = [];
  let fileListsCompared = 0;
  for (const [path, now] of news) {
    const then = olds.get(path);
    const kind = now.kind !== "empty" ? now.kind : then?.kind !== "empty" ? then?.kind : undefined;
    if (kind === undefined) continue;
    if (then === undefined || (then.kind !== "empty" && then.kind !== kind)) {
      result.notes.push(`Output ${shownPath(path)} (${label(kind)}) is new since the last \`pulumi up\` (a program change); not compared.`);
      continue;
    }
    result.checkedOutputs.push(path);
    const changes = compareList(path, kind, then.items, now.items, now.locale ?? then.locale);
    if (kind === "mcpServers") {
      serverListsCompared++;
      mcpServers.push(...changes);
    } else if (kind === "skills") {
      skillListsCompared++;
      skills.push(...changes);
    } else if (kind === "knowledgeFiles") {
      fileListsCompared++;
      knowledgeFiles.push(...changes);
    } else result[kind].push(...changes);
  }
  for (const [path, then] of olds) {
    if (then.kind !== "empty" && !news.has(path)) {
      result.notes.push(`Output ${shownPath(path)} (${label(then.kind)}) is no longer exported by the program; not compared.`);
    }
  }
  result.rules.sort(compareItemChanges);
  result.templates.sort(compareItemChanges);
  if (serverListsCompared > 0) result.mcpServers = mcpServers.sort(compareItemChanges);
  if (skillListsCompared > 0) result.skills = skills.sort(compareItemChanges);
  if (fileListsCompared > 0) result.knowledgeFiles = knowledgeFiles.sort(compareItemChanges);
  result.checkedOutputs.sort(compareText);
  result.notes.sort(compareText);
  return result;
}
