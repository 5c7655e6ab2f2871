/** report.html: self-contained, deterministic, bounded, and inert against hostile metrics text. */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import type { GateResult } from '../../src/gate/checks.js';
import type { Metrics } from '../../src/metrics/metrics.js';
import { renderReport, type ReportInput } from '../../src/report/html.js';
import { barChart, downsample, lineChart, reliabilityChart } from '../../src/report/svg.js';
import { EXAMPLE_CONFIG, exampleRepo, REPO_ROOT, tempRepo } from '../helpers.js';

async function evaluate(root: string, configPath: string): Promise<{ metrics: Metrics; gate: GateResult }> {
  await run({ root, configPath, outputDir: 'out' });
  return {
    metrics: JSON.parse(readFileSync(join(root, 'out', 'metrics.json'), 'utf8')) as Metrics,
    gate: JSON.parse(readFileSync(join(root, 'out', 'checks.json'), 'utf8')) as GateResult
  };
}

function input(metrics: Metrics, gate: GateResult): ReportInput {
  return {
    metrics,
    gate,
    title: 'Evidence Gate report',
    threatModel: { id: 'tm', revision: '1', objective: 'untargeted' },
    configPath: EXAMPLE_CONFIG
  };
}

function chartsExpected(metrics: Metrics): number {
  const bars = metrics.models.filter((m) => m.robustness.some((r) => r.scope === 'all')).length;
  const reliability = metrics.models.filter((m) => m.reliability?.some((r) => r.scope === 'all')).length;
  return bars + reliability + 1; // + one risk–coverage chart
}

describe('text example', () => {
  let metrics: Metrics;
  let gate: GateResult;
  let html: string;

  beforeAll(async () => {
    ({ metrics, gate } = await evaluate(exampleRepo(), EXAMPLE_CONFIG));
    html = renderReport(input(metrics, gate));
  });

  test('is a deterministic, self-contained HTML5 document', () => {
    expect(renderReport(input(structuredClone(metrics), structuredClone(gate)))).toBe(html);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('http://');
    expect(html).not.toContain('https://');
    expect(html).not.toMatch(/<link|@import|url\(/i);
    expect(html).toContain('engineering checklist, not a certification');
    expect(Buffer.byteLength(html, 'utf8')).toBeLessThan(2 * 1024 * 1024);
  });

  test('has one <svg> per chart and every failing check id', () => {
    expect(html.match(/<svg/g)?.length).toBe(chartsExpected(metrics));
    const failing = gate.checks.filter((c) => c.status === 'fail');
    expect(failing.length).toBeGreaterThan(0);
    for (const c of failing) expect(html).toContain(c.id.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(html).toContain('AURC');
    expect(html).toContain('Ledger (all rows)');
    expect(html).not.toContain('Attack accounting');
  });

  test('hostile model names and check ids are escaped, never raw', () => {
    const m = structuredClone(metrics);
    const g = structuredClone(gate);
    const model = '<img src=x onerror=alert(1)>';
    const id = '"><script>alert(1)</script>';
    (m.models[0] as Metrics['models'][number]).model = model;
    m.conditions_evaluated = [...m.conditions_evaluated];
    const failing = g.checks.find((c) => c.status === 'fail') as GateResult['checks'][number];
    failing.id = id;
    failing.reason = `<b>${id}</b>`;
    const out = renderReport({ ...input(m, g), title: `<script>${id}`, threatModel: { id: model, revision: "1'", objective: '<x>' } });
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toMatch(/<img/i);
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toContain('<b>');
    expect(out).not.toContain('<x>');
  });
});

test('the tabular example shows the accounting section and worked examples', async () => {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples', 'inspection-tabular'), join(root, 'examples', 'inspection-tabular'), { recursive: true });
  const { metrics, gate } = await evaluate(root, 'examples/inspection-tabular/evidence-gate.yml');
  const html = renderReport(input(metrics, gate));
  expect(metrics.task).toBe('tabular');
  expect(html).toContain('Attack accounting (all rows)');
  expect(html).toContain('Worked examples');
  expect(html.match(/<svg/g)?.length).toBe(chartsExpected(metrics));
  expect(html).not.toMatch(/<script|https?:\/\//i);
  expect(renderReport(input(metrics, gate))).toBe(html);
});

describe('svg helpers', () => {
  test('downsample keeps at most the cap, the first and the last point', () => {
    const points = Array.from({ length: 1234 }, (_, i) => i);
    const out = downsample(points, 500);
    expect(out).toHaveLength(500);
    expect(out[0]).toBe(0);
    expect(out[499]).toBe(1233);
    expect(downsample([1, 2, 3], 500)).toEqual([1, 2, 3]);
  });

  test('charts are deterministic, escaped, bounded and use fixed decimals', () => {
    const long = Array.from({ length: 5000 }, (_, i) => [i / 4999, 0.3 * (1 - i / 4999)] as [number, number]);
    const line = lineChart([{ name: '<b>m</b>', points: long }], { title: 'R&C', xLabel: 'coverage', yLabel: 'risk' });
    expect(line).toBe(lineChart([{ name: '<b>m</b>', points: long }], { title: 'R&C', xLabel: 'coverage', yLabel: 'risk' }));
    expect(line).toContain('&lt;b&gt;m&lt;/b&gt;');
    expect(line).toContain('R&amp;C');
    expect(line).not.toContain('<b>');
    const points = (/points="([^"]*)"/.exec(line)?.[1] ?? '').split(' ');
    expect(points).toHaveLength(500);
    for (const p of points) expect(p).toMatch(/^-?\d+\.\d{2},-?\d+\.\d{2}$/);

    const bars = barChart([{ label: 'format', value: -3.25, low: -5.5, high: -1 }, { label: 'append', value: 2, low: null, high: null }, { label: 'x', value: null }], { title: 'Δ', yLabel: 'pp' });
    expect(bars.match(/<rect/g)?.length).toBe(4); // background, frame, two bars
    expect(bars).toContain('n/a');
    expect(bars).not.toMatch(/NaN|Infinity/);

    const rel = reliabilityChart([{ lower: 0.5, upper: 0.6, n: 3, accuracy: 2 / 3, mean_probability: 0.55 }, { lower: 0.6, upper: 0.7, n: 0, accuracy: null }], 'ECE 0.1');
    expect(rel).toContain('stroke-dasharray');
    expect(rel.match(/<rect/g)?.length).toBe(3);
    expect(lineChart([], { title: 'empty', xLabel: 'x', yLabel: 'y' })).toContain('no data');
  });
});
