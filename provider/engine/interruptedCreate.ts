/**
 * What every noun's create shares when it finds what an interrupted create of its stack left: an
 * object whose create reached the platform in a run that was killed before the state recorded it
 * (docs/interrupted-runs.md). Such an object is adopted, with a warning, when it has the create's
 * scope and name, its content (the declared fields, a skill's archive checksum) and was made by
 * the member the app key acts as (`../client/keyMember.ts`).
 *
 * An object that a create of this process adopted is never deleted by this process: a
 * replacement that creates first (`pulumi up --replace` of an unchanged resource, on the plugin
 * without `deleteBeforeReplace`) or a renamed resource hands the object over, instead of deleting
 * what the new resource now holds.
 *
 * @packageDocumentation
 */
import { notice } from "./notices";
import type { FlashdutyClient } from "../../sdk";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { keyMember } from "../client/keyMember";
import { applyCommand, ownerNoun } from "./frontDoor";

/** Ids (each noun's own prefix: `mcp_`, `a2a_`, `skill_`, `arule_`) a create of this process adopted. */
const adopted = new Set<string>();

/** Records that a create of this process adopted the object `id`. */
export function noteAdopted(id: string): void {
  adopted.add(id);
}

/**
 * Forgets the adoptions, as a new plugin process (a new update) starts. Never called by the
 * providers: for tests that run several updates in one process.
 *
 * @internal
 */
export function resetAdoptions(): void {
  adopted.clear();
}

/** Whether a create of this process adopted the object `id`: then a delete of this process leaves it (no call). */
export function adoptedInThisProcess(id: string): boolean {
  return adopted.has(id);
}

/** How an adopted object's creator was judged, for the warning. */
export type CreatorCheck = { compared: true; member: number } | { compared: false };

/**
 * Whether the object a create found under its name in its scope (names unique there) is what an
 * interrupted create of this stack left: no declared field differs (`differing`: the create's
 * declared fields, defaults filled, that differ from the object's; secret values the platform
 * masks count as equal) and the key's member made it (`createdBy`). When the platform does not
 * tell which member the key acts as (see `keyMember`: at most one `POST
 * /safari/automation/rule/list`), scope, name and content decide alone.
 *
 * @returns how the creator was judged, or undefined when the object is not adoptable.
 */
export async function fromInterruptedCreate(
  api: FlashdutyClient,
  object: { createdBy: number },
  differing: readonly string[],
): Promise<CreatorCheck | undefined> {
  if (differing.length > 0) return undefined;
  const member = await keyMember(api).catch(() => undefined);
  if (member !== undefined && object.createdBy !== member) return undefined;
  return member === undefined ? { compared: false } : { compared: true, member };
}

/** What {@link warnAdopted} names. */
export interface Adoption {
  /** The resource type, e.g. `McpServer`. */
  noun: string;
  /** The platform's word for the object, e.g. `MCP server`. */
  kind: string;
  id: string;
  /** Its name (platform text: quoted and escaped here). */
  name: string;
  teamId: number;
  /** The scope in words when `teamId` alone does not say it (a rule of team 0 is personal); default `account-wide` or `in team <id>`. */
  scope?: string;
  /** What matched besides scope and name, e.g. `every declared field equal`. */
  matched: string;
  creator: CreatorCheck;
  /** A sentence added after the rest (e.g. a rotated token), or "". */
  extra?: string;
}

/**
 * Warns (a Pulumi warning) that a create adopted an existing object: which, what matched, who made
 * it, and that destroy now deletes it. Platform text is quoted and escaped.
 */
export function warnAdopted(a: Adoption): void {
  const creator = a.creator.compared
    ? `made by this app key's member (${a.creator.member})`
    : "(the platform did not tell which member the app key acts as, so its creator was not compared)";
  notice(
    "warning",
    escapeTerminalControls(
      `${a.noun} adopted ${a.kind} '${a.id}' (${JSON.stringify(a.name)}, ${a.scope ?? (a.teamId === 0 ? "account-wide" : `in team ${a.teamId}`)}): ` +
        `it already existed with that name and ${a.matched}, ${creator}, as a create of this ${ownerNoun()} that was interrupted (a killed "${applyCommand()}") ` +
        `leaves it. This resource now manages it, and destroy deletes it${a.extra ? `; ${a.extra}` : ""}. ` +
        `If another ${ownerNoun()} manages it too, remove it from one of them (docs/interrupted-runs.md).`,
    ),
  );
}
