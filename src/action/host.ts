/**
 * What the action adapter needs from the runner, as one small interface: the real one wraps
 * @actions/*, tests pass a plain object.
 */
export interface UploadResult {
  id: number | undefined;
  size: number | undefined;
}

export interface ActionHost {
  getInput(name: string): string;
  setSecret(value: string): void;
  setOutput(name: string, value: string): void;
  info(line: string): void;
  warning(line: string, where?: { title?: string; file?: string; startLine?: number }): void;
  error(line: string, where?: { title?: string; file?: string; startLine?: number }): void;
  setFailed(message: string): void;
  writeSummary(markdown: string): Promise<void>;
  /** Whether an artifact service is reachable (false in local runs). */
  canUpload(): boolean;
  upload(name: string, files: string[], rootDirectory: string, retentionDays: number | undefined): Promise<UploadResult>;
  /** Repository, commit, ref, workflow run id and attempt. */
  context(): Record<string, string | number | null>;
  env: NodeJS.ProcessEnv;
  bundleSha256: string | null;
}
