/**
 * Tiny, pure SVG chart helpers for report.html (docs/definitions.md#outputs). Each returns one inline `<svg>`
 * string of fixed size: every coordinate is printed with a fixed number of decimals, every
 * text is escaped and bounded, and there is no `xmlns` URL, script, link or external
 * resource. Same input → identical string.
 */
import { escapeHtml, flatten, truncate } from './escape.js';
import { maxOf, minOf } from '../util/numbers.js';

const CHART_WIDTH = 560;
export const CHART_HEIGHT = 320;
/** Points drawn per series; longer curves are downsampled evenly, keeping the last point. */
const MAX_CURVE_POINTS = 500;
/** Bars drawn per bar chart. */
const MAX_BARS = 100;

const MARGIN = { top: 34, right: 16, bottom: 56, left: 56 };
const PLOT_W = CHART_WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
const PALETTE = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf'
];

/**
 * Untrusted text made inert: one line, bounded length, escaped. A very long value is cut before
 * it is flattened, so a 100 kB id costs no more than a short one; the cut still ends in "…".
 */
export function safeText(text: string, max = 80): string {
  const raw = String(text);
  // Code units: at least `max` code points survive the cut (flatten only widens them, except
  // where it merges a run of control characters into one space).
  const room = 4 * max + 8;
  if (raw.length <= room) return escapeHtml(truncate(flatten(raw), max));
  const shown = truncate(flatten(raw.slice(0, room)), max);
  return escapeHtml(shown.endsWith('…') ? shown : `${shown}…`);
}

/** A coordinate or value with a fixed number of decimals; non-finite values become 0. */
function num(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return (0).toFixed(digits);
  const out = value.toFixed(digits);
  return /^-0(\.0+)?$/.test(out) ? out.slice(1) : out;
}

/** At most `max` items, taken evenly, always keeping the first and the last. */
export function downsample<T>(items: readonly T[], max = MAX_CURVE_POINTS): T[] {
  if (items.length <= max) return [...items];
  if (max <= 1) return items.slice(-1);
  const out: T[] = [];
  const step = (items.length - 1) / (max - 1);
  for (let i = 0; i < max - 1; i++) out.push(items[Math.round(i * step)] as T);
  out.push(items[items.length - 1] as T);
  return out;
}

function clamp(v: number, lo: number, hi: number): number {
  return Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo;
}

/** A round upper bound for an axis: one significant step above the data's maximum. */
function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const magnitude = Math.pow(10, Math.floor(Math.log10(value)));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** Characters of a title that fit the chart's width at its font size. */
const TITLE_CHARS = 64;

function open(title: string, height = CHART_HEIGHT): string[] {
  const t = safeText(title, TITLE_CHARS);
  return [
    `<svg class="chart" width="${CHART_WIDTH}" height="${height}" viewBox="0 0 ${CHART_WIDTH} ${height}" ` +
      `role="img" aria-label="${t}">`,
    `<title>${t}</title>`,
    `<rect x="0" y="0" width="${CHART_WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${CHART_WIDTH / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">${t}</text>`
  ];
}

function axisLabels(xLabel: string, yLabel: string): string[] {
  const cy = MARGIN.top + PLOT_H / 2;
  return [
    `<text x="${num(MARGIN.left + PLOT_W / 2)}" y="${CHART_HEIGHT - 8}" text-anchor="middle" font-size="12">` +
      `${safeText(xLabel, 60)}</text>`,
    `<text x="14" y="${num(cy)}" text-anchor="middle" font-size="12" transform="rotate(-90 14 ${num(cy)})">` +
      `${safeText(yLabel, 60)}</text>`
  ];
}

function frame(): string {
  return (
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${PLOT_W}" height="${PLOT_H}" fill="none" stroke="#333333" ` +
    `stroke-width="1"/>`
  );
}

/**
 * At least `digits` decimals, and as many more (up to 4) as `values` need to print exactly: 0.25 must not read "0.3".
 */
function decimalsFor(values: readonly number[], digits: number): number {
  let d = digits;
  while (d < 4 && values.some((v) => Math.abs(Number(v.toFixed(d)) - v) > 1e-9 * Math.max(1, Math.abs(v)))) d++;
  return d;
}

/** Five ticks on each axis of a [0, xMax] × [yMin, yMax] plot, with grid lines. */
function ticks(xMax: number | null, yMin: number, yMax: number, requested: number): string[] {
  const out: string[] = [];
  const digits = decimalsFor(
    [0, 1, 2, 3, 4].map((i) => yMin + (i / 4) * (yMax - yMin)),
    requested
  );
  for (let i = 0; i <= 4; i++) {
    const f = i / 4;
    const y = MARGIN.top + PLOT_H - f * PLOT_H;
    out.push(
      `<line x1="${MARGIN.left}" y1="${num(y)}" x2="${MARGIN.left + PLOT_W}" y2="${num(y)}" stroke="#e0e0e0" ` +
        `stroke-width="1"/>`
    );
    out.push(
      `<text x="${MARGIN.left - 6}" y="${num(y + 4)}" text-anchor="end" font-size="11">` +
        `${num(yMin + f * (yMax - yMin), digits)}</text>`
    );
    if (xMax !== null) {
      const x = MARGIN.left + f * PLOT_W;
      out.push(
        `<text x="${num(x)}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle" font-size="11">` +
          `${num(f * xMax, 2)}</text>`
      );
    }
  }
  return out;
}

function empty(): string {
  return (
    `<text x="${num(MARGIN.left + PLOT_W / 2)}" y="${num(MARGIN.top + PLOT_H / 2)}" text-anchor="middle" ` +
    `font-size="12" fill="#666666">no data</text>`
  );
}

interface LineSeries {
  name: string;
  points: ReadonlyArray<readonly [number, number]>;
}

interface LineChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Default 1. */
  xMax?: number;
  /** Default: a round bound above the largest y (1 when there is no data). */
  yMax?: number;
}

/** Line chart, e.g. risk–coverage curves (x = coverage, y = risk), one line and legend entry per series. */
export function lineChart(series: readonly LineSeries[], opts: LineChartOptions): string {
  const xMax = opts.xMax !== undefined && opts.xMax > 0 ? opts.xMax : 1;
  const allY = series.flatMap((s) => s.points.map((p) => p[1])).filter((v) => Number.isFinite(v));
  const yMax = opts.yMax !== undefined && opts.yMax > 0 ? opts.yMax : niceMax(allY.length > 0 ? maxOf(allY) : 1);
  const sx = (x: number) => MARGIN.left + (clamp(x, 0, xMax) / xMax) * PLOT_W;
  const sy = (y: number) => MARGIN.top + PLOT_H - (clamp(y, 0, yMax) / yMax) * PLOT_H;
  const out = open(opts.title);
  out.push(...ticks(xMax, 0, yMax, yMax < 0.1 ? 3 : 2), frame());
  const shown = series.slice(0, PALETTE.length * 2);
  shown.forEach((s, i) => {
    const color = PALETTE[i % PALETTE.length] as string;
    const pts = downsample(s.points);
    if (pts.length === 1) {
      const [x, y] = pts[0] as readonly [number, number];
      out.push(`<circle cx="${num(sx(x))}" cy="${num(sy(y))}" r="3" fill="${color}"/>`);
    } else if (pts.length > 1) {
      out.push(
        `<polyline fill="none" stroke="${color}" stroke-width="2" points="` +
          `${pts.map(([x, y]) => `${num(sx(x))},${num(sy(y))}`).join(' ')}"/>`
      );
    }
  });
  if (shown.every((s) => s.points.length === 0)) out.push(empty());
  // Legend, top-left inside the plot.
  shown.forEach((s, i) => {
    const color = PALETTE[i % PALETTE.length] as string;
    const y = MARGIN.top + 14 + i * 16;
    out.push(
      `<line x1="${MARGIN.left + 8}" y1="${y - 4}" x2="${MARGIN.left + 26}" y2="${y - 4}" stroke="${color}" ` +
        `stroke-width="3"/>`
    );
    out.push(`<text x="${MARGIN.left + 32}" y="${y}" font-size="11">${safeText(s.name, 70)}</text>`);
  });
  out.push(...axisLabels(opts.xLabel, opts.yLabel), '</svg>');
  return out.join('\n');
}

interface ReliabilityBarBin {
  lower: number;
  upper: number;
  n: number;
  accuracy: number | null;
  mean_probability?: number | null;
}

/** Room under a chart for a row of legend entries. */
const LEGEND_ROW = 22;

/** One legend entry: a swatch drawn by `mark(x, y)` (its centre) and a label, from `x` on. */
interface LegendEntry {
  mark: (x: number, y: number) => string;
  label: string;
}

/** A legend row under the x-axis label; entries are laid out left to right by their label length. */
function legendRow(entries: readonly LegendEntry[], y: number): string[] {
  const out: string[] = [];
  let x = MARGIN.left;
  for (const e of entries) {
    out.push(
      e.mark(x + 9, y - 4),
      `<text x="${num(x + 22)}" y="${num(y)}" font-size="11">${safeText(e.label, 40)}</text>`
    );
    x += 22 + 6.4 * Math.min(40, Array.from(e.label).length) + 16;
  }
  return out;
}

/**
 * Reliability diagram: one bar of accuracy per confidence bin (its row count above it), a dot
 * at the bin's mean confidence and accuracy, and the dashed diagonal of perfect calibration,
 * with a legend naming all three under the plot. Empty bins draw nothing.
 */
export function reliabilityChart(bins: readonly ReliabilityBarBin[], title: string): string {
  const sx = (x: number) => MARGIN.left + clamp(x, 0, 1) * PLOT_W;
  const sy = (y: number) => MARGIN.top + PLOT_H - clamp(y, 0, 1) * PLOT_H;
  const height = CHART_HEIGHT + LEGEND_ROW;
  const out = open(title, height);
  out.push(...ticks(1, 0, 1, 2), frame());
  const shown = bins.slice(0, MAX_CURVE_POINTS);
  let drawn = 0;
  const labels: string[] = [];
  for (const b of shown) {
    if (b.accuracy === null || b.n <= 0) continue;
    const x0 = sx(b.lower);
    const x1 = sx(b.upper);
    const y = sy(b.accuracy);
    const rows = Math.trunc(b.n);
    out.push(
      `<rect x="${num(x0 + 1)}" y="${num(y)}" width="${num(Math.max(0, x1 - x0 - 2))}" height="` +
        `${num(MARGIN.top + PLOT_H - y)}" fill="#1f77b4" fill-opacity="0.55"><title>confidence ${num(b.lower)}–` +
        `${num(b.upper)}: accuracy ${num(b.accuracy, 3)} (n=${rows})</title></rect>`
    );
    if (b.mean_probability !== undefined && b.mean_probability !== null) {
      out.push(
        `<circle cx="${num(sx(b.mean_probability))}" cy="${num(y)}" r="3.5" fill="#d62728" stroke="#ffffff" ` +
          `stroke-width="1"/>`
      );
    }
    // Row counts go on top, after every bar, so no bar covers a number.
    labels.push(
      `<text x="${num((x0 + x1) / 2)}" y="${num(y - 4)}" text-anchor="middle" font-size="` +
        `${x1 - x0 < 36 ? 8 : 10}" fill="#1a1a1a">${rows}</text>`
    );
    drawn++;
  }
  if (drawn === 0) out.push(empty());
  out.push(
    `<line x1="${num(sx(0))}" y1="${num(sy(0))}" x2="${num(sx(1))}" y2="${num(sy(1))}" stroke="#666666" ` +
      `stroke-width="1.5" stroke-dasharray="5 4"/>`
  );
  out.push(...labels);
  out.push(...axisLabels('confidence (top probability)', 'accuracy'));
  out.push(
    ...legendRow(
      [
        {
          mark: (x, y) =>
            `<rect x="${num(x - 7)}" y="${num(y - 6)}" width="14" height="12" fill="#1f77b4" fill-opacity="0.55"/>`,
          label: 'accuracy per bin (n above)'
        },
        { mark: (x, y) => `<circle cx="${num(x)}" cy="${num(y)}" r="3.5" fill="#d62728"/>`, label: 'mean confidence' },
        {
          mark: (x, y) =>
            `<line x1="${num(x - 9)}" y1="${num(y)}" x2="${num(x + 9)}" y2="${num(y)}" stroke="#666666" ` +
            `stroke-width="1.5" stroke-dasharray="5 4"/>`,
          label: 'perfect calibration'
        }
      ],
      height - 6
    ),
    '</svg>'
  );
  return out.join('\n');
}

interface HistogramSeries {
  name: string;
  /** Count per bin. */
  counts: readonly number[];
}

/**
 * Grouped bars: per bin, one bar per series at its share of that series' total (so splits of
 * different sizes compare), the count in the bar's tooltip, and a legend naming each series
 * with its total under the plot.
 */
export function histogramChart(
  binLabels: readonly string[],
  series: readonly HistogramSeries[],
  opts: { title: string; xLabel: string }
): string {
  const bins = binLabels.slice(0, MAX_BARS);
  const shown = series.slice(0, PALETTE.length);
  const totals = shown.map((s) => s.counts.reduce((a, b) => a + b, 0));
  const shares = shown.map((s, i) =>
    bins.map((_, b) => ((totals[i] as number) > 0 ? (s.counts[b] ?? 0) / (totals[i] as number) : 0))
  );
  const yMax = niceMax(Math.max(0, maxOf(shares.flat())));
  const sy = (v: number) => MARGIN.top + PLOT_H - (clamp(v, 0, yMax) / yMax) * PLOT_H;
  const height = CHART_HEIGHT + LEGEND_ROW;
  const out = open(opts.title, height);
  out.push(...ticks(null, 0, yMax, 2), frame());
  const slot = PLOT_W / Math.max(1, bins.length);
  const width = Math.max(1, Math.min(28, (slot * 0.8) / Math.max(1, shown.length)));
  bins.forEach((label, b) => {
    const cx = MARGIN.left + slot * (b + 0.5);
    out.push(
      `<text x="${num(cx)}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle" font-size="` +
        `${bins.length > 8 ? 9 : 11}">${safeText(label, 12)}</text>`
    );
    shown.forEach((s, i) => {
      const share = shares[i]?.[b] ?? 0;
      const x = cx - (width * shown.length) / 2 + i * width;
      const y = sy(share);
      out.push(
        `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(MARGIN.top + PLOT_H - y)}" fill="` +
          `${PALETTE[i % PALETTE.length] as string}" fill-opacity="0.8"><title>${safeText(s.name, 40)}, ` +
          `${safeText(label, 12)}: ${Math.trunc(s.counts[b] ?? 0)} of ` +
          `${Math.trunc(totals[i] as number)}</title></rect>`
      );
    });
  });
  if (bins.length === 0 || shown.length === 0) out.push(empty());
  out.push(...axisLabels(opts.xLabel, 'share of the split'));
  out.push(
    ...legendRow(
      shown.map((s, i) => ({
        mark: (x: number, y: number) =>
          `<rect x="${num(x - 7)}" y="${num(y - 6)}" width="14" height="12" fill="` +
          `${PALETTE[i % PALETTE.length] as string}" fill-opacity="0.8"/>`,
        label: `${truncate(flatten(s.name), 24)} (n=${Math.trunc(totals[i] as number)})`
      })),
      height - 6
    ),
    '</svg>'
  );
  return out.join('\n');
}

interface BarItem {
  label: string;
  value: number | null;
  low?: number | null;
  high?: number | null;
}

interface BarChartOptions {
  title: string;
  xLabel?: string;
  yLabel: string;
  /** Decimals on the value axis (default 1). */
  digits?: number;
}

/** Vertical bars around a zero line (values may be negative), with optional interval whiskers. */
export function barChart(items: readonly BarItem[], opts: BarChartOptions): string {
  const shown = items.slice(0, MAX_BARS);
  const values = shown
    .flatMap((i) => [i.value, i.low ?? null, i.high ?? null])
    .filter((v): v is number => v !== null && Number.isFinite(v));
  const hi = values.length > 0 ? Math.max(0, maxOf(values)) : 1;
  const lo = values.length > 0 ? Math.min(0, minOf(values)) : 0;
  // Both signs: a symmetric axis, so zero falls on a grid line.
  const bound = niceMax(Math.max(hi, -lo));
  const yMax = hi > 0 ? (lo < 0 ? bound : niceMax(hi)) : 0;
  const yMin = lo < 0 ? (hi > 0 ? -bound : -niceMax(-lo)) : 0;
  const span = yMax - yMin || 1;
  const sy = (v: number) => MARGIN.top + PLOT_H - ((clamp(v, yMin, yMax) - yMin) / span) * PLOT_H;
  const out = open(opts.title);
  out.push(...ticks(null, yMin, yMin + span, opts.digits ?? 1), frame());
  const zero = sy(0);
  out.push(
    `<line x1="${MARGIN.left}" y1="${num(zero)}" x2="${MARGIN.left + PLOT_W}" y2="${num(zero)}" stroke="#333333" ` +
      `stroke-width="1"/>`
  );
  const slot = PLOT_W / Math.max(1, shown.length);
  const width = Math.max(1, Math.min(48, slot * 0.6));
  shown.forEach((item, i) => {
    const cx = MARGIN.left + slot * (i + 0.5);
    const label = safeText(item.label, shown.length > 8 ? 8 : 16);
    out.push(
      `<text x="${num(cx)}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle" font-size="11">${label}</text>`
    );
    if (item.value === null || !Number.isFinite(item.value)) {
      out.push(
        `<text x="${num(cx)}" y="${num(zero - 4)}" text-anchor="middle" font-size="10" fill="#666666">n/a</text>`
      );
      return;
    }
    const y = sy(item.value);
    const top = Math.min(y, zero);
    const color = item.value < 0 ? '#d62728' : '#2ca02c';
    out.push(
      `<rect x="${num(cx - width / 2)}" y="${num(top)}" width="${num(width)}" height="` +
        `${num(Math.abs(zero - y))}" fill="${color}" fill-opacity="0.75"><title>${label}: ` +
        `${num(item.value, opts.digits ?? 1)}</title></rect>`
    );
    const low = item.low ?? null;
    const high = item.high ?? null;
    if (low !== null && high !== null && Number.isFinite(low) && Number.isFinite(high)) {
      const yl = sy(low);
      const yh = sy(high);
      out.push(
        `<line x1="${num(cx)}" y1="${num(yl)}" x2="${num(cx)}" y2="${num(yh)}" stroke="#000000" stroke-width="1.5"/>`
      );
      out.push(
        `<line x1="${num(cx - 6)}" y1="${num(yl)}" x2="${num(cx + 6)}" y2="${num(yl)}" stroke="#000000" ` +
          `stroke-width="1.5"/>`
      );
      out.push(
        `<line x1="${num(cx - 6)}" y1="${num(yh)}" x2="${num(cx + 6)}" y2="${num(yh)}" stroke="#000000" ` +
          `stroke-width="1.5"/>`
      );
    }
  });
  if (shown.length === 0) out.push(empty());
  out.push(...axisLabels(opts.xLabel ?? '', opts.yLabel), '</svg>');
  return out.join('\n');
}

interface StepSeries {
  name: string;
  /** Rows the rates divide by; 0 draws no line (the legend says "not evaluated"). */
  denominator: number;
  /** Cumulative counts at the x values where they rise, ascending in x: a step function from (0, 0). */
  steps: ReadonlyArray<{ x: number; count: number }>;
}

interface StepChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** The x axis runs over 0 … xMax (a whole number: the query budget). */
  xMax: number;
  /** What one x unit is called in a point's tooltip ("queries"). */
  xUnit: string;
}

/** Whole-number ticks of a [0, max] axis: five where the range allows, none repeated. */
function integerTicks(max: number): number[] {
  const out: number[] = [];
  for (let i = 0; i <= 4; i++) {
    const v = Math.round((i / 4) * max);
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

/** Upper bounds of a share axis whose quarter ticks are whole percentages (1%, 2%, 5%, 10%, 15%, 20%, 25%). */
const SHARE_MAXES = [0.04, 0.08, 0.2, 0.4, 0.6, 0.8, 1];

function shareMax(value: number): number {
  return SHARE_MAXES.find((m) => m >= value - 1e-12) ?? 1;
}

/**
 * Cumulative step curves (e.g. the search's success–budget curve): per series, the count ÷ its
 * denominator, flat between the x values where it rises and flat from the last rise to xMax.
 * Each rise is a dot whose tooltip gives "count of denominator" at that x; a series with a zero
 * denominator draws nothing and its legend entry says "not evaluated". Legend under the plot.
 */
export function stepChart(series: readonly StepSeries[], opts: StepChartOptions): string {
  const xMax = Number.isFinite(opts.xMax) && opts.xMax > 0 ? opts.xMax : 1;
  const shown = series.slice(0, PALETTE.length);
  const rates = shown.flatMap((s) => (s.denominator > 0 ? s.steps.map((p) => p.count / s.denominator) : []));
  const yMax = shareMax(rates.length > 0 ? maxOf(rates) : 1);
  const sx = (x: number) => MARGIN.left + (clamp(x, 0, xMax) / xMax) * PLOT_W;
  const sy = (y: number) => MARGIN.top + PLOT_H - (clamp(y, 0, yMax) / yMax) * PLOT_H;
  const rows = Math.ceil(shown.length / 2);
  const height = CHART_HEIGHT + LEGEND_ROW * Math.max(1, rows);
  const out = open(opts.title, height);
  for (let i = 0; i <= 4; i++) {
    const y = sy((i / 4) * yMax);
    out.push(
      `<line x1="${MARGIN.left}" y1="${num(y)}" x2="${MARGIN.left + PLOT_W}" y2="${num(y)}" stroke="#e0e0e0" ` +
        `stroke-width="1"/>`
    );
    out.push(
      `<text x="${MARGIN.left - 6}" y="${num(y + 4)}" text-anchor="end" font-size="11">` +
        `${Math.round((i / 4) * yMax * 100)}%</text>`
    );
  }
  out.push(frame());
  for (const v of integerTicks(xMax))
    out.push(`<text x="${num(sx(v))}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle" font-size="11">${v}</text>`);
  const dots: string[] = [];
  shown.forEach((s, i) => {
    if (s.denominator <= 0) return;
    const color = PALETTE[i % PALETTE.length] as string;
    const steps = downsample(s.steps);
    const points: string[] = [`${num(sx(0))},${num(sy(0))}`];
    let level = 0;
    for (const p of steps) {
      points.push(`${num(sx(p.x))},${num(sy(level))}`, `${num(sx(p.x))},${num(sy(p.count / s.denominator))}`);
      level = p.count / s.denominator;
      const label =
        `${truncate(flatten(s.name), 40)}: ${Math.trunc(p.count)} of ${Math.trunc(s.denominator)} within ` +
        `${Math.trunc(p.x)} ${opts.xUnit} (${num(100 * level, 1)}%)`;
      dots.push(
        `<circle cx="${num(sx(p.x))}" cy="${num(sy(level))}" r="2.5" fill="${color}"><title>` +
          `${safeText(label, 120)}</title></circle>`
      );
    }
    points.push(`${num(sx(xMax))},${num(sy(level))}`);
    out.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.join(' ')}"/>`);
  });
  out.push(...dots);
  if (shown.every((s) => s.denominator <= 0)) out.push(empty());
  out.push(...axisLabels(opts.xLabel, opts.yLabel));
  // Two legend entries per row: model names can be long.
  for (let r = 0; r < rows; r++) {
    out.push(
      ...legendRow(
        shown.slice(2 * r, 2 * r + 2).map((s, k) => {
          const color = PALETTE[(2 * r + k) % PALETTE.length] as string;
          const last = s.steps.length > 0 ? (s.steps[s.steps.length - 1] as { count: number }).count : 0;
          const figure = s.denominator > 0 ? `${Math.trunc(last)}/${Math.trunc(s.denominator)}` : 'not evaluated';
          return {
            mark: (x: number, y: number) =>
              `<line x1="${num(x - 9)}" y1="${num(y)}" x2="${num(x + 9)}" y2="${num(y)}" stroke="${color}" ` +
              `stroke-width="3"/>`,
            label: `${truncate(flatten(s.name), 22)} (${figure})`
          };
        }),
        CHART_HEIGHT + LEGEND_ROW * (r + 1) - 6
      )
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
