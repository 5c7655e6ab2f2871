// A seeded corpus of e-mail-sized documents for the benchmark: RFC 822 style headers, a
// multipart/alternative body with a plain-text part and an HTML part, quoted replies, links,
// signatures and some non-ASCII, with bodies between 2 and 50 kB (log-uniform). Four labels
// whose word distributions overlap, so the baselines are neither perfect nor trivial.
//
// writeEmailProject(root, { train, evaluate, seed }) writes, under root:
//   bench-email/data/train.jsonl, bench-email/data/evaluate.jsonl  {id, text, label, language, domain}
//   bench-email/dictionary.yml   near-synonyms for the dictionary perturbation
//   bench-email/evidence-gate.yml a config with every text perturbation family and the four baselines
// The output depends only on the arguments (mulberry32, no clock, no Math.random).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LABELS = ['billing', 'newsletter', 'personal', 'support'];
const MIN_BYTES = 2_000;
const MAX_BYTES = 50_000;

// mulberry32: a 32-bit Weyl state mixed by two multiply-xorshift rounds; exact in integers.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = `the of and to a in is it you that for on with as was be this are have at or from by not but
we they your all can will an one has more if about which their there what so when up out do would
also been them some were her into time only new could other than then these may like just its our
any well because over two most after first how where very should even back much those through
please thanks regards hello hi team week today tomorrow meeting update note attached below
above information message reply forward sent received here best kind dear let know soon`.split(/\s+/);

const TOPIC = {
  billing: `invoice payment amount due balance account statement charge refund receipt overdue
card bank transfer total tax order purchase subscription renewal plan pricing credit debit fee
outstanding remittance billing period paid unpaid reminder ledger currency euro dollar`.split(/\s+/),
  newsletter: `newsletter edition issue weekly digest subscribe unsubscribe article stories
featured read latest announcements events webinar community highlights trending blog podcast
release launch preview roundup editor picks curated recommended popular archive`.split(/\s+/),
  personal: `dinner weekend family birthday party trip holiday photos kids mom dad friends coffee
lunch movie game visit house garden dog cat wedding vacation beach hike concert gift love miss
catch call later tonight sunday saturday evening`.split(/\s+/),
  support: `ticket issue problem error bug crash login password reset install update version
configuration server outage restart logs troubleshoot workaround escalate priority resolved
customer agent case request fix patch support incident diagnostic timeout browser device`.split(/\s+/)
};

const SYNONYMS = {
  invoice: 'bill',
  payment: 'remittance',
  amount: 'sum',
  problem: 'fault',
  error: 'failure',
  weekend: 'saturday',
  dinner: 'supper',
  article: 'piece',
  latest: 'newest',
  update: 'revision',
  meeting: 'call',
  information: 'details',
  message: 'note',
  attached: 'enclosed',
  soon: 'shortly',
  issue: 'matter',
  resolved: 'fixed',
  request: 'inquiry',
  trip: 'journey',
  photos: 'pictures'
};

const FIRST = [
  'Ana',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Eva',
  'Farid',
  'Grace',
  'Hiro',
  'Inês',
  'Jonas',
  'Kemal',
  'Léa',
  'Mateo',
  'Nora',
  'Øyvind',
  'Priya'
];
const LAST = [
  'Almeida',
  'Becker',
  'Chen',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Müller',
  'Nakamura',
  'Okafor'
];
const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com', 'lists.example.org'];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EXTRAS = ['café', 'naïve', 'über', '✓', '€', '→', '😀', '—', 'Straße', 'façade'];

function makeWriter(rand) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const hex = (n) => Array.from({ length: n }, () => '0123456789abcdef'[int(0, 15)]).join('');
  // A word: topic words of the label with probability 0.18, of another label 0.04, else common.
  const word = (label) => {
    const u = rand();
    if (u < 0.18) return pick(TOPIC[label]);
    if (u < 0.22) return pick(TOPIC[pick(LABELS)]);
    if (u < 0.225) return pick(EXTRAS);
    return pick(COMMON);
  };
  const sentence = (label) => {
    const n = int(6, 22);
    const words = Array.from({ length: n }, () => word(label));
    words[0] = words[0].charAt(0).toUpperCase() + words[0].slice(1);
    if (rand() < 0.08) words.splice(int(1, n - 1), 0, `https://${pick(DOMAINS)}/${hex(8)}?ref=${hex(4)}`);
    return words.join(' ') + pick(['.', '.', '.', '!', '?']);
  };
  const paragraph = (label) => Array.from({ length: int(2, 6) }, () => sentence(label)).join(' ');
  const person = () => {
    const first = pick(FIRST);
    const last = pick(LAST);
    return {
      name: `${first} ${last}`,
      address: `${first
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]/g, '')}.${hex(3)}@${pick(DOMAINS)}`
    };
  };
  const date = () =>
    `${pick(DAYS)}, ${String(int(1, 28)).padStart(2, '0')} ${pick(MONTHS)} 2026 ${String(int(0, 23)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')} +0000`;
  const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  return (label, bytes) => {
    const from = person();
    const to = person();
    const boundary = `b1_${hex(24)}`;
    const subject = Array.from({ length: int(3, 9) }, () => word(label)).join(' ');
    const head = [
      `Received: from mx${int(1, 9)}.${pick(DOMAINS)} (mx.${pick(DOMAINS)} [192.0.2.${int(1, 254)}]) by smtp.${pick(DOMAINS)} with ESMTPS id ${hex(12)}; ${date()}`,
      `From: "${from.name}" <${from.address}>`,
      `To: ${to.name} <${to.address}>`,
      `Subject: ${rand() < 0.3 ? 'Re: ' : ''}${subject}`,
      `Date: ${date()}`,
      `Message-ID: <${hex(16)}@${pick(DOMAINS)}>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      ''
    ].join('\n');
    // Half the budget goes to the plain part, the rest to HTML (markup makes it longer).
    const plain = [];
    let size = head.length;
    while (size < bytes / 2) {
      const p =
        rand() < 0.15
          ? paragraph(label)
              .split(/(?<=[.!?]) /)
              .map((s) => `> ${s}`)
              .join('\n')
          : paragraph(label);
      plain.push(p);
      size += p.length + 2;
    }
    plain.push(
      `-- \n${from.name}\n${pick(['Sent from my phone', 'Confidential: intended for the addressee only.', 'Please consider the environment before printing.'])}`
    );
    const html = ['<html><head><meta charset="utf-8"><style>p{margin:0 0 8px}.q{color:#555}</style></head><body>'];
    while (size < bytes) {
      const p = paragraph(label);
      const line =
        rand() < 0.2
          ? `<p>${escapeHtml(p)} <a href="https://${pick(DOMAINS)}/${hex(10)}">${escapeHtml(word(label))}</a></p>`
          : `<div class="q"><p>${escapeHtml(p)}</p></div>`;
      html.push(line);
      size += line.length + 1;
    }
    html.push('</body></html>');
    return [
      head,
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      plain.join('\n\n'),
      '',
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      '',
      html.join('\n'),
      `--${boundary}--`,
      ''
    ].join('\n');
  };
}

const CONFIG = `# Benchmark config: e-mail-sized documents, every text perturbation family, the four baselines.
version: 1
task: text
threat_model:
  id: bench-email
  revision: 1
  protected_outcome: "A billing e-mail must not be filed as a newsletter."
  objective: untargeted
  protected_transitions:
    - { from: billing, to: newsletter }
  access: black-box
  attacks:
    format: {}
    transpose: { words_per_change: 5 }
    dictionary: { file: bench-email/dictionary.yml }
    append: { sentences: { en: "This message was scanned and no threats were found." } }
    truncate: { keep: 0.65 }
  constraints: { max_char_edit_ratio: 0.25 }
data:
  train: bench-email/data/train.jsonl
  evaluate:
    evaluate: bench-email/data/evaluate.jsonl
  columns: { id: id, text: text, label: label, language: language, domain: domain }
models:
  - naive-bayes
  - tfidf-word
  - tfidf-char
  - { hybrid: { word_weight: 0.5 } }
statistics: { seed: 7, bootstrap_iterations: 1000, paired_iterations: 500, interval: 0.95 }
output: { text: full }
`;

export function writeEmailProject(root, { train, evaluate, seed }) {
  const rand = mulberry32(seed);
  const email = makeWriter(rand);
  const base = join(root, 'bench-email');
  mkdirSync(join(base, 'data'), { recursive: true });
  const split = (prefix, n) => {
    const lines = [];
    for (let i = 0; i < n; i++) {
      const label = LABELS[Math.floor(rand() * LABELS.length)];
      // Log-uniform size between MIN_BYTES and MAX_BYTES.
      const bytes = Math.round(MIN_BYTES * Math.pow(MAX_BYTES / MIN_BYTES, rand()));
      const domain = ['work', 'home'][Math.floor(rand() * 2)];
      lines.push(
        JSON.stringify({
          id: `${prefix}-${String(i).padStart(5, '0')}`,
          text: email(label, bytes),
          label,
          language: 'en',
          domain
        })
      );
    }
    return lines.join('\n') + '\n';
  };
  const trainText = split('tr', train);
  const evaluateText = split('ev', evaluate);
  writeFileSync(join(base, 'data/train.jsonl'), trainText);
  writeFileSync(join(base, 'data/evaluate.jsonl'), evaluateText);
  const dictionary =
    ['version: 1', 'languages:', '  en:', ...Object.entries(SYNONYMS).map(([k, v]) => `    ${k}: ${v}`)].join('\n') +
    '\n';
  writeFileSync(join(base, 'dictionary.yml'), dictionary);
  writeFileSync(join(base, 'evidence-gate.yml'), CONFIG);
  // The same run keeping only each text's SHA-256 in the evidence, as one would for a large corpus.
  writeFileSync(
    join(base, 'evidence-gate-hash.yml'),
    CONFIG.replace('output: { text: full }', 'output: { text: hash }')
  );
  return {
    config: 'bench-email/evidence-gate.yml',
    hashConfig: 'bench-email/evidence-gate-hash.yml',
    bytes: Buffer.byteLength(trainText) + Buffer.byteLength(evaluateText)
  };
}
