// `npm run eval:ai -- --provider openai-compatible` measures a model the same way as the built-in
// engine (issue 11, "Measure any model the same way"): the script run as an employer runs it, against
// a loopback server speaking the OpenAI chat-completions wire format. The fake "model" gives every
// criterion the same score, so the figures the script prints can be known in advance; a second model
// name always fails, so every answer set falls back to the built-in engine and the script must say so.
// Only the tuning part is read: the held-out part stays blind (dataset.ts).
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopbackHttp, type LoopbackHttp } from '../../test/loopback-http';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface ChatRequest {
  model: string;
  response_format?: { json_schema?: { name?: string; schema?: { properties?: { criteria?: { items?: { properties?: { name?: { enum?: string[] } } } } } } } };
}

/** Three samples in a row: 50, 60, 75; their median is 60 and their spread (25) is above the report's "unsure" spread. */
const SAMPLE_SCORES = [50, 60, 75];
let served = 0;
let server: LoopbackHttp;
let baseUrl: string;

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return reply(res, 404, { error: { message: 'not found' } });
  const body = JSON.parse(raw) as ChatRequest;
  if (body.model === 'broken-model') return reply(res, 400, { error: { message: 'The model `broken-model` does not exist', type: 'invalid_request_error' } });
  const names = body.response_format?.json_schema?.schema?.properties?.criteria?.items?.properties?.name?.enum ?? [];
  const score = SAMPLE_SCORES[served++ % SAMPLE_SCORES.length];
  const content = JSON.stringify({
    criteria: names.map((name) => ({ name, score, feedback: 'Scored by the loopback model.', evidence: [] })),
    summary: 'A loopback assessment.',
  });
  reply(res, 200, {
    id: `chatcmpl-${served}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 400, completion_tokens: 60, total_tokens: 460 },
  });
}

beforeAll(async () => {
  server = await listenLoopbackHttp(handle);
  baseUrl = `${server.origin}/v1`;
});

afterAll(() => server.close());

/** Runs the eval script as `npm run eval:ai` does, with only the variables named here. */
function runEval(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/eval-ai.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The first line of `out` that matches, or a failure naming what was looked for. */
const line = (out: string, pattern: RegExp) => {
  const found = out.split('\n').find((l) => pattern.test(l));
  expect(found, `no line matching ${pattern} in:\n${out}`).toBeDefined();
  return found!;
};

describe('npm run eval:ai -- --provider openai-compatible', () => {
  it('scores every answer set with the model, takes the median of AI_SAMPLES and prints the same figures as for the built-in engine', async () => {
    const { code, stdout, stderr } = await runEval(['--provider', 'openai-compatible', '--part', 'tuning'], { AI_BASE_URL: baseUrl, AI_MODEL: 'loopback-model', AI_SAMPLES: '3' });
    expect(stderr).not.toMatch(/fell back/);
    expect(code).toBe(0);
    expect(stdout).toContain('Engine: openai-compatible (loopback-model, AI_SAMPLES=3)');
    // Every criterion of every set is the median 60: no pair is ranked, only adequate sets are in their band.
    const sets = Number(/in (\d+) answer sets/.exec(line(stdout, /^Answers: /))![1]);
    expect(sets).toBeGreaterThanOrEqual(240);
    expect(line(stdout, /pair ranking, overall/)).toContain(`0/${sets} = 0.0 % (target >= 95 %: NOT MET)`);
    expect(line(stdout, /band accuracy/)).toContain(`${sets / 3}/${sets} = 33.3 %`);
    expect(line(stdout, /insufficient evidence on adequate and strong/)).toContain('= 0.0 % (target 0: met)');
    expect(line(stdout, /mean overall/)).toContain('strong 60.0 (60-60), adequate 60.0 (60-60), weak 60.0 (60-60)');
    expect(line(stdout, /the built-in engine scored instead/)).toContain(`0/${sets} answer sets`);
    expect(line(stdout, /samples more than 15 points apart/)).toMatch(/(\d+)\/\1 = 100\.0 % of criterion scores/);
    expect(stdout).not.toContain('two runs give identical results');
    // Three requests per answer set, plus the name-swap transcripts.
    expect(served).toBeGreaterThanOrEqual(3 * sets);
    // The bias check is the built-in one whatever the provider, and the held-out part was not read.
    expect(line(stdout, /Bias check, all \d+ lists/)).toBeDefined();
    expect(stdout).not.toContain('Held-out part');
    expect(line(stdout, /^Name, gender and origin swaps/)).toContain('largest score change 0 point(s)');
  }, 120_000);

  it('says how many answer sets the built-in engine scored when the model failed, so its figures are not taken for the model', async () => {
    const { code, stdout } = await runEval(['--provider', 'openai-compatible', '--part', 'tuning'], { AI_BASE_URL: baseUrl, AI_MODEL: 'broken-model' });
    expect(code).toBe(0);
    const sets = Number(/in (\d+) answer sets/.exec(line(stdout, /^Answers: /))![1]);
    expect(line(stdout, /the built-in engine scored instead/)).toContain(`${sets}/${sets} answer sets (these figures are not the model's alone)`);
    expect(stdout).not.toMatch(/samples more than 15 points apart/);
  }, 120_000);

  it('refuses a provider it does not know, and a model provider without its settings, with a message and exit code 1', async () => {
    const unknown = await runEval(['--provider', 'gpt'], {});
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('--provider must be builtin, openai, anthropic or openai-compatible, not gpt');
    const noKey = await runEval(['--provider', 'openai', '--part', 'tuning'], {});
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('AI_API_KEY: required when AI_PROVIDER=openai');
  }, 60_000);
});
