/**
 * How long a client waits, from starting the provider executable, for the first schema answer,
 * timed the same way for both front doors of the one executable (issue 43 for Pulumi, issue 59
 * for Terraform):
 *
 * - **Pulumi** (the engine's way): spawn, the port on stdout, a gRPC connection over TCP,
 *   `ResourceProvider.GetSchema`.
 * - **Terraform** (go-plugin's way, as Terraform 1.11 launches a provider): spawn with Terraform's
 *   magic cookie, `PLUGIN_PROTOCOL_VERSIONS=5,6` and an AutoMTLS client certificate
 *   (`PLUGIN_CLIENT_CERT`) in the environment, the handshake line on stdout
 *   (`1|6|unix|<socket>|grpc|<server certificate>`), a gRPC connection over the unix socket with
 *   mutual TLS trusting exactly that certificate, `tfplugin6.Provider.GetProviderSchema`. The
 *   client's certificate is made before the clock starts (Terraform makes its own before it
 *   spawns, whatever the provider).
 *
 * Each timing gives the milliseconds to the handshake (the port or the handshake line) and to the
 * schema's answer; the process is then ended and awaited, so runs never overlap.
 */
import { spawn } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { selfSignedCertificate } from "../terraform/certificate";
import { TERRAFORM_MAGIC_COOKIE } from "../terraform/launch";
import { pluginProtoDefinitions } from "../terraform/serve";

/** One launch: ms from the spawn to the handshake on stdout, and to the first schema answer. */
export interface LaunchTiming {
  handshakeMs: number;
  schemaMs: number;
}

/** The client side of Terraform's AutoMTLS: its certificate and key (PEM). */
export interface TerraformClientCertificate {
  certPem: string;
  keyPem: string;
}

/** A fresh client certificate (the same kind Terraform makes: self-signed P-256, clientAuth). */
export async function terraformClientCertificate(): Promise<TerraformClientCertificate> {
  const { certPem, keyPem } = await selfSignedCertificate();
  return { certPem, keyPem };
}

/**
 * Spawns `command`, waits for its first stdout line, hands it to `ask` (which resolves once the
 * schema's answer arrived), then ends the process and waits for its exit. Rejects if the process
 * exits or `ask` fails first.
 */
function launch(command: string, args: readonly string[], env: NodeJS.ProcessEnv, ask: (line: string) => Promise<void>): Promise<LaunchTiming> {
  const t0 = performance.now();
  const child = spawn(command, [...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise<LaunchTiming>((resolve, reject) => {
    let out = "";
    let asked = false;
    child.on("error", reject);
    child.once("exit", (code, signal) => {
      if (!asked) reject(new Error(`bench: ${command} exited (${code ?? signal}) before its handshake: ${stderr}`));
    });
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      const newline = out.indexOf("\n");
      if (asked || newline < 0) return;
      asked = true;
      const handshakeMs = performance.now() - t0;
      const line = out.slice(0, newline).trim();
      Promise.resolve()
        .then(() => ask(line))
        .then(
          () => resolve({ handshakeMs, schemaMs: performance.now() - t0 }),
          (err: unknown) => reject(new Error(`bench: ${command}: ${err instanceof Error ? err.message : String(err)}; stderr: ${stderr}`)),
        );
    });
  }).finally(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  });
}

/** The Pulumi engine's launch: the port line, then `GetSchema` over TCP. */
export function timePulumiLaunch(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<LaunchTiming> {
  return launch(command, args, env, (line) => {
    const client = new providerRpc.ResourceProviderClient(`127.0.0.1:${line}`, grpc.credentials.createInsecure());
    return new Promise<void>((resolve, reject) =>
      client.getSchema(new providerProto.GetSchemaRequest(), (err) => {
        client.close();
        if (err) reject(err);
        else resolve();
      }),
    );
  });
}

type ProviderClient = grpc.Client & { GetProviderSchema(request: object, callback: (err: grpc.ServiceError | null) => void): void };
let providerClientClass: (new (address: string, credentials: grpc.ChannelCredentials, options?: object) => ProviderClient) | undefined;

/** The generic gRPC client of `tfplugin6.Provider`, from the vendored protos (loaded once, before any clock starts). */
export function terraformProviderClient(): new (address: string, credentials: grpc.ChannelCredentials, options?: object) => ProviderClient {
  if (providerClientClass === undefined) {
    const loaded = grpc.loadPackageDefinition(pluginProtoDefinitions()) as unknown as { tfplugin6: { Provider: typeof providerClientClass } };
    providerClientClass = loaded.tfplugin6.Provider;
  }
  return providerClientClass as NonNullable<typeof providerClientClass>;
}

/** The server certificate of a handshake line (DER, base64 without padding) as PEM. */
function certificatePem(base64: string): string {
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const body = Buffer.from(padded, "base64")
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n");
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}

/**
 * Terraform's launch: the cookie and the client certificate in the environment, the handshake
 * line, then `GetProviderSchema` over the unix socket with mutual TLS (or plain, when `env` sets
 * `TF_DISABLE_PLUGIN_TLS`).
 */
export function timeTerraformLaunch(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  client: TerraformClientCertificate,
): Promise<LaunchTiming> {
  const Provider = terraformProviderClient();
  const tls = env.TF_DISABLE_PLUGIN_TLS === undefined || env.TF_DISABLE_PLUGIN_TLS === "";
  const launchEnv = {
    ...env,
    TF_PLUGIN_MAGIC_COOKIE: TERRAFORM_MAGIC_COOKIE,
    PLUGIN_PROTOCOL_VERSIONS: "5,6",
    ...(tls ? { PLUGIN_CLIENT_CERT: client.certPem } : {}),
  };
  return launch(command, args, launchEnv, (line) => {
    const [, protocol, network, address, , cert] = line.split("|");
    if (protocol !== "6" || network !== "unix" || address === undefined) throw new Error(`unexpected handshake line: ${line}`);
    const credentials = tls
      ? grpc.credentials.createSsl(Buffer.from(certificatePem(cert ?? "")), Buffer.from(client.keyPem), Buffer.from(client.certPem))
      : grpc.credentials.createInsecure();
    const provider = new Provider(`unix://${address}`, credentials, { "grpc.ssl_target_name_override": "localhost", "grpc.default_authority": "localhost" });
    return new Promise<void>((resolve, reject) =>
      provider.GetProviderSchema({}, (err) => {
        provider.close();
        if (err) reject(err);
        else resolve();
      }),
    );
  });
}

/** Both front doors' launches of one executable: every run's timings, in run order. */
export interface LaunchComparison {
  pulumi: LaunchTiming[];
  terraform: LaunchTiming[];
}

/**
 * Times `runs` launches through each front door of `command`, alternating (Pulumi, then
 * Terraform), after one unmeasured launch of each (the file cache, not the plugin, is what a
 * first start measures).
 */
export async function compareLaunches(command: string, args: readonly string[], env: NodeJS.ProcessEnv, runs: number): Promise<LaunchComparison> {
  const client = await terraformClientCertificate();
  await timePulumiLaunch(command, args, env);
  await timeTerraformLaunch(command, args, env, client);
  const out: LaunchComparison = { pulumi: [], terraform: [] };
  for (let i = 0; i < runs; i++) {
    out.pulumi.push(await timePulumiLaunch(command, args, env));
    out.terraform.push(await timeTerraformLaunch(command, args, env, client));
  }
  return out;
}

/** The provider's starts in one Terraform command, read from its `TF_LOG=debug` log. */
export interface LaunchLog {
  /** How many times Terraform started the provider. */
  launches: number;
  /** Per start: ms from go-plugin's "starting plugin" to "using plugin" (the handshake read), in log order. */
  startMs: number[];
  /** Per start: ms from "starting plugin" to "plugin process exited" (the process's whole life). */
  lifeMs: number[];
  /** The command's time in that (debug-logged) run, s. */
  commandSeconds?: number;
}

/**
 * The starts of the provider whose executable is named `executable` in a Terraform debug log
 * (go-plugin's lines `provider: starting plugin: path=...`, `provider: using plugin: version=6`,
 * `provider: plugin process exited: plugin=...`, each with Terraform's millisecond timestamp).
 * Terraform starts one provider configuration's processes one after another, so each start is
 * paired with the next "using plugin" and the next exit of that executable.
 */
export function launchesOf(log: string, executable: string): LaunchLog {
  const events: Array<{ at: number; kind: "start" | "using" | "exit" }> = [];
  for (const line of log.split("\n")) {
    const at = Date.parse(line.slice(0, line.indexOf(" ")));
    if (Number.isNaN(at)) continue;
    if (line.includes("provider: starting plugin:") && line.includes(executable)) events.push({ at, kind: "start" });
    else if (line.includes("provider: using plugin:")) events.push({ at, kind: "using" });
    else if (line.includes("provider: plugin process exited:") && line.includes(executable)) events.push({ at, kind: "exit" });
  }
  const out: LaunchLog = { launches: 0, startMs: [], lifeMs: [] };
  events.forEach((event, i) => {
    if (event.kind !== "start") return;
    out.launches++;
    const next = (kind: "using" | "exit") => events.slice(i + 1).find((e) => e.kind === kind || e.kind === "start");
    const using = next("using");
    const exit = next("exit");
    if (using?.kind === "using") out.startMs.push(using.at - event.at);
    if (exit?.kind === "exit") out.lifeMs.push(exit.at - event.at);
  });
  return out;
}
