/**
 * `{ name, python: { file, function, batch } }` and `{ name, sklearn: { file, batch } }`: the user's
 * Python model behind the bundled runner (src/models/python/, docs/models.md#python-models), for
 * either task. Both take the keys of a command model besides `interpreter` (default `python3`).
 */
import { readFileSync } from 'node:fs';
import { describeFound } from '../../errors.js';
import { modelName } from '../../config/model-name.js';
import type { FileRef } from '../../config/paths.js';
import type { KeyPath } from '../../config/source.js';
import { PRINTABLE, configError, unknownKey } from '../../config/validate.js';
import { sha256Hex } from '../../util/hash.js';
import { hasHidden } from '../../util/visible.js';
import { entryModel, type ModelBuildContext, type ModelReadContext } from '../descriptor.js';
import type { Model } from '../model.js';
import { PythonModel, type PythonModelPlan } from '../python/python-model.js';
import { repeatedScores } from '../repeat.js';
import { PROCESS_KEYS, processOptions, stringList, type ProcessOptions } from './process-options.js';

const DEFAULT_BATCH = 64;
const MAX_BATCH = 65_536;
/** A Python identifier (ASCII), the only names `function` may take. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface PythonParams extends ProcessOptions {
  file: FileRef;
  function: string | null;
  batch: number;
  interpreter: string;
  files: FileRef[];
}

type Kind = 'python' | 'sklearn';

const INNER_KEYS: Record<Kind, string[]> = {
  python: ['file', 'function', 'batch'],
  sklearn: ['file', 'batch']
};

function reader(kind: Kind) {
  const entryKeys = ['name', kind, 'interpreter', 'files', ...PROCESS_KEYS].filter(
    // An estimator says itself whether it has probabilities (predict_proba).
    (k) => kind === 'python' || k !== 'probabilities'
  );
  return (
    obj: Readonly<Record<string, unknown>>,
    { source, at, file }: ModelReadContext
  ): { name: string; params: PythonParams } => {
    for (const key of Object.keys(obj))
      if (!entryKeys.includes(key)) throw configError(source, [...at, key], unknownKey(key, entryKeys), true);
    const name = modelName(obj.name, source, [...at, 'name']);
    const inner = obj[kind];
    const innerAt: KeyPath = [...at, kind];
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner))
      throw configError(
        source,
        innerAt,
        `expected a mapping with ${INNER_KEYS[kind].join(', ')}, found ${describeFound(inner)}`
      );
    const params = inner as Record<string, unknown>;
    for (const key of Object.keys(params))
      if (!INNER_KEYS[kind].includes(key))
        throw configError(source, [...innerAt, key], unknownKey(key, INNER_KEYS[kind]), true);
    if (typeof params.file !== 'string' || params.file === '')
      throw configError(source, [...innerAt, 'file'], `expected a file path, found ${describeFound(params.file)}`);
    let fn: string | null = null;
    if (kind === 'python') {
      const v = params.function ?? 'predict';
      if (typeof v !== 'string' || !IDENTIFIER.test(v))
        throw configError(
          source,
          [...innerAt, 'function'],
          `expected a Python function name, found ${describeFound(v)}`
        );
      fn = v;
    }
    const batch = params.batch ?? DEFAULT_BATCH;
    if (typeof batch !== 'number' || !Number.isInteger(batch) || batch < 1 || batch > MAX_BATCH)
      throw configError(
        source,
        [...innerAt, 'batch'],
        `expected a whole number from 1 to ${MAX_BATCH}, found ${describeFound(batch)}`
      );
    const interpreter = obj.interpreter ?? 'python3';
    // Run as one word (never through a shell's expansion): a path or a name on PATH.
    if (
      typeof interpreter !== 'string' ||
      interpreter.trim() === '' ||
      hasHidden(interpreter) ||
      interpreter.includes('${')
    )
      throw configError(
        source,
        [...at, 'interpreter'],
        `expected a program name or path ${PRINTABLE} and without \${…}, found ${describeFound(interpreter)}`
      );
    const options = processOptions(obj, source, at);
    return {
      name,
      params: {
        ...options,
        file: file([...innerAt, 'file'], params.file),
        function: fn,
        batch,
        interpreter,
        files: stringList(obj, 'files', source, at).map((p, i) => file([...at, 'files', i], p))
      }
    };
  };
}

/** The file's SHA-256: the model's identity (what it imports is named by `files`). */
function fileDigest(path: string): string {
  return sha256Hex(readFileSync(path));
}

function build(kind: Kind, plan: { name: string; kind: Kind; params: PythonParams }, context: ModelBuildContext) {
  const p = plan.params;
  const pythonPlan: PythonModelPlan = {
    name: plan.name,
    kind,
    file: p.file,
    function: p.function,
    batch: p.batch,
    interpreter: p.interpreter,
    probabilities: p.probabilities,
    timeoutS: p.timeout_s,
    requestTimeoutS: p.request_timeout_s,
    env: p.env,
    window: p.window,
    repeat: p.repeat,
    digest: fileDigest(p.file.absolute),
    answers: context.answers(plan)
  };
  return new PythonModel(pythonPlan, context.labels, context.features, context.root, context.log);
}

const remote = {
  command: true,
  wallMs: (model: Model) => (model instanceof PythonModel ? model.counters().wall_ms : null),
  manifest(model: Model, plan: { params: PythonParams }) {
    if (!(model instanceof PythonModel)) return null;
    const files = plan.params.files.map((f) => ({ path: f.path, sha256: fileDigest(f.absolute) }));
    const { python, class_path, sklearn, joblib } = model.facts;
    return {
      ...(files.length > 0 ? { files } : {}),
      env: plan.params.env,
      runtime: { python, class_path, ...(sklearn ? { sklearn } : {}), ...(joblib ? { joblib } : {}) }
    };
  },
  // Wall time has its own place in manifest.run.
  counters: (model: Model) => (model instanceof PythonModel ? { ...model.counters(), wall_ms: undefined } : null),
  // The file and the function called; what the file imports is the team's to name in the key.
  cacheSettings: (plan: { params: PythonParams }) => ({
    file: plan.params.file.path,
    function: plan.params.function,
    probabilities: plan.params.probabilities
  }),
  stderrTail: (model: Model) => (model instanceof PythonModel ? model.stderrTail() : '')
};

function preprocessing(kind: Kind) {
  const scores = (p: PythonParams): string =>
    kind === 'sklearn'
      ? "the estimator's predict_proba over its classes_, written exactly (repr); predict's label when it has no " +
        'predict_proba'
      : `what the function returns per input (${p.probabilities ? 'declared as' : 'scores, not'} probabilities)`;
  const call = kind === 'sklearn' ? 'predict_proba (or predict)' : 'the function';
  return {
    text: (plan: { params: PythonParams }) => ({
      input: `the text as written (the perturbed text under a perturbation), a Python str in a list given to ${call}`,
      vectorizers: [],
      scores: repeatedScores(scores(plan.params), plan.params.repeat)
    }),
    tabular: (plan: { params: PythonParams }) => ({
      input:
        kind === 'sklearn'
          ? 'a 2-D float array, one row per record, columns in the order of `features`'
          : 'a list of feature dicts (column → float), keys in the order of `features`',
      scaling: "identity on Evidence Gate's side: the model receives raw feature units",
      scores: repeatedScores(scores(plan.params), plan.params.repeat)
    })
  };
}

export const PYTHON = entryModel({
  kind: 'python',
  task: 'any',
  selectedBy: 'entry',
  key: 'python',
  read: reader('python'),
  probabilities: (params) => params.probabilities,
  labelOnly: true,
  gradients: false,
  build: (plan, context) => build('python', plan, context),
  remote,
  preprocessing: preprocessing('python')
});

export const SKLEARN = entryModel({
  kind: 'sklearn',
  task: 'any',
  selectedBy: 'entry',
  key: 'sklearn',
  read: reader('sklearn'),
  // Known once the estimator is loaded: predict_proba gives probabilities, predict a label only.
  probabilities: () => true,
  labelOnly: true,
  gradients: false,
  build: (plan, context) => build('sklearn', plan, context),
  remote,
  preprocessing: preprocessing('sklearn')
});
