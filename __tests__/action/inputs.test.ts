import { defaultArtifactName, readInputs } from '../../src/action/inputs.js';

describe('action inputs', () => {
  test('defaults', () => {
    const inputs = readInputs(() => '', { GITHUB_JOB: 'gate' });
    expect(inputs).toMatchObject({ config: '.github/evidence-gate.yml', outputDir: 'evidence-gate-out', retentionDays: undefined, failOnGate: true });
    expect(inputs.artifactName).toMatch(/^evidence-gate-gate-0-[0-9a-f]{8}$/);
  });

  test('the default artifact name differs between matrix jobs, between steps and between configs of one job', () => {
    const env = { GITHUB_JOB: 'j', GITHUB_ACTION: '__self' };
    const a = defaultArtifactName(env, 'a.yml', 'out', '0');
    const matrixSibling = defaultArtifactName(env, 'a.yml', 'out', '1');
    const secondStep = defaultArtifactName({ ...env, GITHUB_ACTION: '__self_2' }, 'a.yml', 'out', '0');
    const otherConfig = defaultArtifactName(env, 'b.yml', 'out', '0');
    expect(new Set([a, matrixSibling, secondStep, otherConfig]).size).toBe(4);
    expect(a).toMatch(/^evidence-gate-j-0-[0-9a-f]{8}$/);
    expect(matrixSibling).toMatch(/^evidence-gate-j-1-[0-9a-f]{8}$/);
    expect(defaultArtifactName(env, 'a.yml', 'out', '0')).toBe(a);
  });

  test('the matrix index comes from the strategy-job-index input', () => {
    const values: Record<string, string> = { 'strategy-job-index': '3' };
    expect(readInputs((n) => values[n] ?? '', { GITHUB_JOB: 'gate' }).artifactName).toMatch(/^evidence-gate-gate-3-[0-9a-f]{8}$/);
  });

  test('explicit values are kept', () => {
    const values: Record<string, string> = { config: 'c.yml', 'output-dir': 'o', 'artifact-name': 'mine', 'retention-days': '90', 'fail-on-gate': 'FALSE' };
    expect(readInputs((n) => values[n] ?? '', {})).toMatchObject({ config: 'c.yml', outputDir: 'o', artifactName: 'mine', retentionDays: 90, failOnGate: false });
  });
});
