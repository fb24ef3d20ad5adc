/**
 * The masked secrets of a program `pulumi import --file` wrote, as config secrets (the command
 * `pulumi-flashduty import-secrets`). The platform never shows the values of sensitive `env` and
 * `headers` keys nor an A2A agent's `authConfig`: it answers `******`, and Pulumi's code
 * generators write that mask into the program as a value. This rewrites each such value into a
 * reference to a config secret of the project, declared in the program, so that the program owns
 * the secret and the user fills it in with `pulumi config set --secret KEY` before the next
 * preview.
 *
 * Pulumi's code generation (the engine's PCL program, then each language host's
 * `GenerateProgram`) has no way to write a config reference for a value read from a provider, so
 * the program is rewritten after it was written:
 * - **YAML**: as a YAML document (the `yaml` library): every `******` scalar under a resource's
 *   `properties` becomes `${KEY}`, and a `config:` section declares each key
 *   (`{ type: string, secret: true }`).
 * - **TypeScript, Python, Go**: line by line, in the shape Pulumi's generators write (one map
 *   entry or argument a line, as the fixtures in `test/fixtures/importFile/` show): the mask in a
 *   map entry's or argument's value position becomes `config.requireSecret("KEY")`,
 *   `config.require_secret("KEY")` or `cfg.RequireSecret("KEY")`, and one config object is
 *   declared after the imports (Go: at the top of `pulumi.Run`'s function). A string literal of
 *   these languages holds a `"` only escaped, so a mask that is part of a key or another value
 *   (`"a: \"******\""`) is never taken for one. A mask in value position that is not alone on its
 *   line is refused, rather than left behind.
 *
 * Config keys: the resource's logical name followed by the ASCII words of the key, in camelCase
 * (`serverGithub` + `GITHUB_TOKEN` = `serverGithubGithubToken`); a number is added when two would
 * be the same. The same program gives the same keys on every run.
 *
 * @packageDocumentation
 */
import { isMap, isScalar, LineCounter, parseDocument, type Document, type YAMLMap } from "yaml";
import { asciiWords } from "./logicalNames";

/** The languages `pulumi import` writes a program in, for the provider plugin. */
export type ProgramLanguage = "yaml" | "typescript" | "python" | "go";

/** The mask the platform answers in place of a secret value. */
export const MASK = "******";

/** One masked value made a config secret. */
export interface ConfigSecret {
  /** The project config key the program now reads it from (set it with `pulumi config set --secret`). */
  configKey: string;
  /** The logical name of the resource it belongs to. */
  resourceName: string;
  /** The map key or argument the value is under, as the platform wrote it (untrusted text; escape it before showing it). */
  key: string;
  /** 1-based line of the program where the value was (YAML: of the value), for the report. */
  line: number;
}

/** What {@link secretsToConfig} answers. */
export interface SecretsToConfigResult {
  /** The rewritten program (the input unchanged when it held no mask). */
  program: string;
  /** The values rewritten, in the program's order. */
  secrets: ConfigSecret[];
}

/** Thrown when the program cannot be rewritten; nothing was written. */
export class SecretsToConfigError extends Error {
  override name = "SecretsToConfigError";
}

/**
 * The language of a program file from its extension: `.yaml`/`.yml`, `.ts`, `.py`, `.go`.
 *
 * @throws SecretsToConfigError naming the file's extension and the ones known.
 */
export function languageOfProgram(fileName: string): ProgramLanguage {
  const ext = /\.([A-Za-z]+)$/.exec(fileName)?.[1]?.toLowerCase();
  switch (ext) {
    case "yaml":
    case "yml":
      return "yaml";
    case "ts":
      return "typescript";
    case "py":
      return "python";
    case "go":
      return "go";
    default:
      throw new SecretsToConfigError(
        `cannot tell the program's language from its name (${ext === undefined ? "no extension" : `.${ext}`}): expected .yaml, .yml, .ts, .py or .go`,
      );
  }
}

/**
 * Rewrites every masked value of `program` (what `pulumi import --file` wrote in `language`)
 * into a config secret (see the file comment). Pure: no file, no API call.
 *
 * @throws SecretsToConfigError when a mask sits where the rewrite cannot replace it safely (not
 *   alone on its line, or before any resource), when the program already declares the name the
 *   config object takes (`config`; Go: `cfg`) for something else, or when a YAML program does not
 *   parse. The message names the line.
 */
export function secretsToConfig(program: string, language: ProgramLanguage): SecretsToConfigResult {
  return language === "yaml" ? yamlSecretsToConfig(program) : codeSecretsToConfig(program, language);
}

/** Config keys handed out, each unique: `base`, then `base2`, `base3`, ... */
class ConfigKeys {
  private readonly used: Set<string>;
  constructor(taken: Iterable<string> = []) {
    this.used = new Set(taken);
  }
  next(resourceName: string, key: string): string {
    const words = asciiWords(key).join("");
    const base = `${resourceName}${words === "" ? "Secret" : words}`;
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}${n}`;
    this.used.add(name);
    return name;
  }
}

// ---------------------------------------------------------------------------------------------
// YAML

function yamlSecretsToConfig(program: string): SecretsToConfigResult {
  const lines = new LineCounter();
  const doc = parseDocument(program, { lineCounter: lines });
  if (doc.errors.length > 0) throw new SecretsToConfigError(`the YAML program does not parse: ${doc.errors[0]?.message}`);
  const resources = doc.get("resources");
  if (!isMap(resources)) return { program, secrets: [] };
  const existing = doc.get("config");
  const taken = isMap(existing) ? existing.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key)) : [];
  const keys = new ConfigKeys(taken);
  const secrets: ConfigSecret[] = [];
  for (const resource of resources.items) {
    const resourceName = String(isScalar(resource.key) ? resource.key.value : resource.key);
    if (!isMap(resource.value)) continue;
    const properties = resource.value.get("properties");
    if (isMap(properties)) replaceMasks(doc, lines, properties, resourceName, keys, secrets);
  }
  if (secrets.length === 0) return { program, secrets };
  const config = isMap(existing) ? existing : doc.createNode({});
  for (const s of secrets) (config as YAMLMap).set(s.configKey, { type: "string", secret: true });
  if (!isMap(existing)) {
    // `config:` first, where Pulumi.yaml's own sections come before `resources:`.
    doc.set("config", config);
    const items = (doc.contents as YAMLMap).items;
    items.unshift(items.pop() as (typeof items)[number]);
  }
  // lineWidth 0: no folding, so every other value keeps the shape the generator gave it.
  return { program: doc.toString({ lineWidth: 0 }), secrets };
}

/** Replaces each `******` scalar in `map` and the maps under it with `${KEY}`. */
function replaceMasks(doc: Document, lines: LineCounter, map: YAMLMap, resourceName: string, keys: ConfigKeys, secrets: ConfigSecret[]): void {
  for (const pair of map.items) {
    if (isMap(pair.value)) replaceMasks(doc, lines, pair.value, resourceName, keys, secrets);
    else if (isScalar(pair.value) && pair.value.value === MASK) {
      // Pulumi YAML reads `${` in a key as interpolation, so its generator writes a literal one as `$${`.
      const key = String(isScalar(pair.key) ? pair.key.value : pair.key).replace(/\$\$/g, "$");
      const configKey = keys.next(resourceName, key);
      const line = pair.value.range ? lines.linePos(pair.value.range[0]).line : 0;
      pair.value = doc.createNode(`\${${configKey}}`);
      secrets.push({ configKey, resourceName, key, line });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// TypeScript, Python, Go

/** How one language's generated program is read and rewritten, line by line. */
interface Dialect {
  /** A resource declaration; group 1 is its logical name. */
  resource: RegExp;
  /** A map entry or argument whose value is the mask alone; groups: indent, key, separator, trailer. */
  maskedEntry: RegExp;
  /** The expression that reads config key `key`. */
  read(key: string): string;
  /** The program with the config object declared. */
  declare(lines: string[]): string[];
}

/** A double-quoted string literal of TypeScript, Python or Go (a `"` inside is always escaped). */
const QUOTED = String.raw`"(?:[^"\\\n]|\\.)*"`;
const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const TS_MASK = String.raw`"\*{6}"`;
const GO_MASK = String.raw`pulumi\.String\((?:pulumi\.String\()?"\*{6}"\)\)?`;

/** The comment above the config object, so a reader knows where its keys come from. */
const WHY = "The secrets the platform answers masked, read from config secrets (pulumi-flashduty import-secrets):";
const HOW = "set each with `pulumi config set --secret KEY` before the next preview.";

const DIALECTS: Record<Exclude<ProgramLanguage, "yaml">, Dialect> = {
  typescript: {
    resource: /\bnew\s+[\w$]+\.[\w$]+\(\s*"([a-z][A-Za-z0-9]*)"/,
    maskedEntry: new RegExp(String.raw`^(\s*)(${QUOTED}|${IDENT})(\s*:\s*)${TS_MASK}(\s*,?\s*)$`),
    read: (key) => `config.requireSecret(${JSON.stringify(key)})`,
    declare: (lines) =>
      declareAfterImports(lines, /^\s*(?:const|let|var)\s+config\b/, ["", `// ${WHY}`, `// ${HOW}`, "const config = new pulumi.Config();"], {
        test: /^import\s+\*\s+as\s+pulumi\s+from\s+["']@pulumi\/pulumi["'];?\s*$/,
        line: 'import * as pulumi from "@pulumi/pulumi";',
      }),
  },
  python: {
    resource: /^\w+\s*=\s*[\w.]+\(\s*"([a-z][A-Za-z0-9]*)"/,
    maskedEntry: new RegExp(String.raw`^(\s*)(${QUOTED}|[A-Za-z_]\w*)(\s*:\s*|=)${TS_MASK}(\s*,?\s*\)*\s*)$`),
    read: (key) => `config.require_secret(${JSON.stringify(key)})`,
    declare: (lines) =>
      declareAfterImports(lines, /^config\s*=/, ["", `# ${WHY}`, `# ${HOW}`, "config = pulumi.Config()"], {
        test: /^import\s+pulumi\s*$/,
        line: "import pulumi",
      }),
  },
  go: {
    resource: /\.New\w+\(\s*ctx,\s*"([a-z][A-Za-z0-9]*)"/,
    maskedEntry: new RegExp(String.raw`^(\s*)(${QUOTED}|[A-Za-z_]\w*)(\s*:\s*)${GO_MASK}(\s*,?\s*)$`),
    read: (key) => `cfg.RequireSecret(${JSON.stringify(key)})`,
    declare: declareGo,
  },
};

function codeSecretsToConfig(program: string, language: Exclude<ProgramLanguage, "yaml">): SecretsToConfigResult {
  const dialect = DIALECTS[language];
  const lines = program.split("\n");
  const scanned = scanLines(lines, language);
  const keys = new ConfigKeys();
  const secrets: ConfigSecret[] = [];
  let resourceName: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const { startsInCode, masks } = scanned[i] as ScannedLine;
    if (!startsInCode) continue;
    const declared = dialect.resource.exec(line);
    if (declared !== null) resourceName = declared[1];
    if (masks.length === 0) continue;
    // Anchored at both ends, a match is the entry alone on its line; another mask on it can only be the key.
    const entry = dialect.maskedEntry.exec(line);
    if (entry !== null) {
      if (resourceName === undefined) throw new SecretsToConfigError(`line ${i + 1}: a masked value (******) before any resource declaration`);
      const [, indent, literal, separator, trailer] = entry as unknown as [string, string, string, string, string];
      const key = unquote(literal);
      const configKey = keys.next(resourceName, key);
      lines[i] = `${indent}${literal}${separator}${dialect.read(configKey)}${trailer}`;
      secrets.push({ configKey, resourceName, key, line: i + 1 });
    } else if (masks.some((start) => /[:=]\s*(?:pulumi\.String\(\s*)*$/.test(line.slice(0, start)))) {
      throw new SecretsToConfigError(
        `line ${i + 1}: a masked value (******) that is not alone in a map entry or argument on its line; replace it by hand with a config secret, then run this again`,
      );
    }
  }
  if (secrets.length === 0) return { program, secrets };
  return { program: dialect.declare(lines).join("\n"), secrets };
}

/** What {@link scanLines} found on one line. */
interface ScannedLine {
  /** Whether the line begins in code, not inside a multi-line string or comment. */
  startsInCode: boolean;
  /** Where each string literal of the line that is exactly the mask begins (in code only). */
  masks: number[];
}

/**
 * Which lines begin in code, and where the mask literals are, so that text inside multi-line
 * strings (a knowledge file's content as a TypeScript template literal, a Python `"""` string, a
 * Go raw string) or comments is never taken for a map entry or a resource.
 *
 * A small scanner of its own rather than each language's parser: the package would otherwise
 * ship TypeScript's compiler and could not parse Python or Go at all; it only has to tell
 * strings and comments from code in what Pulumi's generators write.
 */
function scanLines(lines: readonly string[], language: Exclude<ProgramLanguage, "yaml">): ScannedLine[] {
  const out: ScannedLine[] = [];
  let state: "code" | "template" | "raw" | "triple" | "block" = "code";
  let triple = "";
  for (const line of lines) {
    const scanned: ScannedLine = { startsInCode: state === "code", masks: [] };
    let i = 0;
    while (i < line.length) {
      const c = line[i] as string;
      if (state === "code") {
        if (c === '"' || c === "'") {
          if (language === "python" && line.startsWith(c.repeat(3), i)) {
            state = "triple";
            triple = c.repeat(3);
            i += 3;
            continue;
          }
          const start = i;
          for (i++; i < line.length && line[i] !== c; i += line[i] === "\\" ? 2 : 1);
          if (line.slice(start + 1, i) === MASK) scanned.masks.push(start);
          i++;
        } else if (c === "`" && language !== "python") {
          state = language === "go" ? "raw" : "template";
          i++;
        } else if (language === "python" ? c === "#" : line.startsWith("//", i)) {
          break;
        } else if (language !== "python" && line.startsWith("/*", i)) {
          state = "block";
          i += 2;
        } else i++;
      } else if (state === "template" || state === "triple") {
        if (c === "\\") i += 2;
        else if (state === "template" ? c === "`" : line.startsWith(triple, i)) {
          i += state === "template" ? 1 : 3;
          state = "code";
        } else i++;
      } else if (state === "raw") {
        if (c === "`") state = "code";
        i++;
      } else {
        if (line.startsWith("*/", i)) {
          state = "code";
          i += 2;
        } else i++;
      }
    }
    out.push(scanned);
  }
  return out;
}

/**
 * `lines` with `declaration` inserted after the block of imports at the top, and the import the
 * declaration needs (`pulumiImport`) added when missing.
 *
 * @throws SecretsToConfigError when `taken` matches a line: the name is already declared.
 */
function declareAfterImports(lines: string[], taken: RegExp, declaration: string[], pulumiImport: { test: RegExp; line: string }): string[] {
  const clash = lines.findIndex((l) => taken.test(l));
  if (clash >= 0) throw new SecretsToConfigError(`line ${clash + 1}: the program already declares \`config\`; rename it, then run this again`);
  const out = lines.some((l) => pulumiImport.test.test(l)) ? [...lines] : [pulumiImport.line, ...lines];
  let last = -1;
  for (let i = 0; i < out.length; i++) {
    const l = out[i] as string;
    if (/^(?:import|from)\s/.test(l)) last = i;
    else if (l.trim() !== "" && !/^\s*(?:\/\/|#)/.test(l)) break;
  }
  out.splice(last + 1, 0, ...declaration);
  return out;
}

/** Go: `cfg := config.New(ctx, "")` first in `pulumi.Run`'s function, and the config package imported. */
function declareGo(lines: string[]): string[] {
  const clash = lines.findIndex((l) => /^\s*(?:cfg\s*:=|var\s+cfg\b)/.test(l));
  if (clash >= 0) throw new SecretsToConfigError(`line ${clash + 1}: the program already declares \`cfg\`; rename it, then run this again`);
  const run = lines.findIndex((l) => /pulumi\.Run\(func\(ctx \*pulumi\.Context\) error \{\s*$/.test(l));
  if (run < 0) throw new SecretsToConfigError("the Go program has no `pulumi.Run(func(ctx *pulumi.Context) error {` line to declare the config in");
  const indent = `${/^\s*/.exec(lines[run] as string)?.[0] ?? ""}\t`;
  const out = [...lines];
  out.splice(run + 1, 0, `${indent}// ${WHY}`, `${indent}// ${HOW}`, `${indent}cfg := config.New(ctx, "")`);
  const configImport = '"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"';
  if (!out.some((l) => l.trim() === configImport)) {
    const pulumiImport = out.findIndex((l) => l.trim() === '"github.com/pulumi/pulumi/sdk/v3/go/pulumi"');
    if (pulumiImport < 0) throw new SecretsToConfigError('the Go program does not import "github.com/pulumi/pulumi/sdk/v3/go/pulumi"');
    const importIndent = /^\s*/.exec(out[pulumiImport] as string)?.[0] ?? "\t";
    out.splice(pulumiImport + 1, 0, `${importIndent}${configImport}`);
  }
  return out;
}

/** The text of a key as the program writes it: a double-quoted literal unescaped, an identifier as it is. */
function unquote(literal: string): string {
  if (!literal.startsWith('"')) return literal;
  return literal.slice(1, -1).replace(/\\(x[0-9A-Fa-f]{2}|u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[0-7]{1,3}|.)/g, (_, esc: string) => {
    switch (esc[0]) {
      case "x":
      case "U":
        return String.fromCodePoint(Number.parseInt(esc.slice(1), 16));
      case "u":
        return String.fromCodePoint(Number.parseInt(esc.replace(/[u{}]/g, ""), 16));
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "t":
        return "\t";
      case "a":
        return "\u0007";
      case "b":
        return "\b";
      case "f":
        return "\f";
      case "v":
        return "\v";
      case "e":
        return "\u001b";
      default:
        return /^[0-7]+$/.test(esc) ? String.fromCodePoint(Number.parseInt(esc, 8)) : esc;
    }
  });
}
