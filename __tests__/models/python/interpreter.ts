/**
 * The Python the Python-model tests run: the first of `python3` on PATH and Debian's
 * /usr/bin/python3 that imports scikit-learn and joblib (EVIDENCE_GATE_PYTHON names another).
 * .ci/run installs Debian's python3-sklearn when none does; only when that is impossible may
 * EVIDENCE_GATE_SKIP_PYTHON skip these tests, saying why.
 */
import { spawnSync } from 'node:child_process';

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
