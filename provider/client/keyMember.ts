/**
 * The member an app key acts as, for telling objects this key's member made (which an interrupted
 * create of the stack may have left) from objects other members made.
 *
 * The platform documents no operation that answers who the caller is (docs/platform-api.md). Two
 * things tell it without a write:
 * - the answer of a create this process made: a skill's `created_by`, a rule's `owner_id`
 *   (callers note it with {@link noteKeyMember});
 * - the caller's own personal rules: `POST /safari/automation/rule/list` with `scope: "personal"`
 *   lists only the caller's, so any row's `owner_id` is the caller (one page of one row).
 * When neither tells (a key whose member has no personal rule, before this process made
 * anything), the member is unknown and callers compare what else they can (name, scope, content).
 *
 * @packageDocumentation
 */
import type { FlashdutyClient } from "../../sdk";

/** Per client (one per app key and base URL in a process): the member, or the lookup under way. */
const members = new WeakMap<FlashdutyClient, Promise<number | undefined>>();

/**
 * Records that `api`'s key acts as member `memberId`, as the answer of a create this process made
 * says (a skill's `createdBy`, a rule's `ownerId`). A member id that is not a positive integer is ignored.
 */
export function noteKeyMember(api: FlashdutyClient, memberId: number): void {
  if (!Number.isInteger(memberId) || memberId <= 0) return;
  members.set(api, Promise.resolve(memberId));
}

/**
 * The member id `api`'s key acts as, or undefined when the platform does not tell (see the module
 * notes). Looked up once per client and process: a noted create answer, else one `POST
 * /safari/automation/rule/list` (`scope: "personal"`, `limit: 1`). A failed lookup answers
 * undefined and is tried again by the next caller.
 */
export async function keyMember(api: FlashdutyClient): Promise<number | undefined> {
  let known = members.get(api);
  if (known === undefined) {
    const lookup = api.automationRules
      .list({ scope: "personal", page: 1, limit: 1 })
      .then(({ rules }) => rules.find((rule) => rule.teamId === 0 && rule.ownerId > 0)?.ownerId)
      .catch(() => undefined);
    known = lookup.then((member) => {
      // Only a member found is kept: a key with no personal rule yet may get one (or note a create) later.
      if (member === undefined && members.get(api) === known) members.delete(api);
      return member;
    });
    members.set(api, known);
  }
  return known;
}
