/**
 * A resource's calls of tfplugin6 over its noun's implementation (`provider/<noun>/provider.ts`,
 * the same module the Pulumi front doors serve): validate and plan run the noun's `check`, plan
 * its `diff`, apply its `create`, `update` or `deleteResource`, refresh and import its `read`.
 *
 * State: one attribute per declared field (snake_case) and `id`. What the implementation's outputs
 * hold of the write-only secret maps (salted digests, or the platform's mask: never a value) is
 * kept in the instance's private state, so `diff` compares a new secret value with its digest as
 * it does for Pulumi, and a changed secret alone plans an update (the computed outputs, such as
 * `updated_at`, become unknown).
 *
 * Plans follow Terraform's rules (TF `internal/plans/objchange/plan_valid.go`): every attribute
 * present; a configured value planned as configured; an optional+computed attribute left out of
 * the configuration planned as the state holds it (not managed; unknown at create unless its
 * default is the plugin's own, such as `force`); outputs unknown where the update may change them.
 *
 * @packageDocumentation
 */
import type { NounOperations } from "../provider/engine/operations";
import type { TfAttribute, TfResource } from "./catalog";
import { TYPES } from "./catalog";
import { checkDiagnostics, type Diagnostic } from "./diagnostics";
import { fromTf, holdsUnknown, isJsonText, readDynamic, sameTfValue, snake, toTf, UNKNOWN, writeDynamic } from "./values";

// biome-ignore lint/suspicious/noExplicitAny: proto-loader answers plain objects of the vendored protos, typed by those files only
type Message = Record<string, any>;
type Values = Record<string, unknown>;

const EMPTY = Buffer.alloc(0);

/** Outputs an update never changes (who made the object, when, in which account, which id was adopted): known in its plan. */
const STABLE_OUTPUTS = /^(accountId|createdAt|createdBy|adopted[A-Za-z]*Id)$/;

/** The declared field behind an attribute (undefined for `id`). */
function fieldOf(resource: TfResource, attribute: TfAttribute) {
  return attribute.field === undefined ? undefined : resource.declaration.fields[attribute.field];
}

/** The names of the noun's fields, for messages. */
function fieldNames(resource: TfResource): string[] {
  return Object.keys(resource.declaration.fields);
}

/** The inputs an object of Terraform (config or state) holds: its non-null input attributes in camelCase, unknowns as Pulumi's sentinel. */
function inputsOf(resource: TfResource, object: Message | null): Values {
  const inputs: Values = {};
  if (object === null) return inputs;
  for (const attribute of resource.attributes) {
    const field = fieldOf(resource, attribute);
    if (field === undefined || field.kind === "out") continue;
    const value = fromTf(object[attribute.name], field, TYPES);
    if (value !== undefined) inputs[attribute.field!] = value;
  }
  return inputs;
}

/** The private state: the outputs' write-only secret maps (digests or masks), as JSON. */
function privateOf(resource: TfResource, outs: Values): Buffer {
  const held: Values = {};
  for (const attribute of resource.attributes) if (attribute.writeOnly && outs[attribute.field!] !== undefined) held[attribute.field!] = outs[attribute.field!];
  return Object.keys(held).length === 0 ? EMPTY : Buffer.from(JSON.stringify(held));
}

/** The implementation's outputs a Terraform state stands for: its attributes in camelCase and the private state's secret maps. */
function outputsOf(resource: TfResource, state: Message, priv: Buffer | undefined): Values {
  const outs: Values = {};
  for (const attribute of resource.attributes) {
    const field = fieldOf(resource, attribute);
    if (field === undefined || attribute.writeOnly) continue;
    const value = fromTf(state[attribute.name], field, TYPES);
    if (value !== undefined) outs[attribute.field!] = value;
  }
  if (priv !== undefined && priv.length > 0) Object.assign(outs, JSON.parse(priv.toString("utf8")) as Values);
  return outs;
}

/**
 * The state of the implementation's outputs: every attribute, write-only ones null. Where
 * `planned` (the plan, or the state before a refresh) knows a value the outputs hold in another
 * form of the same value (JSON text), or do not hold, the planned one stays.
 */
function stateOf(resource: TfResource, id: string, outs: Values, planned: Message | null): Message {
  const state: Message = {};
  for (const attribute of resource.attributes) {
    const field = fieldOf(resource, attribute);
    if (field === undefined) {
      state[attribute.name] = id;
      continue;
    }
    if (attribute.writeOnly) {
      state[attribute.name] = null;
      continue;
    }
    const value = toTf(outs[attribute.field!], field, TYPES);
    const before = planned?.[attribute.name];
    const known = before !== undefined && before !== null && !holdsUnknown(before);
    state[attribute.name] = known && (outs[attribute.field!] === undefined || sameTfValue(before, value)) ? before : value;
  }
  return state;
}

/** Every attribute null but `id`: what an import starts from (ReadResource fills it in). */
function stub(resource: TfResource, id: string): Message {
  return Object.fromEntries(resource.attributes.map((a) => [a.name, a.name === "id" ? id : null]));
}

/**
 * After an import: a warning per write-only attribute the platform holds keys of, naming the keys
 * whose values the configuration must give (generated configuration writes the attribute as null,
 * which leaves the values unmanaged).
 */
function secretsToFill(resource: TfResource, id: string, props: Values): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const attribute of resource.attributes) {
    if (!attribute.writeOnly) continue;
    const keys = Object.keys((props[attribute.field!] ?? {}) as object);
    if (keys.length === 0) continue;
    diagnostics.push({
      severity: "WARNING",
      summary: `Secret values to fill in: ${resource.typeName} ${id} ${attribute.name}`,
      detail:
        `The platform holds ${attribute.name} keys ${keys.map((k) => JSON.stringify(k)).join(", ")} but never shows their values. ` +
        `Set ${attribute.name} = { ${keys.map((k) => `${/^[A-Za-z_][A-Za-z0-9_-]*$/.test(k) ? k : JSON.stringify(k)} = ...`).join(", ")} } in its configuration ` +
        "(write-only: from variables or a secret store) to manage them; left null, they are kept as they are.",
    });
  }
  return diagnostics;
}

/** The resource calls of one provider process. */
export class ResourceCalls {
  /** What ConfigureProvider handed over, for each implementation's `configure` (Pulumi's request shape). */
  private configuration: unknown;
  /** The implementations configured with {@link configuration}, by resource type. */
  private readonly configured = new Map<string, Promise<void>>();

  /** Keeps the provider's configuration; each implementation receives it when first used. */
  configure(request: unknown): void {
    this.configuration = request;
    this.configured.clear();
  }

  /** The resource's implementation, loaded and configured. */
  private async implementation(resource: TfResource): Promise<NounOperations<Values, Values>> {
    const implementation = resource.plugin.implementation;
    if (this.configuration !== undefined) {
      let ready = this.configured.get(resource.typeName);
      if (ready === undefined) {
        ready = implementation.configure(this.configuration as never);
        this.configured.set(resource.typeName, ready);
      }
      await ready;
    }
    return implementation;
  }

  /**
   * The noun's check on the configuration, without state: the failures no state could excuse
   * (a required attribute missing, two that exclude each other), each naming its attribute. A
   * value today's rules refuse is judged at plan, against the prior state: an object imported or
   * made before those rules keeps its value (`provider/engine/programFields.ts`), and a create is
   * judged in full there. A write-only attribute set for a client that does not support them
   * (Terraform < 1.11, which would store the value in state) is refused.
   */
  async validate(resource: TfResource, config: Message | null, writeOnlyAllowed: boolean): Promise<Message> {
    const inputs = this.prepared(resource, inputsOf(resource, config));
    // Checked as if the state held these very values: what fails even then fails in any plan.
    const result = await (await this.implementation(resource)).check(inputs, inputs);
    const diagnostics = checkDiagnostics(result.failures ?? [], fieldNames(resource));
    for (const attribute of resource.attributes) {
      if (!attribute.writeOnly || writeOnlyAllowed || config?.[attribute.name] === null || config?.[attribute.name] === undefined) continue;
      diagnostics.push({
        severity: "ERROR",
        summary: `${attribute.name} is write-only`,
        detail: `${attribute.name} holds secret values that are never stored in state: it needs a client with write-only attributes (Terraform 1.11 or later).`,
        attribute: { steps: [{ attribute_name: attribute.name }] },
      });
    }
    return { diagnostics };
  }

  private prepared(resource: TfResource, inputs: Values): Values {
    return resource.plugin.prepareInputs?.(inputs, resource.typeName) ?? inputs;
  }

  /** State written by any schema version, as the current schema's object (attributes added since: null). */
  upgrade(resource: TfResource, req: Message): Message {
    const raw = req.raw_state?.json;
    const old = (raw !== undefined && raw.length > 0 ? JSON.parse(Buffer.from(raw).toString("utf8")) : {}) as Message;
    const state = Object.fromEntries(resource.attributes.map((a) => [a.name, a.writeOnly ? null : (old[a.name] ?? null)]));
    return { upgraded_state: writeDynamic(state), diagnostics: [] };
  }

  /** Refresh and import: the noun's read; an object gone answers a null state. */
  async read(resource: TfResource, req: Message): Promise<Message> {
    const current = readDynamic(req.current_state) as Message | null;
    if (current === null) return { new_state: writeDynamic(null), private: req.private ?? EMPTY, diagnostics: [] };
    const outs = outputsOf(resource, current, req.private);
    const result = await (await this.implementation(resource)).read(String(current.id), outs);
    if (result.id === undefined || result.props === undefined) return { new_state: writeDynamic(null), private: EMPTY, diagnostics: [] };
    const props = result.props as Values;
    const importing = resource.attributes.every((a) => a.name === "id" || current[a.name] === null || current[a.name] === undefined);
    return {
      new_state: writeDynamic(stateOf(resource, result.id, props, current)),
      private: privateOf(resource, props),
      diagnostics: importing ? secretsToFill(resource, result.id, props) : [],
    };
  }

  /** An import's start: the id alone. */
  importState(resource: TfResource, req: Message): Message {
    return { imported_resources: [{ type_name: resource.typeName, state: writeDynamic(stub(resource, String(req.id))), private: EMPTY }], diagnostics: [] };
  }

  /** The planned state (see the module's description), `requires_replace` from the diff's `replaces`. */
  async plan(resource: TfResource, req: Message): Promise<Message> {
    const prior = readDynamic(req.prior_state) as Message | null;
    const config = readDynamic(req.config) as Message | null;
    if (config === null) return { planned_state: req.proposed_new_state, planned_private: req.prior_private ?? EMPTY, diagnostics: [] };
    const implementation = await this.implementation(resource);
    const checked = await implementation.check(inputsOf(resource, prior), this.prepared(resource, inputsOf(resource, config)));
    const diagnostics = checkDiagnostics(checked.failures ?? [], fieldNames(resource));
    if (diagnostics.length > 0) return { diagnostics };
    if (prior === null) {
      const planned: Message = {};
      for (const attribute of resource.attributes) {
        const field = fieldOf(resource, attribute);
        const configured = config[attribute.name];
        if (attribute.writeOnly) planned[attribute.name] = null;
        else if (configured !== null && configured !== undefined) planned[attribute.name] = configured;
        else if (field !== undefined && field.declared !== true && field.kind !== "out" && field.default !== undefined)
          planned[attribute.name] = toTf(field.default, field, TYPES);
        else planned[attribute.name] = attribute.computed ? UNKNOWN : null;
      }
      return { planned_state: writeDynamic(planned), planned_private: EMPTY, diagnostics: [] };
    }
    const diff = await implementation.diff(String(prior.id), outputsOf(resource, prior, req.prior_private), (checked.inputs ?? {}) as Values);
    const planned: Message = { ...prior };
    for (const attribute of resource.attributes) {
      const configured = config[attribute.name];
      if (attribute.writeOnly) planned[attribute.name] = null;
      // JSON text equal as values keeps the state's text (`jsonencode` orders keys its own way).
      else if (configured !== null && configured !== undefined && !(isJsonText(fieldOf(resource, attribute)) && sameTfValue(prior[attribute.name], configured)))
        planned[attribute.name] = configured;
    }
    const replaces = diff.replaces ?? [];
    if (diff.changes !== false) {
      for (const attribute of resource.attributes) {
        if (fieldOf(resource, attribute)?.kind === "out" && !STABLE_OUTPUTS.test(attribute.field!)) planned[attribute.name] = UNKNOWN;
      }
      if (replaces.length > 0) planned.id = UNKNOWN;
    }
    return {
      planned_state: writeDynamic(planned),
      requires_replace: replaces.map((name) => ({ steps: [{ attribute_name: snake(name) }] })),
      planned_private: req.prior_private ?? EMPTY,
      diagnostics: [],
    };
  }

  /** Create (no prior state), update, or delete (no planned state) through the implementation. */
  async apply(resource: TfResource, req: Message): Promise<Message> {
    const prior = readDynamic(req.prior_state) as Message | null;
    const planned = readDynamic(req.planned_state) as Message | null;
    const config = readDynamic(req.config) as Message | null;
    const implementation = await this.implementation(resource);
    if (planned === null) {
      if (prior !== null) await implementation.deleteResource(String(prior.id), outputsOf(resource, prior, req.planned_private));
      return { new_state: writeDynamic(null), private: EMPTY, diagnostics: [] };
    }
    const checked = await implementation.check(inputsOf(resource, prior), this.prepared(resource, inputsOf(resource, config)));
    const diagnostics = checkDiagnostics(checked.failures ?? [], fieldNames(resource));
    if (diagnostics.length > 0) return { diagnostics };
    const inputs = (checked.inputs ?? {}) as Values;
    if (prior === null) {
      const created = await implementation.create(inputs);
      const outs = (created.outs ?? {}) as Values;
      return { new_state: writeDynamic(stateOf(resource, created.id, outs, planned)), private: privateOf(resource, outs), diagnostics: [] };
    }
    const olds = outputsOf(resource, prior, req.planned_private);
    const updated = await implementation.update(String(prior.id), olds, inputs);
    const outs = { ...olds, ...((updated.outs ?? {}) as Values) };
    return { new_state: writeDynamic(stateOf(resource, String(prior.id), outs, planned)), private: privateOf(resource, outs), diagnostics: [] };
  }
}
