/**
 * The summary for a terminal: the same content as summary.md with markdown escapes and
 * HTML entities undone for reading, control characters removed, and no line allowed to start
 * with `::` (which a GitHub runner would take as a workflow command).
 */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#64;': '@' };

export function toTerminal(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^<!--.*-->$/.test(line))
    .map((line) =>
      line
        .replace(/\\([\\`*_{}[\]()#+\-.!|~:])/g, '$1')
        .replace(/&(amp|lt|gt|quot|#39|#64);/g, (e) => ENTITIES[e] as string)
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
        .replace(/^(\s*)::/, '$1 ::')
    )
    .join('\n');
}
