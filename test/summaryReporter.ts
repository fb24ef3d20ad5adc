import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends the run with one plain line, `tests: N passed, N failed[, N skipped]`, the summary that
 * CI tooling reads whatever the test runner (vitest's own summary is decorated for terminals).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) counts[test.result().state] += 1;
    }
    const skipped = counts.skipped + counts.pending;
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}\n`);
  }
}
