/**
 * checks.junit.xml: checked against the JUnit structure that GitLab, Jenkins, Azure Pipelines and
 * the test-report actions read (testsuites > testsuite(name, tests, failures, errors, skipped) >
 * testcase(name, classname) with at most one failure, error or skipped child), by a small
 * validator written here: well-formed XML, escaped values, and counts that add up.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Check } from '../../src/gate/check.js';
import type { GateResult } from '../../src/gate/checks.js';
import { run, verify } from '../../src/engine.js';
import { renderJunit, xmlEscape } from '../../src/report/junit.js';
import { jsonl, tinyRepo } from '../helpers.js';

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  if (/[<]/.test(raw)) throw new Error(`${where}: raw < in character data`);
  return raw.replace(/&([^;]*);?/g, (m, name: string) => {
    if (!m.endsWith(';')) throw new Error(`${where}: bare & in ${JSON.stringify(raw)}`);
    if (name in ENTITY) return ENTITY[name] as string;
    const num = /^#(\d+)$/.exec(name);
    if (num) return String.fromCodePoint(Number(num[1]));
    throw new Error(`${where}: unknown entity &${name};`);
  });
}

/** A strict little XML reader: one declaration, balanced elements, quoted attributes, no characters XML 1.0 forbids. */
function parseXml(xml: string): XmlNode {
  /* eslint-disable no-control-regex -- finding what XML 1.0 forbids is the point */
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(xml))
    throw new Error('a character XML 1.0 cannot hold');
  /* eslint-enable no-control-regex */
  const decl = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(xml);
  if (!decl) throw new Error('missing XML declaration');
  let i = decl[0].length;
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>/y;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    (stack[stack.length - 1] as XmlNode).text += decode(text, `offset ${i}`);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at offset ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [, close, name, attrs, selfClose] = m as unknown as [string, string, string, string, string];
    if (close) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
    } else {
      const node: XmlNode = { name, attributes: {}, children: [], text: '' };
      for (const a of attrs.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
        if ((a[1] as string) in node.attributes) throw new Error(`attribute ${a[1]} twice`);
        node.attributes[a[1] as string] = decode(a[2] as string, `attribute ${a[1]}`);
      }
      (stack[stack.length - 1] as XmlNode).children.push(node);
      if (!selfClose) stack.push(node);
    }
    i = tag.lastIndex;
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (root.children.length !== 1 || root.text.trim() !== '') throw new Error('expected one root element');
  return root.children[0] as XmlNode;
}

type Counts = { tests: number; failures: number; errors: number; skipped: number };

/** The JUnit shape common CI systems read; returns the totals. */
function validateJunit(xml: string): { root: XmlNode; cases: XmlNode[] } {
  const root = parseXml(xml);
  expect(root.name).toBe('testsuites');
  const whole: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const cases: XmlNode[] = [];
  for (const suite of root.children) {
    expect(suite.name).toBe('testsuite');
    expect(suite.attributes.name).toMatch(/\S/);
    const counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    for (const tc of suite.children) {
      expect(tc.name).toBe('testcase');
      expect(tc.attributes.name).toMatch(/\S/);
      expect(tc.attributes.classname).toMatch(/\S/);
      expect(tc.children.length).toBeLessThanOrEqual(1);
      counts.tests++;
      const child = tc.children[0];
      if (child) {
        expect(['failure', 'error', 'skipped']).toContain(child.name);
        if (child.name !== 'skipped') expect(child.attributes.message).toMatch(/\S/);
        counts[child.name === 'failure' ? 'failures' : child.name === 'error' ? 'errors' : 'skipped']++;
      }
      cases.push(tc);
    }
    for (const key of ['tests', 'failures', 'errors', 'skipped'] as const) {
      expect(Number(suite.attributes[key])).toBe(counts[key]);
      whole[key] += counts[key];
    }
  }
  for (const key of ['tests', 'failures', 'errors', 'skipped'] as const)
    expect(Number(root.attributes[key])).toBe(whole[key]);
  return { root, cases };
}

function check(over: Partial<Check> & Pick<Check, 'id' | 'check' | 'status'>): Check {
  return {
    subject: 'naive-bayes',
    qualifier: null,
    scope: 'all',
    value: 0.5,
    numerator: 27,
    denominator: 54,
    direction: 'min',
    threshold: 0.75,
    config_key: 'gate.min_challenge_accuracy',
    config_line: 3,
    threshold_is_default: true,
    judged: true,
    reason: null,
    ...over
  };
}

function gateOf(checks: Check[]): GateResult {
  const counts = { pass: 0, fail: 0, not_evaluated: 0, not_applicable: 0 };
  for (const c of checks) counts[c.status]++;
  return {
    schema_version: 2,
    verdict: 'fail',
    allow_not_evaluated: false,
    counts,
    failing: checks.filter((c) => c.status === 'fail' || c.status === 'not_evaluated').map((c) => c.id),
    checks
  };
}

describe('renderJunit', () => {
  const hostile = 'm<1>&"q\'\u0001\u202e';
  const gate = gateOf([
    check({ id: 'challenge_accuracy/naive-bayes', check: 'challenge_accuracy', status: 'fail' }),
    check({
      id: `challenge_accuracy/${hostile}`,
      check: 'challenge_accuracy',
      subject: hostile,
      status: 'pass',
      value: 0.8,
      numerator: 40,
      judged: false
    }),
    check({
      id: 'flip_rate/naive-bayes/format',
      check: 'flip_rate',
      status: 'not_evaluated',
      value: null,
      numerator: 0,
      denominator: 0,
      direction: 'max',
      threshold: 0.2,
      reason: 'no changed rows'
    }),
    check({
      id: 'regression/naive-bayes/clean',
      check: 'regression',
      status: 'not_applicable',
      value: null,
      numerator: null,
      denominator: null,
      reason: 'no baseline was given'
    }),
    check({
      id: 'length_psi/data',
      check: 'length_psi',
      subject: 'data',
      status: 'fail',
      value: 15.437,
      numerator: null,
      denominator: 54,
      direction: 'max',
      threshold: 0.5
    })
  ]);

  test('one suite per kind, statuses as failure, error and skipped, counts that add up', () => {
    const xml = renderJunit(gate);
    const { root, cases } = validateJunit(xml);
    expect(root.attributes).toMatchObject({
      name: 'evidence-gate',
      tests: '5',
      failures: '2',
      errors: '1',
      skipped: '1'
    });
    expect(root.children.map((s) => s.attributes.name)).toEqual([
      'challenge_accuracy',
      'flip_rate',
      'regression',
      'length_psi'
    ]);
    const byName = new Map(cases.map((c) => [c.attributes.name, c]));
    const failure = byName.get('challenge_accuracy/naive-bayes')?.children[0];
    expect(failure?.name).toBe('failure');
    expect(failure?.attributes.message).toBe(
      'challenge accuracy: value 50.0% (27/54), threshold ≥ 75%, n/N 27/54, gate.min_challenge_accuracy (default)'
    );
    expect(failure?.text).toContain('check challenge_accuracy/naive-bayes\nscope all\n');
    expect(byName.get('length_psi/data')?.children[0]?.attributes.message).toBe(
      'length shift: value 15.437, threshold ≤ 0.5, N 54, gate.min_challenge_accuracy (default)'
    );
    const error = byName.get('flip_rate/naive-bayes/format')?.children[0];
    expect(error?.name).toBe('error');
    expect(error?.attributes.message).toContain('not evaluated: no changed rows');
    expect(byName.get('regression/naive-bayes/clean')?.children[0]).toMatchObject({
      name: 'skipped',
      attributes: { message: 'not applicable: no baseline was given' }
    });
    expect(byName.get('challenge_accuracy/naive-bayes')?.attributes.classname).toBe('evidence-gate.challenge_accuracy');
  });

  test('names from the config or the data are escaped: markup as entities, forbidden characters as \\u escapes', () => {
    const xml = renderJunit(gate);
    const { cases } = validateJunit(xml);
    const shown = cases.find((c) => c.attributes.name?.startsWith('challenge_accuracy/m'))?.attributes.name;
    expect(shown).toBe('challenge_accuracy/m<1>&"q\'\\u0001\u202e');
    expect(xml).toContain('challenge_accuracy/m&lt;1&gt;&amp;&quot;q&apos;\\u0001');
    expect(xmlEscape('a\ud800b\n\tc')).toBe('a\\uD800b&#10;&#9;c');
    expect(xmlEscape('line\nnext', false)).toBe('line\nnext');
  });

  test('a failing or not-evaluated check that does not block is skipped with the reason, so the file agrees with the verdict', () => {
    const checks = [
      check({
        id: 'challenge_accuracy/other',
        check: 'challenge_accuracy',
        subject: 'other',
        status: 'fail',
        judged: false
      }),
      check({ id: 'challenge_accuracy/naive-bayes', check: 'challenge_accuracy', status: 'fail', change: 'known' }),
      check({
        id: 'flip_rate/naive-bayes/format',
        check: 'flip_rate',
        status: 'not_evaluated',
        value: null,
        numerator: 0,
        denominator: 0,
        reason: 'no changed rows'
      }),
      check({ id: 'flip_rate/naive-bayes/typo', check: 'flip_rate', status: 'fail', change: 'new_failure' })
    ];
    const passing: GateResult = { ...gateOf(checks), verdict: 'fail', failing: ['flip_rate/naive-bayes/typo'] };
    const { root, cases } = validateJunit(renderJunit(passing));
    expect(root.attributes).toMatchObject({ tests: '4', failures: '1', errors: '0', skipped: '3' });
    const byName = new Map(cases.map((c) => [c.attributes.name, c.children[0]]));
    expect(byName.get('flip_rate/naive-bayes/typo')?.name).toBe('failure');
    expect(byName.get('challenge_accuracy/other')?.attributes.message).toBe(
      'does not block (not judged: this model is outside gate.models): challenge accuracy: value 50.0% (27/54), threshold ≥ 75%, n/N 27/54, gate.min_challenge_accuracy (default) (not judged: this model is outside gate.models, so it does not block)'
    );
    expect(byName.get('challenge_accuracy/naive-bayes')?.attributes.message).toMatch(
      /^does not block \(a known failure: it failed on the baseline too, and gate\.block_on is new\): challenge accuracy: value 50\.0%/
    );
    expect(byName.get('flip_rate/naive-bayes/format')?.attributes.message).toMatch(
      /^does not block \(gate\.allow_not_evaluated admits a figure that could not be measured\): .*; not evaluated: no changed rows$/
    );
    expect(byName.get('flip_rate/naive-bayes/format')?.name).toBe('skipped');
  });

  test('deterministic: the same checks give the same bytes', () => {
    expect(renderJunit(gate)).toBe(renderJunit(structuredClone(gate)));
  });
});

describe('checks.junit.xml in a run', () => {
  const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

  test('beside checks.json: one test case per check, listed and digested in the manifest, the same bytes on a second run, and covered by verify', async () => {
    const root = tinyRepo();
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'again' });
    const xml = readFileSync(join(root, 'out', 'checks.junit.xml'), 'utf8');
    expect(readFileSync(join(root, 'again', 'checks.junit.xml'), 'utf8')).toBe(xml);
    const { cases } = validateJunit(xml);
    const checks = JSON.parse(readFileSync(join(root, 'out', 'checks.json'), 'utf8')) as GateResult;
    expect(cases.map((c) => c.attributes.name).sort()).toEqual(checks.checks.map((c) => c.id).sort());
    const child = { pass: undefined, fail: 'failure', not_evaluated: 'error', not_applicable: 'skipped' } as const;
    for (const c of checks.checks)
      expect(cases.find((x) => x.attributes.name === c.id)?.children[0]?.name).toBe(
        checks.failing.includes(c.id) || c.status === 'pass' || c.status === 'not_applicable'
          ? child[c.status]
          : 'skipped'
      );
    expect(checks.checks.some((c) => c.status === 'fail')).toBe(true);

    const manifestPath = join(root, 'out', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    expect(manifest.files['checks.junit.xml']).toEqual({ sha256: sha(xml), bytes: Buffer.byteLength(xml) });
    expect((await verify({ dir: 'out', cwd: root, root })).differences).toEqual([]);

    // A file whose digest was updated to match is still re-rendered from the checks and compared.
    const forged = xml.replace(/<failure [^>]*>[^<]*<\/failure>/, '');
    writeFileSync(join(root, 'out', 'checks.junit.xml'), forged);
    expect((await verify({ dir: 'out', cwd: root, root })).differences).toEqual([
      expect.stringMatching(/^checks\.junit\.xml: SHA-256 recorded /),
      expect.stringMatching(/^checks\.junit\.xml: differs from the re-derived file/)
    ]);
    manifest.files['checks.junit.xml'] = { sha256: sha(forged), bytes: Buffer.byteLength(forged) };
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
    expect((await verify({ dir: 'out', cwd: root, root })).differences).toEqual([
      expect.stringMatching(/^checks\.junit\.xml: differs from the re-derived file \(first at line \d+\)$/)
    ]);
  });

  test('a language read from the data cannot break the file: markup escaped, a control character shown as an escape', async () => {
    const hostile = '</testcase><x a="1">&\u0007';
    const root = tinyRepo({
      'data/challenge.jsonl': jsonl([
        { id: 'h1', text: 'we observe gains in results', label: 'result', language: hostile },
        { id: 'h2', text: 'caution: the window was short', label: 'limitation', language: hostile }
      ])
    });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const xml = readFileSync(join(root, 'out', 'checks.junit.xml'), 'utf8');
    const { cases } = validateJunit(xml);
    expect(cases.map((c) => c.attributes.name)).toContain('language_examples/data/</testcase><x a="1">&\\u0007');
    expect(xml).not.toContain('<x ');
  });
});
