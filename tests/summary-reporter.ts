import type { Reporter, SerializedError, TestModule } from "vitest/node";

/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, that CI tooling can read.
 * A file that failed outside its tests (a failing hook, an import error) counts as one failure,
 * and so does each unhandled error, so the line never reads "0 failed" on a red run.
 * A file that never finished (its worker process exited: Vitest then names no file) is named here,
 * with the tests it did not run counted as failed, not skipped.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const unfinished: string[] = [];
    for (const mod of testModules) {
      let failedHere = 0;
      let notRun = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failedHere++;
        else if (state === "pending") notRun++;
        else skipped++;
      }
      const modState = mod.state();
      if (modState === "queued" || modState === "pending") {
        unfinished.push(`${mod.project.name} ${mod.relativeModuleId}: ${notRun} test(s) not finished`);
        failedHere += notRun;
      } else skipped += notRun;
      if (failedHere === 0 && modState === "failed") failedHere = 1;
      failed += failedHere;
    }
    for (const line of unfinished) process.stdout.write(`\nDid not finish (its worker exited?): ${line}`);
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
