/**
 * The dependency rules of docs/ARCHITECTURE.md, read from the sources' import statements
 * (type-only imports included): which folder may import which, no import cycle in the
 * emulator, and no two files anywhere that import each other.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

/** Every `.ts` source under `folder` (relative to the repository), without build output. */
function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.split(path.sep).includes("dist") && !f.split(path.sep).includes("node_modules"))
    .map((f) => path.join(folder, f));
}

/** The module specifiers a file imports or re-exports (static `import`/`export ... from`, `import type`). */
function specifiers(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?\bfrom\s+"([^"]+)"/gm)].map((m) => m[1]!);
}

/** A relative import as a repository path without extension (`emulator/seed`); packages as they are. */
function target(file: string, spec: string): string {
  return spec.startsWith(".") ? path.join(path.dirname(file), spec).split(path.sep).join("/") : spec;
}

function importsOf(folder: string): Array<{ file: string; target: string }> {
  return sources(folder).flatMap((file) => specifiers(file).map((spec) => ({ file, target: target(file, spec) })));
}

const topFolder = (t: string) => t.split("/")[0]!;

describe("dependency rules", () => {
  it("wire/ imports only zod, cron-parser (the platform's cron dialect), fflate, tar-stream and yaml (how a skill archive is read), all shared with the emulator, and itself", () => {
    const packages = ["zod", "cron-parser", "fflate", "tar-stream", "yaml"];
    expect(importsOf("wire").filter((i) => !packages.includes(i.target) && topFolder(i.target) !== "wire")).toEqual([]);
  });

  it("sdk/ imports neither the provider, drift, policy, the emulator nor Pulumi", () => {
    const bad = importsOf("sdk").filter(
      (i) => ["provider", "drift", "importFile", "policy", "emulator", "cli"].includes(topFolder(i.target)) || i.target.startsWith("@pulumi/"),
    );
    expect(bad).toEqual([]);
  });

  it("the emulator shares only wire/ with the rest of the repository", () => {
    const bad = importsOf("emulator").filter(
      (i) => i.target.startsWith("pulumi-flashduty") || ["sdk", "provider", "drift", "importFile", "policy", "cli"].includes(topFolder(i.target)),
    );
    expect(bad).toEqual([]);
  });

  it("plugin/ (the provider plugin) imports provider/, sdk/ and its packages only, and nothing but tests imports plugin/", () => {
    const packages = ["@grpc/grpc-js", "google-protobuf/google/protobuf/struct_pb", "google-protobuf/google/protobuf/empty_pb"];
    const bad = importsOf("plugin").filter(
      (i) =>
        !["plugin", "provider", "sdk"].includes(topFolder(i.target)) &&
        !packages.includes(i.target) &&
        !i.target.startsWith("@pulumi/pulumi") &&
        // The entry serves Terraform when Terraform launches the same executable.
        !(i.file === path.join("plugin", "main.ts") && i.target === "terraform/launch"),
    );
    expect(bad).toEqual([]);
    const intoPlugin = ["wire", "sdk", "provider", "drift", "importFile", "policy", "cli", "emulator"]
      .flatMap(importsOf)
      .filter((i) => topFolder(i.target) === "plugin");
    expect(intoPlugin).toEqual([]);
  });

  it("terraform/ (the Terraform front door) imports provider/, sdk/ and its packages only, and nothing but the entry (plugin/main.ts) and tests imports terraform/", () => {
    const packages = ["@grpc/grpc-js", "@grpc/proto-loader", "@msgpack/msgpack", "@peculiar/x509", "reflect-metadata"];
    const bad = importsOf("terraform").filter(
      (i) => !["terraform", "provider", "sdk"].includes(topFolder(i.target)) && !packages.includes(i.target) && !i.target.startsWith("node:"),
    );
    expect(bad).toEqual([]);
    const into = ["wire", "sdk", "provider", "drift", "importFile", "policy", "cli", "emulator", "plugin"]
      .flatMap(importsOf)
      .filter((i) => topFolder(i.target) === "terraform" && i.file !== path.join("plugin", "main.ts"));
    expect(into).toEqual([]);
  });

  it("drift/ and policy/ reach into provider/ only for the type tokens, the unknown-value sentinel, the policy pack's client and the declared fields of AutomationRule, McpServer and Skill", () => {
    const allowed = new Set([
      "provider/engine/typeToken",
      "provider/engine/unknown",
      "provider/client/programConfig",
      "provider/automationRule/fields",
      "provider/mcpServer/fields",
      "provider/skill/fields",
      "provider/a2aAgent/fields",
    ]);
    const bad = [...importsOf("drift"), ...importsOf("policy")].filter((i) => topFolder(i.target) === "provider" && !allowed.has(i.target));
    expect(bad).toEqual([]);
  });

  it("nothing published imports the emulator", () => {
    for (const folder of ["wire", "sdk", "provider", "drift", "importFile", "policy", "cli"]) {
      expect(
        importsOf(folder).filter((i) => topFolder(i.target) === "emulator" || i.target.startsWith("pulumi-flashduty-emulator")),
        folder,
      ).toEqual([]);
    }
  });

  it("importFile/ depends on sdk/, provider/ (each resource's check and what its read answers), its own files, wire/protocol's facts, picomatch and yaml only, and only cli/ (and tests) import it", () => {
    const bad = importsOf("importFile").filter(
      (i) => !["importFile", "sdk", "provider"].includes(topFolder(i.target)) && !["picomatch", "yaml", "wire/protocol"].includes(i.target),
    );
    expect(bad).toEqual([]);
    const into = ["wire", "sdk", "provider", "drift", "policy", "plugin", "emulator"].flatMap(importsOf).filter((i) => topFolder(i.target) === "importFile");
    expect(into).toEqual([]);
    expect(importsOf("cli").some((i) => topFolder(i.target) === "importFile")).toBe(true);
  });

  it("no noun folder of provider/ imports another, the shared folders import none of them, and only dynamic/ (the TypeScript front door) imports them all", () => {
    const nouns = new Set(["a2aAgent", "automationRule", "automationTemplate", "knowledgeFile", "mcpServer", "mcpServerDisablement", "skill"]);
    const shared = new Set(["client", "engine", "mcpServerControl"]);
    const frontDoor = "dynamic";
    const folderOf = (p: string) => p.split("/")[1]!;
    const inProvider = importsOf("provider").filter((i) => topFolder(i.target) === "provider" && i.file.split(path.sep).length > 2);
    // Every folder is one of the three kinds, so a new folder must be placed on purpose.
    for (const file of sources("provider").filter((f) => f.split(path.sep).length > 2)) {
      const folder = folderOf(file.split(path.sep).join("/"));
      expect(nouns.has(folder) || shared.has(folder) || folder === frontDoor, file).toBe(true);
    }
    const bad = inProvider.filter((i) => {
      const from = folderOf(i.file.split(path.sep).join("/"));
      const to = folderOf(i.target);
      return from !== to && from !== frontDoor && (nouns.has(to) || to === frontDoor);
    });
    expect(bad).toEqual([]);
  });

  it("no noun nor shared folder of provider/ imports a front door: not @pulumi/pulumi, not provider/dynamic/, plugin/ nor terraform/ (one implementation, three front doors)", () => {
    const bad = importsOf("provider").filter((i) => {
      const folder = i.file.split(path.sep)[1]!;
      if (folder === "dynamic" || !i.file.includes(path.sep, "provider/".length)) return false;
      // The package root and the dynamic front door may; programConfig.ts is the client of Pulumi programs (the dynamic data sources and the policy pack).
      if (i.file === path.join("provider", "client", "programConfig.ts")) return false;
      return i.target.startsWith("@pulumi/") || i.target.startsWith("provider/dynamic/") || ["plugin", "terraform"].includes(topFolder(i.target));
    });
    expect(bad).toEqual([]);
  });

  it("the emulator's folders (http/, routes/, state/) and top-level modules form no cycle between them", () => {
    const moduleOf = (p: string) => {
      const parts = p.split("/");
      return parts.length > 2 ? parts.slice(0, 2).join("/") : p;
    };
    const graph = new Map<string, Set<string>>();
    for (const file of sources("emulator")) {
      const from = moduleOf(file.replace(/\.ts$/, "").split(path.sep).join("/"));
      for (const spec of specifiers(file).filter((s) => s.startsWith("."))) {
        const to = moduleOf(target(file, spec));
        if (to.startsWith("emulator/") && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
      for (const next of graph.get(from) ?? []) {
        if (next === to) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        if (reaches(next, to, seen)) return true;
      }
      return false;
    };
    const cycles = [...graph].flatMap(([from, tos]) => [...tos].filter((to) => reaches(to, from)).map((to) => `${from} -> ${to}`));
    expect(graph.get("emulator/routes")?.has("emulator/http")).toBe(true);
    expect(cycles).toEqual([]);
  });

  it("the emulator's import graph has no cycle", () => {
    const graph = new Map<string, string[]>();
    for (const file of sources("emulator")) {
      const from = file.replace(/\.ts$/, "").split(path.sep).join("/");
      graph.set(
        from,
        specifiers(file)
          .filter((s) => s.startsWith("."))
          .map((s) => target(file, s))
          .filter((t) => t.startsWith("emulator/")),
      );
    }
    const cycles: string[][] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (node: string, trail: string[]): void => {
      if (state.get(node) === "done") return;
      if (state.get(node) === "visiting") {
        cycles.push([...trail.slice(trail.indexOf(node)), node]);
        return;
      }
      state.set(node, "visiting");
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, "done");
    };
    for (const node of graph.keys()) visit(node, []);
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles).toEqual([]);
  });

  it("no two hand-written .ts files import each other (type-only imports, re-exports and dynamic import() included)", () => {
    const skipped = new Set(["node_modules", "dist", "build", "sdks", ".git"]);
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = dir === "" ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory() && !skipped.has(entry.name)) walk(rel);
        else if (entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) files.push(rel);
      }
    };
    walk("");
    const known = new Set(files);
    // A relative specifier as the file it names: `./x`, `./x.js` (compiled name), `./x/index`.
    const resolve = (from: string, spec: string): string | undefined => {
      const base = path.posix.join(path.posix.dirname(from), spec);
      return [base, base.replace(/\.js$/, ".ts"), `${base}.ts`, `${base}/index.ts`].find((c) => known.has(c));
    };
    const graph = new Map<string, Set<string>>();
    for (const file of files) {
      // The compiler's own scan of import, import type, export ... from and import("..."): no regex to fool.
      const { importedFiles } = ts.preProcessFile(readFileSync(path.join(ROOT, file), "utf8"), true, true);
      const targets = importedFiles.filter((i) => i.fileName.startsWith(".")).map((i) => resolve(file, i.fileName));
      graph.set(file, new Set(targets.filter((t): t is string => t !== undefined && t !== file)));
    }
    // The scan sees what it must: a type-only import, a dynamic import and a re-export.
    expect(files.length).toBeGreaterThan(300);
    expect(graph.get("cli/importFileCommand.ts")?.has("cli/io.ts")).toBe(true);
    expect(graph.get("cli/main.ts")?.has("cli/importFileCommand.ts")).toBe(true);
    expect(graph.get("wire/wire.ts")?.has("wire/protocol.ts")).toBe(true);
    const pairs = [...graph].flatMap(([a, tos]) => [...tos].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`));
    expect(pairs).toEqual([]);
  });
});
