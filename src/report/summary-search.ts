/** summary.md's section on the adaptive search (docs/search.md); nothing when the run did not evaluate it. */
import type { Figure } from '../metrics/figure.js';
import { ALL, type Metrics } from '../metrics/metrics.js';
import { md } from './escape.js';
import { rateText } from './format.js';
import { markdownTable as table } from './markdown.js';

function plain(f: Figure): string {
  return f.value === null ? 'n/a' : String(Math.round(f.value * 10) / 10);
}

/** The sentence on eligible rows whose text was too long to search (none when there are none). */
function tooLongLines(metrics: Metrics): string[] {
  const counts = metrics.models.flatMap((m) => {
    // Only an attack with a text limit gives this reason, so the sum over the ledger is that attack's count.
    const rows = m.ledger.filter((l) => l.scope === ALL);
    const n = rows.reduce((sum, l) => sum + (l.uncovered_by_reason.text_too_long ?? 0), 0);
    return n > 0 ? [`${md(m.model, 40)} ${n}`] : [];
  });
  if (counts.length === 0) return [];
  const why = "their text is longer than `search.max_text_chars` characters (the manifest's threat model holds it)";
  const then = 'Each is uncovered (`text_too_long`) in the evidence and counts against coverage, never as robust.';
  return [`Eligible rows not searched because ${why}: ${counts.join(', ')}. ${then}`, ''];
}

export function searchSection(metrics: Metrics): string[] {
  const rows = metrics.models.flatMap((m) => {
    const s = m.search?.find((f) => f.scope === ALL);
    if (!s) return [];
    return [
      [
        md(m.model, 40),
        String(s.tested),
        String(s.successes),
        rateText(s.attack_success),
        `${plain(s.queries_mean_tested)} / ${plain(s.queries_median_tested)}`,
        `${plain(s.queries_mean_success)} / ${plain(s.queries_median_success)}`,
        plain(s.words_changed_per_success)
      ]
    ];
  });
  if (rows.length === 0) return [];
  const budget = metrics.models
    .map((m) => m.search?.find((f) => f.scope === ALL)?.budget)
    .find((b) => typeof b === 'number');
  return [
    '## Adaptive search (all rows)',
    '',
    `Queries are the distinct candidate texts scored per example and model, within the configured budget` +
      `${budget === undefined || budget === null ? '' : ` of ${budget}`}. A search that found nothing is evidence ` +
      `about this budget and these operators only.`,
    '',
    ...tooLongLines(metrics),
    ...table(
      [
        'model',
        'tested',
        'successes',
        'attack success',
        'queries mean / median (tested)',
        'queries mean / median (successes)',
        'words changed per success'
      ],
      rows
    ),
    ''
  ];
}
