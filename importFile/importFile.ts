/**
 * Pulumi's bulk import file (`pulumi import --file`) for an account: which of the account's
 * objects go in it (filters, what cannot be imported and why: skills, what the key cannot edit,
 * what the resource's own `check` would refuse after the import), their logical names, and what
 * the user must fill in before the first `up` (the secrets the platform answers masked).
 *
 * The file's format is the Pulumi CLI's (`pulumi import --help`): `{ "resources": [{ "type",
 * "name", "id" }] }`; `name` is both the resource's logical name and the variable of the program
 * the CLI writes. Nothing else is written: no value, no provider, no version.
 *
 * @packageDocumentation
 */
import picomatch from "picomatch";
import type { FlashdutyClient } from "../sdk";
import { type Candidate, candidateLists, type Kind, KINDS, TYPE_TOKENS } from "./candidates";
import { type CheckedResource, type CheckFailure, disablementImportInputs, failuresAfterImport, loadCheck } from "./importedCheck";
import { uniqueNames } from "./logicalNames";
import { SECRET_MAP_FIELDS } from "./secretMaps";

/** The choices of {@link buildImportFile}; every filter is optional. */
export interface ImportFileOptions {
  /** Only objects of these teams (0 = account-wide, and personal rules); absent = every team. */
  teamIds?: readonly number[];
  /** Only these kinds; absent = every kind. */
  kinds?: readonly Kind[];
  /** A glob (picomatch, case-insensitive; `*` does not cross `/` of a knowledge file's path) on the platform's name; absent = every name. */
  namePattern?: string;
  /** Disabled MCP servers as `McpServerDisablement`s (the program keeps them disabled, nothing more) instead of `McpServer`s; default false. */
  disablements?: boolean;
}

/** One entry of the import file. */
export interface ImportFileResource {
  /** The plugin's type token, e.g. `flashduty:index:McpServer`. */
  type: string;
  /** Logical name and program variable: `[a-z][A-Za-z0-9]*`, unique in the file. */
  name: string;
  /** The id `pulumi import` reads the object by. */
  id: string;
}

/** The file `pulumi import --file` reads. */
export interface ImportFile {
  resources: ImportFileResource[];
}

/** An object left out of the file, and why. */
export interface SkippedObject {
  /** The type token it would have had. */
  type: string;
  /** The platform's id (a skill's: the `skillId` to adopt it by). */
  id: string;
  /** The platform's name; untrusted text, escape it before showing it. */
  platformName: string;
  /** Why, in a sentence of ours; it may quote platform text (a check's failure): escape it before showing it. */
  reason: string;
}

/** A secret of an imported resource that the program must be given before the first `up`. */
export interface SecretToFill {
  /** The resource's name in the file. */
  name: string;
  type: string;
  /** `headers.<key>`, `env.<key>` or `authConfig.<key>`; the key is the platform's (untrusted) text. */
  field: string;
}

/**
 * A secret map of an imported resource as the platform answers it (masked values `******`): what
 * the Terraform form of the file needs, since Terraform's write-only attributes are never read
 * back into configuration.
 */
export interface SecretMap {
  /** The resource's name in the file. */
  name: string;
  type: string;
  /** `env`, `headers` or `authConfig`. */
  field: string;
  /** Key → value; keys and unmasked values are the platform's (untrusted) text. */
  values: Record<string, string>;
}

/** What {@link buildImportFile} answers. */
export interface ImportFileResult {
  file: ImportFile;
  skipped: SkippedObject[];
  secretsToFill: SecretToFill[];
  /** The non-empty secret maps of the imported resources, in the file's order. */
  secretMaps: SecretMap[];
}

/** Why a skill is never in the file. */
export const SKILL_REASON =
  "pulumi import is not offered for Skill: no read returns a skill's archive, so no program could be written from it; declare the Skill with its folder and adopt it by this skillId";

/** Why an object the key cannot edit is left out. */
const CANNOT_EDIT: Record<Exclude<Kind, "skill">, string> = {
  mcpServer: "the app key cannot edit this server (can_edit false: another team's, or an account-wide server and the key is no admin)",
  automationRule: "the app key cannot edit this rule (can_edit false: a rule of another team or another member)",
  a2aAgent: "the app key cannot edit this agent (can_edit false: another team's)",
  knowledgeFile: "the app key cannot write this pack's files (can_edit false: another team's pack)",
};

/** The prefix of each kind's logical names. */
const PREFIX = { mcpServer: "server", mcpServerDisablement: "disablement", automationRule: "rule", a2aAgent: "agent", knowledgeFile: "file" } as const;

/**
 * Why an object the resource's own `check` refuses after an import is left out: each failure
 * (the input and the check's reason, which may quote platform text), then what to do.
 */
export function checkFailureReason(failures: readonly CheckFailure[]): string {
  const fields = [...new Set(failures.map((f) => f.field))];
  const each = failures.map((f) => `${f.field}: ${f.reason}`).join("; ");
  const named = fields.join(", ");
  return (
    `no program can declare it as the platform holds it: the provider's check refuses its ${named} even as the value in state (${each}); ` +
    `change ${named} in the Flashduty console to a value the check accepts, then run import-file again`
  );
}

/**
 * Reads the account (see `readCandidates` for the operations) and makes the import file: every
 * object that passes the filters, that the key may edit and whose resource's own `check` passes
 * as the engine runs it after the import (`failuresAfterImport`), ordered by type token then id,
 * with unique names (`logicalNames.ts`); skills, objects the key cannot edit and objects the
 * check refuses in `skipped`; the masked secrets of the imported resources in `secretsToFill`.
 *
 * @throws Error naming `namePattern` when it is empty, before any API call (picomatch takes any other text as a glob).
 * @throws the client's errors.
 */
export async function buildImportFile(client: FlashdutyClient, options: ImportFileOptions = {}): Promise<ImportFileResult> {
  const matches = nameMatcher(options.namePattern);
  const kinds = new Set<Kind>(options.kinds ?? KINDS);
  const teams = options.teamIds === undefined ? undefined : new Set(options.teamIds);
  const inScope = (c: Candidate) => (teams === undefined || teams.has(c.teamId)) && matches(c.name);
  // The checks' modules load while the listings are in flight, and each kind is checked as its
  // listing arrives, while the others' are still in flight.
  const loading = preloadChecks(kinds, options);
  const lists = candidateLists(client, kinds).map(async (list) => withCheckFailures((await list).filter(inScope), options));
  const [checked] = await Promise.all([Promise.all(lists), loading]);
  return importFileOf(checked.flat(), options, matches);
}

/** Starts loading the `check` of each resource `kinds` may be imported as (failures surface when it is used). */
function preloadChecks(kinds: ReadonlySet<Kind>, options: ImportFileOptions): Promise<void> {
  const resources = [...kinds].filter((k): k is Exclude<Kind, "skill"> => k !== "skill") as CheckedResource[];
  if (kinds.has("mcpServer") && options.disablements === true) resources.push("mcpServerDisablement");
  return Promise.all(resources.map((r) => loadCheck(r).catch(() => undefined))).then(() => undefined);
}

/** The resource a candidate is imported as, or undefined when it is not imported (a skill, or what the key cannot edit). */
function importedAs(candidate: Candidate, options: ImportFileOptions): CheckedResource | undefined {
  if (candidate.kind === "skill" || !candidate.canEdit) return undefined;
  return asDisablement(candidate, options) ? "mcpServerDisablement" : candidate.kind;
}

function asDisablement(candidate: Candidate, options: ImportFileOptions): boolean {
  return candidate.kind === "mcpServer" && options.disablements === true && candidate.disabled === true;
}

/**
 * The candidates, each one the file would import held to its resource's own `check` as the engine
 * runs it after `pulumi import` (`failuresAfterImport` of `importedCheck.ts`; a disabled server
 * as the `McpServerDisablement` it becomes under `disablements`): `checkFailures` set on those
 * it refuses. No API call.
 */
export async function withCheckFailures(candidates: readonly Candidate[], options: Pick<ImportFileOptions, "disablements"> = {}): Promise<Candidate[]> {
  const checked: Candidate[] = [];
  for (const candidate of candidates) {
    const resource = importedAs(candidate, options);
    const inputs = resource === "mcpServerDisablement" ? disablementImportInputs(candidate.id) : candidate.importInputs;
    if (resource === undefined || inputs === undefined) {
      checked.push(candidate);
      continue;
    }
    const failures = await failuresAfterImport(resource, inputs);
    checked.push(failures.length === 0 ? candidate : { ...candidate, checkFailures: failures });
  }
  return checked;
}

/** The name filter: everything, or picomatch's glob on the platform's name (case-insensitive). */
function nameMatcher(pattern: string | undefined): (name: string) => boolean {
  if (pattern === undefined) return () => true;
  if (pattern === "") throw new Error("namePattern must be a non-empty glob (e.g. 'grafana-*')");
  return picomatch(pattern, { nocase: true, dot: true });
}

/**
 * The file, the skipped objects and the secrets to fill, from the candidates read (with the
 * `checkFailures` of {@link withCheckFailures}: a candidate they name is skipped); no API call.
 *
 * @internal exported for the unit tests (no API needed).
 */
export function importFileOf(candidates: readonly Candidate[], options: ImportFileOptions, matches: (name: string) => boolean = () => true): ImportFileResult {
  const teams = options.teamIds === undefined ? undefined : new Set(options.teamIds);
  const kept: Array<{ candidate: Candidate; type: string; prefix: string }> = [];
  const skipped: SkippedObject[] = [];
  for (const candidate of candidates) {
    if (teams !== undefined && !teams.has(candidate.teamId)) continue;
    if (!matches(candidate.name)) continue;
    const { kind } = candidate;
    if (kind === "skill") {
      skipped.push({ type: TYPE_TOKENS.skill, id: candidate.id, platformName: candidate.name, reason: SKILL_REASON });
      continue;
    }
    const disablement = asDisablement(candidate, options);
    const type = disablement ? TYPE_TOKENS.mcpServerDisablement : TYPE_TOKENS[kind];
    if (!candidate.canEdit) {
      skipped.push({ type, id: candidate.id, platformName: candidate.name, reason: CANNOT_EDIT[kind] });
      continue;
    }
    if (candidate.checkFailures !== undefined && candidate.checkFailures.length > 0) {
      skipped.push({ type, id: candidate.id, platformName: candidate.name, reason: checkFailureReason(candidate.checkFailures) });
      continue;
    }
    kept.push({ candidate, type, prefix: disablement ? PREFIX.mcpServerDisablement : PREFIX[kind] });
  }
  kept.sort((a, b) => compare(a.type, b.type) || compare(a.candidate.id, b.candidate.id));
  skipped.sort((a, b) => compare(a.type, b.type) || compare(a.id, b.id));
  const names = uniqueNames(kept.map(({ candidate, prefix }) => ({ prefix, platformName: candidate.name, id: candidate.id, createdAt: candidate.createdAt })));
  const resources = kept.map(({ candidate, type }, i) => ({ type, name: names[i] as string, id: candidate.id }));
  const secretsToFill = kept.flatMap(({ candidate, type }, i) =>
    // A disablement declares no secret: only the server's id.
    type === TYPE_TOKENS.mcpServerDisablement ? [] : candidate.maskedSecrets.map((field) => ({ name: names[i] as string, type, field })),
  );
  const secretMaps = kept.flatMap(({ candidate, type }, i) =>
    type === TYPE_TOKENS.mcpServerDisablement
      ? []
      : SECRET_MAP_FIELDS.flatMap((field) => {
          const values = candidate.importInputs?.[field];
          if (values === null || typeof values !== "object" || Object.keys(values).length === 0) return [];
          return [{ name: names[i] as string, type, field, values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) }];
        }),
  );
  return { file: { resources }, skipped, secretsToFill, secretMaps };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
