/** Skill archives for the tests: zips made with fflate, tar.gz with tar-stream and zlib. */
import { gzipSync } from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { pack } from "tar-stream";

/** A SKILL.md with this frontmatter (YAML lines) and body. */
export function skillMd(frontmatter: Record<string, string>, body = "# Steps\n\n1. Look.\n"): string {
  const lines = Object.entries(frontmatter).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join("\n")}\n---\n\n${body}`;
}

/** A zip of `files` (path to text), with a fixed mtime so the same files give the same bytes. */
export function zipOf(files: Record<string, string>): Buffer {
  const entries = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, [strToU8(text), { mtime: new Date(Date.UTC(2026, 0, 1)) }] as const]));
  return Buffer.from(zipSync(entries as Parameters<typeof zipSync>[0]));
}

/** A gzip-compressed tar of `files` (path to text). */
export async function tarGzOf(files: Record<string, string>): Promise<Buffer> {
  const tar = pack();
  for (const [name, text] of Object.entries(files)) tar.entry({ name, mtime: new Date(Date.UTC(2026, 0, 1)) }, text);
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** A zip holding one valid SKILL.md named `name`. */
export function skillZip(name: string, description = `Skill ${name}`, extra: Record<string, string> = {}): Buffer {
  return zipOf({ "SKILL.md": skillMd({ name, description, version: "1.2.0", tags: "[ops, k8s]" }), "scripts/run.sh": "echo hi\n", ...extra });
}
