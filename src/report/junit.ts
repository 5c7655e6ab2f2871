/**
 * checks.junit.xml: every gate check as a JUnit test case, so that GitLab, Jenkins, Azure
 * Pipelines and the test-report actions on GitHub show the gate in their test view
 * (docs/cli.md). One <testsuite> per check kind, in the order the kinds first appear in
 * checks.json; one <testcase> per check. `fail` is a <failure>, `not_evaluated` an <error>,
 * `not_applicable` <skipped>; `pass` has no child. A failing or not-evaluated check that does not
 * block the verdict (a model outside gate.models, a known failure under `gate.block_on: new`, a
 * not-evaluated figure that `gate.allow_not_evaluated` admits) is <skipped> with the reason, so a
 * CI system's test view agrees with the verdict. Deterministic: no timestamps, no host, and
 * times are always 0 (a check takes no time of its own).
 */
import type { Check } from '../gate/check.js';
import type { GateResult } from '../gate/checks.js';
import { checkWords } from './check-words.js';
import { checkThresholdText, checkValueText } from './format.js';

// The characters XML cannot hold, lone surrogates among them; the escapes stay in the pattern's source.
const XML_UNSAFE = new RegExp(
  '[&<>"\']|[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]|' +
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]|[\\r\\n\\t]',
  'g'
);

/**
 * Text safe inside an XML 1.0 attribute or element: markup characters as entities, and the
 * characters XML 1.0 cannot hold at all (controls other than tab and newline, lone surrogates,
 * U+FFFE, U+FFFF) as a visible `\uXXXX`, so a name read from data cannot break the file.
 */
export function xmlEscape(text: string, attribute = true): string {
  return text.replace(XML_UNSAFE, (c) => {
    // In element text, line ends and tabs stay as they are; an attribute value would lose them.
    if (!attribute && (c === '\n' || c === '\t')) return c;
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      case '\n':
        return '&#10;';
      case '\r':
        return '&#13;';
      case '\t':
        return '&#9;';
      default:
        return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    }
  });
}

/** What a check is in the file: pass, failure, error or skipped. */
type CaseKind = 'pass' | 'failure' | 'error' | 'skipped';

function caseKind(c: Check, blocking: ReadonlySet<string>): CaseKind {
  if (c.status === 'pass') return 'pass';
  if (c.status === 'not_applicable' || !blocking.has(c.id)) return 'skipped';
  return c.status === 'fail' ? 'failure' : 'error';
}

function counts(checks: readonly Check[], blocking: ReadonlySet<string>) {
  const kinds = checks.map((c) => caseKind(c, blocking));
  return {
    tests: checks.length,
    failures: kinds.filter((k) => k === 'failure').length,
    errors: kinds.filter((k) => k === 'error').length,
    skipped: kinds.filter((k) => k === 'skipped').length
  };
}

function countAttributes(checks: readonly Check[], blocking: ReadonlySet<string>): string {
  const n = counts(checks, blocking);
  return `tests="${n.tests}" failures="${n.failures}" errors="${n.errors}" skipped="${n.skipped}" time="0"`;
}

/** "challenge accuracy: value 50.0% (27/54), threshold ≥ 75%, n/N 27/54, gate.min_challenge_accuracy (default)". */
function message(c: Check): string {
  const nN =
    c.numerator !== null && c.denominator !== null
      ? `, n/N ${c.numerator}/${c.denominator}`
      : c.denominator !== null
        ? `, N ${c.denominator}`
        : '';
  const judged = c.judged ? '' : ' (not judged: this model is outside gate.models, so it does not block)';
  const key = `${c.config_key}${c.threshold_is_default ? ' (default)' : ''}`;
  return `${checkWords(c.check)}: value ${checkValueText(c)}, threshold ${checkThresholdText(c)}${nN}, ${key}${judged}`;
}

/** The body of a failure or error: where the figure comes from and the rows behind it. */
function details(c: Check): string {
  const lines = [`check ${c.id}`, `scope ${c.scope}`, `config ${c.config_key} (line ${c.config_line})`];
  if (c.reason) lines.push(`reason ${c.reason}`);
  if (c.examples && c.examples.count !== null)
    lines.push(`rows behind it ${c.examples.count} (references in checks.json, rows in evidence.jsonl)`);
  return lines.join('\n');
}

/** Why a failing or not-evaluated check does not block the verdict. */
function notBlockingReason(c: Check): string {
  if (!c.judged) return 'not judged: this model is outside gate.models';
  if (c.change === 'known') return 'a known failure: it failed on the baseline too, and gate.block_on is new';
  return 'gate.allow_not_evaluated admits a figure that could not be measured';
}

function testcase(c: Check, blocking: ReadonlySet<string>): string[] {
  const open = `    <testcase name="${xmlEscape(c.id)}" classname="evidence-gate.${xmlEscape(c.check)}" time="0"`;
  const evaluated =
    c.status === 'not_evaluated' ? `${message(c)}; not evaluated: ${c.reason ?? 'no rows to measure'}` : message(c);
  switch (caseKind(c, blocking)) {
    case 'pass':
      return [`${open}/>`];
    case 'failure':
      return [
        `${open}>`,
        `      <failure message="${xmlEscape(evaluated)}" type="fail">${xmlEscape(details(c), false)}</failure>`,
        '    </testcase>'
      ];
    case 'error':
      return [
        `${open}>`,
        `      <error message="${xmlEscape(evaluated)}" type="not_evaluated">${xmlEscape(details(c), false)}</error>`,
        '    </testcase>'
      ];
    case 'skipped': {
      const why =
        c.status === 'not_applicable'
          ? `not applicable: ${c.reason ?? 'its precondition is absent by configuration'}`
          : `does not block (${notBlockingReason(c)}): ${evaluated}`;
      return [`${open}>`, `      <skipped message="${xmlEscape(why)}"/>`, '    </testcase>'];
    }
  }
}

export function renderJunit(gate: GateResult): string {
  const blocking = new Set(gate.failing);
  const kinds = new Map<string, Check[]>();
  for (const c of gate.checks) kinds.set(c.check, [...(kinds.get(c.check) ?? []), c]);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="evidence-gate" ${countAttributes(gate.checks, blocking)}>`
  ];
  for (const [kind, checks] of kinds) {
    out.push(`  <testsuite name="${xmlEscape(kind)}" ${countAttributes(checks, blocking)}>`);
    for (const c of checks) out.push(...testcase(c, blocking));
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}
