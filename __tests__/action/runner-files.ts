/**
 * Read GITHUB_OUTPUT as the runner does: `name<<delimiter … delimiter` blocks (what @actions/core
 * writes) and `name=value` lines (what a run: block usually echoes).
 */
import { readFileSync } from 'node:fs';

export function readOutputs(path: string): Record<string, string> {
  const lines = readFileSync(path, 'utf8').split('\n');
  const out: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    const block = /^([^=<]+)<<(\S+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2] as string, i + 1);
      if (end < 0) throw new Error(`${path}:${i + 1}: no closing delimiter ${block[2]} for output ${block[1]}`);
      out[block[1] as string] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0)
      throw new Error(`${path}:${i + 1}: expected name=value or name<<delimiter, found ${JSON.stringify(line)}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}
