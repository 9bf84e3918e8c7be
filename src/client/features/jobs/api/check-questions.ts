import { biasCheckResult, type BiasFlag } from '@/contracts/ai';
import { apiRequest, readJson } from '@/client/lib/api';

/** POST /api/bias-check: what the bias check finds in questions not saved yet. */
export async function checkQuestions(questions: string[]): Promise<BiasFlag[]> {
  return (await readJson(await apiRequest('POST', '/api/bias-check', { questions }), biasCheckResult)).flags;
}
