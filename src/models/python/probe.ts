/**
 * Before any evaluation, the runner loads the user's Python model once and reports what it found
 * (docs/models.md#python-models): the interpreter's version, the estimator's class path and the
 * library versions (for the manifest), whether it has predict_proba, its classes. Everything that
 * would make the model unusable is one config error naming the file and the remedy.
 */
import { spawnSync } from 'node:child_process';
import { ConfigError } from '../../errors.js';
import { quoted, quotedList } from '../../util/visible.js';
import { Masker } from '../http/secrets.js';
import type { FileRef } from '../../config/paths.js';

/** What the runner is told: docs in runner.py. */
export interface RunnerSpec {
  kind: 'python' | 'sklearn';
  file: string;
  function: string | null;
  batch: number;
  features: string[] | null;
}

export interface PythonFacts {
  python: string;
  class_path: string;
  sklearn?: string;
  joblib?: string;
  probabilities?: boolean;
  classes?: string[];
}

/** Loading a large pipeline (and importing scikit-learn) can take a while on a cold runner. */
const PROBE_LIMIT_MS = 120_000;

/** What the probe needs of a Python model's plan (python-model.ts). */
interface ProbePlan {
  name: string;
  kind: 'python' | 'sklearn';
  file: FileRef;
  interpreter: string;
}

/** Shortest value of a passed variable that is masked: shorter ones would hide ordinary words and digits. */
const MIN_SECRET_CHARS = 8;

/**
 * Hides the values of the variables the entry passes to the model (an API key the user's code
 * reads) wherever the model's own words are quoted: a load error, an exception, the stderr tail.
 */
export function passedValuesMasker(names: readonly string[], env: Readonly<Record<string, string>>): Masker {
  return new Masker(names.map((name) => env[name] ?? '').filter((v) => v.length >= MIN_SECRET_CHARS));
}

export function probePython(
  plan: ProbePlan,
  runner: string,
  spec: RunnerSpec,
  labels: readonly string[],
  root: string,
  /** The model's environment (src/models/external/environment.ts) and what hides its passed values. */
  env: Readonly<Record<string, string>>,
  masker: Masker
): PythonFacts {
  const fail = (what: string, remedy: string): ConfigError =>
    new ConfigError(`${plan.file.path}: model ${quoted(plan.name)} (${plan.kind}): ${masker.mask(what)}; ${remedy}`);
  const out = spawnSync(plan.interpreter, [runner, 'probe', JSON.stringify(spec)], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: PROBE_LIMIT_MS,
    maxBuffer: 1 << 20
  });
  if (out.error !== undefined) {
    const code = (out.error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw fail(
        `the interpreter ${quoted(plan.interpreter)} was not found on PATH`,
        "install Python 3, or set the model's `interpreter` to the Python to use"
      );
    if (code === 'ETIMEDOUT')
      throw fail(`loading it took longer than ${PROBE_LIMIT_MS / 1000} s`, 'make the model load faster');
    throw fail(
      `the interpreter ${quoted(plan.interpreter)} could not start (${code ?? out.error.message})`,
      'check it'
    );
  }
  const line = out.stdout.split('\n').find((l) => l.startsWith('{'));
  if (line === undefined) {
    const last = out.stderr.trim().split('\n').pop() ?? '';
    throw fail(
      `${quoted(plan.interpreter)} did not run Evidence Gate's runner (exit ${out.status ?? out.signal}` +
        `${last === '' ? '' : `: ${quoted(last.slice(0, 200))}`})`,
      'set `interpreter` to a Python 3.8 or later'
    );
  }
  const facts = JSON.parse(line) as PythonFacts & { ok: boolean; what?: string; remedy?: string };
  if (!facts.ok) throw fail(facts.what ?? 'it does not load', facts.remedy ?? 'check it');
  if (facts.classes !== undefined) {
    const sorted = [...facts.classes].sort();
    const expected = [...labels].sort();
    if (sorted.length !== expected.length || sorted.some((c, i) => c !== expected[i]))
      throw fail(
        `its classes are ${quotedList(facts.classes)}, the training labels are ${quotedList([...labels])}`,
        'train it on the same labels (compared as strings)'
      );
  }
  return {
    python: facts.python,
    class_path: facts.class_path,
    ...(facts.sklearn !== undefined ? { sklearn: facts.sklearn } : {}),
    ...(facts.joblib !== undefined ? { joblib: facts.joblib } : {}),
    ...(facts.probabilities !== undefined ? { probabilities: facts.probabilities } : {}),
    ...(facts.classes !== undefined ? { classes: facts.classes } : {})
  };
}
