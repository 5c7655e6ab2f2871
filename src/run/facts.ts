/**
 * What a run measures about itself, apart from the evidence: the work each model did, the host it
 * ran on and its peak memory. The evaluation produces them, merge adds them up across shards, and
 * the manifest, `explain` and the report read them from here.
 */
import { arch, cpus, hostname, platform } from 'node:os';

/**
 * Work counters per model: rows predicted, distinct inputs scored, model calls, and attack-generation work (tabular).
 */
export interface ModelCounters {
  model: string;
  predictions: number;
  distinctInputs: number;
  modelCalls: number;
  gradientEvaluations?: number;
  predictionEvaluations?: number;
  /** The adaptive search's queries, summed over its rows (present only when the run evaluates the search). */
  searchQueries?: number;
  /** Text `exact`'s queries (docs/search.md#exact). */
  exactQueries?: number;
}

/** The machine a run ran on, as the manifest records it. */
export interface HostFacts {
  hostname: string;
  platform: string;
  arch: string;
  cpus: number;
}

export function hostFacts(): HostFacts {
  return { hostname: hostname(), platform: platform(), arch: arch(), cpus: cpus().length };
}

/** The process's peak resident memory so far, in bytes (worker threads included: they share the process). */
export function peakRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}
