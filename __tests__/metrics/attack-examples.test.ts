/**
 * Worked rows per tabular attack on hand-built rows: only the changed features, original →
 * perturbed; queries and gradient evaluations; the pick order; and escaping in summary.md and
 * report.html (feature names, ids and labels are data).
 */
import type { EvidenceRow } from '../../src/evidence/row.js';
import { AttackExamplePicker, changedFeatures } from '../../src/metrics/attack-examples.js';
import type { Metrics } from '../../src/metrics/metrics.js';
import { tabularSection } from '../../src/report/html-models.js';
import { attackExamplesTable, changesText } from '../../src/report/summary-attack-examples.js';

function row(condition: string, id: string, over: Partial<EvidenceRow> = {}): EvidenceRow {
  return {
    id,
    split: 'test',
    model: 'm',
    condition,
    language: 'unknown',
    domain: null,
    text: null,
    perturbed_text: null,
    label: '1',
    clean_prediction: '1',
    prediction: '0',
    scores: [0.6, 0.4],
    margin: 0.2,
    clean_margin: 0.5,
    changed: true,
    valid: true,
    invalid_reason: null,
    eligible: true,
    tested: true,
    success: true,
    uncovered: false,
    uncovered_reason: null,
    status: 'ok',
    error: null,
    input_sha256: '',
    features: { x1: 0.4, x2: 0.7, age: 3 },
    perturbed_features: { x1: 0.45, x2: 0.7, age: 3 },
    exact: null,
    queries: 12,
    gradient_evaluations: 0,
    certified: null,
    tie: null,
    ...over
  } as EvidenceRow;
}

describe('worked rows per attack', () => {
  test('only the features that changed, in feature order', () => {
    expect(changedFeatures(row('square', 'a'))).toEqual([{ feature: 'x1', from: 0.4, to: 0.45 }]);
    expect(changedFeatures(row('square', 'a', { perturbed_features: { x1: 0.35, x2: 0.75, age: 3 } }))).toEqual([
      { feature: 'x1', from: 0.4, to: 0.35 },
      { feature: 'x2', from: 0.7, to: 0.75 }
    ]);
    expect(changedFeatures(row('square', 'a', { perturbed_features: null }))).toEqual([]);
    expect(changesText([])).toBe('none');
  });

  test('per attack in the order given: protected breaches, other successes, then tested rows that held; with the work of each row', () => {
    const picker = new AttackExamplePicker(['pgd', 'square'], [{ from: '1', to: '0' }], 2);
    picker.add([
      row('pgd', 'a', { success: false, prediction: '1', queries: 21, gradient_evaluations: 20 }),
      row('square', 'a', { label: '2', prediction: '0', queries: 7 })
    ]);
    picker.add([
      row('pgd', 'b', { queries: 4, gradient_evaluations: 3 }),
      row('square', 'b', { tested: false, success: null })
    ]);
    picker.add([undefined, row('square', 'c', { queries: 1000, success: false, prediction: '1' })]);
    const picked = picker.picked();
    expect(picked.map((w) => [w.condition, w.id, w.queries, w.gradient_evaluations, w.success])).toEqual([
      ['pgd', 'b', 4, 3, true],
      ['pgd', 'a', 21, 20, false],
      ['square', 'a', 7, 0, true],
      ['square', 'c', 1000, 0, false]
    ]);
    expect(picked[0]?.changed).toEqual([{ feature: 'x1', from: 0.4, to: 0.45 }]);
  });

  const hostile = '<img src=x onerror=alert(1)>|*x*';
  const metrics = {
    labels: ['0', '1'],
    models: [
      {
        model: 'lr',
        accounting: [],
        attack_examples: [
          {
            condition: 'square',
            id: hostile,
            label: '1',
            clean_prediction: '1',
            prediction: '0',
            success: true,
            changed: [{ feature: hostile, from: 0.4, to: 0.4500000001 }],
            queries: 12,
            gradient_evaluations: 0
          }
        ]
      }
    ]
  } as unknown as Metrics;

  test('summary.md: one row per worked row, data escaped, numbers rounded', () => {
    const lines = attackExamplesTable(metrics);
    expect(lines[0]).toBe(
      '| model | attack | id | changed features (original → perturbed) | label | prediction | queries | gradient evaluations |'
    );
    const body = lines[2] as string;
    expect(body).not.toContain('<img');
    expect(body).not.toMatch(/[^\\]\|\*x\*/);
    expect(body).toContain('0.4 → 0.45');
    expect(body).toContain('1 → 0 (success) | 12 | 0 |');
  });

  test('report.html: the same rows, escaped', () => {
    const html = tabularSection(metrics).join('\n');
    expect(html).toContain('<h3>Worked examples</h3>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('0.4 → 0.45');
    expect(html).toContain('<td class="num">12</td>');
  });
});
