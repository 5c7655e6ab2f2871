/** One very long row for the linear-time tests: the bundled example's texts, with URLs and numbers among them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers.js';

/** The example's evaluation texts, repeated until the text holds `size` UTF-16 units. */
export function longText(size: number): string {
  const texts = readFileSync(join(REPO_ROOT, 'examples', 'academic-intent', 'data', 'controlled.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { text: string }).text);
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const t = texts[i % texts.length] as string;
    parts.push(i % 7 === 0 ? `${t} (see https://example.org/${i}, n=${i})` : t);
    length += t.length + 1;
  }
  return parts.join(' ');
}
