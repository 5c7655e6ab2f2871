/**
 * The workflow `evidence-gate init` writes (.github/workflows/evidence-gate.yml): the README's
 * workflow, gating pull requests into the default branch and keeping that branch's artifact
 * for later comparisons. The action reference names no owner: the user fills it in (init says so).
 */
import { yamlScalar } from '../util/yaml-scalar.js';

/** The action as the README refers to it until a release tag exists. */
export const ACTION_REF = '<owner>/evidence-gate@main';

export function renderWorkflow(configPath: string, branch: string): string {
  const b = yamlScalar(branch);
  return [
    '# Evidence Gate on every pull request, written by `evidence-gate init`.',
    `# Replace ${ACTION_REF.split('/')[0]} below with the account that hosts Evidence Gate (see docs/action.md ` +
      `for pinning a release).`,
    'name: evidence',
    'on:',
    '  pull_request:',
    `    branches: [${b}]`,
    '  push:',
    `    branches: [${b}]                   # keeps the artifact that pull requests compare with`,
    'permissions:',
    '  contents: read',
    "  actions: read                       # baseline: auto reads the base branch's runs and downloads their artifact",
    '  # pull-requests: write              # only with comment: true',
    'jobs:',
    '  gate:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v5',
    '      - id: gate',
    `        uses: ${ACTION_REF}`,
    '        with:',
    `          config: ${yamlScalar(configPath)}`,
    "          retention-days: 30           # the base branch's artifact must outlive the pull requests that " +
      'compare with it',
    '      - if: always()',
    '        run: echo "verdict=${{ steps.gate.outputs.verdict }} blocking=${{ steps.gate.outputs.failed-checks }}"',
    ''
  ].join('\n');
}
