import type { FastifyInstance } from 'fastify';
import { NOTICE_VERSION } from '../modules/consent/notice';

/** The candidate agrees to the notice through the API, as the ready page does before 'Ready to Start' (decision 025). */
export async function giveConsent(app: FastifyInstance, interviewId: number, token: string): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/interview/${interviewId}/consent`, headers: { 'x-candidate-token': token }, payload: { noticeVersion: NOTICE_VERSION } });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`consent answered ${res.statusCode}: ${res.body}`);
}
