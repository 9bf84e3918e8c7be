// The LLM engine against a loopback server speaking the OpenAI chat-completions wire format,
// misbehaving on cue: the request's model name picks the script of answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evaluation } from '../../../contracts/ai';
import { listenLoopbackHttp, type LoopbackHttp } from '../../test/loopback-http';
import type { AiEngine, EvaluationInput } from '../engine';
import { withFallback } from '../fallback';
import { createLlmEngine } from './index';

type Behaviour = 'ok' | 'hang' | '500' | '429' | '400' | 'malformed';

const scripts: Record<string, Behaviour[]> = {
  ok: ['ok'],
  hang: ['hang'],
  'server-down': ['500'],
  'server-hiccup': ['500', 'ok'],
  'rate-limited': ['429', 'ok'],
  'rate-limited-always': ['429'],
  'bad-request': ['400', 'ok'],
  malformed: ['malformed', 'ok'],
  'malformed-always': ['malformed'],
  compatible: ['500', 'ok'],
};

interface ChatRequest {
  model: string;
  temperature?: number;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: { properties?: Record<string, unknown> } } };
}

interface Seen {
  path: string;
  authorization?: string;
  body: ChatRequest;
}

const rubric = [
  { name: 'Technical skills', description: 'Backend depth', weight: 60 },
  { name: 'Communication', description: 'Clarity', weight: 40 },
];
const evaluationInput: EvaluationInput = {
  questions: ['Tell me about a system you scaled.'],
  rubric,
  transcript: [
    { speaker: 'AI', text: 'Tell me about a system you scaled.', startMs: 0 },
    { speaker: 'Candidate', text: 'I moved our payments queue to Kafka and throughput went up four times.', startMs: 3_000 },
  ],
};

function validAnswer(schemaName: string | undefined): unknown {
  if (schemaName === 'reworded_question') return { response: 'Thanks for that. How do you test, candidate_name?' };
  if (schemaName === 'interview_plan') {
    return {
      questions: ['Q one?', 'Q two?', 'Q three?', 'Q four?', 'Q five?'],
      rubric: [
        { name: 'Skills', description: 'd', weight: 40 },
        { name: 'Communication', description: 'd', weight: 30 },
        { name: 'Cultural fit', description: 'd', weight: 30 },
      ],
    };
  }
  return {
    criteria: [
      { name: 'Technical skills', score: 80, feedback: 'Concrete.', evidence: [{ quote: 'I moved our payments queue to Kafka' }, { quote: 'I invented Kafka' }] },
      { name: 'Communication', score: 65, feedback: 'Clear.', evidence: [] },
    ],
    summary: 'Good candidate.',
    overall: 100,
  };
}

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

const seen: Seen[] = [];
const calls = new Map<string, number>();
let server: LoopbackHttp;
let baseUrl: string;

function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return sendJson(res, 404, { error: { message: 'not found' } });
  const body = JSON.parse(raw) as ChatRequest;
  seen.push({ path: req.url, authorization: req.headers.authorization, body });
  const script = scripts[body.model] ?? ['400'];
  const n = calls.get(body.model) ?? 0;
  calls.set(body.model, n + 1);
  const behaviour = script[Math.min(n, script.length - 1)]!;
  switch (behaviour) {
    case 'hang':
      return; // never answers; the client's timeout must end the wait
    case '500':
      return sendJson(res, 500, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } });
    case '429':
      return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '0' });
    case '400':
      return sendJson(res, 400, { error: { message: 'Invalid schema for response_format', type: 'invalid_request_error' } });
    case 'malformed':
      return sendJson(res, 200, completion(body.model, '{"criteria": [{"name": "Technical skills", "score": 80,'));
    case 'ok':
      return sendJson(res, 200, completion(body.model, JSON.stringify(validAnswer(body.response_format?.json_schema?.name))));
  }
}

beforeAll(async () => {
  server = await listenLoopbackHttp(handle);
  baseUrl = `${server.origin}/v1`;
});

afterAll(() => server.close());

const builtin: AiEngine = {
  name: 'builtin',
  planInterview: async () => ({ questions: ['Fallback 1', 'Fallback 2', 'Fallback 3', 'Fallback 4', 'Fallback 5'], rubric: [] }),
  screeningQuestions: async () => ['Fallback screening'],
  rewordQuestion: async ({ nextQuestion }) => nextQuestion,
  decideFollowUp: async () => ({ followUp: null, reason: 'fallback' }),
  evaluate: async (): Promise<Evaluation> => ({
    summary: 'Built-in evaluation.',
    overall: 42,
    criteria: [],
    insufficientEvidence: false,
    engine: 'builtin',
    promptVersion: 'builtin/v1',
    biasFlags: [],
  }),
  checkQuestions: async () => [],
  checkText: async () => [],
};

function engine(model: string, provider: 'openai' | 'openai-compatible' = 'openai', fetchImpl?: typeof fetch): AiEngine {
  const llm = createLlmEngine({
    ai: { provider, model, baseUrl, apiKey: 'test-key' },
    biasChecker: builtin,
    fetch: fetchImpl,
    // Only the hanging server needs the timeout to fire; the others answer at once, and a short
    // timeout on a busy machine turned their answers into fallbacks.
    timeoutMs: model === 'hang' ? 300 : 10_000,
    retryDelayCapMs: 20,
  });
  return withFallback(llm, builtin);
}

const requestsFor = (model: string) => seen.filter((s) => s.body.model === model);

describe('LLM engine over the OpenAI chat-completions wire format', () => {
  it('sends a json_schema request and reads the answer', async () => {
    let fetched = 0;
    const countingFetch: typeof fetch = (input, init) => {
      fetched += 1;
      return fetch(input, init);
    };
    const plan = await engine('ok', 'openai', countingFetch).planInterview({ title: 'Backend engineer', description: 'Go and Kafka' });
    expect(plan.questions).toHaveLength(5);
    expect(plan.rubric.reduce((s, c) => s + c.weight, 0)).toBe(100);
    expect(fetched).toBe(1);

    const request = requestsFor('ok').at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body.temperature).toBe(0);
    expect(request.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'interview_plan', strict: true } });
    expect(Object.keys(request.body.response_format!.json_schema!.schema.properties!)).toEqual(['questions', 'rubric']);
    expect(request.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request.body.messages[1]!.content).toContain('Backend engineer');
  });

  it('evaluates with the overall score computed by code and only literal quotes kept', async () => {
    const result = await engine('ok').evaluate(evaluationInput);
    expect(result.fallbackReason).toBeUndefined();
    expect(result).toMatchObject({ engine: 'openai', model: 'ok', overall: 74, insufficientEvidence: false });
    expect(result.criteria[0]!.evidence).toEqual([{ quote: 'I moved our payments queue to Kafka', atMs: 3_000 }]);
    const schema = requestsFor('ok').at(-1)!.body.response_format!.json_schema!.schema;
    expect(JSON.stringify(schema)).toContain('"enum":["Technical skills","Communication"]');
  });

  it('gives up on a server that hangs past the timeout and falls back', async () => {
    const started = Date.now();
    const result = await engine('hang').evaluate(evaluationInput);
    expect(result).toMatchObject({ engine: 'builtin', overall: 42, fallbackReason: 'openai: timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(requestsFor('hang')).toHaveLength(1);
  });

  it('retries a 500 and succeeds', async () => {
    const result = await engine('server-hiccup').evaluate(evaluationInput);
    expect(result).toMatchObject({ engine: 'openai', overall: 74 });
    expect(requestsFor('server-hiccup')).toHaveLength(2);
  });

  it('falls back after two retries when the server keeps answering 500', async () => {
    const result = await engine('server-down').evaluate(evaluationInput);
    expect(result).toMatchObject({ engine: 'builtin', fallbackReason: 'openai: server_error' });
    expect(requestsFor('server-down')).toHaveLength(3);
  });

  it('waits as Retry-After says after a 429 and succeeds', async () => {
    const result = await engine('rate-limited').evaluate(evaluationInput);
    expect(result).toMatchObject({ engine: 'openai', overall: 74 });
    expect(requestsFor('rate-limited')).toHaveLength(2);

    const limited = await engine('rate-limited-always').evaluate(evaluationInput);
    expect(limited.fallbackReason).toBe('openai: rate_limited');
    expect(requestsFor('rate-limited-always')).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    const result = await engine('bad-request').evaluate(evaluationInput);
    expect(result).toMatchObject({ engine: 'builtin', fallbackReason: 'openai: client_error' });
    expect(requestsFor('bad-request')).toHaveLength(1);
  });

  it('repairs malformed JSON once, telling the model what was wrong', async () => {
    const result = await engine('malformed').evaluate(evaluationInput);
    expect(result).toMatchObject({ engine: 'openai', overall: 74 });
    const [first, second] = requestsFor('malformed');
    expect(second!.body.messages[1]!.content).toContain('not valid JSON');
    expect(second!.body.messages[1]!.content.startsWith(first!.body.messages[1]!.content)).toBe(true);

    const broken = await engine('malformed-always').evaluate(evaluationInput);
    expect(broken.fallbackReason).toBe('openai: invalid_output');
    expect(requestsFor('malformed-always')).toHaveLength(2);
  });

  it('speaks the same wire format as an OpenAI-compatible provider', async () => {
    const result = await engine('compatible', 'openai-compatible').rewordQuestion({
      previousResponse: 'I like queues.',
      nextQuestion: 'How do you test, candidate_name?',
    });
    expect(result).toBe('Thanks for that. How do you test, candidate_name?');
    const requests = requestsFor('compatible');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.authorization).toBe('Bearer test-key');
    expect(requests[1]!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'reworded_question' } });
  });

  it('falls back when nothing listens at the base URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const llm = createLlmEngine({
      ai: { provider: 'openai', model: 'ok', baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key' },
      biasChecker: builtin,
      timeoutMs: 10_000,
      retryDelayCapMs: 20,
    });
    const result = await withFallback(llm, builtin).evaluate(evaluationInput);
    expect(result).toMatchObject({ engine: 'builtin', fallbackReason: 'openai: network_error' });
  });
});
