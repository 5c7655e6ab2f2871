/**
 * scikit-learn's `analyzer="char_wb"` written the plain way, one string per n-gram, in its order:
 * each lowercased word padded with one space on both sides, every n-gram of it for n from minN
 * to maxN (the first even when the padded word is shorter than n), longer n skipped once one
 * covers the whole padded word. The tests check it against scikit-learn's output and then
 * CharWbIndex (src/text/char-ngrams.ts) against it.
 */
import { words } from '../../../src/text/char-ngrams.js';

export function charWbNgrams(text: string, minN = 2, maxN = 4): string[] {
  const grams: string[] = [];
  for (const word of words(text)) {
    // Code points, as Python counts them.
    const padded = [' ', ...word, ' '];
    for (let n = minN; n <= maxN; n++) {
      let offset = 0;
      grams.push(padded.slice(0, Math.min(n, padded.length)).join(''));
      while (offset + n < padded.length) {
        offset++;
        grams.push(padded.slice(offset, offset + n).join(''));
      }
      if (offset === 0) break;
    }
  }
  return grams;
}
