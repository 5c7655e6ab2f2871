/**
 * What each model outside the process was asked in this run (manifest.run.models, docs/answer-cache.md#record): its
 * kind's work counters (requests, failures, bytes, exit status) and, when it kept answers, the cache's record. A run
 * that reads kept answers asks less, so none of this is in the model's manifest entry, where it would break the
 * promise that outputs do not depend on the cache.
 */
import type { ModelPlan } from '../config/plan.js';
import type { AnswerCache } from '../models/answers/answer-cache.js';
import type { Model } from '../models/model.js';
import { modelKind } from '../models/registry.js';
import { quote } from '../util/quote.js';

type Work = Record<string, unknown>;

/** Per model name, its counters and cache record; models without either are left out. */
export function modelWork(
  models: readonly Model[],
  plans: readonly ModelPlan[],
  caches: ReadonlyMap<string, AnswerCache>
): Record<string, Work> {
  const out: Record<string, Work> = {};
  models.forEach((m, i) => {
    const counters = modelKind((plans[i] as ModelPlan).kind).remote?.counters(m) ?? null;
    if (counters === null) return;
    const cache = caches.get(m.name);
    const requests = typeof counters.requests === 'number' ? counters.requests : 0;
    out[m.name] = { ...withoutUndefined(counters), ...(cache ? { cache: { ...cache.stats(), requests } } : {}) };
  });
  return out;
}

function withoutUndefined(o: Work): Work {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** Counters that add up over shards (an exit code or a signal does not). */
const SUMMED = ['requests', 'responses', 'retries', 'bytes_sent', 'bytes_received', 'repeated_requests'];
const CACHE_SUMMED = ['hits', 'misses', 'damaged', 'requests'];

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const record = (v: unknown): Work => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Work) : {});

/** The shards' records of one model summed, as one unsharded run would have counted (the first shard's shape). */
export function mergedModelWork(shards: readonly unknown[]): Record<string, Work> {
  const first = record(shards[0]);
  const all = shards.map(record);
  const out: Record<string, Work> = {};
  for (const name of Object.keys(first)) {
    const each = all.map((s) => record(s[name]));
    const base = record(first[name]);
    const failures: Record<string, number> = {};
    for (const c of each)
      for (const [k, v] of Object.entries(record(c.failures))) failures[k] = (failures[k] ?? 0) + num(v);
    const summed = Object.fromEntries(
      SUMMED.filter((k) => k in base).map((k) => [k, each.reduce((n, c) => n + num(c[k]), 0)])
    );
    const merged: Work = { ...base, ...summed, ...('failures' in base ? { failures } : {}) };
    if ('cache' in base) {
      const caches = each.map((c) => record(c.cache));
      merged.cache = {
        ...record(base.cache),
        ...Object.fromEntries(CACHE_SUMMED.map((k) => [k, caches.reduce((n, c) => n + num(c[k]), 0)]))
      };
    }
    out[name] = merged;
  }
  return out;
}

/** One terminal line per model that kept answers. */
export function cacheLines(work: Record<string, Work>): string[] {
  return Object.entries(work).flatMap(([name, w]) => {
    if (!('cache' in w)) return [];
    const c = record(w.cache);
    const damaged = num(c.damaged) > 0 ? `, ${num(c.damaged)} damaged entries ignored` : '';
    return [
      `model ${quote(name)}: ${num(c.hits)} answers from the cache, ${num(c.misses)} asked of the model` +
        `${damaged} (${num(c.requests)} requests sent; cache key ${quote(String(c.key))})`
    ];
  });
}
