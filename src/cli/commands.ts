/** The CLI's commands (a module of its own so the launcher can name them without loading the parser). */
export const COMMANDS = ['run', 'merge', 'verify', 'explain', 'init'] as const;
export type Command = (typeof COMMANDS)[number];
