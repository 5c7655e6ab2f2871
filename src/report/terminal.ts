/**
 * The summary for a terminal: the same content as summary.md with markdown escapes and
 * HTML entities undone for reading, control, bidi and invisible characters shown as `\uXXXX`
 * escapes (an ANSI escape cannot recolour the terminal, nor a bidi control reorder a line),
 * and no line allowed to start with `::` (which a GitHub runner would take as a workflow command).
 */
import { visible } from '../util/visible.js';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#64;': '@' };

export function toTerminal(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^<!--.*-->$/.test(line))
    .map((line) => {
      const read = line.replace(/\\([\\`*_{}[\]()#+\-.!|~:])/g, '$1').replace(/&(amp|lt|gt|quot|#39|#64);/g, (e) => ENTITIES[e] as string);
      return visible(read, '\t').replace(/^(\s*)::/, '$1 ::');
    })
    .join('\n');
}
