/**
 * XGBoost's JSON model (Booster.save_model to a `.json` file) read into a Forest (forest.ts), for the 1.x layout and
 * the 2.x/3.x one (docs/models.md#tree-ensembles). What differs between them and is read here: `base_score`, a
 * number in a string ("5E-1") before 3.0 and a bracketed list ("[5E-1]") since; `default_left`, numbers or booleans.
 * Every problem is a message naming the key (the caller adds the file): a model this reader cannot predict exactly
 * as XGBoost does is refused, never approximated.
 */
import { describeFound } from '../../errors.js';
import type { Forest, Link, Tree } from './forest.js';
import { MISSING_NAN } from './forest.js';
import { checkTree, TreeFileProblem } from './tree-shape.js';

/** The objectives read, with how their margin becomes scores and how base_score becomes the starting margin. */
const OBJECTIVES: Readonly<Record<string, { link: Link; logitBase: boolean }>> = {
  'binary:logistic': { link: 'sigmoid', logitBase: true },
  'reg:logistic': { link: 'sigmoid', logitBase: true },
  'multi:softprob': { link: 'softmax', logitBase: false },
  'multi:softmax': { link: 'softmax', logitBase: false }
};

type Json = Record<string, unknown>;

function field(obj: unknown, key: string, at: string): unknown {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj))
    throw new TreeFileProblem(`${at}: expected an object, found ${describeFound(obj)}`);
  const v = (obj as Json)[key];
  if (v === undefined) throw new TreeFileProblem(`${at}.${key}: missing`);
  return v;
}

function numbers(obj: unknown, key: string, at: string, integer: boolean, nullIsNaN = false): number[] {
  const v = field(obj, key, at);
  if (!Array.isArray(v))
    throw new TreeFileProblem(`${at}.${key}: expected a list of numbers, found ${describeFound(v)}`);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (x === null && nullIsNaN) {
      v[i] = NaN;
      continue;
    }
    // default_left is written as booleans by some versions.
    const n = typeof x === 'boolean' ? Number(x) : x;
    if (typeof n !== 'number' || !Number.isFinite(n) || (integer && !Number.isInteger(n)))
      throw new TreeFileProblem(
        `${at}.${key}[${i}]: expected ${integer ? 'a whole number' : 'a finite number'}, found ${describeFound(x)}`
      );
    v[i] = n;
  }
  return v as number[];
}

/** A number XGBoost writes as a string ("3", "5E-1"), or a list of them in brackets ("[5E-1,2E-1]"). */
function stringNumbers(v: unknown, at: string): number[] {
  if (typeof v !== 'string')
    throw new TreeFileProblem(`${at}: expected a number in a string, found ${describeFound(v)}`);
  const inner = v.startsWith('[') && v.endsWith(']') ? v.slice(1, -1) : v;
  const parts = inner.split(',').map((s) => Number(s.trim()));
  if (parts.length === 0 || parts.some((n) => !Number.isFinite(n) || inner.trim() === ''))
    throw new TreeFileProblem(`${at}: expected a number or a bracketed list of numbers, found ${describeFound(v)}`);
  return parts;
}

function count(v: unknown, at: string): number {
  const [n] = stringNumbers(v, at);
  if (n === undefined || !Number.isInteger(n) || n < 0)
    throw new TreeFileProblem(`${at}: expected a whole number, found ${describeFound(v)}`);
  return n;
}

/**
 * Per node, the category set of a categorical split (split_type 1): node `categories_nodes[j]` holds
 * `categories[categories_segments[j] …]`, `categories_sizes[j]` of them. Numerical nodes get null.
 */
function categorySets(
  t: unknown,
  at: string,
  types: readonly number[] | null,
  n: number
): Array<ReadonlySet<number> | null> {
  const sets: Array<ReadonlySet<number> | null> = new Array<ReadonlySet<number> | null>(n).fill(null);
  if (types === null || types.every((v) => v === 0)) return sets;
  const all = numbers(t, 'categories', at, true);
  const nodes = numbers(t, 'categories_nodes', at, true);
  const segments = numbers(t, 'categories_segments', at, true);
  const sizes = numbers(t, 'categories_sizes', at, true);
  if (segments.length !== nodes.length || sizes.length !== nodes.length)
    throw new TreeFileProblem(`${at}: categories_nodes, _segments and _sizes: expected one entry each per node`);
  nodes.forEach((node, j) => {
    const start = segments[j] as number;
    const size = sizes[j] as number;
    if (node < 0 || node >= n || types[node] !== 1 || start < 0 || start + size > all.length)
      throw new TreeFileProblem(`${at}.categories_nodes[${j}]: expected a categorical node and its categories`);
    sets[node] = new Set(all.slice(start, start + size));
  });
  types.forEach((v, i) => {
    if (v !== 0 && sets[i] === null)
      throw new TreeFileProblem(`${at}.split_type[${i}]: expected 0 (numerical) or 1 (categorical, with categories)`);
  });
  return sets;
}

/** More classes than this is no classifier file we can read (and would only allocate). */
const MAX_CLASSES = 65_536;

/**
 * The trees the classifier wrapper predicts with: after early stopping, XGBClassifier loaded from the file uses the
 * rounds up to `attributes.best_iteration` only (num_class × num_parallel_tree trees per round); otherwise all.
 */
function keptTrees(learner: unknown, model: unknown, outputs: number, total: number): number {
  const attributes = (learner as Json).attributes;
  const best = typeof attributes === 'object' && attributes !== null ? (attributes as Json).best_iteration : undefined;
  if (best === undefined) return total;
  const round = count(best, 'learner.attributes.best_iteration') + 1;
  const param = (model as Json).gbtree_model_param;
  const parallel =
    typeof param === 'object' && param !== null && (param as Json).num_parallel_tree !== undefined
      ? count((param as Json).num_parallel_tree, 'gbtree_model_param.num_parallel_tree')
      : 1;
  return Math.min(total, round * outputs * Math.max(1, parallel));
}

function readTree(t: unknown, at: string, output: number, featureCount: number): Tree {
  const param = field(t, 'tree_param', at);
  if (typeof param !== 'object' || param === null || Array.isArray(param))
    throw new TreeFileProblem(`${at}.tree_param: expected an object, found ${describeFound(param)}`);
  const leafVector = (param as Json).size_leaf_vector;
  if (leafVector !== undefined && count(leafVector, `${at}.tree_param.size_leaf_vector`) > 1)
    throw new TreeFileProblem(`${at}: a tree with vector leaves (multi-target); expected one value per leaf`);
  const left = numbers(t, 'left_children', at, true);
  const right = numbers(t, 'right_children', at, true);
  const splitIndex = numbers(t, 'split_indices', at, true);
  // A categorical split's condition is a bare NaN in files before 3.1 (read as null, see readXgboostJson).
  const conditions = numbers(t, 'split_conditions', at, false, true);
  const defaults = numbers(t, 'default_left', at, true);
  const types = (t as Json).split_type === undefined ? null : numbers(t, 'split_type', at, true);
  const n = left.length;
  for (const [key, list] of [
    ['right_children', right],
    ['split_indices', splitIndex],
    ['split_conditions', conditions],
    ['default_left', defaults],
    ...(types ? [['split_type', types] as const] : [])
  ] as const)
    if (list.length !== n)
      throw new TreeFileProblem(`${at}.${key}: expected ${n} entries (one per node), found ${list.length}`);
  const categories = categorySets(t, at, types, n);
  const tree: Tree = {
    categories,
    feature: new Int32Array(n),
    threshold: new Float64Array(n),
    left: new Int32Array(n),
    right: new Int32Array(n),
    defaultLeft: new Uint8Array(n),
    missing: new Uint8Array(n).fill(MISSING_NAN),
    value: new Float64Array(n),
    output
  };
  for (let i = 0; i < n; i++) {
    const l = left[i] as number;
    if (l === -1) {
      tree.feature[i] = -1;
      tree.left[i] = -1;
      tree.right[i] = -1;
      // A leaf's value is kept in split_conditions, as a float32.
      tree.value[i] = Math.fround(conditions[i] as number);
      if (!Number.isFinite(tree.value[i]))
        throw new TreeFileProblem(`${at}.split_conditions[${i}]: a leaf without a value`);
      continue;
    }
    if (categories[i] === null && !Number.isFinite(conditions[i]))
      throw new TreeFileProblem(`${at}.split_conditions[${i}]: a numerical split without a threshold`);
    const f = splitIndex[i] as number;
    if (f < 0 || f >= featureCount)
      throw new TreeFileProblem(
        `${at}.split_indices[${i}]: expected a feature index below num_feature (${featureCount}), found ${f}`
      );
    tree.feature[i] = f;
    tree.threshold[i] = Math.fround(conditions[i] as number);
    tree.left[i] = l;
    tree.right[i] = right[i] as number;
    tree.defaultLeft[i] = defaults[i] === 0 ? 0 : 1;
  }
  checkTree(tree, at);
  return tree;
}

export function readXgboostJson(text: string): Forest {
  let doc: unknown;
  try {
    // XGBoost before 3.1 writes a bare NaN (not JSON) as the condition of a categorical split: read as null.
    doc = JSON.parse(text.replace(/([[,:]\s*)NaN(?=\s*[,\]}])/g, '$1null'));
  } catch {
    // The parser's own message quotes the file; the file is named by the caller instead.
    throw new TreeFileProblem('not JSON');
  }
  const learner = field(doc, 'learner', 'the file');
  const versionList = numbers(doc, 'version', 'the file', true);
  const version = versionList.join('.');
  const objective = field(field(learner, 'objective', 'learner'), 'name', 'learner.objective');
  const rule = typeof objective === 'string' ? OBJECTIVES[objective] : undefined;
  if (rule === undefined)
    throw new TreeFileProblem(
      `learner.objective.name: expected one of ${Object.keys(OBJECTIVES).join(', ')}, found ${describeFound(objective)}`
    );
  const param = field(learner, 'learner_model_param', 'learner');
  const numClass = count(field(param, 'num_class', 'learner.learner_model_param'), 'learner_model_param.num_class');
  const featureCount = count(
    field(param, 'num_feature', 'learner.learner_model_param'),
    'learner_model_param.num_feature'
  );
  const outputs = rule.link === 'softmax' ? numClass : 1;
  if (rule.link === 'softmax' && (numClass < 2 || numClass > MAX_CLASSES))
    throw new TreeFileProblem(
      `learner_model_param.num_class: expected 2 to ${MAX_CLASSES} for ${objective}, found ${numClass}`
    );
  const baseScores = stringNumbers(
    field(param, 'base_score', 'learner.learner_model_param'),
    'learner_model_param.base_score'
  );
  if (baseScores.length !== 1 && baseScores.length !== outputs)
    throw new TreeFileProblem(
      `learner_model_param.base_score: expected 1 or ${outputs} values, found ${baseScores.length}`
    );
  const base = Array.from({ length: outputs }, (_, k) => {
    const s = Math.fround(baseScores[baseScores.length === 1 ? 0 : k] as number);
    if (!rule.logitBase) return s;
    if (!(s > 0 && s < 1))
      throw new TreeFileProblem(`learner_model_param.base_score: expected a probability in (0, 1), found ${s}`);
    // ProbToMargin of the logistic objectives: -log(1/p - 1), in float32.
    return Math.fround(-Math.log(Math.fround(Math.fround(1 / s) - 1)));
  });
  const booster = field(learner, 'gradient_booster', 'learner');
  const name = field(booster, 'name', 'learner.gradient_booster');
  if (name !== 'gbtree')
    throw new TreeFileProblem(
      `learner.gradient_booster.name: expected gbtree (dart and gblinear are not read), found ${describeFound(name)}`
    );
  const model = field(booster, 'model', 'learner.gradient_booster');
  const info = numbers(model, 'tree_info', 'gradient_booster.model', true);
  const rawTrees = field(model, 'trees', 'gradient_booster.model');
  if (!Array.isArray(rawTrees) || rawTrees.length !== info.length)
    throw new TreeFileProblem(`gradient_booster.model.trees: expected ${info.length} trees (one per tree_info entry)`);
  const kept = keptTrees(learner, model, outputs, rawTrees.length);
  const trees = rawTrees.slice(0, kept).map((t, i) => {
    const output = info[i] as number;
    if (output < 0 || output >= outputs)
      throw new TreeFileProblem(
        `gradient_booster.model.tree_info[${i}]: expected a class below ${outputs}, found ${output}`
      );
    return readTree(t, `trees[${i}]`, output, featureCount);
  });
  const names = (learner as Json).feature_names;
  let featureNames: string[] | null = null;
  if (Array.isArray(names) && names.length > 0) {
    if (names.length !== featureCount || names.some((v) => typeof v !== 'string'))
      throw new TreeFileProblem(`learner.feature_names: expected ${featureCount} names (num_feature)`);
    featureNames = names as string[];
  }
  return {
    format: 'xgboost',
    version,
    objective: objective as string,
    trees,
    outputs,
    base,
    link: rule.link,
    sigmoidScale: 1,
    featureNames,
    featureCount,
    float32: true
  };
}
