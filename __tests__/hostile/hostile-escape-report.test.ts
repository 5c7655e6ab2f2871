/**
 * Bidi and invisible characters in reports (hardening item 11): summary.md, report.html
 * (and its SVG charts), the terminal summary and annotation text show them as `\uXXXX`, so
 * a language "\u202Eevil" can no longer display as "live".
 */
import { checkAnnotations } from '../../src/action/annotations.js';
import type { Check } from '../../src/gate/check.js';
import { code, escapeHtml, flatten, md } from '../../src/report/escape.js';
import { barChart, safeText } from '../../src/report/svg.js';
import { toTerminal } from '../../src/report/terminal.js';
import { PAYLOADS } from './hostile-config-helpers.js';

const BIDI_AND_INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/u;
const ENTRIES = Object.entries(PAYLOADS);

describe('markdown (summary.md)', () => {
  test('a bidi override is shown, not obeyed', () => {
    // Before: md('\u202eevil') kept the override, and the cell read "live".
    expect(md('\u202eevil')).toBe('\\\\u202Eevil');
    expect(code('\u202eevil')).toBe('`\\u202Eevil`');
    expect(flatten('ad\u200bmin')).toBe('ad\\u200Bmin');
  });

  test.each(ENTRIES)('md, code and flatten (%s) give one line without hidden characters', (_name, payload) => {
    for (const out of [md(payload), code(payload), flatten(payload)]) {
      expect(out).not.toMatch(BIDI_AND_INVISIBLE);
      expect(out).not.toMatch(ANY_CONTROL);
      expect(out).not.toContain('\n');
    }
  });

  test('line breaks still become spaces, as before', () => {
    expect(flatten('a\nb\r\nc')).toBe('a b c');
  });
});

describe('HTML and SVG (report.html)', () => {
  test.each(ENTRIES)('escapeHtml and safeText (%s)', (_name, payload) => {
    expect(escapeHtml(payload)).not.toMatch(BIDI_AND_INVISIBLE);
    expect(safeText(payload)).not.toMatch(BIDI_AND_INVISIBLE);
    expect(safeText(payload)).not.toMatch(ANY_CONTROL);
  });

  test('escapeHtml keeps tabs and line ends (for text that may span lines) but shows the rest', () => {
    expect(escapeHtml('<b>\u202eevil</b>\n\tx\u0000')).toBe('&lt;b&gt;\\u202Eevil&lt;/b&gt;\n\tx\\u0000');
  });

  test('a chart labelled with a bidi override shows the escape', () => {
    const svg = barChart([{ label: '\u202eevil', value: 0.5 }], { title: 'by language \u2067x', yLabel: 'accuracy' });
    expect(svg).not.toMatch(BIDI_AND_INVISIBLE);
    expect(svg).toContain('\\u202Eevil');
    expect(svg).toContain('\\u2067x');
  });
});

describe('terminal summary', () => {
  test('bidi, invisible and control characters become escapes; <script> stays readable text', () => {
    // Before: the terminal received the raw override (and silently lost ANSI escapes).
    expect(toTerminal(md('\u202eevil <script>'))).toBe('\\u202Eevil <script>');
    expect(toTerminal('raw \u202eevil\u200b \u001b[2J')).toBe('raw \\u202Eevil\\u200B \\u001B[2J');
  });

  test.each(ENTRIES)('a summary line holding %s', (_name, payload) => {
    const out = toTerminal(`| ${md(payload)} | 1 |`);
    expect(out).not.toMatch(BIDI_AND_INVISIBLE);
    expect(out).not.toMatch(ANY_CONTROL);
    expect(out.split('\n').every((line) => !line.trimStart().startsWith('::'))).toBe(true);
  });
});

describe('annotations', () => {
  const check = (language: string): Check => ({
    id: `min_language_accuracy/naive-bayes/${language}`,
    check: 'min_language_accuracy',
    subject: 'naive-bayes',
    qualifier: language,
    scope: 'challenge',
    value: 0.4,
    numerator: 4,
    denominator: 10,
    direction: 'min',
    threshold: 0.58,
    config_key: 'gate.min_language_accuracy',
    config_line: 1,
    threshold_is_default: true,
    status: 'fail',
    judged: true,
    reason: null
  });

  test.each(ENTRIES)('annotation text with a language %s', (_name, payload) => {
    const { annotations } = checkAnnotations([check(payload)], 'evidence-gate.yml', true);
    const text = annotations[0]?.message ?? '';
    expect(text).toMatch(/^min_language_accuracy\/naive-bayes\/.+: 40\.0% \(4\/10\), required ≥ 58%/);
    expect(text).not.toMatch(BIDI_AND_INVISIBLE);
    expect(text).not.toMatch(ANY_CONTROL);
    expect(text).not.toContain('\n');
  });

  test('a bidi override in a language is shown in the annotation', () => {
    const { annotations } = checkAnnotations([check('\u202eevil')], 'evidence-gate.yml', true);
    expect(annotations[0]?.message).toContain('naive-bayes/\\u202Eevil');
  });
});
