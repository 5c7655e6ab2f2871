import { defaultArtifactName, readInputs } from '../../src/action/inputs.js';

describe('action inputs', () => {
  test('defaults', () => {
    const inputs = readInputs(() => '', { GITHUB_JOB: 'gate' });
    expect(inputs).toMatchObject({ config: '.github/evidence-gate.yml', outputDir: 'evidence-gate-out', retentionDays: undefined, failOnGate: true });
    expect(inputs.artifactName).toMatch(/^evidence-gate-gate-[0-9a-f]{8}$/);
  });

  test('the default artifact name differs between steps and between configs of one job', () => {
    const a = defaultArtifactName({ GITHUB_JOB: 'j', GITHUB_ACTION: '__self' }, 'a.yml', 'out');
    const b = defaultArtifactName({ GITHUB_JOB: 'j', GITHUB_ACTION: '__self_2' }, 'a.yml', 'out');
    const c = defaultArtifactName({ GITHUB_JOB: 'j', GITHUB_ACTION: '__self' }, 'b.yml', 'out');
    expect(new Set([a, b, c]).size).toBe(3);
    expect(defaultArtifactName({ GITHUB_JOB: 'j', GITHUB_ACTION: '__self' }, 'a.yml', 'out')).toBe(a);
  });

  test('explicit values are kept', () => {
    const values: Record<string, string> = { config: 'c.yml', 'output-dir': 'o', 'artifact-name': 'mine', 'retention-days': '90', 'fail-on-gate': 'FALSE' };
    expect(readInputs((n) => values[n] ?? '', {})).toMatchObject({ config: 'c.yml', outputDir: 'o', artifactName: 'mine', retentionDays: 90, failOnGate: false });
  });
});
