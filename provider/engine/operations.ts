/**
 * The operations every noun implements (`provider/<noun>/provider.ts`), over plain declared
 * values, whichever front door calls them: the dynamic resources (Pulumi's `pulumi-nodejs` runs
 * the stored provider text, which forwards to these functions), the provider plugin
 * (`plugin/`), and the Terraform provider (`terraform/`). Each front door adapts these shapes
 * to its own protocol; no noun implementation imports a front door.
 *
 * The shapes are those the dynamic provider protocol of `@pulumi/pulumi` also takes (so the
 * stored provider text forwards without adapting), written down here so that the nouns depend on
 * this file, not on a front door's package.
 *
 * @packageDocumentation
 */

/** One input refused by `check`: the field (camelCase, as declared) and why, naming the limit. */
export interface CheckFailure {
  /** The field, camelCase as declared (the Terraform front door names its snake_case attribute). */
  readonly property: string;
  /** Why, naming the limit. */
  readonly reason: string;
}

/** What `check` answers: the inputs to plan with (defaults not filled in), or the failures. */
export interface CheckResult<Inputs> {
  /** The inputs to plan with, when there is no failure. */
  readonly inputs?: Inputs;
  /** What was refused, one entry per field. */
  readonly failures?: CheckFailure[];
}

/**
 * What `diff` answers: whether anything the program manages differs from the state, the fields
 * whose change replaces the object, and whether the old object must go before the new one is made
 * (a name unique in its scope).
 */
export interface DiffResult {
  /** Whether anything the program manages differs. */
  readonly changes?: boolean;
  /** The fields whose change replaces the object. */
  readonly replaces?: string[];
  /** Fields known not to change. */
  readonly stables?: string[];
  /** Whether the old object must be deleted before the new one is made. */
  readonly deleteBeforeReplace?: boolean;
}

/** What `create` answers: the platform's id of the new object and the outputs to keep as state. */
export interface CreateResult<Outputs> {
  /** The platform's id of the object. */
  readonly id: string;
  /** The outputs to keep as state. */
  readonly outs?: Outputs;
}

/**
 * What `read` answers: the object's id and outputs, or no id when the object is gone; `inputs`,
 * the fields the program manages as they now stand (what an import or a refresh records as the
 * state's inputs).
 */
export interface ReadResult<Outputs> {
  /** The object's id; absent when the object is gone. */
  readonly id?: string;
  /** The outputs as the platform now holds them. */
  readonly props?: Outputs;
  /** The managed inputs as they now stand. */
  readonly inputs?: Outputs;
}

/** What `update` answers: the outputs to keep as state. */
export interface UpdateResult<Outputs> {
  /** The outputs to keep as state. */
  readonly outs?: Outputs;
}

/** The provider's settings as a front door hands them over (keys camelCase, e.g. `appKey`). */
export interface ConfigSettings {
  /** The setting's value, or undefined when it is not set. */
  get(key: string): string | undefined;
  /** The setting's value; throws when it is not set. */
  require(key: string): string;
}

/** What `configure` receives. */
export interface ConfigureRequest {
  /** The settings, read with `get` and `require`. */
  config: ConfigSettings;
}

/**
 * The operations of one noun, typed by its inputs and outputs. Errors: each throws the API
 * client's errors (`FlashdutyApiError` and kin) or an `Error` whose message names the field;
 * nothing half-done is left behind (docs/reliability.md).
 */
export interface NounOperations<Inputs, Outputs> {
  /** Takes the provider's settings (app key, base URL, ...); no API call. */
  configure(req: ConfigureRequest): Promise<void>;
  /** Judges the program's values against the declaration and the state's inputs (`olds`); no API call. */
  check(olds: Partial<Inputs>, news: Record<string, unknown>): Promise<CheckResult<Inputs>>;
  /** Compares the state (`olds`, the outputs) with checked inputs; no API call. */
  diff(id: string, olds: Outputs, news: Inputs): Promise<DiffResult>;
  /** Makes the object (or adopts what an interrupted create left). */
  create(inputs: Inputs): Promise<CreateResult<Outputs>>;
  /** Reads the object by id: refresh, import and `get`. */
  read(id: string, props: Partial<Outputs>): Promise<ReadResult<Outputs>>;
  /** Writes what changed. */
  update(id: string, olds: Outputs, news: Inputs): Promise<UpdateResult<Outputs>>;
  /** Deletes the object (or, for a disablement, puts back what it changed). */
  deleteResource(id: string, props: Outputs): Promise<void>;
}

/**
 * The request every front door hands to `configure`, over `source` (a setting's value by its
 * stack config key, e.g. `flashduty:appKey`, or undefined). `require` throws an `Error` naming the
 * key when it is not set.
 */
export function configureRequestOf(source: (key: string) => string | undefined): ConfigureRequest {
  return {
    config: {
      get: source,
      require: (key: string) => {
        const value = source(key);
        if (value === undefined) throw new Error(`missing required configuration key '${key}'`);
        return value;
      },
    },
  };
}
