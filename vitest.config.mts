import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Makes the Pulumi CLI available once before any worker starts (a first build from Go
    // modules takes minutes; afterwards this is a cache hit in well under 2 s).
    globalSetup: ["test/globalSetup.ts"],
    hookTimeout: 120_000,
    testTimeout: 180_000,
    // Engine tests are CPU-heavy (CLI, language host, plugin per command); two at a time.
    maxWorkers: 2,
    reporters: ["default", "./test/summaryReporter.ts"],
  },
});
