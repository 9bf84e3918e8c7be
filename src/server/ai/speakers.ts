/** The interviewer's names in a transcript; every other speaker is the candidate. */
const INTERVIEWER = /^(ai|interviewer|ai interviewer|assistant|agent|system)$/i;

export const isInterviewerSpeaker = (speaker: string) => INTERVIEWER.test(speaker.trim());
export const isCandidateSpeaker = (speaker: string) => !isInterviewerSpeaker(speaker);
