/**
 * The model kinds, listed once: the built-ins in the order config messages name them, then
 * the user's own command. The config loader, the model builder and the manifest's
 * preprocessing record read this list; adding a kind is its descriptor (descriptor.ts) plus
 * one line here.
 */
import type { AnswerCachePlan } from '../config/model-cache.js';
import type { ModelDescriptor } from './descriptor.js';
import { EXTERNAL } from './kinds/external.js';
import { HTTP } from './kinds/http.js';
import { HYBRID } from './kinds/hybrid.js';
import { LOGISTIC_REGRESSION } from './kinds/logistic-regression.js';
import { NAIVE_BAYES } from './kinds/naive-bayes.js';
import { PYTHON, SKLEARN } from './kinds/python.js';
import { TFIDF_CHAR, TFIDF_WORD } from './kinds/tfidf.js';
import { LIGHTGBM, XGBOOST } from './kinds/trees.js';

export const MODEL_KINDS = [
  NAIVE_BAYES,
  TFIDF_WORD,
  TFIDF_CHAR,
  HYBRID,
  LOGISTIC_REGRESSION,
  EXTERNAL,
  HTTP,
  PYTHON,
  SKLEARN,
  XGBOOST,
  LIGHTGBM
] as const;

type Kind = (typeof MODEL_KINDS)[number];
type PlanOf<D> = D extends { kind: infer K; read(...args: never[]): infer R }
  ? R extends { name: string; params: infer P }
    ? { name: string; kind: K; params: P }
    : { name: string; kind: K; params: R }
  : never;

/**
 * A configured model: its name, its kind and its parameters as the kind's descriptor reads them, and its `cache:`
 * when the entry has one (src/config/model-cache.ts).
 */
export type ModelPlan = PlanOf<Kind> & { cache?: AnswerCachePlan };

/** The descriptor of a kind the loader accepted; anything else is a bug. */
export function modelKind(kind: string, kinds: readonly ModelDescriptor[] = MODEL_KINDS): ModelDescriptor {
  const found = kinds.find((d) => d.kind === kind);
  if (!found) throw new Error(`model kind ${kind} has no descriptor`);
  return found;
}

/** Built-in kinds (named in the config), in registry order. */
export const BUILTINS: readonly string[] = MODEL_KINDS.filter((d) => d.selectedBy === 'name').map((d) => d.kind);
