/**
 * The engine both adapters call (docs/definitions.md#pipeline): `run` (one job, or one shard of it), `merge` (shards
 * into one output, docs/definitions.md#shards) and `verify` (docs/definitions.md#verify) are short lists of the same
 * stages — prepare → evaluate → stream evidence → derive (pipeline/derive.ts) → render → manifest. No
 * GitHub or terminal I/O here: the clock, the log and the run context are passed in.
 */
export { run, type RunOptions } from './pipeline/run.js';
export { merge, type MergeOptions } from './pipeline/merge.js';
export { verify, type VerifyOptions, type VerifyResult } from './pipeline/verify.js';
export { openBaseline, staleReasons, type BaselineSource } from './pipeline/baseline.js';
export type { Progress, RunDeps, RunResult } from './pipeline/contract.js';
export { stageClock } from './pipeline/start.js';
export { hostFacts } from './run/facts.js';
export { prepare } from './pipeline/prepare.js';
export { cleanUpOnSignal, startBundle } from './start.js';
