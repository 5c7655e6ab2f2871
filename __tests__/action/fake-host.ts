/** A plain-object ActionHost that records every call, for adapter tests. */
import type { ActionHost, UploadResult } from '../../src/action/host.js';

export interface FakeHost extends ActionHost {
  outputs: Record<string, string>;
  summaries: string[];
  failures: string[];
  errors: Array<{ line: string; where?: object }>;
  warnings: Array<{ line: string; where?: object }>;
  infos: string[];
  secrets: string[];
  uploads: Array<{ name: string; files: string[]; root: string; retentionDays: number | undefined }>;
}

export function fakeHost(inputs: Record<string, string>, env: NodeJS.ProcessEnv, upload?: () => Promise<UploadResult>, canUpload = true): FakeHost {
  const host: FakeHost = {
    outputs: {},
    summaries: [],
    failures: [],
    errors: [],
    warnings: [],
    infos: [],
    secrets: [],
    uploads: [],
    getInput: (name) => inputs[name] ?? '',
    setSecret: (v) => host.secrets.push(v),
    setOutput: (name, value) => {
      host.outputs[name] = value;
    },
    info: (line) => host.infos.push(line),
    warning: (line, where) => host.warnings.push({ line, where }),
    error: (line, where) => host.errors.push({ line, where }),
    setFailed: (m) => host.failures.push(m),
    writeSummary: async (md) => {
      host.summaries.push(md);
    },
    canUpload: () => canUpload,
    upload: async (name, files, root, retentionDays) => {
      host.uploads.push({ name, files, root, retentionDays });
      return upload ? upload() : { id: 42, size: 1000 };
    },
    context: () => ({ runner: 'test' }),
    env,
    bundleSha256: null
  };
  return host;
}
