/** The line `init` adds to .gitignore so that run's output folder is not committed by accident. */

/**
 * `current` (a .gitignore's text, '' when there is none) with `folder/` added on a line of its
 * own; null when a line already names the folder (with or without a leading or trailing slash).
 */
export function withIgnoredFolder(current: string, folder: string): string | null {
  const forms = new Set([folder, `${folder}/`, `/${folder}`, `/${folder}/`, `**/${folder}`, `**/${folder}/`]);
  // Git ignores trailing spaces of a pattern.
  if (current.split(/\r?\n/).some((line) => forms.has(line.trimEnd()))) return null;
  const eol = current.includes('\r\n') ? '\r\n' : '\n';
  const separator = current === '' || current.endsWith('\n') ? '' : eol;
  return `${current}${separator}${folder}/${eol}`;
}
