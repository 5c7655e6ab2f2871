/**
 * The preprocessing record of the manifest (the release checklist asks for it frozen,
 * docs/explain-and-release.md): for every model, the exact transformation between the data
 * file and what the model scores, stated so that someone can reproduce the evidence with
 * scikit-learn (or by hand) without reading this project's source. It is built from the model
 * plans alone: each model kind's
 * descriptor (src/models/registry.ts) states what it is defined to do; their tests
 * hold them to it against scikit-learn goldens.
 */
import type { ModelPlan, Plan } from '../config/plan.js';
import {
  TEXT_INPUT,
  UNICODE_NOTE,
  type PreprocessingRecord,
  type TabularModelPreprocessing,
  type TextModelPreprocessing
} from '../models/preprocessing.js';
import { modelKind } from '../models/registry.js';
import { configuredTabular } from '../perturb/registry.js';

export {
  TEXT_INPUT,
  type PreprocessingRecord,
  type TabularModelPreprocessing,
  type TextModelPreprocessing,
  type VectorizerRecord
} from '../models/preprocessing.js';

function textModel(plan: ModelPlan): TextModelPreprocessing {
  const stated = modelKind(plan.kind).preprocessing.text?.(plan);
  if (!stated) throw new Error(`model kind ${plan.kind} is not a text model`);
  return {
    model: plan.name,
    kind: plan.kind,
    input: stated.input ?? TEXT_INPUT,
    vectorizers: stated.vectorizers,
    scores: stated.scores
  };
}

function tabularModel(plan: ModelPlan, p: Plan): TabularModelPreprocessing {
  const stated = modelKind(plan.kind).preprocessing.tabular?.(plan);
  if (!stated) throw new Error(`model kind ${plan.kind} is not a tabular model`);
  const features = [...p.data.columns.features];
  const tab = p.threatModel.tabular;
  const attacked = configuredTabular(p.threatModel.attacks).length > 0;
  return {
    model: plan.name,
    kind: plan.kind,
    input: stated.input,
    features,
    parsing:
      'a JSON number, or a CSV cell holding a decimal number, read as an IEEE-754 double; a missing or ' +
      'non-finite value is a data error',
    scaling: stated.scaling,
    bounds: Object.fromEntries(
      features.map((f) => [f, tab?.bounds[f] ? ([...tab.bounds[f]] as [number, number]) : null])
    ),
    editable: [...(tab?.editable ?? [])],
    linf_eps: attacked ? (tab?.eps ?? null) : null,
    scores: stated.scores
  };
}

/** The record for a plan's models, in config order. */
export function preprocessingRecord(plan: Plan): PreprocessingRecord {
  const tabular = plan.task === 'tabular';
  return {
    task: plan.task,
    unicode_note: tabular ? null : UNICODE_NOTE,
    models: plan.models.map((m) => (tabular ? tabularModel(m, plan) : textModel(m)))
  };
}
