/**
 * What counts as "this machine" for the control API: the peer address of the socket, the `Host`
 * header (against DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1
 * still sends `Host: evil.example`), the `Origin` header (against cross-site requests from a page
 * in the user's browser), and the interface the emulator listens on.
 */
import { isIP } from "node:net";

/** Whether an IP address (as node reports a peer: "127.0.0.1", "::1", "::ffff:127.0.0.1") is a loopback address. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const bare = address.toLowerCase().replace(/^\[|\]$/g, "");
  if (bare === "::1" || bare === "0:0:0:0:0:0:0:1") return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice("::ffff:".length) : bare;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

/**
 * Whether a host name (no port) is a loopback name: `localhost`, a `*.localhost` name (RFC 6761:
 * never resolved through DNS), a 127.x.y.z address or `[::1]` / `::1`.
 */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || isLoopback(name);
}

/** The host name of a `Host` header value (`localhost:8787`, `[::1]:8787`, `127.0.0.1`), or undefined when it is not a valid one. */
function hostnameOf(host: string): string | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  return match === null ? undefined : match[1];
}

/** Whether a `Host` header names this machine (see {@link isLoopbackName}); absent or malformed: false. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const hostname = hostnameOf(host);
  return hostname !== undefined && isLoopbackName(hostname);
}

/**
 * Whether an `Origin` header may use the control API: absent (not a browser, or a same-origin
 * GET) or an http(s) origin on a loopback name, any port. `null` (sandboxed frames, file://
 * pages) and every other site are foreign.
 */
export function isAllowedOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackName(url.hostname);
}

/** Whether listening on `host` (an address or a name) exposes the emulator beyond this machine. */
export function bindsBeyondLoopback(host: string): boolean {
  return !isLoopbackName(host.replace(/^\[|\]$/g, ""));
}

/**
 * The warning printed (stderr) when the emulator listens beyond loopback: the API then answers
 * anyone who can reach the port, with seed app keys that are public.
 */
export function exposureWarning(host: string, port: number): string {
  const bar = "!".repeat(78);
  return [
    bar,
    `WARNING: the Flashduty emulator listens on ${host}:${port}, beyond this machine.`,
    "Anyone who can reach this port can call its API with the public seed app keys.",
    "The control API (/_emulator/*) still answers loopback callers only.",
    "Use --host 127.0.0.1 (the default) unless you really mean to share it.",
    bar,
  ].join("\n");
}
