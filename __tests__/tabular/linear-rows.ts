/** Deterministic tabular rows for engine tests: label 1 iff x1 + x2 > 1 (a linear rule with a margin band). */
export function linearRowsCsv(first: number, n: number): string {
  const lines = ['id,x1,x2,label'];
  for (let i = first; i < first + n; i++) {
    const x1 = ((i * 37) % 101) / 101;
    const x2 = ((i * 53 + 11) % 97) / 97;
    lines.push(`r${String(i).padStart(3, '0')},${x1.toFixed(4)},${x2.toFixed(4)},${x1 + x2 > 1 ? 1 : 0}`);
  }
  return lines.join('\n') + '\n';
}
