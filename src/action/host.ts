import { UserError } from '../errors.js';

/**
 * What the action adapter needs from the runner, as one small interface: the real one wraps
 * @actions/*, tests pass a plain object (or the real one against a local HTTP server).
 */
export interface UploadResult {
  id: number | undefined;
  size: number | undefined;
}

/** An artifact as a listing shows it. */
export interface ArtifactRef {
  id: number;
  name: string;
}

export interface Where {
  title?: string;
  file?: string;
  startLine?: number;
}

/** A GitHub API answer other than 2xx (or a network failure, status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A 403 or 429 that says the rate limit ran out (x-ratelimit-remaining: 0, or the message). */
    readonly rateLimited = false
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What the runner or its services cannot do for the action (GitHub Enterprise Server, a shard
 * artifact that cannot be uploaded, a refused event): one line, no stack, `verdict: error`.
 */
export class RunnerError extends UserError {
  constructor(message: string) {
    super('runner', message);
  }
}

/** The GitHub REST calls the action makes, with one token. */
export interface GitHubApi {
  /**
   * One REST call; `path` starts with "/" and has its segments encoded. GET and DELETE
   * parameters go in the query, POST and PATCH parameters in the JSON body. Throws ApiError.
   */
  request<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    params?: Record<string, string | number>
  ): Promise<T>;
  /**
   * The pages of a list endpoint, following each answer's Link header (rel="next"), at most
   * `maxPages`. Endpoints that wrap their list (`workflow_runs`, `artifacts`) yield the list.
   * Throws ApiError.
   */
  pages<T>(path: string, params: Record<string, string | number>, maxPages: number): AsyncIterable<T[]>;
  /** Downloads and unpacks an artifact of another workflow run of this repository into `path`. */
  downloadArtifact(artifactId: number, runId: number, path: string): Promise<void>;
}

/** Restores and saves a folder through the Actions cache service (@actions/cache). */
export interface CacheService {
  /** The key restored (an exact or a prefix match), or undefined when nothing matched. */
  restore(paths: string[], key: string, restoreKeys: string[]): Promise<string | undefined>;
  save(paths: string[], key: string): Promise<void>;
}

export interface ActionHost {
  getInput(name: string): string;
  setSecret(value: string): void;
  setOutput(name: string, value: string): void;
  info(line: string): void;
  notice(line: string, where?: Where): void;
  warning(line: string, where?: Where): void;
  error(line: string, where?: Where): void;
  setFailed(message: string): void;
  writeSummary(markdown: string): Promise<void>;
  /** Whether an artifact service is reachable (false in local runs). */
  canUpload(): boolean;
  /**
   * Why this runner's artifact service cannot be used by @actions/artifact ≥ 2 (GitHub
   * Enterprise Server), or null.
   */
  artifactsUnsupported(): string | null;
  upload(
    name: string,
    files: string[],
    rootDirectory: string,
    retentionDays: number | undefined
  ): Promise<UploadResult>;
  /** This workflow run's artifacts, the newest of each name (no token needed). */
  listRunArtifacts(): Promise<ArtifactRef[]>;
  /** Downloads and unpacks one of this run's artifacts into `path`. */
  downloadRunArtifact(id: number, path: string): Promise<void>;
  /** The GitHub REST API with this token. */
  api(token: string): GitHubApi;
  /** The Actions cache service (docs/answer-cache.md#in-the-action), or null when this runner has none. */
  cacheService(): CacheService | null;
  /** Repository, commit, ref, workflow run id and attempt. */
  context(): Record<string, string | number | null>;
  env: NodeJS.ProcessEnv;
  bundleSha256: string | null;
}
