/**
 * The text of a Pulumi asset given as a resource input, in both forms an implementation receives:
 * the dynamic provider's `pulumi.asset.FileAsset` / `StringAsset` / `RemoteAsset` (their `path`,
 * `text` or `uri` a promise), and the provider plugin's gRPC Struct form
 * `{ "4dabf18193072939515e22adb298388d": "c44067f5952c0a294b673a41bacd8c17", path | text | uri }`
 * (`specialSigKey` and `specialAssetSig` of `@pulumi/pulumi/runtime/rpc`).
 *
 * @packageDocumentation
 */
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The key that marks a special value (secret, asset, archive, resource reference) in a Struct. */
export const SPECIAL_SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature value of an asset. */
export const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";

/** Where an asset's bytes are: one of a file path, a text, or a URI. */
export interface AssetParts {
  path?: string;
  text?: string;
  uri?: string;
}

/** Whether `value` is an asset in the plugin's Struct form. */
export function isStructAsset(value: unknown): value is AssetParts {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SPECIAL_SIG_KEY] === ASSET_SIG;
}

/**
 * The parts of an asset in either form, or undefined for a value that is no asset (a plain
 * string, a number...). Awaits the promises of a `pulumi.asset` instance.
 */
export async function assetParts(value: unknown): Promise<AssetParts | undefined> {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (isStructAsset(value) || record.__pulumiAsset === true) {
    const parts: AssetParts = {};
    for (const key of ["path", "text", "uri"] as const) {
      const part = await record[key];
      if (typeof part === "string") parts[key] = part;
    }
    return parts;
  }
  return undefined;
}

/** The text of an asset, or the problem that keeps it from being read (in words naming the asset's part). */
export type AssetText = { text: string } | { problem: string };

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads an asset's text: a string asset as is; a file asset (a path relative to the working
 * folder, the Pulumi project's) or a `file://` remote asset from disk, at most `maxBytes` bytes
 * and UTF-8. Other URIs are refused (the provider fetches nothing from the network).
 */
export async function readAssetText(value: unknown, maxBytes: number): Promise<AssetText> {
  const parts = await assetParts(value);
  if (parts === undefined) return { problem: "must be a Pulumi asset (a file asset, a string asset or a file:// remote asset)" };
  if (parts.text !== undefined) return { text: parts.text };
  let path: string;
  if (parts.path !== undefined) path = resolve(parts.path);
  else if (parts.uri?.startsWith("file://")) path = fileURLToPath(parts.uri);
  else if (parts.uri !== undefined) return { problem: "may be a remote asset only with a file:// URI (nothing is fetched from the network)" };
  else return { problem: "must be a file, string or file:// remote asset" };
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (!info.isFile()) return { problem: `names ${JSON.stringify(path)}, which is not a file` };
    if (info.size > maxBytes) return { problem: `must be at most ${maxBytes} bytes (1 MiB), the file has ${info.size}` };
    bytes = await readFile(path);
  } catch (error) {
    return { problem: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (${JSON.stringify(path)})` };
  }
  try {
    return { text: UTF8.decode(bytes) };
  } catch {
    return { problem: "must be UTF-8 text (the file is binary or in another encoding)" };
  }
}
