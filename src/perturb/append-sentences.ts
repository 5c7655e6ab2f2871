/**
 * The neutral sentences `evidence-gate init` offers the append family (docs/cli.md): one per
 * language it knows, matched on the language subtag.
 */
import { hasHidden } from '../util/visible.js';

/**
 * One neutral sentence per language for `append`, in the voice of a cross-reference, which
 * should move no label in most tasks (check it does not in yours). Keyed by the language subtag.
 */
const APPEND_SENTENCES: Readonly<Record<string, string>> = {
  en: 'See the appendix for further details.',
  es: 'Véase el apéndice para más detalles.',
  pt: 'Veja o apêndice para mais detalhes.',
  fr: "Voir l'annexe pour plus de détails.",
  de: 'Weitere Details finden sich im Anhang.',
  it: "Si veda l'appendice per ulteriori dettagli.",
  nl: 'Zie de bijlage voor meer details.'
};

/**
 * A sentence for every language slice, or null with the slices that have none: append needs
 * one for each (a language without a sentence is a config error), so without them it is left out.
 */
export function appendSentences(
  languages: readonly string[]
): { sentences: Record<string, string> } | { missing: string[] } {
  const sentences: Record<string, string> = {};
  const missing: string[] = [];
  for (const language of languages) {
    // A config cannot name a language with a hidden character (the schema refuses it).
    const sentence = hasHidden(language)
      ? undefined
      : APPEND_SENTENCES[language.toLowerCase().split(/[-_]/)[0] as string];
    if (sentence === undefined) missing.push(language);
    else sentences[language] = sentence;
  }
  return missing.length > 0 ? { missing } : { sentences };
}
