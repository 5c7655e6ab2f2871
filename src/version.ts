/** Tool identity recorded in every manifest; kept equal to package.json by a test. */
export const TOOL_NAME = 'evidence-gate';
export const TOOL_VERSION = '0.1.0';
