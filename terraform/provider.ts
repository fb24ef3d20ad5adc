/**
 * The `tfplugin6.Provider` gRPC service of the Terraform provider `flashdutyai`: the schema
 * (`./catalog.ts`), the provider's configuration (the same settings and resolution as the Pulumi
 * provider: `provider/client/config.ts`), data sources, and the resource calls of
 * `./resourceCalls.ts`. Every failure is answered as a diagnostic (never a gRPC error, which
 * Terraform shows as a crashed plugin); messages never hold the app key or a secret value.
 *
 * @packageDocumentation
 */
import * as grpc from "@grpc/grpc-js";
import { type ConfigSource, FlashdutyConfigError, resolveConfig, SETTINGS } from "../provider/client/config";
import {
  DATA_SOURCES,
  PROVIDER_ATTRIBUTES,
  PROVIDER_TYPE,
  RESOURCES,
  SCHEMA_VERSION,
  schemaMessage,
  type TfDataSource,
  type TfResource,
  TYPES,
} from "./catalog";
import { collectNotices, type NoticeSeverity } from "../provider/engine/notices";
import { type Diagnostic, errorDiagnostic } from "./diagnostics";
import { ResourceCalls } from "./resourceCalls";
import { fromTf, holdsUnknown, readDynamic, snake, toTf, writeDynamic } from "./values";
import { configureRequestOf } from "../provider/engine/operations";
import { requestStop } from "../provider/engine/gracefulShutdown";

/** A request or response message in proto-loader's plain object form (snake_case keys). */
// biome-ignore lint/suspicious/noExplicitAny: proto-loader answers plain objects of the vendored protos, typed by those files only
type Message = Record<string, any>;

type Handler = (call: { request: Message }, callback: grpc.sendUnaryData<Message>) => void;

/**
 * Answers with `work`'s result; a thrown error becomes an error diagnostic of the response. The
 * implementations' warnings during the call (an adopted object, a platform warning of a write)
 * become warning diagnostics of the same response; their info lines (a rate-limit wait) go to
 * stderr, which Terraform shows under `TF_LOG`.
 */
function unary(work: (request: Message) => Promise<Message> | Message): Handler {
  return (call, callback) => {
    const warnings: Diagnostic[] = [];
    const sink = (severity: NoticeSeverity, message: string): void => {
      if (severity === "warning") warnings.push({ severity: "WARNING", summary: message, detail: "" });
      else process.stderr.write(`[INFO] ${message}\n`);
    };
    const withWarnings = (result: Message): Message =>
      warnings.length === 0 ? result : { ...result, diagnostics: [...warnings, ...((result.diagnostics as Diagnostic[] | undefined) ?? [])] };
    collectNotices(sink, async () => work(call.request)).then(
      (result) => callback(null, withWarnings(result)),
      (err: unknown) => callback(null, withWarnings({ diagnostics: [errorDiagnostic(err)] })),
    );
  };
}

function unimplemented(method: string): Handler {
  return (_call, callback) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: `${method} is not implemented by terraform-provider-${PROVIDER_TYPE}` } as grpc.ServiceError, null);
}

/** A provider configuration value as the settings read it (text), or undefined when null or unknown. */
function settingText(value: unknown): string | undefined {
  if (value === null || value === undefined || holdsUnknown(value)) return undefined;
  return typeof value === "string" ? value : String(value);
}

/** The config source of a provider block: `flashduty:<key>` read from its snake_case attribute. */
function configSource(config: Message | null): ConfigSource {
  return (key) => {
    const name = key.startsWith("flashduty:") ? key.slice("flashduty:".length) : key;
    return settingText(config?.[snake(name)]);
  };
}

/** A configuration error as a diagnostic on the setting's attribute, in Terraform's words. */
function configDiagnostic(err: FlashdutyConfigError): Diagnostic {
  const attribute = snake(err.key);
  const setting = SETTINGS[err.key];
  const detail =
    err.key === "appKey"
      ? `No Flashduty app key is configured. Set app_key in the provider "${PROVIDER_TYPE}" block (from a sensitive variable) or the ${setting.env} environment variable.`
      : err.message.replace(setting.config, attribute);
  return { ...errorDiagnostic(detail, `Invalid provider configuration: ${attribute}`), attribute: { steps: [{ attribute_name: attribute }] } };
}

/** The state of one provider process (Terraform starts one per provider configuration and phase). */
export class TerraformProvider {
  private config: ConfigSource = () => undefined;
  /** Set by StopProvider. */
  private stopped = false;
  private readonly calls = new ResourceCalls();

  /** The handlers of `tfplugin6.Provider`, keyed by RPC name. */
  handlers(): Record<string, Handler> {
    return {
      GetMetadata: unary(() => ({
        server_capabilities: { plan_destroy: false, get_provider_schema_optional: true },
        resources: [...RESOURCES.keys()].map((type_name) => ({ type_name })),
        data_sources: [...DATA_SOURCES.keys()].map((type_name) => ({ type_name })),
      })),
      GetProviderSchema: unary(() => this.schema()),
      ValidateProviderConfig: unary((req) => this.validateProviderConfig(req)),
      ConfigureProvider: unary((req) => this.configure(req)),
      ValidateResourceConfig: unary((req) =>
        this.calls.validate(this.resource(req.type_name), readDynamic(req.config) as Message, req.client_capabilities?.write_only_attributes_allowed === true),
      ),
      ValidateDataResourceConfig: unary((req) => {
        this.dataSource(req.type_name);
        return { diagnostics: [] };
      }),
      UpgradeResourceState: unary((req) => this.calls.upgrade(this.resource(req.type_name), req)),
      ReadResource: unary((req) => this.calls.read(this.running(req.type_name), req)),
      PlanResourceChange: unary((req) => this.calls.plan(this.running(req.type_name), req)),
      ApplyResourceChange: unary((req) => this.calls.apply(this.running(req.type_name), req)),
      ImportResourceState: unary((req) => this.calls.importState(this.resource(req.type_name), req)),
      ReadDataSource: unary((req) => this.readDataSource(this.dataSource(req.type_name), req)),
      GetFunctions: unary(() => ({ functions: {} })),
      // Ctrl-C: calls in flight end at their next wait for the API (the rate limit, a retry's
      // backoff, a request not yet sent) with an error; a request already sent is answered first,
      // so a write is never cut off unrecorded. A call that arrives afterwards starts nothing.
      StopProvider: unary(() => {
        this.stopped = true;
        requestStop("Terraform stopped the provider (interrupted)");
        return {};
      }),
      MoveResourceState: unimplemented("MoveResourceState"),
      ValidateEphemeralResourceConfig: unimplemented("ValidateEphemeralResourceConfig"),
      OpenEphemeralResource: unimplemented("OpenEphemeralResource"),
      RenewEphemeralResource: unimplemented("RenewEphemeralResource"),
      CloseEphemeralResource: unimplemented("CloseEphemeralResource"),
      CallFunction: unimplemented("CallFunction"),
    };
  }

  private resource(typeName: string): TfResource {
    const resource = RESOURCES.get(typeName);
    if (resource === undefined) throw new Error(`unknown resource type '${typeName}' (this provider serves ${[...RESOURCES.keys()].join(", ")})`);
    return resource;
  }

  /** The resource type of a call that may write, refused once StopProvider has been called. */
  private running(typeName: string): TfResource {
    if (this.stopped) throw new Error("the provider was stopped (interrupted): the call was not started");
    return this.resource(typeName);
  }

  private dataSource(typeName: string): TfDataSource {
    const source = DATA_SOURCES.get(typeName);
    if (source === undefined) throw new Error(`unknown data source '${typeName}' (this provider serves ${[...DATA_SOURCES.keys()].join(", ")})`);
    return source;
  }

  private schema(): Message {
    return {
      provider: schemaMessage(
        PROVIDER_ATTRIBUTES,
        "One Flashduty account (app key) and how to reach it. An attribute left unset falls back to its FLASHDUTY_* environment variable, then its default.",
      ),
      resource_schemas: Object.fromEntries(
        [...RESOURCES.values()].map((r) => [r.typeName, schemaMessage(r.attributes, r.declaration.description, SCHEMA_VERSION)]),
      ),
      data_source_schemas: Object.fromEntries([...DATA_SOURCES.values()].map((d) => [d.typeName, schemaMessage(d.attributes, d.declaration.description)])),
      functions: {},
      ephemeral_resource_schemas: {},
      diagnostics: [],
      server_capabilities: { plan_destroy: false, get_provider_schema_optional: true },
    };
  }

  /** The settings' ranges, as the Pulumi provider's CheckConfig checks them (the app key may come from the environment). */
  private validateProviderConfig(req: Message): Message {
    const source = configSource(readDynamic(req.config) as Message | null);
    try {
      resolveConfig((key) => (key === "flashduty:appKey" ? "set" : source(key)), {});
    } catch (err) {
      if (err instanceof FlashdutyConfigError) return { diagnostics: [configDiagnostic(err)] };
      throw err;
    }
    return { diagnostics: [] };
  }

  /** Resolves the settings (provider block, then FLASHDUTY_*) and hands them to every implementation. */
  private async configure(req: Message): Promise<Message> {
    const config = configSource(readDynamic(req.config) as Message | null);
    try {
      resolveConfig(config);
    } catch (err) {
      if (err instanceof FlashdutyConfigError) return { diagnostics: [configDiagnostic(err)] };
      throw err;
    }
    this.config = config;
    const request = configureRequestOf(config);
    this.calls.configure(request);
    return { diagnostics: [] };
  }

  /** The function's read over the configured account: the arguments as given, the results filled in. */
  private async readDataSource(source: TfDataSource, req: Message): Promise<Message> {
    const config = (readDynamic(req.config) ?? {}) as Message;
    const args: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(source.declaration.inputs)) {
      const value = fromTf(config[snake(name)], field, TYPES);
      if (value !== undefined) args[name] = value;
    }
    const settings = () => resolveConfig(this.config);
    // Required here: the client (and the SDK under it) is loaded by the first call that needs it, not at start.
    const { clientFor } = require("../provider/client/client") as typeof import("../provider/client/client");
    const result = (await source.read(
      args,
      () => clientFor(settings(), (message) => console.error(message)),
      () => settings().locale,
    )) as Record<string, unknown>;
    const state: Message = {};
    for (const attribute of source.attributes) {
      const name = attribute.field!;
      const output = source.declaration.outputs[name];
      state[attribute.name] = output !== undefined && result[name] !== undefined ? toTf(result[name], output, TYPES) : (config[attribute.name] ?? null);
    }
    return { state: writeDynamic(state), diagnostics: [] };
  }
}
