/**
 * A plain-object ActionHost that records every call, for adapter tests. Its artifact store
 * keeps uploads as folders on disk, so a later "job" (another fake host sharing the store) can
 * list and download them, as the merge does.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { ActionHost, ArtifactRef, CacheService, GitHubApi, UploadResult, Where } from '../../src/action/host.js';

export interface StoredArtifact extends ArtifactRef {
  dir: string;
  files: string[];
}

/** Artifacts of one workflow run, shared by the fake hosts of its jobs. */
export class ArtifactStore {
  readonly artifacts: StoredArtifact[] = [];
  private readonly root = mkdtempSync(join(tmpdir(), 'evidence-gate-artifacts-'));

  add(name: string, files: string[], rootDirectory: string): StoredArtifact {
    const id = 100 + this.artifacts.length;
    const dir = join(this.root, String(id));
    const rel = files.map((f) => relative(rootDirectory, f));
    for (const r of rel) cpSync(join(rootDirectory, r), join(dir, r));
    const artifact = { id, name, dir, files: rel.sort() };
    this.artifacts.push(artifact);
    return artifact;
  }

  download(id: number, path: string): void {
    const a = this.artifacts.find((x) => x.id === id);
    if (!a) throw new Error(`no artifact ${id}`);
    cpSync(a.dir, path, { recursive: true });
  }
}

export interface FakeHost extends ActionHost {
  outputs: Record<string, string>;
  summaries: string[];
  failures: string[];
  errors: Array<{ line: string; where?: Where }>;
  warnings: Array<{ line: string; where?: Where }>;
  notices: Array<{ line: string; where?: Where }>;
  infos: string[];
  secrets: string[];
  uploads: Array<{ name: string; files: string[]; root: string; retentionDays: number | undefined }>;
  tokens: string[];
}

export interface FakeOptions {
  upload?: () => Promise<UploadResult>;
  canUpload?: boolean;
  store?: ArtifactStore;
  /** The GitHub API for a token (for example the real one against a local server). */
  api?: (token: string) => GitHubApi;
  /** As the real host answers on GitHub Enterprise Server. */
  artifactsUnsupported?: string;
  /** The Actions cache service (none when absent). */
  cache?: CacheService;
}

export function fakeHost(
  inputs: Record<string, string>,
  env: NodeJS.ProcessEnv,
  upload?: () => Promise<UploadResult>,
  canUpload = true,
  more: FakeOptions = {}
): FakeHost {
  const store = more.store;
  const host: FakeHost = {
    outputs: {},
    summaries: [],
    failures: [],
    errors: [],
    warnings: [],
    notices: [],
    infos: [],
    secrets: [],
    uploads: [],
    tokens: [],
    getInput: (name) => inputs[name] ?? '',
    setSecret: (v) => host.secrets.push(v),
    setOutput: (name, value) => {
      host.outputs[name] = value;
    },
    info: (line) => host.infos.push(line),
    notice: (line, where) => host.notices.push({ line, where }),
    warning: (line, where) => host.warnings.push({ line, where }),
    error: (line, where) => host.errors.push({ line, where }),
    setFailed: (m) => host.failures.push(m),
    writeSummary: async (md) => {
      host.summaries.push(md);
    },
    canUpload: () => canUpload,
    artifactsUnsupported: () => more.artifactsUnsupported ?? null,
    upload: async (name, files, root, retentionDays) => {
      host.uploads.push({ name, files, root, retentionDays });
      if (upload) return upload();
      if (store) return { id: store.add(name, files, root).id, size: 1 };
      return { id: 42, size: 1000 };
    },
    listRunArtifacts: async () => (store ? store.artifacts.map(({ id, name }) => ({ id, name })) : []),
    downloadRunArtifact: async (id, path) => {
      if (!store) throw new Error('no artifact store');
      store.download(id, path);
    },
    cacheService: () => more.cache ?? null,
    api: (token) => {
      host.tokens.push(token);
      if (!more.api) throw new Error('no GitHub API in this test');
      return more.api(token);
    },
    context: () => ({ runner: 'test' }),
    env,
    bundleSha256: null
  };
  return host;
}
