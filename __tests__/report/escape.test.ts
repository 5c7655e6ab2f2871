import { code, md, truncate } from '../../src/report/escape.js';
import { toTerminal } from '../../src/report/terminal.js';

describe('markdown escaping of dataset and config text', () => {
  test('HTML cannot open a tag and markdown cannot form links, code or tables', () => {
    const out = md('<script>alert(1)</script> | `x` [a](http://e.x) **b** @octocat');
    expect(out).not.toMatch(/<|>|@/);
    expect(out).not.toMatch(/(^|[^\\])[|`[\]()*]/);
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('&#64;octocat');
  });

  test('line breaks cannot end a table row', () => {
    expect(md('a\nb\r\nc\u2028d')).toBe('a b c d');
  });

  test('long text is bounded in code points without splitting a surrogate pair', () => {
    const long = '😀'.repeat(100_000);
    const out = truncate(long, 10);
    expect(Array.from(out)).toHaveLength(10);
    expect(out.endsWith('…')).toBe(true);
    expect(md('x'.repeat(100_000)).length).toBeLessThan(200);
  });

  test('inline code neither closes early nor splits a table cell', () => {
    expect(code('a`b|c')).toBe("`a'b\\|c`");
  });
});

describe('terminal rendering', () => {
  test('undoes escapes for reading but never starts a line with ::', () => {
    expect(toTerminal(md('::error::x') + '\n  ::set-output')).toBe(' ::error::x\n   ::set-output');
    expect(toTerminal(md('<b> & @me'))).toBe('<b> & @me');
  });

  test('shows control characters such as ANSI escapes as \\uXXXX instead of passing them to the terminal', () => {
    expect(toTerminal('a\u001b[31mred')).toBe('a\\u001B[31mred');
  });
});

test('the terminal view drops the summary version comment', () => {
  expect(toTerminal('<!-- evidence-gate summary schema_version: 1 -->\n# Title')).toBe('# Title');
});
