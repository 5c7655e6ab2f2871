/** Work counters per model (SPEC §8): rows predicted, distinct inputs scored, model calls, and attack-generation work (tabular). */
export interface ModelCounters {
  model: string;
  predictions: number;
  distinctInputs: number;
  modelCalls: number;
  gradientEvaluations?: number;
  predictionEvaluations?: number;
}
