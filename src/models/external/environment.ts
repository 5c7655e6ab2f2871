/**
 * The environment of an external model: PATH, HOME and LANG when set, plus the names the config
 * passes through — never the runner's token or the action's internals (GITHUB_TOKEN, ACTIONS_*,
 * INPUT_*), even when listed.
 */
const BASE_ENV_NAMES = ['PATH', 'HOME', 'LANG'] as const;

const NEVER_PASSED = /^(GITHUB_TOKEN|ACTIONS_.*|INPUT_.*)$/i;

interface ModelEnvironment {
  env: Record<string, string>;
  /** Listed names that were refused. */
  refused: string[];
}

export function modelEnvironment(parent: NodeJS.ProcessEnv, extra: readonly string[]): ModelEnvironment {
  const env: Record<string, string> = {};
  const refused: string[] = [];
  for (const name of [...BASE_ENV_NAMES, ...extra]) {
    if (NEVER_PASSED.test(name)) {
      if (!refused.includes(name)) refused.push(name);
      continue;
    }
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  return { env, refused };
}
