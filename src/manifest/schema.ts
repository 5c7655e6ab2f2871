/**
 * The shape a manifest.json must have before anything reads it (docs/security.md, "Reading an
 * output folder"). A manifest comes from a folder someone else may have written — a downloaded
 * artifact, a baseline, a shard — so every field a reader touches is checked here first and a
 * malformed one is one line naming the key, what was expected and what was found, never a crash
 * deeper in. Unknown keys are allowed (a later minor version may add some).
 */

/** A small schema language: enough for the manifest, with messages in the config's style. */
type Shape =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'any'
  | { range: 'integer' | 'number'; min: number; max: number }
  | { nullable: Shape }
  | { oneOf: readonly string[] }
  | { object: Record<string, Shape>; optional?: Record<string, Shape> }
  | { array: Shape }
  | { map: Shape };

const str: Shape = 'string';
const int: Shape = 'integer';
const num: Shape = 'number';
const bool: Shape = 'boolean';
const strings: Shape = { array: str };
const nullable = (s: Shape): Shape => ({ nullable: s });
/**
 * A whole number in [min, max]: sizes and counts cannot be negative, and work a reader does is bounded as the config
 * bounds it.
 */
const count = (min = 0, max = Number.MAX_SAFE_INTEGER): Shape => ({ range: 'integer', min, max });
const ITERATIONS = count(1, 1_000_000);

const fileDigest: Shape = {
  object: { sha256: str, bytes: count() },
  optional: {
    rows: count(),
    schema_version: 'any',
    uncompressed: { object: { name: str, sha256: str, bytes: count() } }
  }
};
const threshold: Shape = { object: { value: num, config_key: str, line: int, is_default: bool } };
const counters: Shape = {
  object: { model: str, predictions: int, distinctInputs: int, modelCalls: int },
  optional: { gradientEvaluations: int, predictionEvaluations: int, searchQueries: int, exactQueries: int }
};

export const MANIFEST_SHAPE: Shape = {
  object: {
    schema_version: 'any',
    kind: { oneOf: ['run', 'shard'] },
    tool: { object: { name: str, version: str } },
    config: { object: { path: str, sha256: str, version: int }, optional: { text: str } },
    threat_model: {
      object: {
        id: str,
        revision: str,
        protected_outcome: nullable(str),
        objective: { oneOf: ['untargeted', 'targeted'] },
        protected_transitions: { array: { object: { from: str, to: str } } },
        access: str,
        attacks: { array: 'any' },
        dictionaries: { array: { object: { path: str, sha256: str } } }
      },
      optional: { against_policy: bool }
    },
    data: {
      object: {
        task: { oneOf: ['text', 'tabular'] },
        files: { array: { object: { split: str, path: str, sha256: str, bytes: int, rows: int } } },
        skipped_rows: { array: 'any' },
        labels: strings,
        languages: strings,
        splits: strings,
        train_overlap: { array: { object: { split: str, count: int, ids: strings } } },
        length_histogram: { object: { edges: { array: num }, counts: { map: { array: int } } } }
      },
      optional: { label_digest: str }
    },
    models: {
      array: {
        object: { name: str, kind: str, probabilities: bool },
        optional: {
          digest: nullable(str),
          files: { array: { object: { path: str, sha256: str } } },
          not_applicable: { array: { object: { attack: str, reason: str } } }
        }
      }
    },
    statistics: {
      object: {
        seed: int,
        bootstrap_iterations: ITERATIONS,
        paired_iterations: ITERATIONS,
        interval: { range: 'number', min: 0, max: 1 }
      }
    },
    selective: {
      object: { abstain_below: { map: { object: { on: { oneOf: ['probability', 'margin'] }, threshold: num } } } }
    },
    conditions: { object: { evaluated: strings, families_not_configured: strings } },
    output: {
      object: {
        text: { oneOf: ['full', 'hash', 'none'] },
        examples_per_check: count(0, 1000),
        gzip_above_bytes: count()
      }
    },
    lock_files: { array: { object: { path: str, sha256: str } } },
    gate: {
      object: {
        plan: {
          object: {
            thresholds: { map: threshold },
            families: { map: { map: threshold } },
            allow_not_evaluated: bool,
            judged_models: strings,
            require_baseline: bool
          },
          optional: {
            release_record: { object: { required: bool, config_key: str, line: int, is_default: bool } },
            block_on: { oneOf: ['new'] },
            min_attack_strength: { map: threshold },
            min_certified_share: threshold
          }
        }
      },
      optional: { verdict: { oneOf: ['pass', 'fail'] }, counts: { map: int }, failing_checks: strings }
    },
    counters: { array: counters },
    evidence: { object: { file: str, gzip: bool, gzip_above_bytes: int } },
    files: { map: fileDigest },
    run: {
      object: {},
      optional: {
        stderr_files: { map: fileDigest },
        wall_ms: { map: num },
        // What each model outside the process was asked (src/pipeline/model-work.ts); merge sums it.
        models: {
          map: {
            object: {},
            optional: {
              requests: count(),
              failures: { map: count() },
              cache: { object: { key: str, hits: count(), misses: count(), damaged: count(), requests: count() } }
            }
          }
        }
      }
    }
  },
  optional: {
    shard: { object: { index: count(1), count: count(1), rule: str, examples: count() } },
    merged_from: { array: { object: { index: int, manifest_sha256: str } } },
    baseline: nullable({ object: { source: str, manifest_sha256: str, stale: bool, stale_reasons: strings } }),
    no_baseline_reason: nullable(str),
    baseline_expected: bool,
    release: 'any',
    preprocessing: 'any'
  }
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

function expected(shape: Shape): string {
  if (typeof shape === 'string')
    return shape === 'integer' ? 'a whole number' : shape === 'any' ? 'a value' : `a ${shape}`;
  if ('range' in shape) {
    const what = shape.range === 'integer' ? 'a whole number' : 'a number';
    return shape.max === Number.MAX_SAFE_INTEGER
      ? `${what} of at least ${shape.min}`
      : `${what} from ${shape.min} to ${shape.max}`;
  }
  if ('nullable' in shape) return `${expected(shape.nullable)} or null`;
  if ('oneOf' in shape) return `one of ${shape.oneOf.map((v) => JSON.stringify(v)).join(', ')}`;
  if ('array' in shape) return 'an array';
  return 'an object';
}

const keyPath = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;

/** The first place `value` does not fit `shape`, as "key.path: expected …, found …", or null. */
export function shapeProblem(value: unknown, shape: Shape, path = ''): string | null {
  const fail = () => `${path || '(top level)'}: expected ${expected(shape)}, found ${kindOf(value)}`;
  if (typeof shape === 'string') {
    switch (shape) {
      case 'any':
        return value === undefined ? fail() : null;
      case 'string':
        return typeof value === 'string' ? null : fail();
      case 'boolean':
        return typeof value === 'boolean' ? null : fail();
      case 'number':
        return typeof value === 'number' && Number.isFinite(value) ? null : fail();
      case 'integer':
        return typeof value === 'number' && Number.isSafeInteger(value) ? null : fail();
    }
  }
  if ('range' in shape) {
    const fits =
      typeof value === 'number' &&
      (shape.range === 'integer' ? Number.isSafeInteger(value) : Number.isFinite(value)) &&
      value >= shape.min &&
      value <= shape.max;
    return fits ? null : fail();
  }
  if ('nullable' in shape) return value === null ? null : shapeProblem(value, shape.nullable, path) && fail();
  if ('oneOf' in shape) return typeof value === 'string' && shape.oneOf.includes(value) ? null : fail();
  if ('array' in shape) {
    if (!Array.isArray(value)) return fail();
    for (let i = 0; i < value.length; i++) {
      const p = shapeProblem(value[i], shape.array, keyPath(path, i));
      if (p) return p;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail();
  const record = value as Record<string, unknown>;
  if ('map' in shape) {
    for (const [k, v] of Object.entries(record)) {
      const p = shapeProblem(v, shape.map, keyPath(path, k));
      if (p) return p;
    }
    return null;
  }
  for (const [k, s] of Object.entries(shape.object)) {
    if (!Object.hasOwn(record, k))
      return `${keyPath(path, k)}: expected ${expected(s)}, found nothing (a required key)`;
    const p = shapeProblem(record[k], s, keyPath(path, k));
    if (p) return p;
  }
  for (const [k, s] of Object.entries(shape.optional ?? {})) {
    if (!Object.hasOwn(record, k) || record[k] === undefined) continue;
    const p = shapeProblem(record[k], s, keyPath(path, k));
    if (p) return p;
  }
  return null;
}

/**
 * Deepest nesting a file of an output folder may have; ours stay under 10, and deeper values would overflow recursive
 * readers.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests arrays and objects deeper than `max` (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as object))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
