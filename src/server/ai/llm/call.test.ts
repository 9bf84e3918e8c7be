import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidOutputError, LlmTaskError, retryDelayMs, runLlmTask, type LlmTask } from './call';
import { fastSettings, promptOf, scriptedModel } from './testing';

const schema = z.object({ answer: z.string(), count: z.number().int().min(1) });
type Out = z.infer<typeof schema>;

function task(overrides: Partial<LlmTask<Out, Out>> = {}): LlmTask<Out, Out> {
  return { name: 'test_task', schema, system: 'You test.', prompt: 'Say something.', postProcess: (o) => o, ...overrides };
}

function httpError(statusCode: number, headers: Record<string, string> = {}): APICallError {
  return new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'http://model.test/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    responseBody: '{"error":{"message":"nope"}}',
  });
}

async function failure(promise: Promise<unknown>): Promise<LlmTaskError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmTaskError);
  return error as LlmTaskError;
}

describe('runLlmTask', () => {
  it('returns the validated object, asking with temperature 0 and without SDK retries', async () => {
    const model = scriptedModel({ answer: 'hi', count: 2 });
    await expect(runLlmTask({ model, ...fastSettings }, task())).resolves.toEqual({ answer: 'hi', count: 2 });
    expect(model.doGenerateCalls).toHaveLength(1);
    const call = model.doGenerateCalls[0]!;
    expect(call.temperature).toBe(0);
    expect(call.responseFormat).toMatchObject({ type: 'json', name: 'test_task' });
    expect(call.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it('asks once more with the validation error when the output does not match the schema', async () => {
    const model = scriptedModel({ answer: 'hi', count: 0 }, { answer: 'hi', count: 3 });
    await expect(runLlmTask({ model, ...fastSettings }, task())).resolves.toEqual({ answer: 'hi', count: 3 });
    expect(model.doGenerateCalls).toHaveLength(2);
    const repair = promptOf(model.doGenerateCalls[1]);
    expect(repair).toContain('Say something.');
    expect(repair).toContain('could not be used');
    expect(repair).toMatch(/count: /);
    expect(repair).toContain('"count":0');
  });

  it('repairs text that is not JSON at all', async () => {
    const model = scriptedModel('Sure! Here is your answer: {answer: hi', { answer: 'ok', count: 1 });
    await expect(runLlmTask({ model, ...fastSettings }, task())).resolves.toEqual({ answer: 'ok', count: 1 });
    expect(promptOf(model.doGenerateCalls[1])).toContain('not valid JSON');
  });

  it('repairs only once, then fails with invalid_output', async () => {
    const model = scriptedModel({ answer: 1 }, { answer: 2 }, { answer: 'never asked', count: 1 });
    const error = await failure(runLlmTask({ model, ...fastSettings }, task()));
    expect(error.reason).toBe('invalid_output');
    expect(error.attempts).toBe(2);
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('treats an InvalidOutputError from post-processing like a schema failure', async () => {
    const model = scriptedModel({ answer: 'dup', count: 1 }, { answer: 'fine', count: 1 });
    const postProcess = (o: Out) => {
      if (o.answer === 'dup') throw new InvalidOutputError('answer repeats itself');
      return o;
    };
    await expect(runLlmTask({ model, ...fastSettings }, task({ postProcess }))).resolves.toEqual({ answer: 'fine', count: 1 });
    expect(promptOf(model.doGenerateCalls[1])).toContain('answer repeats itself');
  });

  it('retries 429 and 5xx at most twice', async () => {
    const ok = { answer: 'ok', count: 1 };
    const flaky = scriptedModel(httpError(429, { 'retry-after': '0' }), httpError(503), ok);
    await expect(runLlmTask({ model: flaky, ...fastSettings }, task())).resolves.toEqual(ok);
    expect(flaky.doGenerateCalls).toHaveLength(3);

    const down = scriptedModel(httpError(500));
    const error = await failure(runLlmTask({ model: down, ...fastSettings }, task()));
    expect(error.reason).toBe('server_error');
    expect(error.attempts).toBe(3);
    expect(down.doGenerateCalls).toHaveLength(3);

    const limited = scriptedModel(httpError(429, { 'retry-after': '0' }));
    expect((await failure(runLlmTask({ model: limited, ...fastSettings }, task()))).reason).toBe('rate_limited');
  });

  it('does not retry other 4xx', async () => {
    for (const status of [400, 401, 403, 404, 408, 422]) {
      const model = scriptedModel(httpError(status), { answer: 'never', count: 1 });
      const error = await failure(runLlmTask({ model, ...fastSettings }, task()));
      expect(error.reason).toBe('client_error');
      expect(model.doGenerateCalls).toHaveLength(1);
    }
  });

  it('gives up after the timeout, even when the provider ignores the abort signal', async () => {
    const model = new MockLanguageModelV3({ doGenerate: () => new Promise(() => {}) });
    const started = Date.now();
    const error = await failure(runLlmTask({ model, timeoutMs: 100, retryDelayCapMs: 0 }, task()));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('reports an unexpected error in post-processing as unknown, without leaking the prompt', async () => {
    const model = scriptedModel({ answer: 'ok', count: 1 });
    const postProcess = (): Out => {
      throw new TypeError('bug');
    };
    const error = await failure(runLlmTask({ model, ...fastSettings }, task({ prompt: 'secret candidate words', postProcess })));
    expect(error.reason).toBe('unknown');
    expect(error.message).not.toContain('secret');
  });
});

describe('retryDelayMs', () => {
  it('honours Retry-After in seconds, milliseconds or as a date, within the cap', () => {
    expect(retryDelayMs({ 'retry-after': '0' }, 0, 10_000)).toBe(0);
    expect(retryDelayMs({ 'retry-after': '3' }, 0, 10_000)).toBe(3_000);
    expect(retryDelayMs({ 'retry-after': '120' }, 0, 10_000)).toBe(10_000);
    expect(retryDelayMs({ 'retry-after-ms': '250', 'retry-after': '9' }, 0, 10_000)).toBe(250);
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString();
    expect(retryDelayMs({ 'retry-after': inTwoSeconds }, 0, 10_000)).toBeGreaterThan(500);
    expect(retryDelayMs({ 'retry-after': 'Thu, 01 Jan 1970 00:00:00 GMT' }, 0, 10_000)).toBe(0);
  });

  it('backs off exponentially without a header', () => {
    expect(retryDelayMs(undefined, 0, 10_000)).toBe(1_000);
    expect(retryDelayMs({}, 1, 10_000)).toBe(2_000);
    expect(retryDelayMs({ 'retry-after': 'soon' }, 1, 1_500)).toBe(1_500);
  });
});
