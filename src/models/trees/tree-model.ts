/**
 * A tree ensemble from an XGBoost or LightGBM file as a Model (docs/models.md#tree-ensembles): the row's feature
 * values are put in the model's own feature order (by name when the file names its features, else by position),
 * the margins summed as the library does (forest.ts) and the scores given in label order. Its identity is the file's
 * SHA-256. It has no input gradient, so the white-box attacks are not applicable to it (src/evaluate/applicability.ts).
 */
import { ConfigError } from '../../errors.js';
import { quoted, quotedList } from '../../util/visible.js';
import type { ExampleInput } from '../../data/example.js';
import type { Model, ModelDescription, ScoreResult } from '../model.js';
import type { TreeView } from '../../tabular/contract.js';
import { forestSize, margins, scoresOf, type Forest } from './forest.js';

/** Rows per score() call: the evaluator's chunk for in-process models. */
const BATCH = 256;

interface TreeModelPlan {
  name: string;
  kind: string;
  /** The file as the config names it, and its SHA-256. */
  path: string;
  digest: string;
  /** Where the config names the file (`file:line: key`), for problems found when it is built. */
  place: string;
  /** The label of each class in the model's class order, or null: the labels in code-point order. */
  classLabels: readonly string[] | null;
}

export class TreeEnsembleModel implements Model {
  readonly name: string;
  readonly batchSize = BATCH;
  readonly labels: readonly string[];
  /** columns[j]: the data column of the model's feature j. */
  private readonly columns: readonly string[];
  /** order[i]: the class of labels[i]. */
  private readonly order: readonly number[];

  constructor(
    private readonly plan: TreeModelPlan,
    readonly forest: Forest,
    labels: readonly string[],
    features: readonly string[]
  ) {
    this.name = plan.name;
    this.labels = labels;
    this.columns = featureColumns(plan, forest, features);
    this.order = classOrder(plan, forest, labels);
  }

  /** The margins of a row given in `features` order, per class of the model. */
  marginsOf(values: Readonly<Record<string, number>>): number[] {
    const x = this.columns.map((c) => values[c] as number);
    return margins(this.forest, x);
  }

  /** What tabular `exact` reads (src/tabular/tree-exact.ts): the trees, and where each feature is in a row. */
  treeView(names: readonly string[]): TreeView {
    return {
      forest: this.forest,
      featureAt: this.columns.map((c) => names.indexOf(c)),
      classOf: this.order,
      labels: this.labels
    };
  }

  describe(): ModelDescription {
    const { trees, leaves } = forestSize(this.forest);
    return {
      name: this.name,
      kind: this.plan.kind,
      params: {
        file: this.plan.path,
        format: this.forest.format,
        version: this.forest.version,
        objective: this.forest.objective,
        trees,
        leaves,
        features: this.forest.featureNames === null ? 'by position' : 'by name',
        columns: [...this.columns],
        classes: this.order.map((_, k) => this.labels[this.order.indexOf(k)] as string)
      },
      digest: this.plan.digest,
      probabilities: true,
      files: [{ path: this.plan.path, sha256: this.plan.digest }]
    };
  }

  async score(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    return inputs.map((input) => {
      if (input.kind !== 'features')
        return { status: 'error' as const, error: 'a tree ensemble scores numeric feature inputs only' };
      const scores = scoresOf(this.forest, this.marginsOf(input.values));
      return { status: 'ok' as const, scores: this.order.map((k) => scores[k] as number) };
    });
  }

  async close(): Promise<void> {}
}

function problem(plan: TreeModelPlan, message: string): ConfigError {
  return new ConfigError(`${plan.place}: ${plan.path}: ${message}`);
}

/** The data column of each of the model's features; a feature the data lacks is the config's problem. */
function featureColumns(plan: TreeModelPlan, forest: Forest, features: readonly string[]): string[] {
  if (forest.featureNames === null) {
    if (forest.featureCount !== features.length)
      throw problem(
        plan,
        `the model records no feature names, so its ${forest.featureCount} features are taken by position; ` +
          `expected data.columns.features to list ${forest.featureCount} columns, found ${features.length}`
      );
    return [...features];
  }
  const missing = forest.featureNames.filter((n) => !features.includes(n));
  if (missing.length > 0)
    throw problem(
      plan,
      `the model uses ${missing.length === 1 ? 'feature' : 'features'} ${quotedList(missing)}; expected columns ` +
        `of data.columns.features (${quotedList(features)})`
    );
  return [...forest.featureNames];
}

/** For each label (code-point order), the model's class that scores it. */
function classOrder(plan: TreeModelPlan, forest: Forest, labels: readonly string[]): number[] {
  const classes = forest.link === 'sigmoid' ? 2 : forest.outputs;
  if (classes !== labels.length)
    throw problem(
      plan,
      `the model has ${classes} classes; expected one per label of the training data (${labels.length}: ` +
        `${quotedList(labels)})`
    );
  if (plan.classLabels === null) return labels.map((_, i) => i);
  const extra = plan.classLabels.filter((l) => !labels.includes(l));
  if (extra.length > 0 || plan.classLabels.length !== labels.length)
    throw problem(
      plan,
      `labels ${quotedList(plan.classLabels)}: expected each label of the training data once ` +
        `(${quotedList(labels)})${extra.length > 0 ? `; ${quoted(extra[0] as string)} is not one` : ''}`
    );
  return labels.map((l) => plan.classLabels?.indexOf(l) as number);
}
