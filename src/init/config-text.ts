/**
 * The config `evidence-gate init` writes (.github/evidence-gate.yml): the recognised columns,
 * the built-in models and the attack families that apply to the task, with a comment on every
 * choice a team should review. Gate thresholds are left to the version 1 defaults. It runs as
 * written: init loads it back, with the data, before it reports success.
 */
import { hasHidden } from '../util/visible.js';
import type { Recognised } from './columns.js';
import type { ModelEntry } from './model-entry.js';
import { yamlScalar } from './yaml-scalar.js';

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

/**
 * One neutral sentence per language for `append`, in the voice of a cross-reference, which
 * should move no label in most tasks (check it does not in yours). Keyed by the language subtag.
 */
const APPEND_SENTENCES: Readonly<Record<string, string>> = {
  en: 'See the appendix for further details.',
  es: 'Véase el apéndice para más detalles.',
  pt: 'Veja o apêndice para mais detalhes.',
  fr: "Voir l'annexe pour plus de détails.",
  de: 'Weitere Details finden sich im Anhang.',
  it: "Si veda l'appendice per ulteriori dettagli.",
  nl: 'Zie de bijlage voor meer details.'
};

/**
 * A sentence for every language slice, or null with the slices that have none: append needs
 * one for each (a language without a sentence is a config error), so without them it is left out.
 */
export function appendSentences(
  languages: readonly string[]
): { sentences: Record<string, string> } | { missing: string[] } {
  const sentences: Record<string, string> = {};
  const missing: string[] = [];
  for (const language of languages) {
    // A config cannot name a language with a hidden character (the schema refuses it).
    const sentence = hasHidden(language)
      ? undefined
      : APPEND_SENTENCES[language.toLowerCase().split(/[-_]/)[0] as string];
    if (sentence === undefined) missing.push(language);
    else sentences[language] = sentence;
  }
  return missing.length > 0 ? { missing } : { sentences };
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

function textThreatModel(f: ConfigFacts): string[] {
  const append = appendSentences(f.languages.map((l) => l.language));
  const out = [
    '  access: black-box',
    '  attacks:',
    '    format: {}                          # case and punctuation only',
    '    transpose: { words_per_change: 5 }  # swaps two adjacent letters in about one word in five'
  ];
  if (f.dictionary !== null)
    out.push(`    dictionary: { file: ${yamlScalar(f.dictionary)} }   # whole-word substitutions from your dictionary`);
  if ('sentences' in append) {
    out.push(
      '    append:                             # adds one sentence per language: check that it cannot change the ' +
        'label in your task',
      '      sentences:'
    );
    for (const [language, sentence] of Object.entries(append.sentences))
      out.push(`        ${yamlScalar(language)}: ${JSON.stringify(sentence)}`);
  } else {
    out.push(
      `    # append needs a neutral sentence for every language slice; init has none for ` +
        `${append.missing.map(yamlScalar).join(', ')}.`,
      '    # Add one per language to test it:',
      '    # append:',
      '    #   sentences:',
      ...f.languages
        .slice(0, 10)
        .map((l) => `    #     ${yamlScalar(l.language)}: "A sentence that cannot change the label."`)
    );
  }
  out.push('    truncate: { keep: 0.65 }            # destructive: its flips are reported, never judged as attacks');
  out.push('  constraints: { max_char_edit_ratio: 0.25 }');
  return out;
}

function tabularThreatModel(f: ConfigFacts): string[] {
  const t = f.tabular as NonNullable<ConfigFacts['tabular']>;
  // fgm follows the gradient of the built-in logistic regression; the team's own model has none to give.
  const attacks = f.model
    ? [
        '  access: black-box                     # your model is asked, never differentiated',
        '  attacks:',
        '    noise: {}                           # corruption baseline: uniform ±eps on every row',
        '    boundary: { queries: 1000 }         # label-only black-box; add square: { queries: 1000 } when every ' +
          'model answers with scores'
      ]
    : [
        '  access: white-box                     # fgm follows the gradient of the built-in logistic regression',
        '  attacks:',
        '    noise: {}                           # corruption baseline: uniform ±eps on every row',
        '    fgm: {}                             # one gradient-sign step of size eps on the rows the model gets right'
      ];
  return [
    ...attacks,
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
    ...(text ? textThreatModel(f) : tabularThreatModel(f)),
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
    ...(text
      ? ['  - naive-bayes', '  - tfidf-word', '  - tfidf-char', '  - { hybrid: { word_weight: 0.5 } }']
      : ['  - { logistic-regression: { C: 1 } }']),
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
