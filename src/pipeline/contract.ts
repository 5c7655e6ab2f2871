/**
 * What every command of the engine takes besides its options (clocks, log, progress) and what `run` and `merge` return.
 */
import type { Comparison } from '../compare/comparison.js';
import type { GateResult } from '../gate/checks.js';
import type { ShardSpec } from '../shard/select.js';

export interface Progress {
  stage: 'train' | 'evaluate' | 'merge' | 'verify';
  rows: number;
  total: number;
  /** The model being trained (stage `train`): a model's training starts at 0 rows and ends at `total`. */
  model?: string;
  /** The model runs outside this process (a command, a Python or HTTP model): it is started, not trained. */
  remote?: boolean;
  /** The model is read from a file trained elsewhere (a tree ensemble): it is loaded, not trained. */
  loaded?: boolean;
}

export interface RunDeps {
  /** Milliseconds, for stage wall times. */
  now?: () => number;
  /** ISO timestamp for `manifest.run`. */
  timestamp?: () => string;
  /** Progress lines; never receives dataset text. */
  log?: (line: string) => void;
  /** Warnings (a refused baseline in the action); never receives dataset text. */
  warn?: (line: string) => void;
  /** Rows done, for a progress display. */
  progress?: (p: Progress) => void;
  /** Run context for `manifest.run.context` (repository, commit, workflow run, ...). */
  context?: Record<string, string | number | null>;
  /** SHA-256 of the running bundle, when known. */
  bundleSha256?: string | null;
  /** Registers a secret value (an HTTP model's header variables) to mask in the log: the action's core.setSecret. */
  secret?: (value: string) => void;
}

export interface RunResult {
  kind: 'run' | 'shard';
  /** Null for a shard (no gate until the merge). */
  verdict: 'pass' | 'fail' | null;
  failedChecks: number;
  gate: GateResult | null;
  comparison: Comparison | null;
  /** Why the comparison checks are not applicable, when there is no comparison. */
  noBaselineReason: string | null;
  shard: ShardSpec | null;
  /** Absolute path of the output folder. */
  outputDir: string;
  /** Output folder relative to the root. */
  outputPath: string;
  /** Config file relative to the root (for annotations). */
  configPath: string;
  manifestSha256: string;
  summary: string;
  files: string[];
}
