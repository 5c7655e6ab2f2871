/**
 * The Python the Python-model tests run: the first of `python3` on PATH and Debian's
 * /usr/bin/python3 that imports scikit-learn and joblib (EVIDENCE_GATE_PYTHON names another).
 * .ci/run installs Debian's python3-sklearn when none does; only when that is impossible may
 * EVIDENCE_GATE_SKIP_PYTHON skip these tests, saying why.
 */
import { spawnSync } from 'node:child_process';
import { spawnAsync } from '../../spawn-async.js';

const CANDIDATES = [process.env.EVIDENCE_GATE_PYTHON, 'python3', '/usr/bin/python3'].filter(
  (c): c is string => c !== undefined && c !== ''
);

function imports(python: string, modules: string): boolean {
  return spawnSync(python, ['-c', `import ${modules}`], { stdio: 'ignore' }).status === 0;
}

/** A Python with scikit-learn and joblib, or null. */
export const PYTHON: string | null = CANDIDATES.find((p) => imports(p, 'sklearn, joblib')) ?? null;

const SKIP = process.env.EVIDENCE_GATE_SKIP_PYTHON;
if (PYTHON === null && SKIP) console.warn(`Python model tests skipped: ${SKIP}`);

/** `describe`, or `describe.skip` when no Python with scikit-learn is here and the skip is declared. */
export const pythonSuite = PYTHON !== null || !SKIP ? describe : describe.skip;

/** The interpreter, or a failure naming what to install (the skip was not declared). */
export function python(): string {
  if (PYTHON === null)
    throw new Error(
      `no Python with scikit-learn and joblib among ${CANDIDATES.join(', ')}: install python3-sklearn ` +
        `(.ci/run does), or set EVIDENCE_GATE_PYTHON`
    );
  return PYTHON;
}

/**
 * What a saved estimator's own predict_proba answers in this interpreter, per row, as repr strings (exact). The
 * committed golden pins the same values as they came out on the machine that wrote it; BLAS kernels chosen per CPU
 * may move a probability by an ulp, so the bit-for-bit promise is held against this live answer. It runs in a child
 * process that does not block, so the interpreter's start overlaps the test's own work.
 */
export async function ownProbabilities(file: string, rows: ReadonlyArray<string | number[]>): Promise<string[][]> {
  const script = [
    'import json, pickle, sys',
    'import joblib, numpy as np',
    'path = sys.argv[1]',
    'model = pickle.load(open(path, "rb")) if path.endswith(".pkl") else joblib.load(path)',
    'rows = json.load(sys.stdin)',
    'x = rows if isinstance(rows[0], str) else np.asarray(rows, dtype=float)',
    'print(json.dumps([[repr(float(p)) for p in row] for row in model.predict_proba(x)]))'
  ].join('\n');
  const out = await spawnAsync(python(), ['-c', script, file], { input: JSON.stringify(rows) });
  if (out.status !== 0) throw new Error(`predict_proba of ${file} failed: ${out.error?.message ?? out.stderr}`);
  return JSON.parse(out.stdout) as string[][];
}
