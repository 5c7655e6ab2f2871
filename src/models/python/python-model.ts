/**
 * A Python model (docs/models.md#python-models): the bundled runner (runner.py, embedded as a
 * string) written to a private temporary folder, asked once for the model's facts (probe.ts), then
 * started as a command model. Everything a command model has (pipelining, counters, failures as
 * evidence, repeat) comes from ExternalModel; this class adds the runner's file, the model's own
 * identity (the file's SHA-256, not the command line, which names a temporary path) and cleanup.
 */
import type { AnswerCache } from '../answers/answer-cache.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileRef } from '../../config/paths.js';
import { ExternalModel } from '../external/external-model.js';
import type { ModelDescription } from '../model.js';
import { modelEnvironment } from '../external/environment.js';
import { passedValuesMasker, probePython, type PythonFacts, type RunnerSpec } from './probe.js';
import { RUNNER_PY } from './runner-source.generated.js';

export interface PythonModelPlan {
  name: string;
  kind: 'python' | 'sklearn';
  file: FileRef;
  /** `python:`: the function called with a batch of inputs; `sklearn:`: absent. */
  function: string | null;
  batch: number;
  interpreter: string;
  /** `python:` declares it; `sklearn:` has probabilities when the estimator has predict_proba. */
  probabilities: boolean;
  timeoutS: number;
  requestTimeoutS: number;
  env: string[];
  window: number;
  repeat: number;
  digest: string;
  /** Kept answers (docs/answer-cache.md). */
  answers?: AnswerCache | null;
}

/** A shell word: single-quoted, with each ' written as '\''. */
function shellWord(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Runner folders not yet removed; a run that ends without closing its models removes them at exit. */
const LIVE_FOLDERS = new Set<string>();
let removedAtExit = false;

function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
  LIVE_FOLDERS.delete(folder);
}

/** Writes the runner to a new private folder (mode 0700, file 0600); removed by close() or at exit. */
function writeRunner(): string {
  if (!removedAtExit) process.once('exit', () => [...LIVE_FOLDERS].forEach(removeFolder));
  removedAtExit = true;
  const folder = mkdtempSync(join(tmpdir(), 'evidence-gate-python-'));
  LIVE_FOLDERS.add(folder);
  writeFileSync(join(folder, 'runner.py'), RUNNER_PY, { mode: 0o600 });
  return folder;
}

export class PythonModel extends ExternalModel {
  readonly facts: PythonFacts;
  /** The private folder holding the runner; removed when the model closes. */
  readonly folder: string;
  private readonly python: PythonModelPlan;

  constructor(
    plan: PythonModelPlan,
    labels: readonly string[],
    features: readonly string[],
    root: string,
    log: (line: string) => void
  ) {
    const folder = writeRunner();
    const runner = join(folder, 'runner.py');
    const spec: RunnerSpec = {
      kind: plan.kind,
      file: plan.file.absolute,
      function: plan.function,
      batch: plan.batch,
      features: features.length > 0 ? [...features] : null
    };
    const { env } = modelEnvironment(process.env, plan.env);
    const masker = passedValuesMasker(plan.env, env);
    let facts: PythonFacts;
    try {
      facts = probePython(plan, runner, spec, labels, root, env, masker);
    } catch (error) {
      removeFolder(folder);
      throw error;
    }
    const probabilities = plan.kind === 'sklearn' ? facts.probabilities === true : plan.probabilities;
    const command = `exec ${[plan.interpreter, runner, 'serve', JSON.stringify(spec)].map(shellWord).join(' ')}`;
    super(
      {
        name: plan.name,
        command,
        timeoutS: plan.timeoutS,
        requestTimeoutS: plan.requestTimeoutS,
        probabilities,
        env: plan.env,
        window: plan.window,
        repeat: plan.repeat,
        mask: (text) => masker.mask(text),
        answers: plan.answers ?? null
      },
      labels,
      root,
      log
    );
    this.facts = facts;
    this.folder = folder;
    this.python = { ...plan, probabilities };
  }

  override describe(): ModelDescription {
    const p = this.python;
    return {
      name: p.name,
      kind: p.kind,
      params: {
        file: p.file.path,
        ...(p.function !== null ? { function: p.function } : {}),
        batch: p.batch,
        interpreter: p.interpreter,
        probabilities: p.probabilities,
        timeout_s: p.timeoutS,
        request_timeout_s: p.requestTimeoutS,
        window: p.window,
        ...(p.repeat > 1 ? { repeat: p.repeat } : {})
      },
      digest: p.digest,
      probabilities: p.probabilities
    };
  }

  override async close(): Promise<void> {
    try {
      await super.close();
    } finally {
      removeFolder(this.folder);
    }
  }
}
