/**
 * A provider registry on 127.0.0.1 for the install tests, speaking Terraform's provider registry
 * protocol (developer.hashicorp.com/terraform/internals/provider-registry-protocol) over HTTPS
 * with a self-signed certificate for `localhost` (the CLIs trust it through `SSL_CERT_FILE`,
 * which Go reads on Linux; registry hosts must be https):
 *
 * - `GET /.well-known/terraform.json`: service discovery, `{"providers.v1": "/v1/providers/"}`;
 * - `GET /v1/providers/flashcatcloud/flashdutyai/versions`: the one version, protocol 6.0, the
 *   release's platform;
 * - `GET /v1/providers/flashcatcloud/flashdutyai/<version>/download/<os>/<arch>`: the zip's
 *   name, `download_url`, `shasums_url`, `shasums_signature_url`, `shasum` and
 *   `signing_keys.gpg_public_keys` (URLs relative to the host, as the protocol allows);
 * - `GET /files/<name>`: the release's files;
 * - `GET /mirror/<path>`: the files of a folder (a provider network mirror, once
 *   {@link ProviderRegistry.mirror} names one, such as `terraform providers mirror` writes).
 *
 * {@link ProviderRegistry.serve} changes what it serves (a tampered zip, other keys, none) for the
 * tests of what each CLI refuses. Every request's path is recorded.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { join, resolve, sep } from "node:path";
import { PROVIDER_NAMESPACE, PROVIDER_TYPE, PROTOCOL_VERSIONS, sha256Hex, signatureName, sumsName } from "../../scripts/packageTerraform";
import { selfSignedCertificate } from "../../terraform/certificate";
import type { TerraformRelease } from "./terraformRelease";

/** One entry of `signing_keys.gpg_public_keys`. */
export interface GpgPublicKey {
  key_id: string;
  ascii_armor: string;
}

/** What the registry serves; each field left out serves the release's own. */
export interface Serving {
  /** The zip's bytes under its release name (a tampered copy, for instance). */
  zip?: Uint8Array;
  /** The signing keys listed in the download answer (`[]`: none). */
  keys?: GpgPublicKey[];
}

export interface ProviderRegistry {
  /** `localhost:<port>`: the host part of a source address such as `localhost:<port>/flashcatcloud/flashdutyai`. */
  host: string;
  /** `https://localhost:<port>`. */
  url: string;
  /** The certificate (PEM) to trust, for `SSL_CERT_FILE`. */
  certPem: string;
  /** The paths requested, in order. */
  requests: string[];
  /** Serves `serving` from now on (the release's own files again with `{}`). */
  serve(serving: Serving): void;
  /** Serves the files of `folder` under `/mirror/`. */
  mirror(folder: string): void;
  close(): Promise<void>;
}

/** Starts the registry for `release` on 127.0.0.1 (an ephemeral port). */
export async function startProviderRegistry(release: TerraformRelease): Promise<ProviderRegistry> {
  const cert = await selfSignedCertificate();
  let serving: Serving = {};
  let mirrorFolder: string | undefined;
  const requests: string[] = [];
  const base = `/v1/providers/${PROVIDER_NAMESPACE}/${PROVIDER_TYPE}/`;
  const { os, arch } = release.platform;

  const files = (name: string): Uint8Array | undefined => {
    if (name === release.zipName) return serving.zip ?? release.zip;
    if (name === sumsName(release.version)) return release.sums;
    if (name === signatureName(release.version)) return release.signature;
    return undefined;
  };

  const answer = (path: string): { status: number; type: string; body: Uint8Array | string } => {
    if (path === "/.well-known/terraform.json") return json({ "providers.v1": "/v1/providers/" });
    if (path === `${base}versions`) {
      return json({ versions: [{ version: release.version, protocols: PROTOCOL_VERSIONS, platforms: [{ os, arch }] }] });
    }
    if (path === `${base}${release.version}/download/${os}/${arch}`) {
      return json({
        protocols: PROTOCOL_VERSIONS,
        os,
        arch,
        filename: release.zipName,
        download_url: `/files/${release.zipName}`,
        shasums_url: `/files/${sumsName(release.version)}`,
        shasums_signature_url: `/files/${signatureName(release.version)}`,
        // What the registry says; the CLIs check the zip against the signed SHA256SUMS as well.
        shasum: sha256Hex(release.zip),
        signing_keys: { gpg_public_keys: serving.keys ?? [{ key_id: release.keyId, ascii_armor: release.publicArmor }] },
      });
    }
    if (path.startsWith("/mirror/") && mirrorFolder !== undefined) {
      const file = join(mirrorFolder, ...path.slice("/mirror/".length).split("/").map(decodeURIComponent));
      if (file.startsWith(mirrorFolder + sep) && existsSync(file) && statSync(file).isFile()) {
        return { status: 200, type: file.endsWith(".json") ? "application/json" : "application/octet-stream", body: readFileSync(file) };
      }
    }
    const file = path.startsWith("/files/") ? files(path.slice("/files/".length)) : undefined;
    if (file !== undefined) return { status: 200, type: "application/octet-stream", body: file };
    return { status: 404, type: "application/json", body: JSON.stringify({ errors: ["Not Found"] }) };
  };

  const server: Server = createServer({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
    const path = new URL(req.url ?? "/", "https://localhost").pathname;
    requests.push(`${req.method} ${path}`);
    const { status, type, body } = answer(path);
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const host = `localhost:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: `https://${host}`,
    certPem: cert.certPem,
    requests,
    serve: (next) => {
      serving = next;
    },
    mirror: (folder) => {
      mirrorFolder = resolve(folder);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(value: unknown): { status: number; type: string; body: string } {
  return { status: 200, type: "application/json", body: JSON.stringify(value) };
}
