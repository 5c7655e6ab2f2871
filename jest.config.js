import { availableParallelism } from 'node:os';

// ESM tests: sources use NodeNext-style ".js" import suffixes, mapped back to ".ts"; scripts/jest-transform.mjs compiles
// TypeScript with esbuild.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': '<rootDir>/scripts/jest-transform.mjs' },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 60000,
  // Jest's default is one worker fewer than the cores, which on CI's 2 cores means one file at a time in the main
  // process. Half a worker more than the cores: many files wait on a child process (the CLI bundle, Python,
  // Chromium) part of the time, and a third file fills that time (2 cores: 316 s with two workers, 272 s with three).
  // (Jest reads a percentage above 100% as a plain count, so the number is computed here.)
  maxWorkers: Math.max(1, Math.round(1.5 * availableParallelism())),
  reporters: ['default', '<rootDir>/scripts/totals-reporter.js']
};
