#!/usr/bin/env node
// A tiny cue-phrase classifier for the academic-intent example, speaking Evidence Gate's
// external-model protocol (SPEC section 10) in its label-only form. Node, no dependencies.
//
//   stdin:  one JSON object per line, {"id": "r1", "text": "..."}
//   stdout: one JSON object per line, {"id": "r1", "label": "limitation"}
//
// Label-only models give no scores, so Evidence Gate reports margin-based figures as
// not_evaluated for them; accuracy, flip rates and the like are still computed.
// The process starts once, answers each line as soon as readline delivers it, and exits when
// stdin closes. Logs go to stderr only: stdout carries responses and nothing else.
//
// How it decides: the text is lower-cased, accents are stripped and it is split into words;
// each label's cue phrases (English, Spanish, Portuguese) are counted and the label with the
// most hits wins. Ties, including "no cue at all", go to the label listed first in LABELS.
// The cue table is the same as in keyword_model.py.
//
// Try it:
//   printf '{"id":"r1","text":"One limitation of this study is the small sample."}\n' \
//     | node examples/external-model/keyword_model.mjs

import { createInterface } from 'node:readline';

const LABELS = ['background', 'gap', 'implication', 'limitation', 'method', 'result'];

// Cue phrases per label, grouped by language, written without accents (text is normalised the
// same way before matching). A phrase matches whole words; a trailing "*" on the last word
// makes that word a prefix ("limitation*" matches "limitation" and "limitations").
const CUES = {
  background: {
    en: ['growing attention', 'received growing', 'central concern', 'previous work',
      'has shown', 'widely recognised', 'widely recognized', 'growing literature',
      'over the past', 'past two decades', 'since', 'literature has examined'],
    es: ['atencion creciente', 'preocupacion central', 'trabajos previos', 'han mostrado',
      'ampliamente reconocido', 'literatura creciente', 'en los ultimos anos',
      'ultimas decadas', 'desde'],
    pt: ['atencao crescente', 'preocupacao central', 'trabalhos anteriores', 'mostraram que',
      'amplamente reconhecido', 'literatura crescente', 'nos ultimos anos',
      'ultimas duas decadas', 'desde']
  },
  gap: {
    en: ['however', 'little is known', 'few studies', 'poorly understood', 'remains unclear',
      'to date', 'no study', 'has not addressed', 'not been', 'never been', 'unknown',
      'remains poorly'],
    es: ['sin embargo', 'se sabe poco', 'pocos estudios', 'poco comprendid*', 'sigue siendo',
      'hasta la fecha', 'ningun estudio', 'no ha abordado', 'todavia no', 'se desconoce'],
    pt: ['no entanto', 'pouco se sabe', 'poucos estudos', 'pouco compreendid*',
      'continua pouco', 'ate o momento', 'nenhum estudo', 'nao abordou', 'ainda nao',
      'desconhecid*']
  },
  implication: {
    en: ['suggest*', 'should consider', 'implication*', 'imply', 'could use', 'in practice',
      'practical', 'inform the design', 'programmes', 'programs', 'strategies',
      'interventions', 'policy'],
    es: ['sugieren', 'deberian', 'implicaciones', 'indican que', 'podrian utilizar',
      'en la practica', 'orientar el diseno', 'programas', 'estrategias', 'intervenciones'],
    pt: ['sugerem', 'deveriam', 'implicacoes', 'indicam que', 'poderiam utilizar',
      'na pratica', 'orientar o desenho', 'programas', 'estrategias', 'intervencoes']
  },
  limitation: {
    en: ['limitation*', 'limits', 'caution', 'with care', 'may be affected', 'could not',
      'bias', 'biased', 'generalisability', 'generalizability', 'did not include', 'only'],
    es: ['limitacion*', 'limita', 'cautela', 'prudencia', 'verse afectadas', 'no pudimos',
      'sesgo', 'sesgado', 'generalizacion', 'no incluyo', 'solo'],
    pt: ['limitacao', 'limitacoes', 'limita', 'cautela', 'sido afetadas', 'nao foi possivel',
      'vies', 'enviesado', 'generalizacao', 'nao incluiu', 'apenas']
  },
  method: {
    en: ['we collected', 'collected data', 'we applied', 'we used', 'sample of',
      'observations from', 'recorded in', 'analysed with', 'analyzed with',
      'standard practice', 'to estimate', 'controlled for'],
    es: ['recopilamos', 'aplicamos', 'utilizamos', 'una muestra de', 'observaciones',
      'se registro', 'se registraron', 'se analizo', 'se analizaron', 'practica habitual',
      'para estimar', 'controlamos'],
    pt: ['coletamos', 'empregamos', 'utilizamos', 'uma amostra de', 'observacoes',
      'foi registrad*', 'foram registrad*', 'pratica habitual', 'para estimar', 'controlamos']
  },
  result: {
    en: ['we found', 'found that', 'observed', 'increased by', 'higher in', 'lower in',
      'reduction in', 'statistically significant', 'explained', 'of the variance',
      'comparison group', 'associated with'],
    es: ['encontramos', 'observamos', 'aumento un', 'aumentaron un', 'reduccion del',
      'estadisticamente significativo', 'explico', 'de la varianza', 'grupo de comparacion',
      'se asocio', 'se asociaron'],
    pt: ['verificamos', 'encontramos', 'observamos', 'aumentou', 'aumentaram', 'reducao de',
      'estatisticamente significativo', 'explicou', 'da variancia', 'grupo de comparacao',
      'esteve associad*', 'estiveram associad*']
  }
};

/** label -> list of phrases; a phrase is a list of { word, prefix }. */
const COMPILED = Object.fromEntries(
  LABELS.map((label) => [
    label,
    Object.values(CUES[label]).flat().map((phrase) =>
      phrase.split(' ').map((w) => ({ word: w.replace(/\*$/, ''), prefix: w.endsWith('*') })))
  ])
);

/** Lower-case, strip accents, split into words. */
function normalise(text) {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function countPhrase(words, phrase) {
  let hits = 0;
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((cue, i) => (cue.prefix ? words[start + i].startsWith(cue.word) : words[start + i] === cue.word))) hits++;
  }
  return hits;
}

function classify(text) {
  // Requests without text (e.g. tabular {"features": {...}}) have no cues: first label wins.
  const words = typeof text === 'string' ? normalise(text) : [];
  let best = LABELS[0];
  let bestCount = -1;
  for (const label of LABELS) {
    const count = COMPILED[label].reduce((sum, phrase) => sum + countPhrase(words, phrase), 0);
    if (count > bestCount) {
      best = label;
      bestCount = count;
    }
  }
  return best;
}

// If the engine stops listening (e.g. after a timeout), stop quietly instead of crashing.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

let answered = 0;
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (raw) => {
  const line = raw.trim();
  if (line === '') return;
  let request;
  try {
    request = JSON.parse(line);
  } catch (err) {
    process.stderr.write(`keyword_model.mjs: skipping a line that is not JSON: ${err.message}\n`);
    return;
  }
  if (request === null || typeof request !== 'object' || typeof request.id !== 'string') {
    process.stderr.write('keyword_model.mjs: skipping a request without a string id\n');
    return;
  }
  // Written as soon as it is computed; Node hands it to the pipe without extra buffering.
  process.stdout.write(JSON.stringify({ id: request.id, label: classify(request.text) }) + '\n');
  answered++;
});
lines.on('close', () => {
  process.stderr.write(`keyword_model.mjs: stdin closed after ${answered} responses\n`);
});
