/** The pieces report.html is built from: SVG charts, bounded text, tables and anchor ids. */
import { binLabels } from '../../src/report/html-data.js';
import { AnchorIds, table } from '../../src/report/html-parts.js';
import { barChart, downsample, histogramChart, lineChart, reliabilityChart, safeText } from '../../src/report/svg.js';

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
    expect(line).toBe(
      lineChart([{ name: '<b>m</b>', points: long }], { title: 'R&C', xLabel: 'coverage', yLabel: 'risk' })
    );
    expect(line).toContain('&lt;b&gt;m&lt;/b&gt;');
    expect(line).toContain('R&amp;C');
    expect(line).not.toContain('<b>');
    const points = (/points="([^"]*)"/.exec(line)?.[1] ?? '').split(' ');
    expect(points).toHaveLength(500);
    for (const p of points) expect(p).toMatch(/^-?\d+\.\d{2},-?\d+\.\d{2}$/);

    const bars = barChart(
      [
        { label: 'format', value: -3.25, low: -5.5, high: -1 },
        { label: 'append', value: 2, low: null, high: null },
        { label: 'x', value: null }
      ],
      { title: 'Δ', yLabel: 'pp' }
    );
    expect(bars.match(/<rect/g)?.length).toBe(4); // background, frame, two bars
    expect(bars).toContain('n/a');
    expect(bars).not.toMatch(/NaN|Infinity/);
    expect(lineChart([], { title: 'empty', xLabel: 'x', yLabel: 'y' })).toContain('no data');
  });

  test('axis ticks get the decimals they need: 0.25 is not printed as 0.3', () => {
    // Before: an all-zero bar chart's axis read 0.0, 0.3, 0.5, 0.8, 1.0.
    const flat = barChart([{ label: 'format', value: 0 }], { title: 'Δ', yLabel: 'pp' });
    const ticks = [...flat.matchAll(/text-anchor="end" font-size="11">([^<]*)</g)].map((m) => m[1]);
    expect(ticks).toEqual(['0.00', '0.25', '0.50', '0.75', '1.00']);
    const wide = barChart([{ label: 'a', value: -20 }], { title: 'Δ', yLabel: 'pp' });
    expect([...wide.matchAll(/text-anchor="end" font-size="11">([^<]*)</g)].map((m) => m[1])).toEqual([
      '-20.0',
      '-15.0',
      '-10.0',
      '-5.0',
      '0.0'
    ]);
  });

  test("a reliability diagram shows each bin's row count and a legend for bars, dots and the diagonal", () => {
    const rel = reliabilityChart(
      [
        { lower: 0.5, upper: 0.75, n: 3, accuracy: 2 / 3, mean_probability: 0.6 },
        { lower: 0.75, upper: 1, n: 41, accuracy: 0.9, mean_probability: 0.95 },
        { lower: 0, upper: 0.5, n: 0, accuracy: null, mean_probability: null }
      ],
      'ECE 0.1'
    );
    expect(rel).toContain('fill="#1a1a1a">3</text>');
    expect(rel).toContain('fill="#1a1a1a">41</text>');
    expect(rel.match(/<circle/g)).toHaveLength(3); // two bins and the legend's dot
    for (const word of ['accuracy per bin (n above)', 'mean confidence', 'perfect calibration'])
      expect(rel).toContain(word);
    // The dot sits at the bin's mean confidence (x) and its accuracy (y), on the bar's top.
    expect(rel).toContain('<circle cx="519.60" cy="57.00"');
    expect(rel.match(/stroke-dasharray/g)).toHaveLength(2); // the diagonal and its legend swatch
  });

  test('a histogram draws one bar per series per bin, at the share of its split, with a legend', () => {
    const svg = histogramChart(
      binLabels([0, 5, 10, 100001]),
      [
        { name: 'controlled', counts: [1, 3, 0] },
        { name: '<b>challenge</b>', counts: [0, 1, 1] }
      ],
      { title: 'Text length', xLabel: 'words' }
    );
    expect(svg.match(/<rect [^>]*fill-opacity="0.8"><title>/g)).toHaveLength(6);
    expect(svg).toContain('controlled, 5–9: 3 of 4');
    expect(svg).toContain('&lt;b&gt;challenge&lt;/b&gt; (n=2)');
    expect(svg).toContain('≥ 10');
    expect(binLabels([0, 1, 5, 9])).toEqual(['0', '1–4', '≥ 5']);
  });

  test('safeText cuts a 100 kB value before escaping it and still ends it in an ellipsis', () => {
    expect(safeText(`<${'x'.repeat(100_000)}`, 10)).toBe('&lt;xxxxxxxx…');
    expect(safeText('\n'.repeat(100_000) + 'tail', 10)).toBe(' …');
    expect(safeText('\u202eok', 10)).toBe('\\u202Eok');
  });
});

describe('report parts', () => {
  test('anchor ids: plain check ids keep their words, others are hashed, all unique and stable', () => {
    const a = new AnchorIds();
    expect(a.of('flip_rate/naive-bayes/format')).toBe('check-flip_rate.naive-bayes.format');
    const hostile = a.of('language_accuracy/m/<script>"x"');
    expect(hostile).toMatch(/^check-language_accuracy_m_script_x_-[0-9a-f]{16}$/);
    expect(a.of('language_accuracy/m/<script>"x"')).toBe(hostile);
    expect(a.has('flip_rate/naive-bayes/format')).toBe(true);
    expect(a.has('other')).toBe(false);
    const long = a.of(`language_examples/data/${'W'.repeat(100_000)}`);
    expect(long.length).toBeLessThan(90);
    expect(new AnchorIds().of('language_accuracy/m/<script>"x"')).toBe(hostile);
  });

  test('a table caps its rows and says where the rest are; data cells are escaped', () => {
    const out = table(['a'], [['<x>'], ['y'], ['z']], { maxRows: 2, rest: 'metrics.json' });
    expect(out).toContain('<td>&lt;x&gt;</td>');
    expect(out).not.toContain('<td>z</td>');
    expect(out).toContain('…and 1 more rows in metrics.json.');
  });
});
