#!/usr/bin/env node
// Synthetic "Academic Rhetorical Intent" dataset generator.
//
// Writes, byte-identically on every run:
//   data/train.jsonl       842 rows  (in-distribution templates)
//   data/controlled.jsonl  130 rows  (same template pool as train: IID test)
//   data/challenge.jsonl    54 rows  (disjoint, longer "novel-pattern" templates)
//   dictionary.yml         near-synonym table for the dictionary perturbation
//
// Every random choice comes from one seeded PRNG (mulberry32, seed SEED below).
// Nothing here reads the clock, Math.random, the locale or the environment, so the
// output depends only on this file. The script throws (non-zero exit) if any design
// constraint fails; see checkDesign().
//
// Usage: node examples/academic-intent/generate.js   (or: npm run example:generate)

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const SEED = 1637;

const LABELS = ['background', 'gap', 'method', 'result', 'limitation', 'implication'];
const LANGS = ['en', 'es', 'pt'];
const SPLITS = [
  { name: 'train', prefix: 'tr', size: 842, pool: 'iid' },
  { name: 'controlled', prefix: 'ct', size: 130, pool: 'iid' },
  { name: 'challenge', prefix: 'ch', size: 54, pool: 'challenge' }
];
const MIN_CHALLENGE_PER_LANGUAGE = 10;
const MIN_PSI = 0.5;
const MIN_DICTIONARY_ROWS = 25;
const PSI_EDGES = [0, 5, 10, 15, 20, 30, 50, 100001];

// ---------------------------------------------------------------------------
// PRNG: mulberry32 (Tommy Ettinger, public domain). A 32-bit state advanced by a
// Weyl increment and mixed with two multiply-xorshift rounds; returns floats in
// [0, 1). Math.imul and >>> keep every step in exact 32-bit integer arithmetic,
// so the sequence is identical on every platform.
// ---------------------------------------------------------------------------
function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeRng(seed) {
  const next = mulberry32(seed);
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (arr) => arr[int(0, arr.length - 1)];
  const shuffle = (arr) => {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = int(0, i);
      const tmp = arr[i];
      arr[i] = arr[j];
      arr[j] = tmp;
    }
    return arr;
  };
  return { next, int, pick, shuffle };
}

// ---------------------------------------------------------------------------
// Noun phrases. Each vocabulary entry is a triple [en, es, pt] of "GN|text" specs:
// G = grammatical gender (m/f; omitted in English), N = number (s/p).
// ---------------------------------------------------------------------------
function parseNp(spec) {
  const bar = spec.indexOf('|');
  const gn = spec.slice(0, bar);
  const t = spec.slice(bar + 1);
  return gn.length === 1 ? { g: 'm', n: gn, t } : { g: gn[0], n: gn[1], t };
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
// English indefinite article before a percentage: "an 8%", "an 11%", "an 18%", "a 12%".
const enA = (pct) => (/^(8|11|18)\D/.test(pct) || /^8\d\D/.test(pct) ? 'an' : 'a');
// Number agreement: singular form, plural form.
const v = (x, sg, pl) => (x.n === 'p' ? pl : sg);
// Gender and number agreement: ms, fs, mp, fp.
const a4 = (x, ms, fs, mp, fp) => ({ ms, fs, mp, fp })[x.g + x.n];
const art = (table) => (x) => `${table[x.g + x.n]} ${x.t}`;

// Spanish article and preposition contractions.
const esEl = art({ ms: 'el', fs: 'la', mp: 'los', fp: 'las' });
const esDe = art({ ms: 'del', fs: 'de la', mp: 'de los', fp: 'de las' });
const esA = art({ ms: 'al', fs: 'a la', mp: 'a los', fp: 'a las' });
// Portuguese article and preposition contractions.
const ptO = art({ ms: 'o', fs: 'a', mp: 'os', fp: 'as' });
const ptDe = art({ ms: 'do', fs: 'da', mp: 'dos', fp: 'das' });
const ptEm = art({ ms: 'no', fs: 'na', mp: 'nos', fp: 'nas' });
const ptPor = art({ ms: 'pelo', fs: 'pela', mp: 'pelos', fp: 'pelas' });
const ptA = art({ ms: 'ao', fs: 'à', mp: 'aos', fp: 'às' });

// ---------------------------------------------------------------------------
// Domain vocabulary. F = field, U = counting unit, T = topic (always singular),
// S = setting/population (always plural), M = analysis method, O = outcome,
// D = driver/exposure, A = audience for implications (always plural).
// ---------------------------------------------------------------------------
const DOMAINS = [
  {
    id: 'ecology',
    F: ['s|ecology', 'fs|ecología', 'fs|ecologia'],
    U: ['p|plots', 'fp|parcelas', 'fp|parcelas'],
    T: [
      ['s|pollinator decline', 'ms|declive de los polinizadores', 'ms|declínio dos polinizadores'],
      ['s|soil carbon storage', 'ms|almacenamiento de carbono en el suelo', 'ms|armazenamento de carbono no solo'],
      ['s|habitat fragmentation', 'fs|fragmentación del hábitat', 'fs|fragmentação do habitat'],
      ['s|seed dispersal by birds', 'fs|dispersión de semillas por aves', 'fs|dispersão de sementes por aves']
    ],
    S: [
      ['p|coastal wetlands', 'mp|humedales costeros', 'fp|áreas úmidas costeiras'],
      ['p|montane forests', 'mp|bosques de montaña', 'fp|florestas de montanha'],
      ['p|agricultural landscapes', 'mp|paisajes agrícolas', 'fp|paisagens agrícolas'],
      ['p|urban green spaces', 'mp|espacios verdes urbanos', 'fp|áreas verdes urbanas']
    ],
    M: [
      ['p|mixed-effects models', 'mp|modelos de efectos mixtos', 'mp|modelos de efeitos mistos'],
      ['p|occupancy models', 'mp|modelos de ocupación', 'mp|modelos de ocupação'],
      ['p|structural equation models', 'mp|modelos de ecuaciones estructurales', 'mp|modelos de equações estruturais'],
      ['p|generalised additive models', 'mp|modelos aditivos generalizados', 'mp|modelos aditivos generalizados']
    ],
    O: [
      ['s|species richness', 'fs|riqueza de especies', 'fs|riqueza de espécies'],
      ['s|pollinator abundance', 'fs|abundancia de polinizadores', 'fs|abundância de polinizadores'],
      ['s|seedling survival', 'fs|supervivencia de plántulas', 'fs|sobrevivência de plântulas'],
      ['s|nesting success', 'ms|éxito reproductivo', 'ms|sucesso reprodutivo']
    ],
    D: [
      ['s|rainfall variability', 'fs|variabilidad de las lluvias', 'fs|variabilidade das chuvas'],
      ['s|land-use intensity', 'fs|intensidad del uso del suelo', 'fs|intensidade do uso do solo'],
      ['s|grazing pressure', 'fs|presión de pastoreo', 'fs|pressão de pastejo'],
      ['s|nitrogen deposition', 'fs|deposición de nitrógeno', 'fs|deposição de nitrogênio']
    ],
    A: [
      ['p|conservation managers', 'mp|gestores de conservación', 'mp|gestores ambientais'],
      ['p|land-use planners', 'mp|planificadores territoriales', 'mp|planejadores territoriais']
    ]
  },
  {
    id: 'economics',
    F: ['s|development economics', 'fs|economía del desarrollo', 'fs|economia do desenvolvimento'],
    U: ['p|districts', 'mp|distritos', 'mp|municípios'],
    T: [
      ['s|informal employment', 'ms|empleo informal', 'ms|emprego informal'],
      ['s|household debt', 'ms|endeudamiento de los hogares', 'ms|endividamento das famílias'],
      ['s|regional wage inequality', 'fs|desigualdad salarial regional', 'fs|desigualdade salarial regional'],
      ['s|access to microcredit', 'ms|acceso al microcrédito', 'ms|acesso ao microcrédito']
    ],
    S: [
      ['p|rural households', 'mp|hogares rurales', 'mp|domicílios rurais'],
      ['p|small manufacturing firms', 'fp|pequeñas empresas manufactureras', 'fp|pequenas empresas industriais'],
      ['p|border towns', 'fp|ciudades fronterizas', 'fp|cidades de fronteira'],
      ['p|low-income urban neighbourhoods', 'mp|barrios urbanos de bajos ingresos', 'mp|bairros urbanos de baixa renda']
    ],
    M: [
      ['s|difference-in-differences estimation', 'fs|estimación por diferencias en diferencias', 'fs|estimação por diferenças em diferenças'],
      ['p|panel regressions with fixed effects', 'fp|regresiones de panel con efectos fijos', 'fp|regressões em painel com efeitos fixos'],
      ['p|instrumental-variable models', 'mp|modelos de variables instrumentales', 'mp|modelos de variáveis instrumentais'],
      ['s|propensity-score matching', 'ms|emparejamiento por puntaje de propensión', 'ms|pareamento por escore de propensão']
    ],
    O: [
      ['s|household consumption', 'ms|consumo de los hogares', 'ms|consumo das famílias'],
      ['s|labour-market participation', 'fs|participación laboral', 'fs|participação no mercado de trabalho'],
      ['s|labour productivity', 'fs|productividad laboral', 'fs|produtividade do trabalho'],
      ['p|savings rates', 'fp|tasas de ahorro', 'fp|taxas de poupança']
    ],
    D: [
      ['p|minimum-wage increases', 'mp|aumentos del salario mínimo', 'mp|aumentos do salário mínimo'],
      ['s|exposure to trade shocks', 'fs|exposición a choques comerciales', 'fs|exposição a choques comerciais'],
      ['p|conditional cash transfers', 'fp|transferencias monetarias condicionadas', 'fp|transferências condicionadas de renda'],
      ['s|credit availability', 'fs|disponibilidad de crédito', 'fs|disponibilidade de crédito']
    ],
    A: [
      ['p|policymakers', 'mp|responsables de políticas', 'mp|formuladores de políticas'],
      ['p|development agencies', 'mp|organismos de desarrollo', 'fp|agências de desenvolvimento']
    ]
  },
  {
    id: 'linguistics',
    F: ['s|sociolinguistics', 'fs|sociolingüística', 'fs|sociolinguística'],
    U: ['p|classrooms', 'fp|aulas', 'fp|salas de aula'],
    T: [
      ['s|language shift', 'ms|desplazamiento lingüístico', 'ms|deslocamento linguístico'],
      ['s|code-switching', 'fs|alternancia de códigos', 'fs|alternância de códigos'],
      ['s|heritage language maintenance', 'ms|mantenimiento de la lengua de herencia', 'fs|manutenção da língua de herança'],
      ['s|vocabulary growth in bilingual children', 'ms|desarrollo del vocabulario en niños bilingües', 'ms|desenvolvimento do vocabulário em crianças bilíngues']
    ],
    S: [
      ['p|bilingual schools', 'fp|escuelas bilingües', 'fp|escolas bilíngues'],
      ['p|migrant communities', 'fp|comunidades migrantes', 'fp|comunidades migrantes'],
      ['p|rural speech communities', 'fp|comunidades de habla rurales', 'fp|comunidades de fala rurais'],
      ['p|online discussion forums', 'mp|foros de discusión en línea', 'mp|fóruns de discussão online']
    ],
    M: [
      ['p|mixed-effects logistic regressions', 'fp|regresiones logísticas de efectos mixtos', 'fp|regressões logísticas de efeitos mistos'],
      ['s|multidimensional corpus analysis', 'ms|análisis multidimensional de corpus', 'fs|análise multidimensional de corpus'],
      ['p|variationist regression models', 'mp|modelos de regresión variacionistas', 'mp|modelos de regressão variacionistas'],
      ['p|growth-curve models', 'mp|modelos de curvas de crecimiento', 'mp|modelos de curvas de crescimento']
    ],
    O: [
      ['s|lexical diversity', 'fs|diversidad léxica', 'fs|diversidade lexical'],
      ['s|reading comprehension', 'fs|comprensión lectora', 'fs|compreensão leitora'],
      ['s|minority-language use at home', 'ms|uso de la lengua minoritaria en el hogar', 'ms|uso da língua minoritária em casa'],
      ['s|speech rate', 'fs|velocidad de habla', 'fs|velocidade de fala']
    ],
    D: [
      ['s|parental education', 'fs|escolaridad de los padres', 'fs|escolaridade dos pais'],
      ['s|exposure to the majority language', 'fs|exposición a la lengua mayoritaria', 'fs|exposição à língua majoritária'],
      ['s|age of arrival', 'fs|edad de llegada', 'fs|idade de chegada'],
      ['s|peer-group composition', 'fs|composición del grupo de pares', 'fs|composição do grupo de pares']
    ],
    A: [
      ['p|language teachers', 'mp|profesores de lenguas', 'mp|professores de línguas'],
      ['p|curriculum designers', 'mp|diseñadores curriculares', 'mp|responsáveis pelos currículos']
    ]
  },
  {
    id: 'public-health',
    F: ['s|epidemiology', 'fs|epidemiología', 'fs|epidemiologia'],
    U: ['p|clinics', 'fp|clínicas', 'fp|clínicas'],
    T: [
      ['s|childhood obesity', 'fs|obesidad infantil', 'fs|obesidade infantil'],
      ['s|vaccine hesitancy', 'fs|reticencia a la vacunación', 'fs|hesitação vacinal'],
      ['s|antimicrobial resistance', 'fs|resistencia a los antimicrobianos', 'fs|resistência antimicrobiana'],
      ['s|maternal mental health', 'fs|salud mental materna', 'fs|saúde mental materna']
    ],
    S: [
      ['p|older adults living alone', 'mp|adultos mayores que viven solos', 'mp|idosos que vivem sozinhos'],
      ['p|secondary-school students', 'mp|estudiantes de secundaria', 'mp|estudantes do ensino médio'],
      ['p|urban informal settlements', 'mp|asentamientos informales urbanos', 'mp|assentamentos informais urbanos'],
      ['p|pregnant women', 'fp|mujeres embarazadas', 'fp|gestantes']
    ],
    M: [
      ['s|logistic regression', 'fs|regresión logística', 'fs|regressão logística'],
      ['p|interrupted time-series analyses', 'mp|análisis de series temporales interrumpidas', 'fp|análises de séries temporais interrompidas'],
      ['p|Cox proportional-hazards models', 'mp|modelos de riesgos proporcionales de Cox', 'mp|modelos de riscos proporcionais de Cox'],
      ['p|multilevel Poisson models', 'mp|modelos multinivel de Poisson', 'mp|modelos multinível de Poisson']
    ],
    O: [
      ['p|hospital admissions', 'mp|ingresos hospitalarios', 'fp|internações hospitalares'],
      ['s|vaccination coverage', 'fs|cobertura de vacunación', 'fs|cobertura vacinal'],
      ['p|depressive symptoms', 'mp|síntomas depresivos', 'mp|sintomas depressivos'],
      ['s|physical activity', 'fs|actividad física', 'fs|atividade física']
    ],
    D: [
      ['s|distance to the nearest clinic', 'fs|distancia a la clínica más cercana', 'fs|distância até a clínica mais próxima'],
      ['s|food insecurity', 'fs|inseguridad alimentaria', 'fs|insegurança alimentar'],
      ['s|social isolation', 'ms|aislamiento social', 'ms|isolamento social'],
      ['s|air pollution', 'fs|contaminación del aire', 'fs|poluição do ar']
    ],
    A: [
      ['p|health authorities', 'fp|autoridades sanitarias', 'fp|autoridades sanitárias'],
      ['p|clinicians', 'mp|profesionales clínicos', 'mp|profissionais de saúde']
    ]
  },
  {
    id: 'materials-science',
    F: ['s|materials science', 'fs|ciencia de materiales', 'fs|ciência dos materiais'],
    U: ['p|specimens', 'fp|probetas', 'mp|corpos de prova'],
    T: [
      ['s|fatigue cracking in welded joints', 'fs|fisuración por fatiga en uniones soldadas', 'fs|fissuração por fadiga em juntas soldadas'],
      ['s|corrosion of reinforcing steel', 'fs|corrosión del acero de refuerzo', 'fs|corrosão do aço de armadura'],
      ['s|perovskite degradation', 'fs|degradación de las perovskitas', 'fs|degradação das perovskitas'],
      ['s|polymer recycling', 'ms|reciclaje de polímeros', 'fs|reciclagem de polímeros']
    ],
    S: [
      ['p|marine environments', 'mp|ambientes marinos', 'mp|ambientes marinhos'],
      ['p|high-temperature applications', 'fp|aplicaciones de alta temperatura', 'fp|aplicações de alta temperatura'],
      ['p|additively manufactured parts', 'fp|piezas obtenidas por fabricación aditiva', 'fp|peças obtidas por manufatura aditiva'],
      ['p|recycled-aggregate concretes', 'mp|hormigones con árido reciclado', 'mp|concretos com agregado reciclado']
    ],
    M: [
      ['p|finite-element simulations', 'fp|simulaciones por elementos finitos', 'fp|simulações por elementos finitos'],
      ['s|Weibull statistical analysis', 'ms|análisis estadístico de Weibull', 'fs|análise estatística de Weibull'],
      ['p|response-surface models', 'mp|modelos de superficie de respuesta', 'mp|modelos de superfície de resposta'],
      ['s|Rietveld refinement', 'ms|refinamiento de Rietveld', 'ms|refinamento de Rietveld']
    ],
    O: [
      ['s|tensile strength', 'fs|resistencia a la tracción', 'fs|resistência à tração'],
      ['s|fatigue life', 'fs|vida a fatiga', 'fs|vida em fadiga'],
      ['s|power-conversion efficiency', 'fs|eficiencia de conversión', 'fs|eficiência de conversão'],
      ['s|corrosion rate', 'fs|velocidad de corrosión', 'fs|taxa de corrosão']
    ],
    D: [
      ['s|annealing temperature', 'fs|temperatura de recocido', 'fs|temperatura de recozimento'],
      ['s|chloride exposure', 'fs|exposición a cloruros', 'fs|exposição a cloretos'],
      ['s|porosity', 'fs|porosidad', 'fs|porosidade'],
      ['p|humidity cycles', 'mp|ciclos de humedad', 'mp|ciclos de umidade']
    ],
    A: [
      ['p|design engineers', 'mp|ingenieros de diseño', 'mp|engenheiros de projeto'],
      ['p|manufacturers', 'mp|fabricantes', 'mp|fabricantes']
    ]
  }
];

// Limitation issues (domain-independent). English forms carry their article.
const LIMITS = [
  ['s|the reliance on self-reported measures', 'fs|dependencia de medidas autoinformadas', 'fs|dependência de medidas autorrelatadas'],
  ['s|the short observation window', 'ms|breve período de observación', 'ms|curto período de observação'],
  ['s|the possibility of selection bias', 'fs|posibilidad de un sesgo de selección', 'fs|possibilidade de viés de seleção'],
  ['s|the modest sample size', 'ms|tamaño reducido de la muestra', 'ms|tamanho reduzido da amostra'],
  ['s|the cross-sectional nature of the data', 'ms|carácter transversal de los datos', 'ms|caráter transversal dos dados'],
  ['s|the absence of a control group', 'fs|ausencia de un grupo de control', 'fs|ausência de um grupo de controle']
];

// ---------------------------------------------------------------------------
// Templates. Each is a function of a slot bundle s (see fillSlots). The "iid" pool
// feeds train and controlled; the "challenge" pool uses different sentence frames
// and cue phrases and is only used for the challenge split.
// ---------------------------------------------------------------------------
const TEMPLATES = {
  en: {
    iid: {
      background: [
        (s) => `${cap(s.T.t)} has received growing attention in research on ${s.S.t}.`,
        (s) => `Over the past two decades, ${s.T.t} has become a central concern in ${s.F.t}.`,
        (s) => `Previous work has shown that ${s.D.t} ${v(s.D, 'shapes', 'shape')} ${s.O.t} in ${s.S.t}.`,
        (s) => `It is widely recognised that ${s.O.t} ${v(s.O, 'varies', 'vary')} considerably across ${s.S.t}.`,
        (s) => `Since ${s.Y}, a growing literature has examined the links between ${s.D.t} and ${s.O.t}.`
      ],
      gap: [
        (s) => `However, little is known about how ${s.D.t} ${v(s.D, 'affects', 'affect')} ${s.O.t} in ${s.S.t}.`,
        (s) => `Few studies have examined ${s.T.t} in ${s.S.t}, and the role of ${s.D.t} has never been tested directly.`,
        (s) => `The relationship between ${s.D.t} and ${s.O.t} remains poorly understood.`,
        (s) => `To date, no study has compared ${s.O.t} across ${s.S.t} using ${s.M.t}.`,
        (s) => `Existing research has not addressed whether ${s.D.t} ${v(s.D, 'explains', 'explain')} differences in ${s.O.t}.`
      ],
      method: [
        (s) => `We collected data on ${s.S.t} between ${s.Y} and ${s.Y2}.`,
        (s) => `We applied ${s.M.t} to estimate the effect of ${s.D.t} on ${s.O.t}.`,
        (s) => `The analysis drew on a sample of ${s.N} observations from ${s.S.t}.`,
        (s) => `${cap(s.O.t)} ${v(s.O, 'was', 'were')} recorded in ${s.K} ${s.U.t} and analysed with ${s.M.t}.`,
        (s) => `Following standard practice, we used ${s.M.t} and controlled for ${s.D.t}.`
      ],
      result: [
        (s) => `${cap(s.O.t)} increased by ${s.P} in ${s.S.t}.`,
        (s) => `We found that ${s.D.t} ${v(s.D, 'was', 'were')} associated with ${enA(s.P)} ${s.P} reduction in ${s.O.t}.`,
        (s) => `${cap(s.O.t)} ${v(s.O, 'was', 'were')} ${s.P} higher in ${s.S.t} than in the comparison group.`,
        (s) => `The estimated effect of ${s.D.t} on ${s.O.t} was positive and statistically significant (p < 0.01).`,
        (s) => `Across ${s.K} ${s.U.t}, ${s.T.t} explained ${s.P} of the variance in ${s.O.t}.`
      ],
      limitation: [
        (s) => `One limitation of this study is ${s.L.t}, particularly for ${s.S.t}.`,
        (s) => `The sample did not include ${s.S.t}, which limits the generalisability of the findings.`,
        (s) => `Our estimates for ${s.O.t} may be affected by ${s.L.t}.`,
        (s) => `Because the data cover only ${s.K} ${s.U.t}, the results for ${s.O.t} should be interpreted with care.`,
        (s) => `We could not control for ${s.D.t} or for other contextual factors, which may have biased the estimates.`
      ],
      implication: [
        (s) => `These findings suggest that ${s.A.t} should consider ${s.D.t} when planning interventions for ${s.S.t}.`,
        (s) => `The results have practical implications for ${s.A.t} dealing with ${s.T.t}.`,
        (s) => `Our findings imply that strategies targeting ${s.D.t} could have measurable effects on ${s.O.t}.`,
        (s) => `In practice, ${s.A.t} could use ${s.M.t} to monitor ${s.O.t} more effectively.`,
        (s) => `This evidence can inform the design of programmes that address ${s.T.t} in ${s.S.t}.`
      ]
    },
    challenge: {
      background: [
        (s) => `For much of the period since ${s.Y}, researchers studying ${s.S.t} have treated ${s.T.t} as a matter of considerable practical and theoretical interest, and a substantial body of scholarship now documents how ${s.D.t} ${v(s.D, 'interacts', 'interact')} with ${s.O.t} over time.`,
        (s) => `Scholars have long debated the origins of ${s.T.t}, and a consensus has gradually emerged that ${s.D.t} ${v(s.D, 'plays', 'play')} a decisive role in shaping ${s.O.t} across a wide range of ${s.U.t} and regional settings.`,
        (s) => `A rich tradition of inquiry, spanning field observation, archival work and formal modelling, has established ${s.T.t} as one of the defining questions in ${s.F.t}, particularly where ${s.S.t} are concerned.`
      ],
      gap: [
        (s) => `What remains puzzling, despite several decades of careful work on ${s.T.t}, is whether ${s.D.t} ${v(s.D, 'operates', 'operate')} in the same way in ${s.S.t} as ${v(s.D, 'it does', 'they do')} elsewhere, a question that earlier designs were never able to settle.`,
        (s) => `Surprisingly, few of the studies published so far have scrutinised the mechanisms linking ${s.D.t} to ${s.O.t}, leaving open whether the patterns reported for ${s.S.t} reflect genuine causal processes or merely artefacts of measurement.`,
        (s) => `The extant literature is silent on how ${s.O.t} ${v(s.O, 'responds', 'respond')} when ${s.D.t} ${v(s.D, 'changes', 'change')} abruptly, and the handful of available accounts rely on data gathered long before ${s.M.t} became routine.`
      ],
      method: [
        (s) => `To disentangle the contribution of ${s.D.t} from that of competing explanations, the research team combined ${s.M.t} with a stratified sampling frame covering ${s.K} ${s.U.t}, recording ${s.O.t} at regular intervals between ${s.Y} and ${s.Y2}.`,
        (s) => `Observations were gathered through a two-stage procedure in which ${s.U.t} were first drawn at random from a register covering ${s.S.t} and eligible cases were then added consecutively until the target of ${s.N} was reached.`,
        (s) => `Estimation proceeded in three steps: after harmonising the raw records, the team applied ${s.M.t}, checked the sensitivity of every estimate to alternative specifications, and finally re-weighted the sample to match the composition of ${s.S.t}.`
      ],
      result: [
        (s) => `Contrary to what earlier accounts had led us to expect, ${s.O.t} rose by roughly ${s.P} once ${s.D.t} ${v(s.D, 'was', 'were')} taken into account, and the distance between ${s.S.t} and the reference group widened further after ${s.Y}.`,
        (s) => `The pattern that emerged was striking: in ${s.K} of the ${s.U.t} examined, higher levels of ${s.D.t} coincided with a marked decline in ${s.O.t}, a shift of about ${s.P} relative to the baseline period.`,
        (s) => `When the comparison was restricted to ${s.S.t}, the association between ${s.D.t} and ${s.O.t} roughly doubled in magnitude, reaching ${s.P} in the final wave (n = ${s.N}), well above the pooled estimate.`
      ],
      limitation: [
        (s) => `Caution is warranted because the cohort was assembled from ${s.S.t} alone, and it is therefore conceivable that ${s.D.t} ${v(s.D, 'operates', 'operate')} differently in settings where ${s.O.t} ${v(s.O, 'follows', 'follow')} another trajectory.`,
        (s) => `Several caveats temper these conclusions, not least ${s.L.t}, which could have inflated the apparent influence of ${s.D.t} on ${s.O.t} in ways that the present design cannot rule out.`,
        (s) => `Readers should bear in mind that the records available to us were incomplete for several ${s.U.t}, and nothing in the current data allows us to separate the effect of ${s.D.t} from unobserved local conditions.`
      ],
      implication: [
        (s) => `If these patterns hold more broadly, agencies responsible for ${s.S.t} would be well advised to revisit current guidelines on ${s.T.t}, giving far greater weight to ${s.D.t} when allocating scarce resources.`,
        (s) => `Taken together, the evidence points towards a reorientation of practice in which ${s.A.t} monitor ${s.O.t} routinely and treat ${s.D.t} as an early warning signal rather than a background condition.`,
        (s) => `For those designing interventions on ${s.T.t}, the lesson is that modest adjustments to ${s.D.t} may yield disproportionate changes in ${s.O.t}, especially among ${s.S.t} where baseline conditions are already fragile.`
      ]
    }
  },
  es: {
    iid: {
      background: [
        (s) => `En los últimos años, ${esEl(s.T)} ha recibido una atención creciente en la investigación sobre ${esEl(s.S)}.`,
        (s) => `Durante las dos últimas décadas, ${esEl(s.T)} se ha convertido en una preocupación central ${esDe(s.F)}.`,
        (s) => `Trabajos previos han mostrado que ${esEl(s.D)} ${v(s.D, 'condiciona', 'condicionan')} ${esEl(s.O)} en ${esEl(s.S)}.`,
        (s) => `Es ampliamente reconocido que ${esEl(s.O)} ${v(s.O, 'varía', 'varían')} considerablemente entre ${esEl(s.S)}.`,
        (s) => `Desde ${s.Y}, una literatura creciente ha examinado los vínculos entre ${esEl(s.D)} y ${esEl(s.O)}.`
      ],
      gap: [
        (s) => `Sin embargo, se sabe poco sobre cómo ${esEl(s.D)} ${v(s.D, 'afecta', 'afectan')} ${esA(s.O)} en ${esEl(s.S)}.`,
        (s) => `Pocos estudios han examinado ${esEl(s.T)} en ${esEl(s.S)}, y el papel ${esDe(s.D)} todavía no se ha evaluado directamente.`,
        (s) => `La relación entre ${esEl(s.D)} y ${esEl(s.O)} sigue siendo poco comprendida.`,
        (s) => `Hasta la fecha, ningún estudio ha comparado ${esEl(s.O)} entre ${esEl(s.S)} mediante ${s.M.t}.`,
        (s) => `La investigación existente no ha abordado si ${esEl(s.D)} ${v(s.D, 'explica', 'explican')} las diferencias en ${esEl(s.O)}.`
      ],
      method: [
        (s) => `Recopilamos datos sobre ${esEl(s.S)} entre ${s.Y} y ${s.Y2}.`,
        (s) => `Aplicamos ${s.M.t} para estimar el efecto ${esDe(s.D)} sobre ${esEl(s.O)}.`,
        (s) => `El análisis se basó en una muestra de ${s.N} observaciones procedentes ${esDe(s.S)}.`,
        (s) => `${cap(esEl(s.O))} ${v(s.O, 'se registró', 'se registraron')} en ${s.K} ${s.U.t} y ${v(s.O, 'se analizó', 'se analizaron')} mediante ${s.M.t}.`,
        (s) => `Siguiendo la práctica habitual, utilizamos ${s.M.t} y controlamos el efecto ${esDe(s.D)}.`
      ],
      result: [
        (s) => `${cap(esEl(s.O))} ${v(s.O, 'aumentó', 'aumentaron')} un ${s.P} en ${esEl(s.S)}.`,
        (s) => `Encontramos que ${esEl(s.D)} se ${v(s.D, 'asoció', 'asociaron')} con una reducción del ${s.P} en ${esEl(s.O)}.`,
        (s) => `${cap(esEl(s.O))} ${v(s.O, 'fue', 'fueron')} un ${s.P} ${v(s.O, 'mayor', 'mayores')} en ${esEl(s.S)} que en el grupo de comparación.`,
        (s) => `El efecto estimado ${esDe(s.D)} sobre ${esEl(s.O)} fue positivo y estadísticamente significativo (p < 0,01).`,
        (s) => `En ${s.K} ${s.U.t}, ${esEl(s.T)} explicó el ${s.P} de la varianza ${esDe(s.O)}.`
      ],
      limitation: [
        (s) => `Una limitación de este estudio es ${esEl(s.L)}, especialmente en el caso ${esDe(s.S)}.`,
        (s) => `La muestra no incluyó ${s.S.t}, lo que limita la generalización de los hallazgos.`,
        (s) => `Nuestras estimaciones sobre ${esEl(s.O)} podrían verse afectadas por ${esEl(s.L)}.`,
        (s) => `Dado que los datos solo abarcan ${s.K} ${s.U.t}, los resultados sobre ${esEl(s.O)} deben interpretarse con prudencia.`,
        (s) => `No pudimos controlar el efecto ${esDe(s.D)} ni el de otros factores contextuales, lo que podría haber sesgado las estimaciones.`
      ],
      implication: [
        (s) => `Estos hallazgos sugieren que ${esEl(s.A)} deberían tener en cuenta ${esEl(s.D)} al planificar intervenciones para ${esEl(s.S)}.`,
        (s) => `Los resultados tienen implicaciones prácticas para ${esEl(s.A)} que se ocupan ${esDe(s.T)}.`,
        (s) => `Nuestros hallazgos indican que las estrategias dirigidas ${esA(s.D)} podrían tener efectos medibles sobre ${esEl(s.O)}.`,
        (s) => `En la práctica, ${esEl(s.A)} podrían utilizar ${s.M.t} para seguir ${esEl(s.O)} de forma más eficaz.`,
        (s) => `Esta evidencia puede orientar el diseño de programas que aborden ${esEl(s.T)} en ${esEl(s.S)}.`
      ]
    },
    challenge: {
      background: [
        (s) => `Durante buena parte del periodo transcurrido desde ${s.Y}, los investigadores que trabajan en el contexto ${esDe(s.S)} han tratado ${esEl(s.T)} como una cuestión de considerable interés práctico y teórico, y un conjunto sustancial de trabajos documenta hoy cómo ${esEl(s.D)} ${v(s.D, 'interactúa', 'interactúan')} con ${esEl(s.O)} a lo largo del tiempo.`,
        (s) => `Los especialistas llevan mucho tiempo debatiendo el origen ${esDe(s.T)}, y poco a poco ha surgido un consenso en torno a la idea de que ${esEl(s.D)} ${v(s.D, 'desempeña', 'desempeñan')} un papel decisivo en la configuración ${esDe(s.O)} en ${s.U.t} y contextos regionales muy diversos.`,
        (s) => `Una rica tradición de investigación, que abarca la observación de campo, el trabajo de archivo y la modelización formal, ha consolidado ${esEl(s.T)} como una de las cuestiones definitorias ${esDe(s.F)}, sobre todo en lo que respecta ${esA(s.S)}.`
      ],
      gap: [
        (s) => `Lo que sigue resultando desconcertante, pese a varias décadas de trabajo cuidadoso sobre ${esEl(s.T)}, es si ${esEl(s.D)} ${v(s.D, 'opera', 'operan')} del mismo modo en ${esEl(s.S)} que en otros lugares, una cuestión que los diseños anteriores nunca lograron resolver.`,
        (s) => `Sorprendentemente, pocos de los estudios publicados hasta ahora han examinado con detalle los mecanismos que vinculan ${esEl(s.D)} con ${esEl(s.O)}, de modo que sigue abierta la pregunta de si los patrones descritos para ${esEl(s.S)} reflejan procesos causales genuinos o meros artefactos de medición.`,
        (s) => `La literatura disponible guarda silencio sobre cómo ${v(s.O, 'responde', 'responden')} ${esEl(s.O)} cuando ${esEl(s.D)} ${v(s.D, 'cambia', 'cambian')} de forma abrupta, y los escasos trabajos existentes se apoyan en datos reunidos mucho antes de que ${esEl(s.M)} se ${v(s.M, 'volviera habitual', 'volvieran habituales')}.`
      ],
      method: [
        (s) => `Para separar la contribución ${esDe(s.D)} de la de explicaciones alternativas, el equipo de investigación combinó ${esEl(s.M)} con un marco muestral estratificado que abarcaba ${s.K} ${s.U.t}, y registró ${esEl(s.O)} a intervalos regulares entre ${s.Y} y ${s.Y2}.`,
        (s) => `Las observaciones se reunieron mediante un procedimiento en dos etapas: primero se seleccionaron al azar ${s.U.t} a partir de un registro que cubría ${esEl(s.S)}, y después se fueron incorporando casos elegibles de forma consecutiva hasta alcanzar la meta de ${s.N}.`,
        (s) => `La estimación se desarrolló en tres pasos: tras armonizar los registros originales, el equipo aplicó ${esEl(s.M)}, comprobó la sensibilidad de cada estimación a especificaciones alternativas y, por último, reponderó la muestra para reproducir la composición ${esDe(s.S)}.`
      ],
      result: [
        (s) => `Contrariamente a lo que hacían prever los trabajos anteriores, ${esEl(s.O)} ${v(s.O, 'aumentó', 'aumentaron')} aproximadamente un ${s.P} una vez que se ${v(s.D, 'tuvo', 'tuvieron')} en cuenta ${esEl(s.D)}, y la distancia entre ${esEl(s.S)} y el grupo de referencia se amplió aún más después de ${s.Y}.`,
        (s) => `El patrón observado fue llamativo: en ${s.K} ${esDe(s.U)} ${a4(s.U, 'examinado', 'examinada', 'examinados', 'examinadas')}, los niveles más altos ${esDe(s.D)} coincidieron con una marcada disminución ${esDe(s.O)}, un cambio de alrededor del ${s.P} respecto al periodo de referencia.`,
        (s) => `Cuando la comparación se restringió ${esA(s.S)}, la asociación entre ${esEl(s.D)} y ${esEl(s.O)} prácticamente se duplicó hasta alcanzar el ${s.P} en la última ola (n = ${s.N}), muy por encima de la estimación conjunta.`
      ],
      limitation: [
        (s) => `Conviene actuar con cautela, porque la cohorte se conformó únicamente a partir ${esDe(s.S)}, y cabe la posibilidad de que ${esEl(s.D)} ${v(s.D, 'opere', 'operen')} de otro modo en entornos donde ${esEl(s.O)} ${v(s.O, 'sigue', 'siguen')} otra trayectoria.`,
        (s) => `Varias salvedades matizan estas conclusiones, entre ellas ${esEl(s.L)}, que podría haber inflado la influencia aparente ${esDe(s.D)} sobre ${esEl(s.O)} de maneras que el diseño actual no permite descartar.`,
        (s) => `El lector debe tener presente que los registros disponibles estaban incompletos en ${a4(s.U, 'varios', 'varias', 'varios', 'varias')} ${s.U.t}, y nada en los datos actuales nos permite separar el efecto ${esDe(s.D)} de las condiciones locales no observadas.`
      ],
      implication: [
        (s) => `Si estos patrones se confirman a mayor escala, los organismos responsables ${esDe(s.S)} harían bien en revisar las directrices vigentes sobre ${esEl(s.T)} y en conceder mucho más peso ${esA(s.D)} a la hora de asignar recursos escasos.`,
        (s) => `En conjunto, la evidencia apunta hacia una reorientación de la práctica en la que ${esEl(s.A)} vigilen ${esEl(s.O)} de manera rutinaria y traten ${esEl(s.D)} como una señal de alerta temprana y no como una condición de fondo.`,
        (s) => `Para quienes diseñan intervenciones sobre ${esEl(s.T)}, la lección es que ajustes modestos en ${esEl(s.D)} pueden traducirse en cambios desproporcionados en ${esEl(s.O)}, sobre todo entre ${esEl(s.S)}, donde las condiciones de partida ya son frágiles.`
      ]
    }
  },
  pt: {
    iid: {
      background: [
        (s) => `Nos últimos anos, ${ptO(s.T)} tem recebido atenção crescente nas pesquisas sobre ${ptO(s.S)}.`,
        (s) => `Ao longo das últimas duas décadas, ${ptO(s.T)} tornou-se uma preocupação central ${ptDe(s.F)}.`,
        (s) => `Trabalhos anteriores mostraram que ${ptO(s.D)} ${v(s.D, 'condiciona', 'condicionam')} ${ptO(s.O)} ${ptEm(s.S)}.`,
        (s) => `É amplamente reconhecido que ${ptO(s.O)} ${v(s.O, 'varia', 'variam')} consideravelmente entre ${ptO(s.S)}.`,
        (s) => `Desde ${s.Y}, uma literatura crescente tem examinado as relações entre ${ptO(s.D)} e ${ptO(s.O)}.`
      ],
      gap: [
        (s) => `No entanto, pouco se sabe sobre como ${ptO(s.D)} ${v(s.D, 'afeta', 'afetam')} ${ptO(s.O)} ${ptEm(s.S)}.`,
        (s) => `Poucos estudos examinaram ${ptO(s.T)} ${ptEm(s.S)}, e o papel ${ptDe(s.D)} ainda não foi testado diretamente.`,
        (s) => `A relação entre ${ptO(s.D)} e ${ptO(s.O)} continua pouco compreendida.`,
        (s) => `Até o momento, nenhum estudo comparou ${ptO(s.O)} entre ${ptO(s.S)} por meio de ${s.M.t}.`,
        (s) => `A pesquisa existente não abordou se ${ptO(s.D)} ${v(s.D, 'explica', 'explicam')} as diferenças ${ptEm(s.O)}.`
      ],
      method: [
        (s) => `Coletamos dados sobre ${ptO(s.S)} entre ${s.Y} e ${s.Y2}.`,
        (s) => `Empregamos ${s.M.t} para estimar o efeito ${ptDe(s.D)} sobre ${ptO(s.O)}.`,
        (s) => `A análise baseou-se em uma amostra de ${s.N} observações provenientes ${ptDe(s.S)}.`,
        (s) => `${cap(ptO(s.O))} ${a4(s.O, 'foi registrado', 'foi registrada', 'foram registrados', 'foram registradas')} em ${s.K} ${s.U.t} e ${a4(s.O, 'analisado', 'analisada', 'analisados', 'analisadas')} por meio de ${s.M.t}.`,
        (s) => `Seguindo a prática habitual, utilizamos ${s.M.t} e controlamos o efeito ${ptDe(s.D)}.`
      ],
      result: [
        (s) => `${cap(ptO(s.O))} ${v(s.O, 'aumentou', 'aumentaram')} ${s.P} ${ptEm(s.S)}.`,
        (s) => `Verificamos que ${ptO(s.D)} ${a4(s.D, 'esteve associado', 'esteve associada', 'estiveram associados', 'estiveram associadas')} a uma redução de ${s.P} ${ptEm(s.O)}.`,
        (s) => `${cap(ptO(s.O))} ${v(s.O, 'foi', 'foram')} ${s.P} ${v(s.O, 'maior', 'maiores')} ${ptEm(s.S)} do que no grupo de comparação.`,
        (s) => `O efeito estimado ${ptDe(s.D)} sobre ${ptO(s.O)} foi positivo e estatisticamente significativo (p < 0,01).`,
        (s) => `Em ${s.K} ${s.U.t}, ${ptO(s.T)} explicou ${s.P} da variância ${ptDe(s.O)}.`
      ],
      limitation: [
        (s) => `Uma limitação deste estudo é ${ptO(s.L)}, sobretudo no caso ${ptDe(s.S)}.`,
        (s) => `A amostra não incluiu ${s.S.t}, o que limita a generalização dos achados.`,
        (s) => `Nossas estimativas sobre ${ptO(s.O)} podem ter sido afetadas ${ptPor(s.L)}.`,
        (s) => `Como os dados abrangem apenas ${s.K} ${s.U.t}, os resultados sobre ${ptO(s.O)} devem ser interpretados com cautela.`,
        (s) => `Não foi possível controlar o efeito ${ptDe(s.D)} nem o de outros fatores contextuais, o que pode ter enviesado as estimativas.`
      ],
      implication: [
        (s) => `Esses achados sugerem que ${ptO(s.A)} deveriam considerar ${ptO(s.D)} ao planejar intervenções para ${ptO(s.S)}.`,
        (s) => `Os resultados têm implicações práticas para ${ptO(s.A)} que lidam com ${ptO(s.T)}.`,
        (s) => `Nossos achados indicam que estratégias voltadas ${ptA(s.D)} poderiam ter efeitos mensuráveis sobre ${ptO(s.O)}.`,
        (s) => `Na prática, ${ptO(s.A)} poderiam utilizar ${s.M.t} para acompanhar ${ptO(s.O)} de forma mais eficaz.`,
        (s) => `Essas evidências podem orientar o desenho de programas que enfrentem ${ptO(s.T)} ${ptEm(s.S)}.`
      ]
    },
    challenge: {
      background: [
        (s) => `Durante boa parte do período decorrido desde ${s.Y}, os pesquisadores que atuam no contexto ${ptDe(s.S)} trataram ${ptO(s.T)} como uma questão de considerável interesse prático e teórico, e um conjunto substancial de trabalhos documenta hoje como ${ptO(s.D)} ${v(s.D, 'interage', 'interagem')} com ${ptO(s.O)} ao longo do tempo.`,
        (s) => `Os especialistas debatem há muito tempo a origem ${ptDe(s.T)}, e aos poucos formou-se um consenso de que ${ptO(s.D)} ${v(s.D, 'desempenha', 'desempenham')} um papel decisivo na configuração ${ptDe(s.O)} em ${s.U.t} e contextos regionais muito diversos.`,
        (s) => `Uma rica tradição de investigação, que abrange a observação de campo, o trabalho de arquivo e a modelagem formal, consolidou ${ptO(s.T)} como uma das questões centrais ${ptDe(s.F)}, sobretudo no que diz respeito ${ptA(s.S)}.`
      ],
      gap: [
        (s) => `O que continua intrigante, apesar de várias décadas de trabalho cuidadoso sobre ${ptO(s.T)}, é se ${ptO(s.D)} ${v(s.D, 'opera', 'operam')} da mesma forma ${ptEm(s.S)} que em outros lugares, uma questão que os desenhos anteriores nunca conseguiram resolver.`,
        (s) => `Surpreendentemente, poucos dos estudos publicados até agora examinaram em detalhe os mecanismos que ligam ${ptO(s.D)} ${ptA(s.O)}, o que deixa em aberto se os padrões relatados para ${ptO(s.S)} refletem processos causais genuínos ou meros artefatos de medição.`,
        (s) => `A literatura disponível é omissa quanto à forma como ${ptO(s.O)} ${v(s.O, 'responde', 'respondem')} quando ${ptO(s.D)} ${v(s.D, 'muda', 'mudam')} de maneira abrupta, e os poucos relatos existentes baseiam-se em dados reunidos muito antes de ${ptO(s.M)} se ${v(s.M, 'tornar rotina', 'tornarem rotina')}.`
      ],
      method: [
        (s) => `Para separar a contribuição ${ptDe(s.D)} da de explicações concorrentes, a equipe de pesquisa combinou ${ptO(s.M)} com um plano amostral estratificado que abrangia ${s.K} ${s.U.t}, registrando ${ptO(s.O)} em intervalos regulares entre ${s.Y} e ${s.Y2}.`,
        (s) => `As observações foram reunidas por meio de um procedimento em duas etapas: primeiro, sortearam-se ${s.U.t} a partir de um cadastro que abrangia ${ptO(s.S)}; em seguida, casos elegíveis foram incorporados consecutivamente até se atingir a meta de ${s.N}.`,
        (s) => `A estimação seguiu três etapas: depois de harmonizar os registros brutos, a equipe aplicou ${ptO(s.M)}, verificou a sensibilidade de cada estimativa a especificações alternativas e, por fim, reponderou a amostra para reproduzir a composição ${ptDe(s.S)}.`
      ],
      result: [
        (s) => `Ao contrário do que os relatos anteriores levavam a esperar, ${ptO(s.O)} ${v(s.O, 'subiu', 'subiram')} cerca de ${s.P} depois que ${ptO(s.D)} ${a4(s.D, 'foi levado', 'foi levada', 'foram levados', 'foram levadas')} em conta, e a distância entre ${ptO(s.S)} e o grupo de referência aumentou ainda mais após ${s.Y}.`,
        (s) => `O padrão que emergiu foi marcante: em ${s.K} ${ptDe(s.U)} ${a4(s.U, 'examinado', 'examinada', 'examinados', 'examinadas')}, níveis mais elevados ${ptDe(s.D)} coincidiram com uma queda acentuada ${ptDe(s.O)}, uma variação de cerca de ${s.P} em relação ao período de referência.`,
        (s) => `Quando a comparação se restringiu ${ptA(s.S)}, a associação entre ${ptO(s.D)} e ${ptO(s.O)} praticamente dobrou, chegando a ${s.P} na última onda (n = ${s.N}), bem acima da estimativa conjunta.`
      ],
      limitation: [
        (s) => `É preciso cautela, pois a coorte foi formada apenas a partir ${ptDe(s.S)}, e é concebível que ${ptO(s.D)} ${v(s.D, 'atue', 'atuem')} de outra forma em contextos nos quais ${ptO(s.O)} ${v(s.O, 'segue', 'seguem')} outra trajetória.`,
        (s) => `Diversas ressalvas relativizam essas conclusões, entre elas ${ptO(s.L)}, que pode ter inflado a influência aparente ${ptDe(s.D)} sobre ${ptO(s.O)} de maneiras que o desenho atual não permite descartar.`,
        (s) => `O leitor deve ter em mente que os registros disponíveis estavam incompletos em ${a4(s.U, 'vários', 'várias', 'vários', 'várias')} ${s.U.t}, e nada nos dados atuais permite separar o efeito ${ptDe(s.D)} das condições locais não observadas.`
      ],
      implication: [
        (s) => `Se esses padrões se confirmarem em escala mais ampla, os órgãos responsáveis ${ptPor(s.S)} fariam bem em rever as diretrizes vigentes sobre ${ptO(s.T)}, atribuindo peso muito maior ${ptA(s.D)} na alocação de recursos escassos.`,
        (s) => `Em conjunto, as evidências apontam para uma reorientação da prática na qual ${ptO(s.A)} monitorem ${ptO(s.O)} rotineiramente e tratem ${ptO(s.D)} como um sinal de alerta precoce, e não como uma condição de fundo.`,
        (s) => `Para quem desenha intervenções sobre ${ptO(s.T)}, a lição é que ajustes modestos ${ptEm(s.D)} podem gerar mudanças desproporcionais ${ptEm(s.O)}, sobretudo entre ${ptO(s.S)}, onde as condições de partida já são frágeis.`
      ]
    }
  }
};

// ---------------------------------------------------------------------------
// Dictionary for the "dictionary" perturbation: label-preserving near-synonyms.
// Pairs keep gender and number in es/pt so substitution stays grammatical.
// ---------------------------------------------------------------------------
const DICTIONARY = {
  en: [
    ['study', 'research'],
    ['data', 'records'],
    ['findings', 'results'],
    ['considerably', 'substantially'],
    ['examined', 'investigated'],
    ['previous', 'earlier'],
    ['widely', 'broadly'],
    ['however', 'nevertheless'],
    ['observations', 'measurements'],
    ['roughly', 'approximately'],
    ['marked', 'pronounced'],
    ['substantial', 'considerable'],
    ['modest', 'small'],
    ['regular', 'periodic'],
    ['particularly', 'especially'],
    ['directly', 'explicitly'],
    ['striking', 'remarkable'],
    ['abruptly', 'suddenly'],
    ['conceivable', 'plausible'],
    ['genuine', 'real']
  ],
  es: [
    ['estudio', 'trabajo'],
    ['datos', 'registros'],
    ['hallazgos', 'resultados'],
    ['considerablemente', 'notablemente'],
    ['examinado', 'analizado'],
    ['previos', 'anteriores'],
    ['ampliamente', 'extensamente'],
    ['utilizamos', 'empleamos'],
    ['observaciones', 'mediciones'],
    ['prudencia', 'cautela'],
    ['marcada', 'acusada'],
    ['sustancial', 'considerable'],
    ['especialmente', 'particularmente'],
    ['directamente', 'explícitamente'],
    ['escasos', 'pocos'],
    ['llamativo', 'sorprendente'],
    ['abrupta', 'repentina'],
    ['modestos', 'pequeños']
  ],
  pt: [
    ['estudo', 'trabalho'],
    ['dados', 'registros'],
    ['achados', 'resultados'],
    ['consideravelmente', 'substancialmente'],
    ['examinado', 'investigado'],
    ['amplamente', 'largamente'],
    ['utilizamos', 'empregamos'],
    ['observações', 'medições'],
    ['cautela', 'prudência'],
    ['acentuada', 'pronunciada'],
    ['substancial', 'considerável'],
    ['sobretudo', 'principalmente'],
    ['diretamente', 'explicitamente'],
    ['marcante', 'notável'],
    ['abrupta', 'repentina'],
    ['modestos', 'pequenos'],
    ['desenho', 'delineamento']
  ]
};
const NEGATORS = new Set(['not', 'never', 'no', 'nunca', 'ni', 'não', 'nem']);

function dictionaryYaml() {
  const lines = [
    '# Near-synonym substitutions for the dictionary perturbation (keys and values are lowercase whole words).',
    'version: 1',
    'languages:'
  ];
  for (const lang of LANGS) {
    lines.push(`  ${lang}:`);
    for (const [from, to] of DICTIONARY[lang]) lines.push(`    ${from}: ${to}`);
  }
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------
// Generation.
// ---------------------------------------------------------------------------
function fillSlots(rng, domain, li) {
  const at = (list) => parseNp(rng.pick(list)[li]);
  const Y = rng.int(1995, 2012);
  return {
    F: parseNp(domain.F[li]),
    U: parseNp(domain.U[li]),
    T: at(domain.T),
    S: at(domain.S),
    M: at(domain.M),
    O: at(domain.O),
    D: at(domain.D),
    A: at(domain.A),
    L: at(LIMITS),
    P: `${rng.int(4, 48)}%`,
    N: rng.int(120, 980),
    K: rng.int(6, 40),
    Y,
    Y2: Y + rng.int(5, 10)
  };
}

// Balanced (language, label, domain) cells, then a seeded shuffle of the row order.
function planSplit(rng, size) {
  const plan = [];
  for (let i = 0; i < size; i++) {
    plan.push({
      language: LANGS[i % LANGS.length],
      label: LABELS[Math.floor(i / LANGS.length) % LABELS.length],
      domain: DOMAINS[i % DOMAINS.length]
    });
  }
  return rng.shuffle(plan);
}

function generate() {
  const rng = makeRng(SEED);
  const seen = new Set();
  const splits = {};
  for (const split of SPLITS) {
    const plan = planSplit(rng, split.size);
    const cellUse = new Map();
    const rows = plan.map((cell, idx) => {
      const li = LANGS.indexOf(cell.language);
      const templates = TEMPLATES[cell.language][split.pool][cell.label];
      // Challenge cells rotate through their templates so each frame is used evenly.
      const key = `${cell.language}/${cell.label}`;
      const use = cellUse.get(key) ?? 0;
      cellUse.set(key, use + 1);
      for (let attempt = 0; attempt < 2000; attempt++) {
        const template = split.pool === 'challenge' ? templates[use % templates.length] : rng.pick(templates);
        const text = template(fillSlots(rng, cell.domain, li));
        if (seen.has(text)) continue;
        seen.add(text);
        return {
          id: `${split.prefix}-${String(idx + 1).padStart(4, '0')}`,
          text,
          label: cell.label,
          language: cell.language,
          domain: cell.domain.id
        };
      }
      throw new Error(`could not draw a unique sentence for ${split.name} ${key}`);
    });
    splits[split.name] = rows;
  }
  return splits;
}

// ---------------------------------------------------------------------------
// Checks and figures.
// ---------------------------------------------------------------------------
const words = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const uniqueTypes = (text) => new Set(words(text)).size;

function binProportions(values) {
  const counts = new Array(PSI_EDGES.length - 1).fill(0);
  for (const x of values) {
    let b = counts.length - 1;
    for (let i = 0; i < counts.length; i++) {
      if (x >= PSI_EDGES[i] && x < PSI_EDGES[i + 1]) {
        b = i;
        break;
      }
    }
    counts[b]++;
  }
  return counts.map((c) => c / values.length);
}

function psi(reference, current) {
  const p = binProportions(reference);
  const q = binProportions(current);
  let total = 0;
  for (let i = 0; i < p.length; i++) {
    const pi = Math.max(p[i], 1e-4);
    const qi = Math.max(q[i], 1e-4);
    total += (qi - pi) * Math.log(qi / pi);
  }
  return total;
}

function stripAccents(word) {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

function checkDictionary() {
  for (const lang of LANGS) {
    const pairs = DICTIONARY[lang];
    if (pairs.length < 10 || pairs.length > 25) throw new Error(`dictionary ${lang}: ${pairs.length} entries, want 10-25`);
    const keys = new Set(pairs.map(([k]) => k));
    if (keys.size !== pairs.length) throw new Error(`dictionary ${lang}: duplicate key`);
    for (const [from, to] of pairs) {
      for (const w of [from, to]) {
        if (!/^\p{Ll}+$/u.test(w)) throw new Error(`dictionary ${lang}: "${w}" is not a single lowercase word`);
        if (NEGATORS.has(w)) throw new Error(`dictionary ${lang}: negator "${w}"`);
      }
      if (from === to || stripAccents(from) === stripAccents(to)) throw new Error(`dictionary ${lang}: ${from} -> ${to} is not a real substitution`);
      if (keys.has(to)) throw new Error(`dictionary ${lang}: value "${to}" is also a key`);
    }
  }
}

function dictionaryRows(rows) {
  const perLang = Object.fromEntries(LANGS.map((l) => [l, 0]));
  for (const row of rows) {
    const keys = new Set(DICTIONARY[row.language].map(([k]) => k));
    if (words(row.text).some((w) => keys.has(w))) perLang[row.language]++;
  }
  return perLang;
}

function checkDesign(splits) {
  const fail = (msg) => {
    throw new Error(`design constraint failed: ${msg}`);
  };
  const ids = new Set();
  const textOwner = new Map();
  for (const split of SPLITS) {
    const rows = splits[split.name];
    if (rows.length !== split.size) fail(`${split.name} has ${rows.length} rows, want ${split.size}`);
    const texts = new Set();
    for (const row of rows) {
      if (ids.has(row.id)) fail(`duplicate id ${row.id}`);
      ids.add(row.id);
      if (texts.has(row.text)) fail(`duplicate text in ${split.name}: ${row.text}`);
      texts.add(row.text);
      const owner = textOwner.get(row.text);
      if (owner !== undefined && owner !== split.name) fail(`text shared by ${owner} and ${split.name}: ${row.text}`);
      textOwner.set(row.text, split.name);
    }
    for (const label of LABELS) {
      for (const lang of LANGS) {
        if (!rows.some((r) => r.label === label && r.language === lang)) fail(`${split.name} lacks ${label}/${lang}`);
      }
    }
    for (const d of DOMAINS) {
      if (!rows.some((r) => r.domain === d.id)) fail(`${split.name} lacks domain ${d.id}`);
    }
  }
  for (const lang of LANGS) {
    const n = splits.challenge.filter((r) => r.language === lang).length;
    if (n < MIN_CHALLENGE_PER_LANGUAGE) fail(`challenge has ${n} ${lang} rows, want >= ${MIN_CHALLENGE_PER_LANGUAGE}`);
  }
  const value = psi(splits.controlled.map((r) => uniqueTypes(r.text)), splits.challenge.map((r) => uniqueTypes(r.text)));
  if (!(value > MIN_PSI)) fail(`PSI ${value.toFixed(3)} <= ${MIN_PSI}`);
  const dict = dictionaryRows([...splits.controlled, ...splits.challenge]);
  const dictTotal = LANGS.reduce((acc, l) => acc + dict[l], 0);
  if (dictTotal < MIN_DICTIONARY_ROWS) fail(`only ${dictTotal} controlled+challenge rows contain a dictionary word`);
  for (const lang of LANGS) if (dict[lang] === 0) fail(`no ${lang} row contains a dictionary word`);
  return { psi: value, dict, dictTotal };
}

function report(splits, figures) {
  const out = [];
  const pad = (s, n) => String(s).padEnd(n);
  const padL = (s, n) => String(s).padStart(n);
  for (const split of SPLITS) {
    const rows = splits[split.name];
    out.push(`${split.name}: ${rows.length} rows`);
    out.push(`  ${pad('label', 12)}${LANGS.map((l) => padL(l, 5)).join('')}${padL('all', 6)}`);
    for (const label of LABELS) {
      const counts = LANGS.map((l) => rows.filter((r) => r.label === label && r.language === l).length);
      out.push(`  ${pad(label, 12)}${counts.map((c) => padL(c, 5)).join('')}${padL(counts.reduce((a, b) => a + b, 0), 6)}`);
    }
    const totals = LANGS.map((l) => rows.filter((r) => r.language === l).length);
    out.push(`  ${pad('all', 12)}${totals.map((c) => padL(c, 5)).join('')}${padL(rows.length, 6)}`);
    const doms = DOMAINS.map((d) => `${d.id}=${rows.filter((r) => r.domain === d.id).length}`).join(' ');
    const types = rows.map((r) => uniqueTypes(r.text));
    const mean = types.reduce((a, b) => a + b, 0) / types.length;
    out.push(`  domains: ${doms}`);
    out.push(`  unique token types per text: mean ${mean.toFixed(1)}, min ${Math.min(...types)}, max ${Math.max(...types)}`);
  }
  out.push(`PSI(controlled -> challenge, unique token types): ${figures.psi.toFixed(3)}`);
  out.push(
    `rows in controlled+challenge with a dictionary word: ${figures.dictTotal} (${LANGS.map((l) => `${l}=${figures.dict[l]}`).join(' ')})`
  );
  return out.join('\n');
}

function main() {
  checkDictionary();
  const splits = generate();
  const figures = checkDesign(splits);
  mkdirSync(join(HERE, 'data'), { recursive: true });
  for (const split of SPLITS) {
    const body = splits[split.name]
      .map((r) => JSON.stringify({ id: r.id, text: r.text, label: r.label, language: r.language, domain: r.domain }))
      .join('\n');
    writeFileSync(join(HERE, 'data', `${split.name}.jsonl`), body + '\n', 'utf8');
  }
  writeFileSync(join(HERE, 'dictionary.yml'), dictionaryYaml(), 'utf8');
  console.log(report(splits, figures));
}

main();
