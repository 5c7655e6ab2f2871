import { readInputs } from '../../src/action/inputs.js';
import {
  commentMarker,
  defaultArtifactName,
  matrixKeyOf,
  parseShardArtifactName,
  shardArtifactName,
  shardPrefix,
  workspaceKey
} from '../../src/action/naming.js';

const ROOT = '/work/repo';

describe('action inputs', () => {
  test('defaults', () => {
    const inputs = readInputs(() => '', { GITHUB_JOB: 'gate', GITHUB_WORKSPACE: ROOT });
    expect(inputs).toMatchObject({
      config: '.github/evidence-gate.yml',
      outputDir: 'evidence-gate-out',
      retentionDays: undefined,
      failOnGate: true,
      baseline: { kind: 'auto' },
      shard: null,
      merge: false,
      comment: false,
      jobIndex: '0',
      artifactNameGiven: false
    });
    expect(inputs.artifactName).toMatch(/^evidence-gate-gate-0-[0-9a-f]{8}$/);
  });

  test('defaults that a local tool passes through unexpanded count as unset', () => {
    const values: Record<string, string> = {
      'github-token': '${{ github.token }}',
      'strategy-job-index': '${{ strategy.job-index }}',
      'fail-on-gate': '${{ inputs.x }}'
    };
    const inputs = readInputs((n) => values[n] ?? '', { GITHUB_JOB: 'gate', GITHUB_WORKSPACE: ROOT });
    expect(inputs).toMatchObject({ githubToken: '', jobIndex: '0', failOnGate: true });
  });

  test('explicit values are kept', () => {
    const values: Record<string, string> = {
      config: 'c.yml',
      'output-dir': 'o',
      'artifact-name': 'mine',
      'retention-days': '90',
      'fail-on-gate': 'FALSE',
      baseline: 'base-out',
      comment: 'true',
      merge: 'True'
    };
    expect(readInputs((n) => values[n] ?? '', {})).toMatchObject({
      config: 'c.yml',
      outputDir: 'o',
      artifactName: 'mine',
      artifactNameGiven: true,
      retentionDays: 90,
      failOnGate: false,
      baseline: { kind: 'path', path: 'base-out' },
      comment: true,
      merge: true
    });
    expect(readInputs((n) => ({ baseline: 'none', shard: ' 2 / 4 ' })[n] ?? '', {})).toMatchObject({
      baseline: { kind: 'none' },
      shard: { index: 2, count: 4 }
    });
  });

  test.each([
    [{ 'retention-days': '0' }, 'input retention-days: expected a whole number of days from 1 to 400, found "0"'],
    [{ 'fail-on-gate': 'yes' }, 'input fail-on-gate: expected true or false, found "yes"'],
    [{ comment: '1' }, 'input comment: expected true or false, found "1"'],
    [{ shard: '5/4' }, 'input shard: expected K/N with 1 ≤ K ≤ N ≤ 1000 (e.g. 2/4), found "5/4"'],
    [
      { shard: '1/2', merge: 'true' },
      'input merge: expected false on a shard step (shard: 1/2); merge in a later job that needs the shard jobs'
    ],
    [
      { 'artifact-name': 'a/b' },
      'input artifact-name: expected a name of at most 200 characters without " : < > | * ? \\ / or line breaks, found "a/b"'
    ]
  ])('%j is refused with a message naming the input', (values, message) => {
    expect(() => readInputs((n) => (values as Record<string, string>)[n] ?? '', {})).toThrow(message);
  });
});

describe('artifact names', () => {
  const env = { GITHUB_JOB: 'j', GITHUB_ACTION: '__self' };

  test('unique per matrix job and per step (config or output folder) of one run', () => {
    const a = defaultArtifactName(env, 'a.yml', 'out', '0');
    const names = [
      a,
      defaultArtifactName(env, 'a.yml', 'out', '1'),
      defaultArtifactName(env, 'b.yml', 'out', '0'),
      defaultArtifactName(env, 'a.yml', 'out2', '0'),
      defaultArtifactName({ GITHUB_JOB: 'k' }, 'a.yml', 'out', '0')
    ];
    expect(new Set(names).size).toBe(names.length);
    expect(a).toMatch(/^evidence-gate-j-0-[0-9a-f]{8}$/);
  });

  test('the same on the base branch and on a pull request: no run attempt, step id or run id in it', () => {
    const base = defaultArtifactName(
      { ...env, GITHUB_RUN_ATTEMPT: '1', GITHUB_RUN_ID: '10', GITHUB_ACTION: '__self' },
      'a.yml',
      'out',
      '2'
    );
    const pr = defaultArtifactName(
      { ...env, GITHUB_RUN_ATTEMPT: '3', GITHUB_RUN_ID: '99', GITHUB_ACTION: 'gate' },
      'a.yml',
      'out',
      '2'
    );
    expect(pr).toBe(base);
  });

  test('paths are keyed relative to the workspace, so spellings of one file agree', () => {
    expect(workspaceKey(ROOT, './cfg//gate.yml')).toBe('cfg/gate.yml');
    expect(workspaceKey(ROOT, `${ROOT}/cfg/gate.yml`)).toBe('cfg/gate.yml');
    expect(readInputs((n) => ({ config: './x.yml' })[n] ?? '', { GITHUB_WORKSPACE: ROOT }).artifactName).toBe(
      readInputs((n) => ({ config: 'x.yml' })[n] ?? '', { GITHUB_WORKSPACE: ROOT }).artifactName
    );
  });

  test('shard names leave out the job and matrix index and parse back', () => {
    const prefix = shardPrefix('a.yml', null);
    expect(prefix).toMatch(/^evidence-gate-[0-9a-f]{8}$/);
    expect(shardPrefix('b.yml', null)).not.toBe(prefix);
    const name = shardArtifactName(prefix, { index: 3, count: 4 });
    expect(name).toBe(`${prefix}-shard-3-of-4`);
    expect(parseShardArtifactName(prefix, name)).toEqual({ index: 3, count: 4 });
    expect(parseShardArtifactName(prefix, `${prefix}-shard-5-of-4`)).toBeNull();
    expect(parseShardArtifactName(shardPrefix('b.yml', null), name)).toBeNull();
    expect(shardArtifactName(shardPrefix('a.yml', 'mine'), { index: 1, count: 2 })).toBe('mine-shard-1-of-2');
  });

  test('the comment marker is an HTML comment keyed by job, matrix index and config', () => {
    const m = commentMarker(env, 'a.yml', '0');
    expect(m).toMatch(/^<!-- evidence-gate:comment:[0-9a-f]{16} -->$/);
    expect(commentMarker(env, 'a.yml', '1')).not.toBe(m);
    expect(commentMarker(env, 'b.yml', '0')).not.toBe(m);
    expect(commentMarker({ ...env, GITHUB_RUN_ATTEMPT: '2' }, 'a.yml', '0')).toBe(m);
  });

  test('a key separates the calls of one reusable workflow (same job id, matrix index and workflow file), and no key changes nothing', () => {
    const inputs = (values: Record<string, string>) =>
      readInputs((n) => values[n] ?? '', { GITHUB_JOB: 'gate', GITHUB_WORKSPACE: ROOT });
    const plain = inputs({ config: 'a.yml' }).artifactName;
    expect(plain).toBe(defaultArtifactName({ GITHUB_JOB: 'gate' }, 'a.yml', 'evidence-gate-out', '0'));
    const staging = inputs({ config: 'a.yml', key: 'staging' }).artifactName;
    const prod = inputs({ config: 'a.yml', key: 'prod' }).artifactName;
    expect(new Set([plain, staging, prod]).size).toBe(3);
    expect(inputs({ config: 'a.yml', key: 'prod' }).artifactName).toBe(prod);
    expect(commentMarker(env, 'a.yml', '0', 'prod')).not.toBe(commentMarker(env, 'a.yml', '0', 'staging'));
    expect(shardPrefix('a.yml', null, '', 'prod')).not.toBe(shardPrefix('a.yml', null, '', 'staging'));
    expect(shardPrefix('a.yml', null, '', '')).toBe(shardPrefix('a.yml', null));
  });

  test('two workflows with the same job id and config keep two comments', () => {
    const ci = commentMarker(
      { ...env, GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/ci.yml@refs/pull/7/merge' },
      'a.yml',
      '0'
    );
    const nightly = commentMarker(
      { ...env, GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/nightly.yml@refs/pull/7/merge' },
      'a.yml',
      '0'
    );
    expect(ci).not.toBe(nightly);
    // The ref is not part of it: the next push edits the same comment.
    expect(
      commentMarker({ ...env, GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/ci.yml@refs/heads/x' }, 'a.yml', '0')
    ).toBe(ci);
  });

  test('shard names of a matrix with other dimensions: one set per combination, which a merge over the same dimensions finds', () => {
    const shardOf = (matrix: object, shard: string) => {
      const i = readInputs((n) => ({ config: 'a.yml', shard, matrix: JSON.stringify(matrix, null, 2) })[n] ?? '', {
        GITHUB_WORKSPACE: ROOT
      });
      return shardPrefix('a.yml', null, i.matrixKey, i.key);
    };
    const mergeOf = (matrix: object | null) => {
      const i = readInputs((n) => ({ config: 'a.yml', merge: 'true', matrix: JSON.stringify(matrix) })[n] ?? '', {
        GITHUB_WORKSPACE: ROOT
      });
      return shardPrefix('a.yml', null, i.matrixKey, i.key);
    };
    const a1 = shardOf({ os: 'a', shard: '1/2' }, '1/2');
    expect(shardOf({ shard: '2/2', os: 'a' }, '2/2')).toBe(a1);
    expect(shardOf({ os: 'b', shard: '1/2' }, '1/2')).not.toBe(a1);
    expect(mergeOf({ os: 'a' })).toBe(a1);
    // A matrix of shards only (under any key name) is the plain prefix, as before.
    expect(shardOf({ shard: '1/2' }, '1/2')).toBe(shardPrefix('a.yml', null));
    expect(shardOf({ part: '1/2' }, '1/2')).toBe(shardPrefix('a.yml', null));
    expect(mergeOf(null)).toBe(shardPrefix('a.yml', null));
    expect(matrixKeyOf('not json', '')).toBe('');
    expect(matrixKeyOf('{"b":1,"a":[2]}', '')).toBe('[["a",[2]],["b",1]]');
  });
});
