/**
 * What a create of an `AutomationRule` finds of an interrupted create of its stack: a rule whose
 * create reached the platform in a run that was killed before the state recorded it
 * (docs/interrupted-runs.md). Rule names are not unique, so the platform never refuses the
 * second create: without this look, the re-run makes the rule again and the automation fires
 * twice.
 *
 * Before its create, each `AutomationRule` create of this process looks among the rules that
 * existed before any create of this process in its scope (one complete listing per scope and
 * process, taken when the scope's first create starts, so no rule this process makes is in it)
 * for a rule of the same scope and name whose declared fields all equal the create's (defaults
 * filled, lists as sets), which the app key's member made, that it may edit, and that no other
 * create of this process has made or taken ("claimed": two alike declarations in one program
 * still get two rules). One such rule is adopted with a warning; none, or more than one (which
 * is which cannot be told: the warning names them), and the create makes a new rule.
 *
 * A rule that a create of this process adopted is never deleted by this process (see
 * `../engine/interruptedCreate.ts`): `pulumi up --replace` of an unchanged rule (rules are made
 * before the old one is deleted) hands the rule over instead of deleting what the new resource holds.
 *
 * @packageDocumentation
 */
import { notice } from "../engine/notices";
import type { AutomationRule, AutomationRuleFields, AutomationRuleWithToken, FlashdutyClient, ListAllAutomationRulesParams } from "../../sdk";
import { FlashdutyPagingError, isFlashdutyApiError } from "../../sdk/errors";
import { matchesDeclared } from "../../sdk/resources/automationRules";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { LIMITS } from "../../wire/protocol";
import { keyMember } from "../client/keyMember";
import { noteAdopted, warnAdopted } from "../engine/interruptedCreate";
import { ownerNoun } from "../engine/frontDoor";

/** Rule ids a create of this process made or adopted: no other create of this process takes them. */
const claimed = new Set<string>();

/** Per client: the listing of each scope (`personal`, `team:<id>`), or of a scope and a name (`<scope>\n<name>`). */
let listings = new WeakMap<FlashdutyClient, Map<string, Promise<AutomationRule[]>>>();

/**
 * Forgets every claim and listing, as a new plugin process (a new update) starts. Never called by
 * the providers: for tests that run several updates in one process.
 *
 * @internal
 */
export function resetRuleClaims(): void {
  claimed.clear();
  listings = new WeakMap();
}

/** Records a rule this process made (or took by its `ruleId` input): no create of this process adopts it. */
export function claimRule(ruleId: string): void {
  claimed.add(ruleId);
}

/**
 * The rules of scope `teamId` (0 = the caller's personal rules), listed once per client and
 * process through `automationRules.listAllAsArray` (`POST /safari/automation/rule/list`, every
 * page). A scope with more rules than the paging window (10,000) is listed by `name` instead
 * (`keyword`: its first 64 characters), once per name. Another failed listing is forgotten, so the
 * next create lists again.
 * @throws the listing's errors (FlashdutyApiError, FlashdutyConnectionError, ...).
 */
function rulesOfScope(api: FlashdutyClient, teamId: number, name: string): Promise<AutomationRule[]> {
  const memo = listings.get(api) ?? new Map<string, Promise<AutomationRule[]>>();
  listings.set(api, memo);
  const list = (key: string, params: ListAllAutomationRulesParams): Promise<AutomationRule[]> => {
    let listing = memo.get(key);
    if (listing === undefined) {
      listing = api.automationRules.listAllAsArray(params);
      memo.set(key, listing);
      // A scope too large stays too large for this run; any other failure is tried again by the next create.
      listing.catch((err: unknown) => {
        if (!(err instanceof FlashdutyPagingError && err.reason === "window") && memo.get(key) === listing) memo.delete(key);
      });
    }
    return listing;
  };
  const scope: ListAllAutomationRulesParams = teamId > 0 ? { scope: "team", teamIds: [teamId] } : { scope: "personal" };
  const scopeKey = teamId > 0 ? `team:${teamId}` : "personal";
  return list(scopeKey, scope).catch((err: unknown) => {
    if (!(err instanceof FlashdutyPagingError && err.reason === "window")) throw err;
    return list(`${scopeKey}\n${name}`, { ...scope, keyword: [...name].slice(0, LIMITS.maxKeywordLength).join("") });
  });
}

/**
 * Finds and adopts what an interrupted create of this stack left for `fields` (the create's
 * declared fields, defaults filled; see the module notes), before the create.
 *
 * The creator: a personal rule is listed to its owner only, so it is the key's member's; a team
 * rule's `ownerId` must be the member the key acts as (`keyMember`). When the platform does not
 * tell that member (a key whose member has no personal rule, before this process made anything),
 * scope, name and every declared field decide alone, and the warning says so.
 *
 * Calls: the scope's listing (once per process), at most one rule list for the key's member,
 * then, for the rule adopted, `POST /safari/automation/rule/get` (or `rule/update` rotating the
 * HTTP POST token when one is declared: the token came only in the lost answer).
 *
 * @returns the adopted rule (with its new `httpPostToken` when rotated), or undefined: create one.
 * @throws the listing's errors (the create is not sent then).
 */
export async function adoptInterruptedRule(api: FlashdutyClient, fields: AutomationRuleFields): Promise<AutomationRuleWithToken | undefined> {
  const teamId = fields.teamId ?? 0;
  const alike = (await rulesOfScope(api, teamId, fields.name)).filter(
    (rule) => rule.teamId === teamId && rule.name === fields.name && rule.canEdit && matchesDeclared(rule, fields),
  );
  if (alike.every((rule) => claimed.has(rule.ruleId))) return undefined;
  const member = teamId > 0 ? await keyMember(api) : undefined;
  const byMember = member === undefined ? alike : alike.filter((rule) => rule.ownerId === member);
  // Filtered and claimed with no await between: two creates of this process never take the same rule.
  const candidates = byMember.filter((rule) => !claimed.has(rule.ruleId));
  if (candidates.length === 0) return undefined;
  if (candidates.length > 1) {
    warnAlike(fields, candidates);
    return undefined;
  }
  const [candidate] = candidates as [AutomationRule];
  claimed.add(candidate.ruleId);
  let rule: AutomationRuleWithToken;
  try {
    rule =
      fields.httpPostTriggerEnabled === true && candidate.httpPostTriggerId !== undefined
        ? await api.automationRules.update({ ruleId: candidate.ruleId, rotateHttpPostTriggerToken: true })
        : await api.automationRules.get({ ruleId: candidate.ruleId });
  } catch (err) {
    // Deleted since the listing: nothing to adopt.
    if (isFlashdutyApiError(err) && err.isNotFound) return undefined;
    throw err;
  }
  noteAdopted(rule.ruleId);
  warnAdopted({
    noun: "AutomationRule",
    kind: "automation rule",
    id: rule.ruleId,
    name: rule.name,
    teamId,
    ...(teamId === 0 ? { scope: "personal" } : {}),
    matched: "every declared field equal",
    // A personal rule is listed to its owner only: the key's member made it.
    creator: teamId === 0 ? { compared: true, member: rule.ownerId } : member === undefined ? { compared: false } : { compared: true, member },
    extra: rule.httpPostToken !== undefined ? "its HTTP POST token was rotated (the old one stops working)" : "",
  });
  return rule;
}

/** Warns that several alike rules exist, so none was adopted and a new one is made; names them (docs/interrupted-runs.md). */
function warnAlike(fields: AutomationRuleFields, rules: readonly AutomationRule[]): void {
  const teamId = fields.teamId ?? 0;
  notice(
    "warning",
    escapeTerminalControls(
      `AutomationRule ${JSON.stringify(fields.name)}: ${rules.length} rules of that name with every declared field equal already exist ` +
        `${teamId === 0 ? "(personal)" : `in team ${teamId}`} (${rules.map((r) => `'${r.ruleId}'`).join(", ")}), and which one, if any, an interrupted ` +
        `create of this ${ownerNoun()} made cannot be told, so none is adopted and a new rule is made. After this run, delete those of them that no resource ` +
        `of this ${ownerNoun()} holds (docs/interrupted-runs.md, "Alike rules").`,
    ),
  );
}
