/**
 * The `release:` block and `gate.require_release_record`: validated like the rest of the config
 * (closed keys with file:line, no empty or blank text, no hidden characters, bounded lengths).
 */
import { loadPlan } from '../../src/config/load.js';
import type { Plan } from '../../src/config/plan.js';
import { ConfigError } from '../../src/errors.js';
import { minimalConfig, tinyRepo } from '../helpers.js';

// minimalConfig(extra) puts `extra` on line 11; the release lines below start there.
const RELEASE = [
  'release:',
  '  owner: "Research Methods Team"',
  '  reviewer: "Dr. A. Reviewer"',
  '  intended_use: >',
  '    Flag sentences of academic abstracts by rhetorical intent for a human editor.',
  '  out_of_scope_uses:',
  '    - "Grading students or authors"',
  '    - "Any decision without a human editor"',
  '  known_limitations: ["Synthetic data in three languages only", "Challenge accuracy is below its floor"]',
  '  mitigations: ["Low-confidence predictions go to review (tested on the FGM set only)"]',
  '  authorization: "RELEASE-42"'
].join('\n');

function load(extra: string): Plan {
  const root = tinyRepo({ 'evidence-gate.yml': minimalConfig(extra) });
  return loadPlan({ root, configPath: 'evidence-gate.yml' });
}

function configError(extra: string): string {
  try {
    load(extra);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a config error');
}

test('a release block is read as declared, with its line; absent fields are null', () => {
  const plan = load(RELEASE);
  expect(plan.release).toEqual({
    owner: 'Research Methods Team',
    reviewer: 'Dr. A. Reviewer',
    intended_use: 'Flag sentences of academic abstracts by rhetorical intent for a human editor.\n',
    out_of_scope_uses: ['Grading students or authors', 'Any decision without a human editor'],
    known_limitations: ['Synthetic data in three languages only', 'Challenge accuracy is below its floor'],
    mitigations: ['Low-confidence predictions go to review (tested on the FGM set only)'],
    authorization: 'RELEASE-42',
    config_line: 11
  });
  expect(plan.gate.releaseRecord).toEqual({ required: false, line: 1, isDefault: true, missing: [], declared: true });
  expect(load('release: { owner: me }').release).toMatchObject({
    owner: 'me',
    reviewer: null,
    mitigations: null,
    authorization: null
  });
  expect(load('').release).toBeNull();
});

test('gate.require_release_record is recorded with its line, and what the block leaves out', () => {
  const plan = load('gate:\n  require_release_record: true\nrelease: { owner: me, reviewer: you }');
  expect(plan.gate.releaseRecord).toEqual({
    required: true,
    line: 12,
    isDefault: false,
    missing: ['intended_use', 'out_of_scope_uses', 'known_limitations', 'mitigations', 'authorization'],
    declared: true
  });
  expect(load('gate: { require_release_record: true }').gate.releaseRecord).toMatchObject({
    required: true,
    declared: false,
    missing: [
      'owner',
      'reviewer',
      'intended_use',
      'out_of_scope_uses',
      'known_limitations',
      'mitigations',
      'authorization'
    ]
  });
});

test.each([
  [
    'a misspelt key',
    'release:\n  owner: me\n  reviwer: you',
    'evidence-gate.yml:13: release.reviwer: unknown key; expected one of owner, reviewer, intended_use, out_of_scope_uses, known_limitations, mitigations, authorization, found "reviwer"; did you mean `reviewer`?'
  ],
  [
    'no owner',
    'release:\n  reviewer: you',
    'evidence-gate.yml:11: release.owner: missing required key; expected a string of 1 to 200 characters, found nothing'
  ],
  [
    'an empty string',
    'release:\n  owner: me\n  reviewer: ""',
    'evidence-gate.yml:13: release.reviewer: expected a string of 1 to 200 characters, found ""'
  ],
  [
    'an empty list entry',
    'release:\n  owner: me\n  mitigations: [""]',
    'evidence-gate.yml:13: release.mitigations[0]: expected a string of 1 to 1000 characters, found ""'
  ],
  [
    'an empty list',
    'release:\n  owner: me\n  known_limitations: []',
    'evidence-gate.yml:13: release.known_limitations: expected a non-empty list, found an empty list'
  ],
  [
    'blank text',
    'release:\n  owner: "   "',
    'evidence-gate.yml:12: release.owner: expected text with at least one visible character, found "   "'
  ],
  [
    'blank prose',
    'release:\n  owner: me\n  intended_use: "\\n\\t"',
    'evidence-gate.yml:13: release.intended_use: expected text with at least one visible character, found "\\n\\t"'
  ],
  [
    'a bidi control in a name',
    'release:\n  owner: "me\\u202E"',
    'evidence-gate.yml:12: release.owner: expected a string of 1 to 200 characters without control, bidi or invisible characters, found "me\\u202E"'
  ],
  [
    'a bidi control in prose',
    'release:\n  owner: me\n  known_limitations: ["fine \\u202Eenil"]',
    'evidence-gate.yml:13: release.known_limitations[0]: expected text without control, bidi or invisible characters (line breaks and tabs are allowed), found "fine \\u202Eenil"'
  ],
  [
    'a line break in a name',
    'release:\n  owner: "a\\nb"',
    'evidence-gate.yml:12: release.owner: expected a string of 1 to 200 characters without control, bidi or invisible characters, found "a\\nb"'
  ],
  [
    'a name too long',
    `release:\n  owner: "${'x'.repeat(201)}"`,
    `evidence-gate.yml:12: release.owner: expected a string of 1 to 200 characters, found "${'x'.repeat(57)}..."`
  ],
  [
    'a list too long',
    `release:\n  owner: me\n  mitigations: [${Array.from({ length: 51 }, (_, i) => `m${i}`).join(', ')}]`,
    'evidence-gate.yml:13: release.mitigations: expected at most 50 entries, found 51'
  ],
  [
    'a list of one string',
    'release:\n  owner: me\n  mitigations: "none"',
    'evidence-gate.yml:13: release.mitigations: expected a non-empty list, found "none"'
  ],
  [
    'a non-boolean requirement',
    'gate: { require_release_record: "yes" }',
    'evidence-gate.yml:11: gate.require_release_record: expected true or false, found "yes"'
  ],
  ['a release that is not a mapping', 'release: me', 'evidence-gate.yml:11: release: expected a mapping, found "me"']
])('%s is refused with file:line', (_, extra, message) => {
  expect(configError(extra)).toBe(message);
});

test('prose may span lines (YAML block scalars)', () => {
  const plan = load('release:\n  owner: me\n  known_limitations:\n    - |\n      First line.\n      Second line.');
  expect(plan.release?.known_limitations).toEqual(['First line.\nSecond line.\n']);
});
