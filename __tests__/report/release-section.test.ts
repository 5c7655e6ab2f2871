/**
 * The release checklists beside the release record: each item's status from judged checks, recorded
 * manifest facts and declared fields; and the record read back defensively from a manifest.
 */
import type { Check, CheckStatus } from '../../src/gate/check.js';
import type { ReportFacts } from '../../src/manifest/facts.js';
import type { Manifest } from '../../src/manifest/manifest.js';
import {
  readReleaseRecord,
  releaseChecklist,
  RELEASE_CHECKLIST,
  type ReleaseFacts,
  type ReleaseRecord
} from '../../src/manifest/release.js';
import { releaseReportSection } from '../../src/report/html-release.js';
import { releaseSummarySection } from '../../src/report/summary-release.js';
import { toTerminal } from '../../src/report/terminal.js';
import type { GateResult } from '../../src/gate/checks.js';

function check(id: string, status: CheckStatus, judged = true): Check {
  const [kind, subject, qualifier] = id.split('/') as [string, string, string | undefined];
  return {
    id,
    check: kind,
    subject,
    qualifier: qualifier ?? null,
    scope: 'all',
    value: null,
    numerator: null,
    denominator: null,
    direction: 'max',
    threshold: 0,
    config_key: `gate.${kind}`,
    config_line: 1,
    threshold_is_default: true,
    status,
    judged,
    reason: null
  };
}

const RECORD: ReleaseRecord = {
  owner: 'Team',
  reviewer: 'Rev',
  intended_use: 'Use',
  out_of_scope_uses: ['Not this'],
  known_limitations: ['Small'],
  mitigations: ['Review'],
  authorization: 'T-1',
  config_line: 40
};

const FACTS: ReleaseFacts = {
  record: RECORD,
  labelDigest: true,
  modelDigests: 2,
  models: 2,
  preprocessing: true,
  protectedOutcome: true,
  access: 'black-box'
};

function statusOf(ref: string, checks: Check[], facts: ReleaseFacts = FACTS): Array<[string, string, string]> {
  const row = releaseChecklist(checks, facts).find((r) => r.ref === ref);
  return (row?.parts ?? []).map((p) => [p.evidence, p.status, p.text]);
}

test('every item of the four checklists is listed, and each names some evidence', () => {
  expect(RELEASE_CHECKLIST.map((i) => i.ref)).toEqual([
    'robustness 1',
    'robustness 2',
    'robustness 3',
    'purpose',
    'challenge 1',
    'challenge 2',
    'challenge 3',
    'challenge 4',
    'challenge 5',
    'challenge 6',
    'release 1',
    'release 2',
    'release 3',
    'release 4',
    'release 5',
    'release 6'
  ]);
  for (const item of RELEASE_CHECKLIST)
    expect(item.checks.length + item.recorded.length + item.declared.length).toBeGreaterThan(0);
});

test('checks: a failure outranks not evaluated, which outranks pass; checks outside gate.models do not count', () => {
  const checks = [
    check('flip_rate/a/format', 'pass'),
    check('flip_rate/b/format', 'not_evaluated'),
    check('flip_rate/a/append', 'fail', false)
  ];
  expect(statusOf('robustness 2', checks)).toEqual([
    ['flip_rate/*', 'not_evaluated', 'not evaluated: 1 of 2 judged checks']
  ]);
  checks.push(check('flip_rate/b/append', 'fail'));
  expect(statusOf('robustness 2', checks)).toEqual([['flip_rate/*', 'fail', 'fail: 1 of 3 judged checks']]);
  expect(
    statusOf('release 3', [
      check('eligible_coverage/a/format', 'pass'),
      check('missing_rows/a', 'pass'),
      check('missing_rows/b', 'not_applicable')
    ])
  ).toEqual([['eligible_coverage/*, missing_rows/*', 'pass', 'pass: 2 of 3 judged checks (1 not applicable)']]);
  expect(statusOf('challenge 6', [])).toEqual([['length_psi/*', 'not_applicable', 'not applicable: no judged check']]);
  expect(statusOf('release 6', [check('release_record/data', 'not_applicable')])[0]).toEqual([
    'release_record/*',
    'not_applicable',
    'not applicable (1 check)'
  ]);
});

test('declared fields: declared by the owner, or missing — naming what is missing', () => {
  expect(statusOf('release 6', [])[1]).toEqual([
    'release.reviewer, release.known_limitations',
    'declared',
    'declared by Team'
  ]);
  expect(statusOf('release 6', [], { ...FACTS, record: { ...RECORD, known_limitations: null } })[1]).toEqual([
    'release.reviewer, release.known_limitations',
    'missing',
    'missing: release.known_limitations'
  ]);
  expect(statusOf('release 5', [], { ...FACTS, record: null })).toEqual([
    ['release.mitigations', 'missing', 'missing (the config has no release: block)']
  ]);
});

test('recorded facts: the threat model and the frozen digests, or what the manifest lacks', () => {
  expect(statusOf('release 1', [])[0]).toEqual([
    'manifest: threat_model',
    'recorded',
    'recorded: protected outcome, access black-box, attacks and constraints'
  ]);
  expect(statusOf('release 1', [], { ...FACTS, protectedOutcome: false })[0]?.slice(1)).toEqual([
    'missing',
    'missing: threat_model.protected_outcome (access black-box recorded)'
  ]);
  expect(statusOf('release 2', [])[0]?.slice(1)).toEqual([
    'recorded',
    'recorded: label digest, 2 model digests, preprocessing of every model'
  ]);
  expect(statusOf('release 2', [], { ...FACTS, preprocessing: false, modelDigests: 1 })[0]?.slice(1)).toEqual([
    'missing',
    'missing: 1 model digest, preprocessing record'
  ]);
});

test('a damaged or older manifest reads as no record, or as undeclared fields, never as a crash', () => {
  const read = (release: unknown) => readReleaseRecord({ release } as unknown as Pick<Manifest, 'release'>);
  expect(read(undefined)).toBeNull();
  expect(read('owner')).toBeNull();
  expect(read({ reviewer: 'x' })).toBeNull();
  expect(read({ owner: 'o', reviewer: 3, mitigations: ['a', 2], known_limitations: ['k'] })).toEqual({
    owner: 'o',
    reviewer: null,
    intended_use: null,
    out_of_scope_uses: null,
    known_limitations: ['k'],
    mitigations: null,
    authorization: null,
    config_line: 0
  });
});

test('long lists are cut in the reports (the manifest keeps them whole); the terminal reads them without markup', () => {
  const long = { ...RECORD, known_limitations: Array.from({ length: 30 }, (_, i) => `limit ${i} ${'x'.repeat(600)}`) };
  const facts = { release: { ...FACTS, record: long } } as unknown as ReportFacts;
  const gate = { checks: [] } as unknown as GateResult;
  const md = releaseSummarySection(facts, gate).join('\n');
  expect(md).toContain('…and 10 more in manifest.json');
  expect(md).not.toContain('x'.repeat(400));
  expect(md).not.toContain('<br>');
  const terminal = toTerminal(md);
  expect(terminal).toContain('| known limitations | `release.known_limitations` | 1. limit 0 ');
  const html = releaseReportSection(facts, gate).join('\n');
  const row = html.split('\n').find((l) => l.includes('release.known_limitations')) as string;
  expect(row.match(/<li>/g)).toHaveLength(20);
  expect(html).toContain('…and 10 more in manifest.json.');
});
