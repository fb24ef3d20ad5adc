/**
 * The `pulumirpc.ResourceProvider` gRPC service of `pulumi-resource-flashduty`, implemented
 * directly on the stubs of `@pulumi/pulumi/proto` (not `@pulumi/pulumi`'s `provider.main`, which
 * drops `Configure`, `CheckConfig` and detailed diffs). Every resource call goes to the same
 * implementation module as the npm package's dynamic resource (`resources.ts`); every function
 * to the same read as its data source (`functions.ts`).
 *
 * - Configuration: `Configure` receives the stack config `flashduty:*` (the app key decrypted;
 *   it is a secret in the schema) and hands it to every implementation's `configure`; the
 *   environment variables `FLASHDUTY_*` still apply where a key is unset.
 * - Secrets: `acceptSecrets`; properties that arrived secret leave secret, and so do each
 *   resource's always-secret properties (`httpPostToken`, McpServer `env` and `headers`).
 * - Preview: the engine calls Create and Update at preview too (a provider that answers
 *   Handshake counts as supporting previews, whatever Configure's `supportsPreview` says; Pulumi
 *   v3.259 `provider_plugin.go`); with `preview` set they answer the inputs as the state without
 *   calling the implementation, as the engine does itself for providers without preview support.
 *   Check and Diff see unknown values as the implementations expect them.
 * - Errors reach the engine as gRPC errors with the implementation's message, which never holds
 *   the app key or a secret value.
 * - Cancel (the engine sends it on the CLI's first Ctrl-C or SIGTERM) aborts the process's
 *   `stopSignal`: calls waiting on the rate limit or to retry end with an error at once, and a
 *   request already sent is still answered, so every write the platform applied is recorded.
 *
 * @packageDocumentation
 */
import * as grpc from "@grpc/grpc-js";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { type ConfigSource, FlashdutyConfigError, resolveConfig, SETTINGS } from "../provider/client/config";
import { clientFor } from "../provider/client/client";
import { type FunctionContext, FUNCTIONS } from "./functions";
import { fromState, fromStruct, type PropertyMap, toStruct, unwrapSecrets, wrapSecrets } from "./properties";
import { type NounEntry, RESOURCES } from "./resources";
import schema from "./schema.json";
import { configureRequestOf } from "../provider/engine/operations";
import { requestStop } from "../provider/engine/gracefulShutdown";

/** The plugin's version: the npm package's. */
export const PLUGIN_VERSION: string = (require("../../package.json") as { version: string }).version;

/** The settings' keys (`flashduty:<key>`), as the schema's config variables are made from them. */
const CONFIG_KEYS = Object.keys(SETTINGS);
/** The settings that are secrets (the app key): kept secret in the provider's inputs. */
const SECRET_SETTINGS = Object.entries(SETTINGS)
  .filter(([, setting]) => "secret" in setting && setting.secret === true)
  .map(([key]) => key);

type Callback<T> = grpc.sendUnaryData<T>;

/** Turns a thrown value into a gRPC error with its message (never a stack trace). */
function grpcError(err: unknown, code: grpc.status = grpc.status.UNKNOWN): grpc.ServiceError {
  const message = err instanceof Error ? err.message : String(err);
  return Object.assign(new Error(message), { code, details: message, metadata: new grpc.Metadata() }) as grpc.ServiceError;
}

function unimplemented(method: string) {
  return (_call: unknown, callback: Callback<never>): void => {
    callback({ code: grpc.status.UNIMPLEMENTED, details: `${method} is not implemented by pulumi-resource-flashduty` } as grpc.ServiceError, null);
  };
}

/** Runs `work` and answers with its result, or its error. */
function answer<T>(callback: Callback<T>, work: () => Promise<T> | T): void {
  Promise.resolve()
    .then(work)
    .then(
      (result) => callback(null, result),
      (err: unknown) => callback(grpcError(err), null),
    );
}

/** The resource name of a URN (`urn:pulumi:stack::project::type::name`). */
export function resourceNameOf(urn: string): string {
  const at = urn.lastIndexOf("::");
  return at < 0 ? urn : urn.slice(at + 2);
}

/** The resource type of a URN. */
function typeOf(urn: string): string {
  const parts = urn.split("::");
  const type = parts[2] ?? "";
  // A parented resource's type is `parentType$type`.
  return type.slice(type.lastIndexOf("$") + 1);
}

/** The state of one plugin process: the configuration the engine sent. */
export class FlashdutyProvider {
  private config: ConfigSource = () => undefined;

  private resource(urn: string): NounEntry {
    const type = typeOf(urn);
    const resource = RESOURCES.get(type);
    if (resource === undefined) throw new Error(`unknown resource type '${type}' (pulumi-resource-flashduty serves ${[...RESOURCES.keys()].join(", ")})`);
    return resource;
  }

  /** The client of the configured account (stack config, then `FLASHDUTY_*`). */
  private readonly functionContext: FunctionContext = {
    client: () => clientFor(resolveConfig(this.config), (message) => console.error(message)),
    locale: () => resolveConfig(this.config).locale,
  };

  /** The gRPC service's handlers, for `server.addService(ResourceProviderService, ...)`. */
  handlers(): providerRpc.IResourceProviderServer {
    return {
      handshake: (_call, callback) =>
        answer(callback, () => new providerProto.ProviderHandshakeResponse().setAcceptSecrets(true).setAcceptResources(true).setAcceptOutputs(false)),
      getPluginInfo: (_call, callback) => answer(callback, () => new pluginProto.PluginInfo().setVersion(PLUGIN_VERSION)),
      getSchema: (_call, callback) =>
        answer(callback, () => new providerProto.GetSchemaResponse().setSchema(JSON.stringify({ ...schema, version: PLUGIN_VERSION }))),
      checkConfig: (call, callback) => answer(callback, () => this.checkConfig(call.request)),
      diffConfig: (call, callback) => answer(callback, () => this.diffConfig(call.request)),
      configure: (call, callback) => answer(callback, () => this.configure(call.request)),
      check: (call, callback) => answer(callback, () => this.check(call.request)),
      diff: (call, callback) => answer(callback, () => this.diff(call.request)),
      create: (call, callback) => answer(callback, () => this.create(call.request)),
      read: (call, callback) => answer(callback, () => this.read(call.request)),
      update: (call, callback) => answer(callback, () => this.update(call.request)),
      delete: (call, callback) => answer(callback, () => this.delete(call.request)),
      invoke: (call, callback) => answer(callback, () => this.invoke(call.request)),
      cancel: (_call, callback) =>
        answer(callback, () => {
          requestStop("the Pulumi engine cancelled the run (interrupted)");
          return new emptyProto.Empty();
        }),
      getMapping: (call, callback) => answer(callback, () => new providerProto.GetMappingResponse().setProvider(call.request.getProvider())),
      getMappings: (_call, callback) => answer(callback, () => new providerProto.GetMappingsResponse()),
      attach: unimplemented("Attach"),
      parameterize: unimplemented("Parameterize"),
      construct: unimplemented("Construct"),
      call: unimplemented("Call"),
      list: (call) => call.destroy(grpcError("List is not implemented by pulumi-resource-flashduty", grpc.status.UNIMPLEMENTED)),
    } as providerRpc.IResourceProviderServer;
  }

  /**
   * Keeps the provider's inputs as sent, secrets wrapped, and the app key secret whatever the
   * program sent (a client that does not read the schema may send it plain; the provider's inputs
   * are stored in state); fails on out-of-range timing keys.
   */
  private checkConfig(req: providerProto.CheckRequest): providerProto.CheckResponse {
    const { plain, secretKeys } = unwrapSecrets(fromStruct(req.getNews()));
    const res = new providerProto.CheckResponse().setInputs(toStruct(wrapSecrets(plain, [...secretKeys, ...SECRET_SETTINGS])));
    try {
      // The app key may come from the environment; only the other keys are checked here.
      resolveConfig((key) => (key === "flashduty:appKey" ? "set" : configValue(plain, key)), {});
    } catch (err) {
      if (!(err instanceof FlashdutyConfigError)) throw err;
      res.setFailuresList([new providerProto.CheckFailure().setProperty(err.key).setReason(err.message)]);
    }
    return res;
  }

  /** A changed key changes the provider in place (no resource is replaced). */
  private diffConfig(req: providerProto.DiffRequest): providerProto.DiffResponse {
    const olds = unwrapSecrets(fromStruct(req.getOldInputs() ?? req.getOlds())).plain;
    const news = unwrapSecrets(fromStruct(req.getNews())).plain;
    const changed = CONFIG_KEYS.filter((key) => JSON.stringify(olds[key] ?? null) !== JSON.stringify(news[key] ?? null));
    return new providerProto.DiffResponse()
      .setChanges(changed.length > 0 ? providerProto.DiffResponse.DiffChanges.DIFF_SOME : providerProto.DiffResponse.DiffChanges.DIFF_NONE)
      .setDiffsList(changed);
  }

  /** Receives the stack config and hands it to every implementation. */
  private async configure(req: providerProto.ConfigureRequest): Promise<providerProto.ConfigureResponse> {
    const args = unwrapSecrets(fromStruct(req.getArgs())).plain;
    const variables = req.getVariablesMap();
    const config: ConfigSource = (key) => {
      const name = key.startsWith("flashduty:") ? key.slice("flashduty:".length) : key;
      return configValue(args, `flashduty:${name}`) ?? variables.get(`flashduty:config:${name}`) ?? undefined;
    };
    this.config = config;
    const request = configureRequestOf(config);
    for (const resource of RESOURCES.values()) await resource.implementation.configure(request);
    return new providerProto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(false).setAcceptresources(true).setAcceptoutputs(false);
  }

  private async check(req: providerProto.CheckRequest): Promise<providerProto.CheckResponse> {
    const resource = this.resource(req.getUrn());
    const olds = unwrapSecrets(fromState(req.getOlds()));
    const news = unwrapSecrets(fromStruct(req.getNews()));
    const prepared = resource.prepareInputs?.(news.plain, resourceNameOf(req.getUrn())) ?? news.plain;
    const result = await resource.implementation.check(olds.plain, prepared);
    const res = new providerProto.CheckResponse();
    if (result.inputs !== undefined) res.setInputs(toStruct(wrapSecrets(result.inputs, [...news.secretKeys, ...resource.secretInputs])));
    res.setFailuresList((result.failures ?? []).map((f) => new providerProto.CheckFailure().setProperty(f.property).setReason(f.reason)));
    return res;
  }

  private async diff(req: providerProto.DiffRequest): Promise<providerProto.DiffResponse> {
    const resource = this.resource(req.getUrn());
    const olds = unwrapSecrets(fromState(req.getOlds())).plain;
    const news = unwrapSecrets(fromStruct(req.getNews())).plain;
    const result = await resource.implementation.diff(req.getId(), olds, news);
    const Changes = providerProto.DiffResponse.DiffChanges;
    const res = new providerProto.DiffResponse()
      .setReplacesList(result.replaces ?? [])
      .setStablesList(result.stables ?? [])
      .setDeletebeforereplace(result.deleteBeforeReplace ?? false);
    if (result.changes === false) return res.setChanges(Changes.DIFF_NONE).setHasdetaileddiff(true);
    const names = resource.changedProperties(olds, news, result);
    res.setChanges(result.changes === true ? Changes.DIFF_SOME : Changes.DIFF_UNKNOWN).setDiffsList(names);
    if (names.length > 0) {
      const Kind = providerProto.PropertyDiff.Kind;
      const replaces = new Set(result.replaces ?? []);
      const detailed = res.getDetaileddiffMap();
      for (const name of names) {
        const replace = replaces.has(name);
        const kind =
          olds[name] === undefined
            ? replace
              ? Kind.ADD_REPLACE
              : Kind.ADD
            : news[name] === undefined && !resource.outputOnly.includes(name)
              ? replace
                ? Kind.DELETE_REPLACE
                : Kind.DELETE
              : replace
                ? Kind.UPDATE_REPLACE
                : Kind.UPDATE;
        detailed.set(name, new providerProto.PropertyDiff().setKind(kind).setInputdiff(!resource.outputOnly.includes(name)));
      }
      res.setHasdetaileddiff(true);
    }
    return res;
  }

  private async create(req: providerProto.CreateRequest): Promise<providerProto.CreateResponse> {
    const resource = this.resource(req.getUrn());
    // At preview: the inputs as the state, no API call (unknowns stay unknown).
    if (req.getPreview()) return new providerProto.CreateResponse().setProperties(previewState(resource, req.getProperties(), undefined));
    const inputs = unwrapSecrets(fromStruct(req.getProperties()));
    const result = await resource.implementation.create(inputs.plain);
    return new providerProto.CreateResponse()
      .setId(result.id)
      .setProperties(toStruct(wrapSecrets(result.outs ?? {}, [...inputs.secretKeys, ...resource.secretOutputs])));
  }

  /** Refresh (state given), `get` and `pulumi import` (only the id): answers the inputs too. */
  private async read(req: providerProto.ReadRequest): Promise<providerProto.ReadResponse> {
    const resource = this.resource(req.getUrn());
    const props = unwrapSecrets(fromState(req.getProperties()));
    const oldInputs = unwrapSecrets(fromState(req.getInputs()));
    const result = await resource.implementation.read(req.getId(), props.plain);
    const res = new providerProto.ReadResponse();
    // No id: the object is gone, and the engine drops the resource from the stack.
    if (result.id === undefined || result.props === undefined) return res;
    const outputSecrets = [...props.secretKeys, ...resource.secretOutputs];
    let inputs: PropertyMap = (result as { inputs?: PropertyMap }).inputs ?? oldInputs.plain;
    let outputs: PropertyMap = result.props;
    if (resource.importInputs !== undefined && (result as { inputs?: PropertyMap }).inputs === undefined) {
      // The implementation answers no inputs (McpServerDisablement): an import's come from the
      // outputs it read, as its entry says.
      const importing = Object.keys(oldInputs.plain).length === 0;
      inputs = importing ? resource.importInputs(result.props) : oldInputs.plain;
      // An import (or get) has no state to hold what the dynamic class passes; the name comes
      // from the URN, as in check, so the next diff does not take the import for a rename.
      if (importing && Object.keys(props.plain).length === 0 && resource.prepareInputs !== undefined)
        outputs = resource.prepareInputs(outputs, resourceNameOf(req.getUrn()));
    }
    return res
      .setId(result.id)
      .setProperties(toStruct(wrapSecrets(outputs, outputSecrets)))
      .setInputs(toStruct(wrapSecrets(inputs, [...oldInputs.secretKeys, ...resource.secretInputs])));
  }

  private async update(req: providerProto.UpdateRequest): Promise<providerProto.UpdateResponse> {
    const resource = this.resource(req.getUrn());
    // At preview: the old state with the new inputs over it, no API call.
    if (req.getPreview()) return new providerProto.UpdateResponse().setProperties(previewState(resource, req.getNews(), req.getOlds()));
    const olds = unwrapSecrets(fromState(req.getOlds()));
    const news = unwrapSecrets(fromStruct(req.getNews()));
    const result = await resource.implementation.update(req.getId(), olds.plain, news.plain);
    return new providerProto.UpdateResponse().setProperties(
      toStruct(wrapSecrets(result.outs ?? {}, [...olds.secretKeys, ...news.secretKeys, ...resource.secretOutputs])),
    );
  }

  private async delete(req: providerProto.DeleteRequest): Promise<emptyProto.Empty> {
    const resource = this.resource(req.getUrn());
    await resource.implementation.deleteResource(req.getId(), unwrapSecrets(fromState(req.getProperties())).plain);
    return new emptyProto.Empty();
  }

  private async invoke(req: providerProto.InvokeRequest): Promise<providerProto.InvokeResponse> {
    const fn = FUNCTIONS.get(req.getTok());
    if (fn === undefined) throw new Error(`unknown function '${req.getTok()}' (pulumi-resource-flashduty serves ${[...FUNCTIONS.keys()].join(", ")})`);
    const args = unwrapSecrets(fromStruct(req.getArgs())).plain;
    const result = await fn(args, this.functionContext);
    return new providerProto.InvokeResponse().setReturn(toStruct(result as PropertyMap));
  }
}

/**
 * The planned state a preview's Create (no `olds`) or Update answers: the inputs over the state,
 * or what the resource's `previewState` makes of them (secrets kept secret).
 */
function previewState(resource: NounEntry, news: Struct | undefined, olds: Struct | undefined): Struct | undefined {
  if (resource.previewState === undefined) return olds === undefined ? news : toStruct({ ...fromState(olds), ...fromStruct(news) });
  const inputs = unwrapSecrets(fromStruct(news));
  const state = olds === undefined ? undefined : unwrapSecrets(fromState(olds));
  const planned = resource.previewState(inputs.plain, state?.plain);
  return toStruct(wrapSecrets(planned, [...inputs.secretKeys, ...(state?.secretKeys ?? []), ...resource.secretOutputs]));
}

/** A config value as text (the engine may send typed values for numbers), or undefined. */
function configValue(args: PropertyMap, key: string): string | undefined {
  const value = args[key.slice("flashduty:".length)];
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Serves the provider on 127.0.0.1 (a free port) and resolves to the port, which the caller
 * prints on stdout for the engine.
 */
export function serve(provider = new FlashdutyProvider()): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(providerRpc.ResourceProviderService, provider.handlers());
  return new Promise((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
      if (err) reject(err);
      else resolve({ port, server });
    });
  });
}
