import type { CandidateNotice } from '../../../contracts/consent';

/**
 * The notice a candidate reads before an AI interview, and its short form in the invitation email:
 * the one place their wording lives (decision 025). Illinois' AI Video Interview Act asks for notice
 * that AI is used, an explanation of how it works and what it evaluates, and consent before the
 * interview; the EU AI Act asks that people know they are dealing with an AI.
 *
 * NOTICE_VERSION names the wording. Any change to a sentence below (not to the facts filled in:
 * company, job, criteria, retention period) is a new version, dated the day it ships, so every
 * stored consent says which words the candidate agreed to.
 */
export const NOTICE_VERSION = '2026-11-24';

/** What the notice fills in for one interview. */
export interface NoticeFacts {
  companyName: string;
  jobTitle: string;
  /** The job's rubric criteria, by name, in the rubric's order. */
  criteria: string[];
  /** The company's retention period (GET /api/company/settings). */
  retentionDays: number;
  /** Video and audio are recorded, or audio only. */
  video: boolean;
}

/** "a", "a and b", "a, b and c". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const criteriaSentence = (f: NoticeFacts) =>
  f.criteria.length > 0
    ? `Your answers are scored against ${f.companyName}'s criteria for the ${f.jobTitle} role: ${listOf(f.criteria)}.`
    : `${f.companyName} has not listed criteria for the ${f.jobTitle} role yet, so the AI scores how well your answers address each question.`;

const recorded = (f: NoticeFacts) => (f.video ? 'Your video and audio are recorded' : 'Your audio is recorded');

/** The notice on the candidate's ready page, for one interview. */
export function candidateNotice(f: NoticeFacts): CandidateNotice {
  const company = f.companyName;
  return {
    version: NOTICE_VERSION,
    title: 'About this AI interview',
    sections: [
      {
        heading: 'An AI interviews you',
        text: `This interview is conducted by an AI interviewer, not a person: it asks the questions aloud and listens to your answers. An AI then scores your answers. People at ${company} review the results and make every hiring decision; the AI does not decide.`,
      },
      {
        heading: 'What the AI evaluates',
        text: `${criteriaSentence(f)} Only the content of what you say is evaluated, from a written transcript of your answers. The AI does not analyse your face, facial expressions, emotions, tone of voice or appearance.`,
      },
      {
        heading: 'The recording',
        text: `${recorded(f)} so that ${company}'s recruiters can review your interview, and a written transcript is made of what you say. The AI scores only that transcript, ${f.video ? 'not the video or the sound of your voice' : 'not the sound of your voice'}.`,
      },
      {
        heading: 'Who sees it',
        text: `${company}'s recruiters and hiring team. Hireloop, the service ${company} uses for this interview, stores and processes it on ${company}'s behalf only.`,
      },
      {
        heading: 'How long it is kept',
        text: `Your recording, transcript and evaluation are deleted automatically ${f.retentionDays} days after your interview, unless a legal obligation requires ${company} to keep them longer. You can ask for them to be deleted sooner at any time from this page.`,
      },
      {
        heading: 'If you prefer another way',
        text: `You can ask for an alternative: an interview with a person instead of the AI, or an accommodation such as more time or typing your answers. Ask on this page before you start; ${company}'s recruiters are told at once. You can still take the AI interview while you wait for their answer.`,
      },
    ],
  };
}

/** The notice as one text, the way it is stored with a consent. */
export function noticeText(notice: CandidateNotice): string {
  return [notice.title, ...notice.sections.map((s) => `${s.heading}\n${s.text}`), `Notice version ${notice.version}`].join('\n\n');
}

/** The paragraph every invitation email ends with (same version as the notice). */
export function invitationNotice(f: Pick<NoticeFacts, 'companyName' | 'jobTitle' | 'criteria'>, candidateLink: string): string {
  const evaluated = f.criteria.length > 0 ? ` against ${f.companyName}'s criteria for the role (${listOf(f.criteria)})` : '';
  return [
    'About this interview',
    `An AI interviewer conducts this interview and an AI scores your answers${evaluated}, from what you say only: it does not analyse your face, voice or emotions. People at ${f.companyName} make the hiring decision.`,
    `If you would prefer an interview with a person, or need an accommodation (such as more time or typing your answers), you can ask for it from your interview link before you start: ${candidateLink}`,
  ].join('\n');
}
