// Jest reporter: ends every run with one plain line "N passed, N failed" (read by CI).
export default class TotalsReporter {
  onRunComplete(_contexts, results) {
    const failed =
      results.numFailedTests + (results.numRuntimeErrorTestSuites > 0 ? results.numRuntimeErrorTestSuites : 0);
    process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed\n`);
  }
}
