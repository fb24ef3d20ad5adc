/**
 * What the provider plugin (`plugin/server.ts`) and the Terraform provider (`terraform/`) must
 * know of each resource beyond its operations (`./operations.ts`): declared once per noun, in
 * `provider/<noun>/entry.ts`, typed by the noun's own inputs and outputs. Both serve the
 * implementation module the dynamic resource's stored provider text loads: one implementation,
 * three front doors, none of which a noun imports.
 *
 * @packageDocumentation
 */
import { fieldsWhere, type ResourceDeclaration } from "./declaration";
import type { DiffResult, NounOperations } from "./operations";

/** Properties as they cross the gRPC boundary: plain values, secrets unwrapped. */
export type PropertyMap = Record<string, unknown>;

/** What a noun declares for the plugin and the Terraform provider, typed by its inputs and outputs. */
export interface NounEntrySpec<Inputs, Outputs> {
  declaration: ResourceDeclaration;
  implementation: NounOperations<Inputs, Outputs>;
  /**
   * The properties a diff that found changes names, given the state (`olds`), the checked inputs
   * (`news`) and the implementation's own diff; each one's kind is decided by the plugin (a name
   * in `replaces` replaces). An output-only name is marked as not an input diff.
   */
  changedProperties(olds: Outputs, news: Inputs, diff: DiffResult): string[];
  /**
   * Changed properties that a refresh finds on the platform rather than in the program (drift of
   * an output the resource keeps, such as the disablement's `status`): shown as output diffs.
   */
  outputOnly?: readonly (keyof Outputs & string)[];
  /** Sets what the dynamic resource class passes and the plugin learns from the URN (before check). */
  prepareInputs?(news: PropertyMap, resourceName: string): PropertyMap;
  /**
   * The planned state a preview's Create (`olds` undefined) or Update answers, from the checked
   * inputs (values may be unknown) and the state: by default the inputs over the state. A noun
   * whose outputs never hold a secret input's value (McpServer's digests) answers them sealed
   * here too, since language runtimes print the planned state (docs/reliability.md).
   */
  previewState?(inputs: PropertyMap, olds: Partial<Outputs> | undefined): PropertyMap;
  /**
   * For an implementation whose read answers no inputs: the inputs of a resource being imported
   * (`pulumi import`, `get`), taken from the outputs it read.
   */
  importInputs?(outputs: Outputs): Partial<Inputs>;
}

/** One resource as the plugin serves it: untyped at the gRPC boundary. */
export interface NounEntry {
  /** Type token, e.g. `flashduty:index:AutomationRule`. */
  token: string;
  implementation: NounOperations<PropertyMap, PropertyMap>;
  /** Inputs kept secret whatever the program sent (also in the inputs state records): the declaration's secret inputs. */
  secretInputs: readonly string[];
  /** Outputs always returned as secrets: the declaration's secret fields. */
  secretOutputs: readonly string[];
  /** Changed properties that are outputs only (drift found by refresh). */
  outputOnly: readonly string[];
  changedProperties(olds: PropertyMap, news: PropertyMap, diff: DiffResult): string[];
  prepareInputs?(news: PropertyMap, resourceName: string): PropertyMap;
  previewState?(inputs: PropertyMap, olds: PropertyMap | undefined): PropertyMap;
  importInputs?(outputs: PropertyMap): PropertyMap;
}

/**
 * The plugin's view of a noun's entry. The one place where the plugin's untyped properties meet
 * the noun's types: what reaches `diff`, `update`, `read` and `deleteResource` as state is what
 * this implementation's own `create`, `update` or `read` wrote, and what reaches them as news has
 * passed its `check`, as the dynamic provider protocol also assumes.
 */
export function nounEntry<Inputs extends object, Outputs extends object>(spec: NounEntrySpec<Inputs, Outputs>): NounEntry {
  const fields = spec.declaration.fields;
  const outputs = fieldsWhere(fields, { kind: "out" });
  const secret = fieldsWhere(fields, { secret: true });
  return {
    token: spec.declaration.token,
    implementation: spec.implementation as unknown as NounOperations<PropertyMap, PropertyMap>,
    secretInputs: secret.filter((name) => !outputs.includes(name)),
    secretOutputs: secret,
    outputOnly: spec.outputOnly ?? [],
    changedProperties: (olds, news, diff) => spec.changedProperties(olds as Outputs, news as Inputs, diff),
    ...(spec.prepareInputs !== undefined ? { prepareInputs: spec.prepareInputs } : {}),
    ...(spec.previewState !== undefined
      ? { previewState: (inputs: PropertyMap, olds: PropertyMap | undefined) => spec.previewState!(inputs, olds as Partial<Outputs> | undefined) }
      : {}),
    ...(spec.importInputs !== undefined ? { importInputs: (outputs: PropertyMap) => spec.importInputs!(outputs as Outputs) as PropertyMap } : {}),
  };
}
