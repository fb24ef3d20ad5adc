/**
 * The commands and programs of an install page (`docs/yaml.md`, `docs/python.md`, `docs/go.md`),
 * for a test that follows the page in order as a newcomer would: the `sh` blocks of a section
 * joined into one script, and the first code block of a language in a section.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/pulumiCli";

/**
 * The text of `docs/<page>` from the heading `## <section>` to the next heading of level 2 or 3:
 * the section's main path, without its optional subsections ("### Several accounts in one
 * program").
 */
export function pageSection(page: string, section: string): string {
  const text = readFileSync(path.join(REPO_ROOT, "docs", page), "utf8");
  const start = text.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`docs/${page} has no section "## ${section}"`);
  const next = /\n###? /g;
  next.lastIndex = start + 4;
  const end = next.exec(text)?.index;
  return text.slice(start, end);
}

/** The code blocks of `lang` in `text`, in order, each dedented as the page indents it. */
export function codeBlocks(text: string, lang: string): string[] {
  const blocks: string[] = [];
  const re = new RegExp(`^( *)\`\`\`${lang}\\n([\\s\\S]*?)^\\1\`\`\`$`, "gm");
  for (const m of text.matchAll(re)) {
    const indent = m[1]!.length;
    blocks.push(
      m[2]!
        .split("\n")
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join("\n"),
    );
  }
  return blocks;
}

/**
 * `script` with each `[from, to]` replaced, failing when a `from` is not in it: a substitution
 * stands for one step of the page (a download this machine cannot make, a value the page leaves
 * to the reader), so a page that no longer has the step fails the test instead of being skipped.
 */
export function substitute(script: string, replacements: ReadonlyArray<readonly [string, string]>): string {
  let out = script;
  for (const [from, to] of replacements) {
    if (!out.includes(from)) throw new Error(`the page no longer says: ${from}`);
    out = out.split(from).join(to);
  }
  return out;
}
