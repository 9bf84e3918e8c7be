import type { CandidateNotice } from '../../../contracts/consent';

/**
 * The notice an applicant to a phone screening reads before applying (docs/decisions/035): the
 * video interview's notice (consent/notice.ts, decision 025) told for a call. Its own version: a
 * change to a sentence below is a new version, dated the day it ships.
 */
export const PHONE_NOTICE_VERSION = '2026-11-24-phone';

export const PHONE_CONSENT_LABEL = 'I have read the notice above and agree to be called by an AI assistant, to be recorded and to have my answers evaluated by AI.';

export function phoneScreeningNotice(f: { companyName: string; jobTitle: string; retentionDays: number }): CandidateNotice {
  const company = f.companyName;
  return {
    version: PHONE_NOTICE_VERSION,
    title: 'About this AI phone screening',
    sections: [
      {
        heading: 'An AI calls you',
        text: `An AI assistant, not a person, calls you in working hours on your own clock for a short screening for the ${f.jobTitle} role. It says at the start that it is an AI and asks whether you agree to continue; you can say no, or ask not to be called again, at any time. People at ${company} review the results and make every hiring decision; the AI does not decide.`,
      },
      {
        heading: 'What the AI evaluates',
        text: `An AI scores the content of your answers against ${company}'s criteria for the role, from a written transcript of the call. It does not analyse your voice, accent, emotions or how you sound.`,
      },
      {
        heading: 'The recording',
        text: `The call is recorded and transcribed so that ${company}'s recruiters can review it. The AI scores only the transcript.`,
      },
      {
        heading: 'Who sees it',
        text: `${company}'s recruiters and hiring team. Hireloop, the service ${company} uses for this screening, stores and processes your application and the call on ${company}'s behalf only.`,
      },
      {
        heading: 'How long it is kept',
        text: `Your application, the recording, the transcript and the evaluation are deleted automatically ${f.retentionDays} days after the call, unless a legal obligation requires ${company} to keep them longer. You can ask ${company} to delete them sooner at any time.`,
      },
    ],
  };
}
