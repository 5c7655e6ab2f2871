/**
 * Tool identity recorded in every manifest. The version is package.json's, read at build time (the
 * bundler inlines it), so a release bumps one file and `--version`, the manifest and the npm
 * package always agree.
 */
import pkg from '../package.json' with { type: 'json' };

export const TOOL_NAME = 'evidence-gate';
export const TOOL_VERSION: string = pkg.version;
