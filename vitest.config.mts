import { defineConfig } from "vitest/config";

// Test tiers (docs/CONTRIBUTING.md, "Test tiers"), one vitest project each, decided by the file's name:
// - `*.unit.test.ts`:   no network, no child process: pure functions, fake timers, the repository's files;
// - `*.engine.test.ts`: the real Pulumi CLI (stacks, the packed tarballs in fresh projects);
// - any other `*.test.ts` (http): real HTTP on 127.0.0.1 (the emulator, the SDK's recorder), real
//   child processes, no Pulumi CLI.
// `npm test` runs all three; `npm run test:unit`, `test:http`, `test:engine` run one.
const UNIT = ["test/**/*.unit.test.ts"];
const ENGINE = ["test/**/*.engine.test.ts"];

export default defineConfig({
  test: {
    hookTimeout: 120_000,
    testTimeout: 180_000,
    // Engine tests are CPU-heavy (CLI, language host, plugin per command); two at a time.
    maxWorkers: 2,
    reporters: ["default", "./test/summaryReporter.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: UNIT } },
      { extends: true, test: { name: "http", include: ["test/**/*.test.ts"], exclude: [...UNIT, ...ENGINE] } },
      {
        extends: true,
        test: {
          name: "engine",
          include: ENGINE,
          // A safety net against a hung CLI, not a timing goal (those live in bench/): a test of
          // several CLI commands takes about 2 minutes alone, and up to twice that while a
          // multi-process test shares the 2 cores.
          testTimeout: 420_000,
          // Makes the Pulumi CLI available once before any worker starts (a first build from Go
          // modules takes minutes; afterwards this is a cache hit in well under 2 s).
          globalSetup: ["test/globalSetup.ts"],
        },
      },
    ],
  },
});
