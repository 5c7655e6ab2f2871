/**
 * Names taken from the file system or from config (paths, file names, host names) shown in a
 * one-line message: they cannot break the line, start a workflow command or hide behind
 * bidirectional or invisible characters.
 */

// JSON.stringify already escapes C0 controls, quotes and backslashes; these it leaves alone.
const UNSAFE = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** Always quoted, as JSON would, with the characters above as \u escapes. */
export function quote(text: string): string {
  return JSON.stringify(text).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A plain path stays plain (`out/summary.md`); anything unusual is quoted. */
export function quotePath(text: string): string {
  return /^[A-Za-z0-9._/+=,@-]+$/.test(text) ? text : quote(text);
}
