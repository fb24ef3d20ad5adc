/**
 * The server certificate of go-plugin's AutoMTLS: the client trusts exactly the certificate the
 * handshake line carries, verifying the name `localhost`, so it is self-signed (a CA), names
 * `localhost` and allows serverAuth (hashicorp/go-plugin `mtls.go`, `client.go`).
 *
 * @packageDocumentation
 */
import { webcrypto } from "node:crypto";
// @peculiar/x509 resolves its algorithms through tsyringe, which needs a Reflect metadata polyfill loaded first.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";

/** A certificate and its key: PEM for the TLS server, DER for the handshake line. */
export interface ServerCertificate {
  certPem: string;
  keyPem: string;
  der: ArrayBuffer;
}

/**
 * Makes a fresh ECDSA P-256 key and a self-signed certificate for `localhost` (CA, serverAuth and
 * clientAuth, valid from a minute ago for 30 days; the process lives for one Terraform phase).
 */
export async function selfSignedCertificate(): Promise<ServerCertificate> {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ["sign", "verify"]);
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: webcrypto.getRandomValues(new Uint8Array(8)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "01"),
    name: "CN=localhost, O=pulumi-flashduty",
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 30 * 24 * 3600_000),
    signingAlgorithm: algorithm,
    keys: keys as unknown as x509.X509CertificateCreateSelfSignedParams["keys"],
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment | x509.KeyUsageFlags.keyCertSign, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]),
      new x509.SubjectAlternativeNameExtension([{ type: "dns", value: "localhost" }]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey));
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n")}\n-----END PRIVATE KEY-----\n`;
  return { certPem: cert.toString("pem"), keyPem, der: cert.rawData };
}
