import { defineConfig } from "vitest/config";

// Test tiers (docs/CONTRIBUTING.md, "Test tiers"), one vitest project each:
// - unit:   no network, no child process: pure functions, fake timers, the repository's files;
// - http:   real HTTP on 127.0.0.1 (the emulator, the SDK's recorder), no Pulumi CLI;
// - engine: the real Pulumi CLI (`*.engine.test.ts`, the reliability suites, the packed tarballs).
// `npm test` runs all three; `npm run test:unit`, `test:http`, `test:engine` run one.
const ENGINE = ["test/**/*.engine.test.ts", "test/package/**/*.test.ts", "test/reliability/**/*.test.ts"];
const UNIT = [
  "test/repository/**/*.test.ts",
  "test/sdk/retry.test.ts",
  "test/sdk/adaptiveRateLimit.test.ts",
  "test/provider/config.test.ts",
  "test/provider/resourceGet.test.ts",
  "test/drift/dataSources.test.ts",
  "test/drift/markdown.test.ts",
  "test/policy/ruleViolations.test.ts",
  "test/policy/scheduleInterval.test.ts",
];

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
          // Makes the Pulumi CLI available once before any worker starts (a first build from Go
          // modules takes minutes; afterwards this is a cache hit in well under 2 s).
          globalSetup: ["test/globalSetup.ts"],
        },
      },
    ],
  },
});
