/** Read what @actions/core wrote to GITHUB_OUTPUT (name<<delimiter … delimiter blocks). */
import { readFileSync } from 'node:fs';

export function readOutputs(path: string): Record<string, string> {
  const text = readFileSync(path, 'utf8');
  const out: Record<string, string> = {};
  const block = /^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const m of text.matchAll(block)) out[m[1] as string] = m[3] as string;
  return out;
}
