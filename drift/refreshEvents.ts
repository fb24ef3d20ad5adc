/**
 * Reads the engine events of a refresh preview (`stack.preview({ refresh: true, onEvent })`)
 * into what drift detection needs. Facts of the engine this relies on (Pulumi 3.x, checked
 * against pulumi/pulumi sdk/nodejs/automation and a real run):
 * - each resource in state gets a `refresh` step; its `resOutputsEvent` carries `old` (the state
 *   before, i.e. as of the last `up` or refresh) and `new` (what the provider's read returned).
 *   A resource whose read found nothing (our provider returns `{}` for a deleted server) has an
 *   empty `new` (no `urn`): the refresh drops it, and the program's step for it becomes a `create`;
 * - the root `pulumi:pulumi:Stack` resource also gets a refresh step (its `old.outputs` are the
 *   outputs of the last `up`), and its last non-refresh `resOutputsEvent` carries the outputs
 *   the program computes now (data sources are invoked during preview, so they are known);
 * - with `showSecrets` off, secret values arrive as `"[secret]"`; values not known during the
 *   preview arrive as `UNKNOWN_VALUE` (provider/engine/unknown.ts).
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";

/** Type token of the root resource of every stack. */
export const STACK_TYPE = "pulumi:pulumi:Stack";

/** One resource's refresh: outputs in state before, and what the read found (undefined: gone). */
export interface RefreshedResource {
  urn: string;
  /**
   * The type token; a Flashduty resource has either form (`pulumi-nodejs:dynamic/flashduty:<Noun>`
   * or the provider plugin's `flashduty:index:<Noun>`), matched by `isResourceType`
   * (provider/engine/typeToken.ts).
   */
  type: string;
  before: Record<string, unknown>;
  after: Record<string, unknown> | undefined;
  /**
   * The input names the state holds (`old.inputs`): after an `up`, the fields the program sets.
   * A field the program leaves out is not managed, so its change is no drift
   * (provider/engine/programFields.ts). Undefined when the event carries no inputs (every field
   * counts then); a standalone `pulumi refresh` stores every field as an input.
   */
  managed?: readonly string[];
}

/** The fields of `fields` that `resource`'s program manages (all of them when its state says nothing). */
export function managedFields<F extends string>(resource: Pick<RefreshedResource, "managed">, fields: readonly F[]): F[] {
  const managed = resource.managed;
  return managed === undefined ? [...fields] : fields.filter((field) => managed.includes(field));
}

/** What a refresh preview's events say. */
export interface RefreshObservations {
  /** Every other resource refreshed (providers included), in event order. */
  resources: RefreshedResource[];
  /** The root stack's outputs as of the last `up`; undefined when the stack has no deployment. */
  stackOutputsBefore: Record<string, unknown> | undefined;
  /** The root stack's outputs as the program computes them now; undefined if never reported. */
  stackOutputsAfter: Record<string, unknown> | undefined;
  /** Messages of `error` diagnostics (program or provider errors), in order. */
  errors: string[];
}

/** Collects {@link RefreshObservations} from a preview's engine events (in the order received). */
export function readRefreshEvents(events: readonly EngineEvent[]): RefreshObservations {
  const observations: RefreshObservations = { resources: [], stackOutputsBefore: undefined, stackOutputsAfter: undefined, errors: [] };
  for (const event of events) {
    const diagnostic = event.diagnosticEvent;
    if (diagnostic !== undefined && diagnostic.severity === "error") observations.errors.push(diagnostic.message.trim());
    const outputs = event.resOutputsEvent?.metadata;
    if (outputs === undefined) continue;
    if (outputs.op === "refresh") {
      const before = outputs.old?.outputs ?? {};
      const after = outputs.new?.urn ? (outputs.new.outputs ?? {}) : undefined;
      if (outputs.type === STACK_TYPE) observations.stackOutputsBefore = before;
      else {
        const inputs = outputs.old?.inputs;
        const managed = inputs !== undefined && inputs !== null && Object.keys(inputs).length > 0 ? Object.keys(inputs) : undefined;
        observations.resources.push({ urn: outputs.urn, type: outputs.type, before, after, ...(managed !== undefined ? { managed } : {}) });
      }
    } else if (outputs.type === STACK_TYPE && outputs.new?.outputs !== undefined) {
      observations.stackOutputsAfter = outputs.new.outputs;
    }
  }
  return observations;
}
