/**
 * LightGBM's text model (Booster.save_model) read into a Forest (forest.ts; docs/models.md#tree-ensembles). The
 * file is `key=value` lines: a header, then one block per tree (`Tree=i`), then `end of trees`. A tree lists its
 * splits (nodes 0 … num_leaves − 2) and its leaves apart; a child below zero is a leaf (leaf ~child). Here the
 * leaves follow the splits in one node list. decision_type packs the node's rule: bit 0 a categorical split, bit 1
 * missing values go left, bits 2–3 the missing type (0 none, 1 zero, 2 NaN).
 */
import { describeFound } from '../../errors.js';
import { truncateText } from '../../util/visible.js';
import type { Forest, Tree } from './forest.js';
import { checkTree, TreeFileProblem } from './tree-shape.js';

const CATEGORICAL = 1;
/** More classes than this is no classifier file we can read (and would only allocate). */
const MAX_CLASSES = 65_536;
const DEFAULT_LEFT = 2;

/** LightGBM writes infinities as `inf` / `-inf`. */
function parseNumber(s: string): number {
  const t = s.trim();
  if (t === 'inf' || t === '+inf') return Infinity;
  if (t === '-inf') return -Infinity;
  return t === '' ? NaN : Number(t);
}

/** One block's `key=value` lines; the line number of each key for messages. */
interface Block {
  values: Map<string, string>;
  line: Map<string, number>;
  start: number;
}

function blocks(text: string): { header: Block; trees: Block[] } {
  const lines = text.split('\n');
  const header: Block = { values: new Map(), line: new Map(), start: 1 };
  const trees: Block[] = [];
  let current = header;
  let ended = false;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    if (line === 'end of trees') {
      ended = true;
      break;
    }
    if (line.startsWith('Tree=')) {
      current = { values: new Map(), line: new Map(), start: i + 1 };
      trees.push(current);
    }
    const eq = line.indexOf('=');
    if (eq > 0) {
      current.values.set(line.slice(0, eq), line.slice(eq + 1));
      current.line.set(line.slice(0, eq), i + 1);
    }
  }
  if (lines[0]?.replace(/\r$/, '') !== 'tree')
    throw new TreeFileProblem(
      `line 1: expected "tree" (LightGBM's text model, Booster.save_model), found ${describeFound(
        truncateText(lines[0] ?? '', 40)
      )}`
    );
  if (!ended) throw new TreeFileProblem('no "end of trees" line: the file is cut short or not a LightGBM model');
  return { header, trees };
}

function value(b: Block, key: string): string {
  const v = b.values.get(key);
  if (v === undefined) throw new TreeFileProblem(`line ${b.start}: ${key}= missing`);
  return v;
}

function list(b: Block, key: string, n: number, integer: boolean): number[] {
  const raw = value(b, key).trim();
  const out = raw === '' ? [] : raw.split(' ').map(parseNumber);
  const at = `line ${b.line.get(key)}: ${key}`;
  if (out.length !== n) throw new TreeFileProblem(`${at}: expected ${n} values, found ${out.length}`);
  out.forEach((x, i) => {
    if (Number.isNaN(x) || (integer && !Number.isInteger(x)))
      throw new TreeFileProblem(`${at}: value ${i + 1} is not ${integer ? 'a whole number' : 'a number'}`);
  });
  return out;
}

function whole(b: Block, key: string): number {
  const n = parseNumber(value(b, key));
  if (!Number.isInteger(n) || n < 0)
    throw new TreeFileProblem(`line ${b.line.get(key)}: ${key}: expected a whole number, found ${describeFound(n)}`);
  return n;
}

/**
 * A tree's category sets: set k is the bits of cat_threshold[cat_boundaries[k] … cat_boundaries[k + 1]), 32 per word,
 * bit j of word w standing for category 32·w + j.
 */
function categorySets(b: Block, at: string): Array<ReadonlySet<number>> {
  const count = Number((b.values.get('num_cat') ?? '0').trim());
  if (!Number.isInteger(count) || count < 0)
    throw new TreeFileProblem(`${at}: num_cat: expected a whole number, found ${b.values.get('num_cat')}`);
  if (count === 0) return [];
  const bounds = list(b, 'cat_boundaries', count + 1, true);
  const words = list(b, 'cat_threshold', bounds[count] as number, true);
  return Array.from({ length: count }, (_, k) => {
    const set = new Set<number>();
    const from = bounds[k] as number;
    const to = bounds[k + 1] as number;
    if (!(from >= 0 && from <= to && to <= words.length))
      throw new TreeFileProblem(`${at}: cat_boundaries: expected increasing offsets into cat_threshold`);
    for (let w = from; w < to; w++)
      for (let j = 0; j < 32; j++) if ((((words[w] as number) >>> j) & 1) === 1) set.add(32 * (w - from) + j);
    return set;
  });
}

function readTree(b: Block, output: number, featureCount: number): Tree {
  const at = `Tree at line ${b.start}`;
  const leaves = whole(b, 'num_leaves');
  if (leaves < 1) throw new TreeFileProblem(`${at}: num_leaves: expected at least 1`);
  if ((b.values.get('is_linear') ?? '0').trim() !== '0')
    throw new TreeFileProblem(`${at}: a linear tree (is_linear=1); expected constant leaves`);
  const splits = leaves - 1;
  const sets = categorySets(b, at);
  const leafValue = list(b, 'leaf_value', leaves, false);
  const n = splits + leaves;
  const categories: Array<ReadonlySet<number> | null> = new Array<ReadonlySet<number> | null>(n).fill(null);
  const tree: Tree = {
    categories,
    feature: new Int32Array(n).fill(-1),
    threshold: new Float64Array(n),
    left: new Int32Array(n).fill(-1),
    right: new Int32Array(n).fill(-1),
    defaultLeft: new Uint8Array(n),
    missing: new Uint8Array(n),
    value: new Float64Array(n),
    output
  };
  leafValue.forEach((v, i) => (tree.value[splits + i] = v));
  if (splits > 0) {
    const feature = list(b, 'split_feature', splits, true);
    const threshold = list(b, 'threshold', splits, false);
    const decision = list(b, 'decision_type', splits, true);
    const left = list(b, 'left_child', splits, true);
    const right = list(b, 'right_child', splits, true);
    const node = (c: number) => (c < 0 ? splits + ~c : c);
    for (let i = 0; i < splits; i++) {
      const f = feature[i] as number;
      if (f < 0 || f >= featureCount)
        throw new TreeFileProblem(
          `${at}: split_feature ${f} is not a feature (max_feature_idx is ${featureCount - 1})`
        );
      const d = decision[i] as number;
      if ((d & CATEGORICAL) !== 0) {
        // The threshold of a categorical split is the index of its category set.
        const set = sets[threshold[i] as number];
        if (set === undefined)
          throw new TreeFileProblem(
            `${at}: split ${i} names category set ${threshold[i]}, which num_cat does not hold`
          );
        categories[i] = set;
      }
      tree.feature[i] = f;
      tree.threshold[i] = threshold[i] as number;
      tree.defaultLeft[i] = (d & DEFAULT_LEFT) !== 0 ? 1 : 0;
      tree.missing[i] = (d >> 2) & 3;
      tree.left[i] = node(left[i] as number);
      tree.right[i] = node(right[i] as number);
    }
  }
  checkTree(tree, at);
  return tree;
}

export function readLightgbmText(text: string): Forest {
  const { header, trees: treeBlocks } = blocks(text);
  const version = value(header, 'version').trim();
  const [objective = '', ...objectiveParams] = value(header, 'objective').trim().split(' ');
  const numClass = whole(header, 'num_class');
  if (numClass > MAX_CLASSES)
    throw new TreeFileProblem(`num_class: expected at most ${MAX_CLASSES}, found ${numClass}`);
  const perIteration = whole(header, 'num_tree_per_iteration');
  const featureCount = whole(header, 'max_feature_idx') + 1;
  if (header.values.has('average_output'))
    throw new TreeFileProblem('average_output (a random forest); expected a boosted model (gbdt, goss or dart)');
  let link: Forest['link'];
  let sigmoidScale = 1;
  if (objective === 'binary') {
    link = 'sigmoid';
    const param = objectiveParams.find((p) => p.startsWith('sigmoid:'));
    sigmoidScale = param === undefined ? 1 : parseNumber(param.slice('sigmoid:'.length));
    if (!(sigmoidScale > 0)) throw new TreeFileProblem(`objective: expected sigmoid:<number above 0>, found ${param}`);
  } else if (objective === 'multiclass') link = 'softmax';
  else
    throw new TreeFileProblem(
      `objective: expected binary or multiclass (multiclassova, regression and ranking are not read), found ` +
        describeFound(objective)
    );
  const outputs = link === 'softmax' ? numClass : 1;
  if (perIteration !== outputs || (link === 'softmax' && numClass < 2))
    throw new TreeFileProblem(
      `num_tree_per_iteration=${perIteration} with num_class=${numClass}: expected ${outputs} trees per iteration`
    );
  const trees = treeBlocks.map((b, i) => readTree(b, i % outputs, featureCount));
  const names = value(header, 'feature_names').trim().split(' ');
  if (names.length !== featureCount)
    throw new TreeFileProblem(
      `feature_names: expected ${featureCount} names (max_feature_idx + 1), found ${names.length}`
    );
  // Names LightGBM makes up for unnamed columns (Column_0, Column_1, …) name nothing: features are then by position.
  const madeUp = names.every((n, i) => n === `Column_${i}`);
  return {
    format: 'lightgbm',
    version,
    objective,
    trees,
    outputs,
    base: new Array<number>(outputs).fill(0),
    link,
    sigmoidScale,
    featureNames: madeUp ? null : names,
    featureCount,
    float32: false
  };
}
