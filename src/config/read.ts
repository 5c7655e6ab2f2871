/**
 * Reading the config file and the files it names (docs/config.md): bounded, strict UTF-8, inside
 * the repository root, regular files only.
 */
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { invalidUtf8At } from '../data/decode.js';
import { ConfigError } from '../errors.js';
import { sortCodePoints } from '../util/strings.js';
import { quoted, quotedList, truncateText, visible, visiblePath } from '../util/visible.js';
import { notRegularFile, resolveInside, type FileRef } from './paths.js';
import type { KeyPath, ConfigSource } from './source.js';
import { configError } from './validate.js';

/**
 * Largest config file read, in bytes (256 KiB); a larger file is refused before it is read.
 * Real configs are a few kilobytes. The YAML reader costs roughly 10 µs and 600 bytes of
 * memory per byte of the densest text (a flow list of numbers), so this bound keeps the worst
 * file that is read at all to one to three seconds and about 160 MB above the process's own.
 */
export const MAX_CONFIG_BYTES = 256 * 1024;

/** The config file as read: where it is, its bytes, and its text (byte-order mark dropped). */
interface ConfigFile {
  absolute: string;
  /** Repository-relative path with forward slashes. */
  relative: string;
  bytes: Buffer;
  text: string;
}

/** The config at `given` (relative to `cwd`, default the root), refused unless a regular file inside the root. */
export function readConfigFile(root: string, given: string, cwd?: string): ConfigFile {
  const resolved = resolveInside(root, resolve(cwd ?? root, given));
  if (typeof resolved === 'string') {
    throw new ConfigError(`config ${quoted(given, 200)}: ${visible(truncateText(resolved, 400))}`);
  }
  if (!existsSync(resolved.absolute)) {
    const expected = "expected a YAML file inside the repository; set --config or the action's config input";
    throw new ConfigError(`config file not found: ${visiblePath(resolved.relative)} (${expected})`);
  }
  const stats = statSync(resolved.absolute);
  if (stats.isDirectory()) throw new ConfigError(configFolderMessage(given, resolved.absolute));
  const kind = notRegularFile(stats);
  if (kind !== null) {
    throw new ConfigError(`config ${visiblePath(resolved.relative)}: expected a YAML file, found ${kind}`);
  }
  const bytes = readBounded(resolved.absolute, resolved.relative);
  const text = decodeConfig(bytes, resolved.relative);
  return { absolute: resolved.absolute, relative: resolved.relative, bytes, text };
}

/** The names `init` and the examples give a config, looked for first in a folder given as the config. */
const CONFIG_FILE_NAMES = ['evidence-gate.yml', 'evidence-gate.yaml'];

/** YAML files a folder holds, the usual config names first: what `--config <folder>` most likely meant. */
function yamlFilesIn(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder, { withFileTypes: true })
      .filter((d) => d.isFile() && /\.ya?ml$/i.test(d.name))
      .map((d) => d.name);
  } catch {
    return [];
  }
  const usual = CONFIG_FILE_NAMES.filter((n) => names.includes(n));
  return [...usual, ...sortCodePoints(names.filter((n) => !usual.includes(n)))];
}

/** A config path that names a folder: say so, and name the YAML files in it as they would be given. */
function configFolderMessage(given: string, absolute: string): string {
  const base = given.replace(/[\\/]+$/, '') || given;
  const files = yamlFilesIn(absolute).map((n) => `${base}/${n}`);
  const shown = visiblePath(given);
  if (files.length === 0) {
    const set = "set --config or the action's config input to the file";
    return `config ${shown} is a folder, and it holds no .yml or .yaml file; expected a YAML file (${set})`;
  }
  const [first, ...others] = files as [string, ...string[]];
  const also = others.length > 0 ? ` (also in it: ${quotedList(others, 5)})` : '';
  return `config ${shown} is a folder; expected a YAML file: did you mean ${quoted(first, 200)}?${also}`;
}

/** The config's bytes, refused before reading when the file is over MAX_CONFIG_BYTES. */
function readBounded(absolute: string, shown: string): Buffer {
  const fd = openSync(absolute, 'r');
  try {
    const tooBig = (size: number) =>
      new ConfigError(
        `${visiblePath(shown)}: config file is ${size} bytes; expected at most ${MAX_CONFIG_BYTES} bytes (` +
          `${MAX_CONFIG_BYTES / 1024} KiB)`
      );
    const size = fstatSync(fd).size;
    if (size > MAX_CONFIG_BYTES) throw tooBig(size);
    // Read one byte past the bound, in case the file grew since fstat.
    const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_CONFIG_BYTES) throw tooBig(fstatSync(fd).size);
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** Strict UTF-8 (as data files are read); a leading byte-order mark is dropped. */
function decodeConfig(bytes: Buffer, shown: string): string {
  const bad = invalidUtf8At(bytes);
  if (bad) throw new ConfigError(`${visiblePath(shown)}:${bad.line}:${bad.column}: ${bad.message}`);
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** Longest path a config may name, in characters (PATH_MAX on Linux). */
const MAX_PATH_CHARS = 4096;

/** A file the config names at `path`: inside the root, existing, a regular file; else a ConfigError. */
export function fileRef(source: ConfigSource, root: string, path: KeyPath, p: string): FileRef {
  if (p.length > MAX_PATH_CHARS)
    throw configError(source, path, `expected a path of at most ${MAX_PATH_CHARS} characters, found ${quoted(p)}`);
  const resolved = resolveInside(root, p);
  if (typeof resolved === 'string') throw configError(source, path, visible(resolved));
  if (!existsSync(resolved.absolute))
    throw configError(source, path, `file not found; expected an existing file, found ${quoted(p, 200)}`);
  const kind = notRegularFile(statSync(resolved.absolute));
  if (kind !== null) throw configError(source, path, `expected a regular file, found ${kind} ${quoted(p, 200)}`);
  return { absolute: resolved.absolute, path: resolved.relative };
}
