/**
 * The config `evidence-gate init` writes (.github/evidence-gate.yml): the recognised columns,
 * the built-in models and the attack families that apply to the task, with a comment on every
 * choice a team should review. Gate thresholds are left to the version 1 defaults. It runs as
 * written: init loads it back, with the data, before it reports success.
 */
import { MODEL_KINDS } from '../models/registry.js';
import type { InitFacts } from '../perturb/descriptor.js';
import { familiesOf } from '../perturb/registry.js';
import type { Recognised } from './columns.js';
import type { ModelEntry } from './model-entry.js';
import { yamlScalar } from '../util/yaml-scalar.js';

export interface ConfigFacts {
  recognised: Recognised;
  train: { path: string; rows: number };
  evaluate: Array<{ split: string; path: string; rows: number }>;
  /** Training labels in code-point order. */
  labels: string[];
  /** Language slices of the evaluation data with their row counts. */
  languages: Array<{ language: string; rows: number }>;
  /** Repository-relative path of the substitution dictionary, when given. */
  dictionary: string | null;
  /** Tabular: the L∞ budget and the observed range of every feature. */
  tabular: { eps: number; bounds: Record<string, [number, number]> } | null;
  /** The team's own Python model (`--model FILE`), when given. */
  model?: ModelEntry | null;
}

/** A line of YAML with its comment lined up at column 40. */
function commented(code: string, comment: string): string {
  return `${code.padEnd(39)} # ${comment}`;
}

function columnsLine(r: Recognised): string {
  const entries: Array<[string, string]> = [['id', r.id]];
  if (r.text !== null) entries.push(['text', r.text]);
  entries.push(['label', r.label]);
  if (r.language !== null) entries.push(['language', r.language]);
  if (r.domain !== null) entries.push(['domain', r.domain]);
  const parts = entries.map(([k, v]) => `${k}: ${yamlScalar(v)}`);
  if (r.features.length > 0) parts.push(`features: [${r.features.map(yamlScalar).join(', ')}]`);
  return `  columns: { ${parts.join(', ')} }`;
}

function howComments(r: Recognised): string[] {
  const out = Object.entries(r.how).map(([role, why]) => `  #   ${role}: ${why}`);
  if (r.language === null && r.task === 'text')
    out.push('  #   language: none found, so every row is in the language slice "unknown"');
  if (r.unused.length > 0) out.push(`  #   not used: ${r.unused.map(yamlScalar).join(', ')}`);
  return out;
}

/** The families of the task whose descriptors have lines for these facts, with their lines, in registry order. */
export function initFamilies(f: ConfigFacts): Array<{ name: string; lines: readonly string[]; gradient: boolean }> {
  const facts: InitFacts = {
    dictionary: f.dictionary,
    languages: f.languages.map((l) => l.language),
    ownModel: Boolean(f.model)
  };
  return familiesOf(f.recognised.task).flatMap((d) => {
    const lines = d.init?.(facts) ?? null;
    return lines === null ? [] : [{ name: d.name, lines, gradient: d.task === 'tabular' && d.needsGradients }];
  });
}

/** Whether init writes the family as configured (a commented-out block is an invitation, not a family). */
export function written(family: { lines: readonly string[] }): boolean {
  return family.lines.some((line) => !/^\s*#/.test(line));
}

function accessLine(f: ConfigFacts, gradient: readonly string[]): string {
  if (f.recognised.task === 'text') return '  access: black-box';
  if (f.model) return '  access: black-box                     # your model is asked, never differentiated';
  if (gradient.length === 0) return '  access: black-box';
  return commented(
    '  access: white-box',
    `${gradient.join(', ')} follow${gradient.length === 1 ? 's' : ''} the gradient of the built-in logistic regression`
  );
}

function constraintLines(f: ConfigFacts): string[] {
  if (f.recognised.task === 'text') return ['  constraints: { max_char_edit_ratio: 0.25 }'];
  const t = f.tabular as NonNullable<ConfigFacts['tabular']>;
  return [
    '  constraints:',
    commented(
      `    linf_eps: ${t.eps}`,
      'the largest change per feature, in raw units: 5% of the median feature range; set it to what an attacker ' +
        'can change'
    ),
    '    # Bounds: the range observed in your data; widen them to the range each feature can really take.',
    '    bounds:',
    ...Object.entries(t.bounds).map(([name, [lo, hi]]) => `      ${yamlScalar(name)}: [${lo}, ${hi}]`)
  ];
}

function threatModelLines(f: ConfigFacts): string[] {
  const families = initFamilies(f);
  const gradient = families.filter((x) => x.gradient && written(x)).map((x) => x.name);
  return [accessLine(f, gradient), '  attacks:', ...families.flatMap((x) => x.lines), ...constraintLines(f)];
}

export function renderConfig(f: ConfigFacts): string {
  const r = f.recognised;
  const text = r.task === 'text';
  const pair =
    f.labels.length >= 2
      ? `{ from: ${yamlScalar(f.labels[0] as string)}, to: ${yamlScalar(f.labels[1] as string)} }`
      : '{ from: a, to: b }';
  const lines = [
    `# Evidence Gate config, written by \`evidence-gate init\` from ${f.train.path} and ${f.evaluate.length} ` +
      `evaluation file${f.evaluate.length === 1 ? '' : 's'}.`,
    '# Review every choice below; docs/cli.md explains them. The gate thresholds are the version 1 defaults.',
    'version: 1',
    `task: ${r.task}`,
    'threat_model:',
    '  id: classifier-evasion                # a name for this threat model; bump the revision when you change it',
    '  revision: 1',
    '  # protected_outcome: "The harm the gate must block, in one sentence."',
    '  objective: untargeted                 # any wrong prediction after a change counts as a success',
    '  # Label changes that would do harm, counted and gated at zero, e.g.:',
    `  # protected_transitions: [ ${pair} ]`,
    ...threatModelLines(f),
    'data:',
    commented(`  train: ${yamlScalar(f.train.path)}`, `${f.train.rows} rows`),
    commented('  evaluate:', 'one split per file, named after it'),
    ...f.evaluate.map((e) => commented(`    ${e.split}: ${yamlScalar(e.path)}`, `${e.rows} rows`)),
    '  # How init recognised the columns:',
    ...howComments(r),
    columnsLine(r),
    `# ${f.labels.length} labels: ${f.labels.slice(0, 20).map(yamlScalar).join(', ')}` +
      `${f.labels.length > 20 ? ` and ${f.labels.length - 20} more` : ''}`
  ];
  if (text)
    lines.push(
      `# Languages of the evaluation data: ${f.languages
        .slice(0, 30)
        .map((l) => `${yamlScalar(l.language)} (${l.rows} rows)`)
        .join(', ')}${f.languages.length > 30 ? ` and ${f.languages.length - 30} more` : ''}`
    );
  lines.push(
    'models:                                # the built-in baselines; add your own as { name, command } (see docs)',
    ...MODEL_KINDS.flatMap((d) => (d.task === r.task && d.init !== undefined ? [d.init] : [])),
    ...(f.model?.lines ?? []),
    'statistics: { seed: 1637, bootstrap_iterations: 1000, paired_iterations: 500, interval: 0.95 }',
    'output: { text: full }                 # full | hash | none: how much of the dataset text the evidence keeps',
    '# gate:                                # thresholds default to the version 1 values; set any to change it, e.g.',
    '#   max_flip_rate: 0.2',
    '#   min_changed_examples: 20',
    ''
  );
  return lines.join('\n');
}
