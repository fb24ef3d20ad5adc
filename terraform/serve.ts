/**
 * The Terraform front door's process: go-plugin's handshake (hashicorp/go-plugin `server.go`,
 * `docs/internals.md`) for a non-Go plugin, which Terraform and OpenTofu speak when they launch a
 * provider. The release executable serves this when `TF_PLUGIN_MAGIC_COOKIE` holds Terraform's
 * cookie (`./launch.ts`), the Pulumi plugin otherwise (`plugin/main.ts`).
 *
 * - tfplugin6 (`./provider.ts`) on a unix socket in a fresh temporary folder, with AutoMTLS: a
 *   self-signed P-256 certificate for `localhost` (serverAuth) made at start, the client's
 *   certificate (`PLUGIN_CLIENT_CERT`) required; `TF_DISABLE_PLUGIN_TLS` serves without TLS.
 * - The handshake line `1|6|unix|<socket>|grpc|<certificate DER, base64 without padding>` on stdout.
 * - go-plugin's services: GRPCController (Shutdown exits at once: Terraform waits 2 s otherwise),
 *   GRPCStdio (Unimplemented, which the client tolerates), GRPCBroker (a stream kept open, never
 *   used), and health (`plugin` SERVING).
 * - SIGINT is ignored, as go-plugin servers do: Terraform stops providers by RPC (StopProvider).
 *
 * Written by hand because no maintained Node library implements go-plugin's server side (the
 * npm packages that did, `@lukekaalim/terraform-plugin` and its go-plugin part, can no longer be installed).
 *
 * @packageDocumentation
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { useFrontDoor } from "../provider/engine/frontDoor";
import { selfSignedCertificate } from "./certificate";
import descriptor from "./proto/descriptor.json";
import { TerraformProvider } from "./provider";
import { requestStop, whenSettled } from "../provider/engine/gracefulShutdown";

type Loaded = Record<string, grpc.ServiceDefinition>;

/**
 * The vendored protos (`./proto/descriptor.json`, written by `npm run terraform:protos`) as
 * proto-loader's package definition: messages as plain objects with the protos' snake_case keys,
 * 64-bit integers as numbers, enums as their names. What this server and the start-up benchmark's
 * client (`bench/pluginLaunch.ts`) load.
 */
export function pluginProtoDefinitions(): protoLoader.PackageDefinition {
  return protoLoader.fromJSON(descriptor as unknown as Parameters<typeof protoLoader.fromJSON>[0], {
    keepCase: true,
    longs: Number,
    enums: String,
    defaults: true,
    oneofs: true,
  });
}

/** The services' definitions. */
function loadServices(): Loaded {
  const definitions = pluginProtoDefinitions();
  const service = (name: string) => definitions[name] as grpc.ServiceDefinition;
  return {
    provider: service("tfplugin6.Provider"),
    controller: service("plugin.GRPCController"),
    stdio: service("plugin.GRPCStdio"),
    broker: service("plugin.GRPCBroker"),
    health: service("grpc.health.v1.Health"),
  };
}

/**
 * Serves tfplugin6 and go-plugin's services, prints the handshake line on stdout, and resolves
 * once serving. Exits the process on Shutdown. Rejects when the protocol versions Terraform offers
 * (`PLUGIN_PROTOCOL_VERSIONS`) lack 6, or the socket cannot be bound.
 */
export async function serveTerraform(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const offered = (env.PLUGIN_PROTOCOL_VERSIONS ?? "6").split(",").map((v) => v.trim());
  if (!offered.includes("6")) throw new Error(`this provider speaks plugin protocol 6; the client offers ${offered.join(", ")}`);
  // Messages name Terraform's ways (import blocks, -replace) where they tell users what to do.
  useFrontDoor("terraform");
  // go-plugin servers "eat the interrupts": Terraform forwards Ctrl-C to its providers' group.
  process.on("SIGINT", () => {});
  const services = loadServices();
  const server = new grpc.Server({ "grpc.max_receive_message_length": -1, "grpc.max_send_message_length": -1 });
  const provider = new TerraformProvider();
  server.addService(services.provider!, provider.handlers() as unknown as grpc.UntypedServiceImplementation);
  const dir = mkdtempSync(path.join(env.PLUGIN_UNIX_SOCKET_DIR ?? tmpdir(), "plugin"));
  const exit = () => {
    server.forceShutdown();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  server.addService(services.controller!, {
    Shutdown: (_call: unknown, callback: grpc.sendUnaryData<object>) => {
      callback(null, {});
      setImmediate(exit);
    },
  });
  server.addService(services.stdio!, {
    StreamStdio: (call: grpc.ServerWritableStream<object, object>) =>
      call.destroy(Object.assign(new Error("stdio is not forwarded"), { code: grpc.status.UNIMPLEMENTED })),
  });
  server.addService(services.broker!, {
    StartStream: (call: grpc.ServerDuplexStream<object, object>) => {
      call.on("data", () => {});
      call.on("end", () => call.end());
    },
  });
  server.addService(services.health!, {
    Check: (_call: unknown, callback: grpc.sendUnaryData<object>) => callback(null, { status: "SERVING" }),
  });
  const tls = env.TF_DISABLE_PLUGIN_TLS === undefined || env.TF_DISABLE_PLUGIN_TLS === "";
  let credentials = grpc.ServerCredentials.createInsecure();
  let certField = "";
  if (tls) {
    const clientCert = env.PLUGIN_CLIENT_CERT;
    if (clientCert === undefined || clientCert.trim() === "")
      throw new Error("PLUGIN_CLIENT_CERT is not set (AutoMTLS); set TF_DISABLE_PLUGIN_TLS=1 to serve without TLS");
    const cert = await selfSignedCertificate();
    credentials = grpc.ServerCredentials.createSsl(
      Buffer.from(clientCert),
      [{ private_key: Buffer.from(cert.keyPem), cert_chain: Buffer.from(cert.certPem) }],
      true,
    );
    certField = Buffer.from(cert.der).toString("base64").replace(/=+$/, "");
  }
  const socket = path.join(dir, "plugin.sock");
  await new Promise<void>((resolve, reject) => server.bindAsync(`unix://${socket}`, credentials, (err) => (err ? reject(err) : resolve())));
  process.stdout.write(`1|6|unix|${socket}|grpc|${certField}\n`);
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  exitWhenOrphaned(exit);
}

/**
 * A CLI that is killed (SIGKILL, a lost runner) never calls Shutdown, and this process would serve
 * on forever. So once it is orphaned (its parent is no longer the CLI that started it), it stops
 * its calls at their next wait, lets the requests already sent be answered (a write is never cut
 * off), and exits. Polled, since no event tells a process its parent died; every 500 ms.
 */
function exitWhenOrphaned(exit: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    requestStop("the Terraform CLI that started the provider is gone");
    void whenSettled().then(exit);
  }, 500);
  timer.unref();
}
