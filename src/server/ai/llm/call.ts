import { APICallError, generateObject, JSONParseError, NoObjectGeneratedError, TypeValidationError, type LanguageModel } from 'ai';
import type { z } from 'zod';

/** Why a task gave up; short enough to show in a report ("openai: timeout"). */
export type LlmFailureReason =
  | 'timeout'
  | 'rate_limited'
  | 'server_error'
  | 'network_error'
  | 'client_error'
  | 'invalid_output'
  | 'unknown';

/** The one error a task throws. Its message never carries the prompt or the candidate's words. */
export class LlmTaskError extends Error {
  override readonly name = 'LlmTaskError';

  constructor(
    readonly task: string,
    readonly reason: LlmFailureReason,
    detail: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(`${task}: ${reason}${detail ? ` (${detail})` : ''}`, options);
  }
}

/**
 * Thrown from a task's post-processing when the object matches the schema but cannot be used
 * (e.g. duplicates leave too few questions); the model is asked once more, like a schema failure.
 */
export class InvalidOutputError extends Error {
  override readonly name = 'InvalidOutputError';
}

export interface LlmCallSettings {
  model: LanguageModel;
  /** Per attempt. */
  timeoutMs?: number;
  /** Upper bound for one wait between retries, Retry-After included. */
  retryDelayCapMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRY_DELAY_CAP_MS = 10_000;
/** Retries after 429 and 5xx; the repair attempt for invalid output is counted apart. */
export const MAX_RETRIES = 2;
const BASE_RETRY_DELAY_MS = 1_000;
const MAX_ECHOED_OUTPUT_CHARS = 2_000;

export interface LlmTask<T, R> {
  /** Task name; also sent as the schema name (letters, digits, _ and - only). */
  name: string;
  schema: z.ZodType<T>;
  schemaDescription?: string;
  system: string;
  prompt: string;
  maxOutputTokens?: number;
  /** Turns the validated object into the result; may throw InvalidOutputError. */
  postProcess: (output: T) => R | Promise<R>;
}

/**
 * Runs one structured-output task: a timeout per attempt, bounded retries on 429/5xx/network
 * errors honouring Retry-After, one repair attempt when the output fails validation.
 */
export async function runLlmTask<T, R>(settings: LlmCallSettings, task: LlmTask<T, R>): Promise<R> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const delayCapMs = settings.retryDelayCapMs ?? DEFAULT_RETRY_DELAY_CAP_MS;
  let prompt = task.prompt;
  let retries = 0;
  let repaired = false;
  let attempts = 0;

  for (;;) {
    attempts += 1;
    try {
      const object = await attemptOnce(settings.model, task, prompt, timeoutMs);
      return await task.postProcess(object);
    } catch (error) {
      const failure = classify(error);
      if (failure.reason === 'invalid_output' && !repaired) {
        repaired = true;
        prompt = repairPrompt(task.prompt, failure.detail, failure.output);
        continue;
      }
      if (failure.retryable && retries < MAX_RETRIES) {
        await sleep(retryDelayMs(failure.headers, retries, delayCapMs));
        retries += 1;
        continue;
      }
      throw new LlmTaskError(task.name, failure.reason, failure.detail, attempts, { cause: error });
    }
  }
}

class AttemptTimeoutError extends Error {
  override readonly name = 'AttemptTimeoutError';
}

async function attemptOnce<T>(model: LanguageModel, task: LlmTask<T, unknown>, prompt: string, timeoutMs: number): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const call = generateObject({
      model,
      schema: task.schema,
      schemaName: task.name,
      schemaDescription: task.schemaDescription,
      system: task.system,
      prompt,
      temperature: 0,
      maxOutputTokens: task.maxOutputTokens,
      // Retries are ours: they must skip other 4xx and cap the wait.
      maxRetries: 0,
      abortSignal: signal,
    });
    // A provider that ignores the signal still cannot hold the caller past the timeout.
    const result = await untilAborted(call, signal);
    return result.object;
  } catch (error) {
    if (signal.aborted) throw new AttemptTimeoutError(`no answer within ${timeoutMs} ms`, { cause: error });
    throw error;
  }
}

function untilAborted<V>(promise: Promise<V>, signal: AbortSignal): Promise<V> {
  return new Promise<V>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface Failure {
  reason: LlmFailureReason;
  retryable: boolean;
  detail: string;
  headers?: Record<string, string>;
  /** The model's unusable answer, echoed in the repair prompt. */
  output?: string;
}

function classify(error: unknown): Failure {
  if (error instanceof AttemptTimeoutError) return { reason: 'timeout', retryable: false, detail: error.message };
  if (error instanceof InvalidOutputError) return { reason: 'invalid_output', retryable: false, detail: error.message };
  if (NoObjectGeneratedError.isInstance(error)) {
    return { reason: 'invalid_output', retryable: false, detail: describeOutputProblem(error), output: error.text };
  }
  if (TypeValidationError.isInstance(error) || JSONParseError.isInstance(error)) {
    return { reason: 'invalid_output', retryable: false, detail: describeOutputProblem(error) };
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const headers = error.responseHeaders;
    const detail = status === undefined ? error.message : `HTTP ${status}`;
    if (status === undefined) return { reason: 'network_error', retryable: error.isRetryable, detail };
    if (status === 429) return { reason: 'rate_limited', retryable: true, detail, headers };
    // A 2xx whose body the provider could not read is the server's fault as much as a 5xx.
    if (status >= 500 || status < 400) return { reason: 'server_error', retryable: true, detail, headers };
    return { reason: 'client_error', retryable: false, detail };
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { reason: 'timeout', retryable: false, detail: error.message };
  }
  return { reason: 'unknown', retryable: false, detail: error instanceof Error ? error.name : 'non-error thrown' };
}

/** A short, model-readable account of why the output was rejected (zod issues when there are some). */
function describeOutputProblem(error: Error): string {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth += 1) {
    if (JSONParseError.isInstance(cause)) return 'the answer was not valid JSON';
    const issues = (cause as { issues?: unknown }).issues;
    if (Array.isArray(issues) && issues.length > 0) {
      return (issues as { path?: PropertyKey[]; message?: string }[])
        .slice(0, 10)
        .map((i) => `${i.path && i.path.length > 0 ? i.path.map(String).join('.') : '(root)'}: ${i.message ?? 'invalid'}`)
        .join('; ');
    }
    cause = cause.cause;
  }
  return error.message;
}

function repairPrompt(prompt: string, problem: string, previous: string | undefined): string {
  const echoed = previous ? `\nYour previous answer was:\n${previous.slice(0, MAX_ECHOED_OUTPUT_CHARS)}\n` : '\n';
  return `${prompt}\n\n---\nYour previous answer could not be used: ${problem}.${echoed}Answer again with one JSON object that matches the schema exactly.`;
}

/** Wait before retry number `retryIndex` (0-based): Retry-After when the server sent one, else exponential; never above the cap. */
export function retryDelayMs(headers: Record<string, string> | undefined, retryIndex: number, capMs: number): number {
  const requested = retryAfterMs(headers);
  const delay = requested ?? BASE_RETRY_DELAY_MS * 2 ** retryIndex;
  return Math.max(0, Math.min(delay, capMs));
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = headers['retry-after-ms'];
  if (ms !== undefined && ms.trim() !== '' && Number.isFinite(Number(ms))) return Number(ms);
  const value = headers['retry-after'];
  if (value === undefined || value.trim() === '') return undefined;
  if (Number.isFinite(Number(value))) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at - Date.now();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
