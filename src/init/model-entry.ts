/**
 * `init --model FILE`: the config entry for the team's own model (docs/models.md#python-models,
 * docs/models.md#tree-ensembles). A saved estimator (`.joblib`, `.pkl`, `.pickle`) becomes `sklearn:`; a module
 * (`.py`) becomes `python:` with the function it defines that init finds first: `predict_proba`, then `predict`,
 * then the first other public top-level function (not `setup`); XGBoost's JSON model (`.json`) becomes `xgboost:` and
 * LightGBM's text model (a file whose first line is `tree`) `lightgbm:`.
 */
import { basename, extname } from 'node:path';
import { UsageError } from '../errors.js';
import { MODEL_KINDS } from '../models/registry.js';
import { quoted } from '../util/visible.js';
import { yamlScalar } from '../util/yaml-scalar.js';

export interface ModelEntry {
  name: string;
  kind: 'sklearn' | 'python' | 'xgboost' | 'lightgbm';
  path: string;
  /** `python:` only. */
  function: string | null;
  /** Its lines under `models:` in the config init writes. */
  lines: string[];
}

const INTERPRETER_LINE =
  '    # interpreter: python3                # the Python that has its libraries (docs/models.md#python-models)';

const PREFERRED = ['predict_proba', 'predict'];

/** Top-level `def name(` lines of a Python module, in order (`async def` too). */
function topLevelFunctions(source: string): string[] {
  return [...source.matchAll(/^(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(/gm)].map((m) => m[1] as string);
}

/** A model name from the file's name: its stem, with anything but letters, digits, `-`, `_` and `.` as `-`. */
function nameOf(path: string): string {
  const stem =
    basename(path, extname(path))
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'model';
  // A built-in's name would read as that built-in in reports.
  return MODEL_KINDS.some((d) => d.kind === stem) ? `${stem}-model` : stem.slice(0, 100);
}

/** A tree ensemble's file by its first bytes: XGBoost's JSON (a `learner` object) or LightGBM's text (`tree`). */
function treeKind(ext: string, source: () => string): 'xgboost' | 'lightgbm' | null {
  if (ext === '.json') return /^\s*\{[\s\S]*"learner"\s*:/.test(source().slice(0, 4096)) ? 'xgboost' : null;
  if (ext === '.txt' || ext === '.model' || ext === '')
    return /^tree\r?\n/.test(source().slice(0, 16)) ? 'lightgbm' : null;
  return null;
}

export function modelEntry(path: string, source: () => string): ModelEntry {
  const ext = extname(path).toLowerCase();
  const name = nameOf(path);
  if (ext === '.joblib' || ext === '.pkl' || ext === '.pickle')
    return {
      name,
      kind: 'sklearn',
      path,
      function: null,
      lines: [`  - name: ${yamlScalar(name)}`, `    sklearn: { file: ${yamlScalar(path)} }`, INTERPRETER_LINE]
    };
  const trees = treeKind(ext, source);
  if (trees !== null)
    return {
      name,
      kind: trees,
      path,
      function: null,
      lines: [`  - name: ${yamlScalar(name)}`, `    ${trees}: { file: ${yamlScalar(path)} }`]
    };
  if (ext !== '.py') {
    const found = ext === '' ? 'file without an extension' : `${ext} file`;
    throw new UsageError(
      `--model ${quoted(path)}: expected a saved scikit-learn estimator (.joblib, .pkl), a Python module (.py), ` +
        `XGBoost's JSON model or LightGBM's text model, found a ${found}; for any other model, add a command entry ` +
        `to the config by hand (docs/models.md)`
    );
  }
  const defined = topLevelFunctions(source());
  const found = PREFERRED.find((f) => defined.includes(f)) ?? defined.find((f) => !f.startsWith('_') && f !== 'setup');
  if (found === undefined)
    throw new UsageError(
      `--model ${quoted(path)}: expected a module defining a top-level function that takes a list of inputs ` +
        `(def predict(texts): ...), found none`
    );
  return {
    name,
    kind: 'python',
    path,
    function: found,
    lines: [
      `  - name: ${yamlScalar(name)}`,
      `    python: { file: ${yamlScalar(path)}, function: ${found}, batch: 64 }`,
      '    # probabilities: true                # when every answer is a dict of scores that sum to 1',
      INTERPRETER_LINE
    ]
  };
}
