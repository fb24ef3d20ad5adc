import * as pulumi from "@pulumi/pulumi";
import type { Equal } from "../../wire/typeAssert";
import { suspendStackTraces } from "../engine/stackTraces";
import { checkGetSupported } from "./resourceGet";
import { fieldsNotWhere } from "../engine/declaration";
import { STORED_PROVIDER_KEY, storedProviderText } from "../engine/storedProviderText";
import { SKILL_TYPE } from "../engine/typeToken";
import { SKILL } from "../skill/declaration";

/** Arguments of {@link Skill}. */
export interface SkillArgs {
  /**
   * The skill: a Pulumi archive (a folder with a `SKILL.md` at its root, or an archive file) or the
   * path of a `.zip`, `.skill`, `.tar.gz` or `.tgz` file, at most 100 MB. Its `SKILL.md`
   * frontmatter names the skill (`name`) and gives its description, version and tags. Only its
   * content counts: an unchanged folder uploads nothing.
   */
  source: pulumi.Input<pulumi.asset.Archive | string>;
  /**
   * 0 = account-wide (owners/admins manage it); otherwise the owning team. Changing it moves the
   * skill in place (same `skillId`). Left out, it is `0` at create and not managed afterwards (a
   * change made in the console stays).
   */
  teamId?: pulumi.Input<number>;
  /**
   * The description, at most 1024 characters, no `<` or `>`. Default: the `SKILL.md` frontmatter's
   * `description`; set it only where it should differ. The platform cannot clear it.
   */
  description?: pulumi.Input<string>;
  /**
   * The English description, at most 1024 characters, no `<` or `>`. Default `""` (none). Left out,
   * it is `""` at create and not managed afterwards (a change made in the console stays).
   */
  descriptionEn?: pulumi.Input<string>;
  /** Whether the skill is enabled. Left out, it is `true` at create and not managed afterwards (a change made in the console stays). */
  enabled?: pulumi.Input<boolean>;
  /**
   * Adopts an existing skill instead of uploading a new one: create reads it and uploads the
   * archive over it (`replace`, same id). Naming another skill replaces the resource. (The dynamic
   * resource cannot be imported: adopt a skill made in the console with this.)
   */
  skillId?: pulumi.Input<string>;
}

/** The state of a {@link Skill} as the stack records it; the third argument of {@link Skill.get}. */
export interface SkillState {
  /**
   * The skill: a Pulumi archive (a folder with a `SKILL.md` at its root, or an archive file) or the
   * path of a `.zip`, `.skill`, `.tar.gz` or `.tgz` file, at most 100 MB. Its `SKILL.md`
   * frontmatter names the skill (`name`) and gives its description, version and tags. Only its
   * content counts: an unchanged folder uploads nothing.
   */
  source?: pulumi.Input<pulumi.asset.Archive | string>;
  /** 0 = account-wide (owners/admins manage it); otherwise the owning team. Changing it moves the skill in place (same `skillId`). Default `0`. */
  teamId?: pulumi.Input<number>;
  /**
   * The description, at most 1024 characters, no `<` or `>`. Default: the `SKILL.md` frontmatter's
   * `description`; set it only where it should differ. The platform cannot clear it.
   */
  description?: pulumi.Input<string>;
  /** The English description, at most 1024 characters, no `<` or `>`. Default `""` (none). */
  descriptionEn?: pulumi.Input<string>;
  /** Whether the skill is enabled. Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /**
   * SHA-256 (hex) of the archive `source` uploads: what the diff compares. After a refresh that
   * finds the skill re-uploaded in the console, the platform's `checksum` of it.
   */
  sourceHash?: pulumi.Input<string>;
  /** Skill id (`skill_...`). For `get`, the id argument names the skill and this is ignored. */
  skillId?: pulumi.Input<string>;
  /** The skill's name: its `SKILL.md` frontmatter `name`, unique in its scope. */
  skillName?: pulumi.Input<string>;
  /** Frontmatter `version`, or `""`. */
  version?: pulumi.Input<string>;
  /** Frontmatter `tags`. */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /** Tools the skill uses: builtin names or `mcp:<server>/<tool>`. */
  tools?: pulumi.Input<pulumi.Input<string>[]>;
  /** Frontmatter `author`, or `""`. */
  author?: pulumi.Input<string>;
  /** Frontmatter `license`, or `""`. */
  license?: pulumi.Input<string>;
  /** SHA-256 (hex) of the archive the platform holds. */
  checksum?: pulumi.Input<string>;
  /** True once the skill was changed in the console after its upload; the next `up` uploads the stack's archive again. */
  isModified?: pulumi.Input<boolean>;
  /** `enabled` or `disabled`. */
  status?: pulumi.Input<string>;
  /** Owning account. */
  accountId?: pulumi.Input<number>;
  /** Whether the app key's member may change the skill. */
  canEdit?: pulumi.Input<boolean>;
  /** Member id of the creator. */
  createdBy?: pulumi.Input<number>;
  /** Creation time, epoch milliseconds. */
  createdAt?: pulumi.Input<number>;
  /** Last change, epoch milliseconds. */
  updatedAt?: pulumi.Input<number>;
}

/**
 * The outputs of {@link Skill}: every field of its declaration but its bookkeeping
 * (`adoptedSkillId`, `uploadedChecksum`), checked against the class's state type at compile time.
 *
 * @internal
 */
export const STATE_KEYS = fieldsNotWhere(SKILL.fields, { bookkeeping: true }) satisfies readonly (keyof SkillState)[];
true satisfies Equal<(typeof STATE_KEYS)[number], keyof SkillState>;

/**
 * The provider stored in state (`__provider`), as the other resources store theirs.
 *
 * FROZEN CONTRACT: the module path `pulumi-flashduty/provider/skillProvider` and the names called
 * there must never change or disappear; every stack keeps this text in its state.
 *
 * @internal
 */
export const STORED_PROVIDER_TEXT = storedProviderText("pulumi-flashduty/provider/skillProvider");

/**
 * A skill of the Flashduty AI SRE platform (a folder with a `SKILL.md` and its scripts), kept in
 * the program's repository and uploaded from it. A dynamic resource: type token
 * `pulumi-nodejs:dynamic/flashduty:Skill`.
 *
 * - check (preview, before any call): `source` is read (a folder zipped the same way every time)
 *   and refused naming the input when it has no `SKILL.md` at its root, no frontmatter `name`, is
 *   over 100 MB or its description holds `<` or `>`.
 * - create: one `POST /safari/skill/upload` (multipart), exactly once (a lost answer is found by
 *   name and checksum before any retry: never two skills); a name taken in the scope fails naming
 *   the skill and how to adopt it with `skillId`.
 * - update: the archive's SHA-256 (`sourceHash`) drives the diff: changed content is one upload
 *   over the same `skillId` (`replace`); `description`, `descriptionEn` and `teamId` are one
 *   `skill/update`; `enabled` goes through `skill/enable` / `skill/disable` after a read.
 * - refresh: `skill/get`; a console re-upload (another `checksum`, `isModified`) shows as a
 *   `sourceHash` change, an edit as the field; the next `up` puts the stack's archive back. A skill
 *   deleted on the platform leaves the stack.
 * - delete: `skill/delete`; a skill already gone is success.
 * - reading a skill without managing it: {@link Skill.get}.
 */
export class Skill extends pulumi.CustomResource {
  /**
   * Reads an existing skill into the program by its id (`POST /safari/skill/get`): a read-only
   * resource of the stack that no `up` or `destroy` changes. Needs `@pulumi/pulumi` 3.268.0 or
   * later; throws at once with an earlier one. An unknown skill fails the preview with
   * "skill '<id>' not found".
   *
   * @param name the Pulumi resource name
   * @param id the skill id (`skill_...`)
   * @param state extra state the read starts from
   * @param opts resource options; `id` is set from `id`
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: SkillState, opts?: pulumi.CustomResourceOptions): Skill {
    checkGetSupported("Skill");
    return new Skill(name, state as unknown as SkillArgs, { ...opts, id });
  }

  /** The type token. @internal */
  public static readonly __pulumiType: string = SKILL_TYPE;

  /** Whether `obj` is a `Skill` resource, by its type token (also across copies of this package). */
  public static override isInstance(obj: unknown): obj is Skill {
    if (obj === undefined || obj === null) return false;
    return (obj as { __pulumiType?: unknown }).__pulumiType === Skill.__pulumiType;
  }

  /**
   * The skill: a Pulumi archive (a folder with a `SKILL.md` at its root, or an archive file) or the
   * path of a `.zip`, `.skill`, `.tar.gz` or `.tgz` file, at most 100 MB. Its `SKILL.md`
   * frontmatter names the skill (`name`) and gives its description, version and tags. Only its
   * content counts: an unchanged folder uploads nothing.
   */
  declare public readonly source: pulumi.Output<pulumi.asset.Archive | string>;
  /** 0 = account-wide (owners/admins manage it); otherwise the owning team. Changing it moves the skill in place (same `skillId`). Default `0`. */
  declare public readonly teamId: pulumi.Output<number>;
  /**
   * The description, at most 1024 characters, no `<` or `>`. Default: the `SKILL.md` frontmatter's
   * `description`; set it only where it should differ. The platform cannot clear it.
   */
  declare public readonly description: pulumi.Output<string>;
  /** The English description, at most 1024 characters, no `<` or `>`. Default `""` (none). */
  declare public readonly descriptionEn: pulumi.Output<string>;
  /** Whether the skill is enabled. Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean>;
  /**
   * SHA-256 (hex) of the archive `source` uploads: what the diff compares. After a refresh that
   * finds the skill re-uploaded in the console, the platform's `checksum` of it.
   */
  declare public readonly sourceHash: pulumi.Output<string>;
  /** Skill id (`skill_...`). For `get`, the id argument names the skill and this is ignored. */
  declare public readonly skillId: pulumi.Output<string>;
  /** The skill's name: its `SKILL.md` frontmatter `name`, unique in its scope. */
  declare public readonly skillName: pulumi.Output<string>;
  /** Frontmatter `version`, or `""`. */
  declare public readonly version: pulumi.Output<string>;
  /** Frontmatter `tags`. */
  declare public readonly tags: pulumi.Output<string[]>;
  /** Tools the skill uses: builtin names or `mcp:<server>/<tool>`. */
  declare public readonly tools: pulumi.Output<string[]>;
  /** Frontmatter `author`, or `""`. */
  declare public readonly author: pulumi.Output<string>;
  /** Frontmatter `license`, or `""`. */
  declare public readonly license: pulumi.Output<string>;
  /** SHA-256 (hex) of the archive the platform holds. */
  declare public readonly checksum: pulumi.Output<string>;
  /** True once the skill was changed in the console after its upload; the next `up` uploads the stack's archive again. */
  declare public readonly isModified: pulumi.Output<boolean>;
  /** `enabled` or `disabled`. */
  declare public readonly status: pulumi.Output<string>;
  /** Owning account. */
  declare public readonly accountId: pulumi.Output<number>;
  /** Whether the app key's member may change the skill. */
  declare public readonly canEdit: pulumi.Output<boolean>;
  /** Member id of the creator. */
  declare public readonly createdBy: pulumi.Output<number>;
  /** Creation time, epoch milliseconds. */
  declare public readonly createdAt: pulumi.Output<number>;
  /** Last change, epoch milliseconds. */
  declare public readonly updatedAt: pulumi.Output<number>;

  /**
   * @param name the Pulumi resource name (unique in the stack)
   * @param args the skill's `source` (required) and its settings
   * @param opts standard resource options
   */
  constructor(name: string, args: SkillArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, argsOrState?: SkillArgs | SkillState, opts?: pulumi.CustomResourceOptions) {
    const reading = Boolean(opts?.id);
    const args = argsOrState as SkillArgs | undefined;
    const state = argsOrState as SkillState | undefined;
    const outputs: Record<string, unknown> = Object.fromEntries(STATE_KEYS.map((key) => [key, undefined]));
    // No stack traces for the runtime to record while declaring (provider/engine/stackTraces.ts).
    const traces = suspendStackTraces();
    try {
      super(
        SKILL_TYPE,
        name,
        reading
          ? { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...state, skillId: undefined }
          : { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...args, skillId: args?.skillId },
        {
          ...opts,
          // Names are unique in their scope: a replacement (`--replace`, a new skillId) deletes first.
          ...(reading ? {} : { deleteBeforeReplace: opts?.deleteBeforeReplace ?? true }),
        },
      );
    } catch (err) {
      throw traces.restoredFor(err, Skill);
    } finally {
      traces.restore();
    }
  }
}
