#!/usr/bin/env node
// A small model service for trying Evidence Gate's HTTP models. Node, no dependencies.
//
// It serves the bundled cue-phrase classifier (examples/external-model/keyword_model.mjs, run
// once as a child process and spoken to over its JSONL protocol) in the three formats:
//
//   POST /predict              evidence-gate: {"inputs": [{"id", "text"}…]} → {"outputs": [{"id", "label"}…]}
//   POST /hf                   huggingface:   {"inputs": ["…"…]}             → [[{"label", "score"}]…]
//   POST /v1/chat/completions  openai-chat:   the text after "Text: " in the last user message
//                                             → {"choices": [{"message": {"content": label}, "logprobs"?}]}
//
//   node examples/http-model/server.mjs [--port 8080]
//
// With EXAMPLE_API_TOKEN set, every request must carry "Authorization: Bearer <that value>".
// Logs go to stderr; it stops on SIGINT or SIGTERM.

import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const portArg = process.argv.indexOf('--port');
const port = portArg === -1 ? 8080 : Number(process.argv[portArg + 1]);
const token = process.env.EXAMPLE_API_TOKEN ?? '';

// The classifier: one process, requests matched to answers by id.
const model = spawn(process.execPath, [join(here, '..', 'external-model', 'keyword_model.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
const waiting = new Map();
let seq = 0;
createInterface({ input: model.stdout }).on('line', (line) => {
  const { id, label } = JSON.parse(line);
  waiting.get(id)?.(label);
  waiting.delete(id);
});
model.on('exit', (code) => {
  process.stderr.write(`server.mjs: the classifier exited (${code})\n`);
  process.exit(1);
});

function classify(text) {
  const id = `q${++seq}`;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    model.stdin.write(JSON.stringify({ id, text }) + '\n');
  });
}

async function evidenceGate(body) {
  const labels = await Promise.all(body.inputs.map((input) => classify(input.text)));
  return { outputs: body.inputs.map((input, i) => ({ id: input.id, label: labels[i] })) };
}

async function huggingface(body) {
  const labels = await Promise.all(body.inputs.map((text) => classify(text)));
  return labels.map((label) => [{ label, score: 1 }]);
}

async function chat(body) {
  const content = String(body.messages?.at(-1)?.content ?? '');
  const start = content.indexOf('Text: ');
  const end = content.lastIndexOf('\nLabels:');
  const text = start === -1 ? content : content.slice(start + 6, end > start ? end : undefined);
  const label = await classify(text);
  const choice = { index: 0, message: { role: 'assistant', content: label }, finish_reason: 'stop' };
  // The whole label as one certain token: scores are then 1 for it and 0 for the others.
  if (body.logprobs) choice.logprobs = { content: [{ token: label, logprob: 0, top_logprobs: [{ token: label, logprob: 0 }] }] };
  return { object: 'chat.completion', model: body.model, choices: [choice] };
}

const ROUTES = { '/predict': evidenceGate, '/hf': huggingface, '/v1/chat/completions': chat };

const server = createServer((req, res) => {
  const route = ROUTES[new URL(req.url, 'http://x').pathname];
  const send = (status, value) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (req.method !== 'POST' || !route) return send(404, { error: 'POST /predict, /hf or /v1/chat/completions' });
  if (token !== '' && req.headers.authorization !== `Bearer ${token}`) return send(401, { error: 'missing or wrong bearer token' });
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (text += chunk));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return send(400, { error: 'the body is not JSON' });
    }
    route(body).then(
      (value) => send(200, value),
      (error) => send(500, { error: String(error?.message ?? error) })
    );
  });
});

server.listen(port, '127.0.0.1', () => process.stderr.write(`server.mjs: listening on http://127.0.0.1:${server.address().port}\n`));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    model.stdin.end();
    process.exit(0);
  });
}
