/**
 * `{ name, xgboost: { file, labels } }` and `{ name, lightgbm: { file, labels } }`: a gradient-boosted tree ensemble
 * the team trained, read from the library's own model file and predicted here, as the library does
 * (src/models/trees/, docs/models.md#tree-ensembles). Tabular only. `labels` lists the label of each class in the
 * model's class order when that is not the labels' code-point order (the order scikit-learn's label encoder gives).
 */
import { readFileSync } from 'node:fs';
import { ConfigError, describeFound } from '../../errors.js';
import { modelName } from '../../config/model-name.js';
import type { FileRef } from '../../config/paths.js';
import type { KeyPath } from '../../config/source.js';
import { configError, configPlace, unknownKey } from '../../config/validate.js';
import { sha256Hex } from '../../util/hash.js';
import { entryModel, type ModelReadContext } from '../descriptor.js';
import type { Forest } from '../trees/forest.js';
import { readLightgbmText } from '../trees/lightgbm-text.js';
import { TreeFileProblem } from '../trees/tree-shape.js';
import { TreeEnsembleModel } from '../trees/tree-model.js';
import { readXgboostJson } from '../trees/xgboost-json.js';

type Kind = 'xgboost' | 'lightgbm';

interface TreeParams {
  file: FileRef;
  labels: string[] | null;
  /** Where the config names the file, for problems found when the file is read. */
  place: string;
}

const READERS: Record<Kind, { read(text: string): Forest; format: string }> = {
  xgboost: { read: readXgboostJson, format: "XGBoost's JSON model (Booster.save_model to a .json file)" },
  lightgbm: { read: readLightgbmText, format: "LightGBM's text model (Booster.save_model)" }
};

const INNER_KEYS = ['file', 'labels'];

function reader(kind: Kind) {
  return (obj: Readonly<Record<string, unknown>>, { source, at, file }: ModelReadContext) => {
    for (const key of Object.keys(obj))
      if (key !== 'name' && key !== kind)
        throw configError(source, [...at, key], unknownKey(key, ['name', kind]), true);
    const name = modelName(obj.name, source, [...at, 'name']);
    const inner = obj[kind];
    const innerAt: KeyPath = [...at, kind];
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner))
      throw configError(source, innerAt, `expected a mapping with file (and labels), found ${describeFound(inner)}`);
    const params = inner as Record<string, unknown>;
    for (const key of Object.keys(params))
      if (!INNER_KEYS.includes(key)) throw configError(source, [...innerAt, key], unknownKey(key, INNER_KEYS), true);
    if (typeof params.file !== 'string' || params.file === '')
      throw configError(
        source,
        [...innerAt, 'file'],
        `expected the path of ${READERS[kind].format}, found ${describeFound(params.file)}`
      );
    let labels: string[] | null = null;
    if (params.labels !== undefined) {
      const v = params.labels;
      if (!Array.isArray(v) || v.length < 2 || v.some((l) => typeof l !== 'string') || new Set(v).size !== v.length)
        throw configError(
          source,
          [...innerAt, 'labels'],
          `expected the label of each class in the model's class order (two or more distinct strings), found ` +
            describeFound(v)
        );
      labels = v as string[];
    }
    return {
      name,
      params: {
        file: file([...innerAt, 'file'], params.file),
        labels,
        place: configPlace(source, [...innerAt, 'file'])
      }
    };
  };
}

function descriptor(kind: Kind) {
  return entryModel({
    kind,
    task: 'tabular',
    selectedBy: 'entry',
    key: kind,
    read: reader(kind),
    probabilities: () => true,
    labelOnly: false,
    gradients: false,
    trees: true,
    pretrained: true,
    build(plan: { name: string; kind: Kind; params: TreeParams }, context) {
      const p = plan.params;
      const bytes = readFileSync(p.file.absolute);
      let forest: Forest;
      try {
        forest = READERS[kind].read(bytes.toString('utf8'));
      } catch (e) {
        if (!(e instanceof TreeFileProblem)) throw e;
        throw new ConfigError(`${p.place}: ${p.file.path}: ${e.message} (read as ${READERS[kind].format})`);
      }
      return new TreeEnsembleModel(
        { name: plan.name, kind, path: p.file.path, digest: sha256Hex(bytes), place: p.place, classLabels: p.labels },
        forest,
        context.labels,
        context.features
      );
    },
    preprocessing: {
      tabular: () => ({
        input:
          "the feature vector in the model's own feature order: by name when the file names its features, else by " +
          'position',
        scaling: 'identity: the trees compare raw feature units with their thresholds',
        scores:
          kind === 'xgboost'
            ? "XGBoost's predict_proba: float32 comparisons and sums as its CPU predictor, then the logistic or softmax"
            : "LightGBM's predict_proba: double comparisons and sums, then the logistic or softmax"
      })
    }
  });
}

export const XGBOOST = descriptor('xgboost');
export const LIGHTGBM = descriptor('lightgbm');
