/** The Unicode facts recorded in the manifest describe the tables tokenization really uses. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { wordTokens } from '../../src/text/word-tokens.js';
import { unicodeFacts } from '../../src/util/unicode.js';
import { tinyRepo } from '../helpers.js';

describe('unicodeFacts', () => {
  test('reads the running Node', () => {
    expect(unicodeFacts()).toEqual({
      unicode: process.versions.unicode,
      icu: process.versions.icu,
      node: process.versions.node
    });
    expect(unicodeFacts().unicode).toMatch(/^\d+\.\d+$/);
  });

  test('a Node without ICU is reported as such, not as a crash', () => {
    const bare = { ...process.versions, unicode: undefined, icu: undefined } as unknown as NodeJS.ProcessVersions;
    expect(unicodeFacts(bare)).toEqual({ unicode: 'unknown', icu: null, node: process.versions.node });
  });

  test('the recorded version decides whether a recently assigned letter is a word character', () => {
    // U+1E4D0 NAG MUNDARI LETTER O was assigned in Unicode 15.0 (Python 3.11 has 14.0: no token there).
    const major = Number(unicodeFacts().unicode.split('.')[0]);
    expect(wordTokens('\u{1E4D0}\u{1E4D1}')).toEqual(major >= 15 ? ['\u{1E4D0}\u{1E4D1}'] : []);
  });

  test('the manifest names it in its tool section', async () => {
    const root = tinyRepo();
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const manifest = JSON.parse(readFileSync(join(root, 'out', 'manifest.json'), 'utf8')) as {
      tool: Record<string, unknown>;
    };
    expect(manifest.tool.unicode).toEqual(unicodeFacts());
  });
});
