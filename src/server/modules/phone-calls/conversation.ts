import type { CallEnding, ConversationState } from '../../../contracts/phone-calls';
import type { AiEngine } from '../../ai/engine';

export type { CallEnding, ConversationState };

/**
 * The screening call's conversation, whatever carries it (a Twilio call or the browser
 * simulator): the agent introduces itself as an AI assistant, asks consent to continue and to
 * record, asks each question, asks at most one follow-up when the engine finds an answer thin,
 * and closes. Pure apart from the engine's follow-up decision, so every carrier behaves alike.
 */
export interface CallScript {
  agentName: string;
  companyName: string;
  candidateName: string;
  jobTitle: string | null;
  questions: string[];
}

export interface Turn {
  state: ConversationState;
  /** What the agent says now, in order. */
  say: string[];
  /** Lines for the transcript: the candidate's answer (if any) and the agent's words. */
  transcript: { speaker: 'AI' | 'Candidate'; text: string }[];
}

/** How many times a silent or unclear answer is asked again before the call moves on. */
const MAX_RETRIES = 1;

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function consentQuestion(script: CallScript): string {
  const role = script.jobTitle ? ` about the ${script.jobTitle} position` : '';
  return (
    `Hi ${firstName(script.candidateName)}, this is ${script.agentName}, an AI assistant calling on behalf of ${script.companyName}${role}. ` +
    `I'd like to ask you ${script.questions.length} short screening question${script.questions.length === 1 ? '' : 's'}. ` +
    'This call is recorded and transcribed so the hiring team can review your answers. Is it okay to continue?'
  );
}

const CLOSING = 'Thank you, those are all my questions. The hiring team will review your answers and be in touch. Goodbye!';
const DECLINED = 'No problem, thank you for your time. Goodbye!';
export const OPTED_OUT = "Understood, we won't call you again. Thank you for your time. Goodbye!";
const NO_RESPONSE = "I'm sorry, I can't hear you. We'll be in touch to find another time. Goodbye!";

/** Yeses that contain a "no" word: read as yes before anything else is looked for. */
const YES_IDIOMS =
  /\b(no problems?( at all)?|no worries|no issues?|no objections?|not a problem|(don't|dont|do not) worry( about (it|that|the recording))?|(i )?(don't|dont|do not) mind( at all)?|(i )?(don't|dont|do not) see why not|why not|(i )?(don't|dont|do not) have (a|any) problem( with (that|it|this))?|no,? (no,? )?(it's|that's|that is|it is) (fine|okay|ok|alright|all right))\b/g;
/** Words that lean neither way on their own ("Not at all, go ahead" is a yes; "Not at all" alone is asked again). */
const NEUTRAL = /\bnot at all\b/g;
/** An objection to the recording, wherever it is said: consent to record is what is asked. */
const RECORDING_OBJECTION = /\b(don't|dont|do not|not|no|rather not|prefer not|without)( \S+){0,3} (record|recorded|recording|recordings|transcribed|transcript)\b/;
/** Doubt is not consent, though it may contain "sure" or "okay". */
const DOUBT = /\b(not sure|unsure|(i )?(don't|dont|do not) know|maybe|i guess|depends|who is this|what is this)\b/;
/** A refusal, said where the answer gives its yes or no. "Stop" counts only where the clause starts with it. */
const REFUSAL =
  /^(please )?stop\b|\b(no|nope|nah|not now|not today|not right now|not really|not (ok|okay|fine|good|comfortable|ready|interested)|not a good time|bad time|(i )?(don't|dont|do not) (want|agree|consent|think so)|rather not|prefer not|decline|refuse|absolutely not|no way|hang up|(i'll|i will) pass|(rather|prefer to) (speak|talk) (to|with) a (real )?(person|human))\b/;
const AGREEMENT =
  /\b(yes|yeah|yea|yep|yup|sure|ok|okay|fine|go ahead|go for it|of course|absolutely|certainly|definitely|alright|all right|sounds good|that works|please do|please continue|i agree|i consent|happy to|let's do it|let's go|i'm ready|ready)\b/;
/** A later clause that takes the yes back ("Okay, but not now"). */
const RESERVATION = /^(but|though|although|however|except)\b.*\b(not (now|today|right now|yet)|(don't|dont|do not) (want|agree|consent|continue|go on)|another time|call (me )?(back )?later)\b/;

/**
 * Reads a spoken consent by what the answer says to the question, not by any word in it: "Yes. I
 * log every stop" is a yes. The first clause that answers decides (a refusal, a yes, or doubt), a
 * later clause can only take a yes back, and an objection to the recording anywhere is a no. Only a
 * clear yes counts: consent to record is a legal matter, so anything else is asked again and then
 * treated as a no. (Asking not to be called again is read before this, by stopRequest.)
 */
export function classifyConsent(answer: string): 'yes' | 'no' | 'unclear' {
  const text = answer.toLowerCase().replace(/[’‘]/g, "'").replace(YES_IDIOMS, ' yes ').replace(NEUTRAL, ' ');
  const words = (part: string) => part.replace(/[^a-z' ]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (RECORDING_OBJECTION.test(words(text))) return 'no';
  const clauses = text.split(/[.!?;,:]+|\s(?=(?:but|though|although|however|except)\b)/).map(words).filter(Boolean);
  let agreed = false;
  for (const clause of clauses) {
    if (!agreed) {
      if (DOUBT.test(clause)) return 'unclear';
      if (REFUSAL.test(clause)) return 'no';
      agreed = AGREEMENT.test(clause);
    } else if (RESERVATION.test(clause)) {
      return 'no';
    }
  }
  return agreed ? 'yes' : 'unclear';
}

const normalise = (answer: string) =>
  answer
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Asking not to be called again, wherever it is said in an answer. */
const OPT_OUT_ANYWHERE = [
  /\b(stop|quit) (calling|phoning|ringing|contacting) (me|this number|my (phone|number|cell))\b/,
  /\b(don't|dont|do not|never) (ever )?(call|phone|ring|contact) (me|this number|my (phone|number|cell))( ever)? (again|anymore|any more)\b/,
  /\b(take|remove|delete) (me|my (phone )?number) (off|from) (your|the|this) ((call|calling|phone|contact|mailing) )?list\b/,
  /\bdo not call list\b/,
  /\b(lose|delete|forget) (my|this) (phone )?number\b/,
  /\bunsubscribe me\b/,
  /\b(no more|stop the|stop these|stop your) (calls|phone calls)\b/,
  /\b(i|we) (don't|dont|do not) want (to be (called|contacted)|(any )?(more )?(calls|phone calls))\b/,
];
/** Polite words around a short request ("no, please stop calling, thanks"). */
const FILLER = "(?:(?:no|nope|sorry|actually|um|uh|well|please|okay|ok|look|listen|hey|thanks|thank you|bye|goodbye|just|again|anymore|any more)(?: |$))*";
const whole = (body: string) => new RegExp(`^${FILLER}(?:${body})(?: |$)${FILLER}$`);
/** Asking not to be called, said as the whole answer (in a longer answer these words may be about something else). */
const OPT_OUT_WHOLE = whole("stop calling|(don't|dont|do not) call( me)?|leave me alone|unsubscribe|stop it");
/** Declining to go on with the screening, said as the whole answer. */
const DECLINE_WHOLE = whole(
  [
    "(i'm|i am|im) (not|no longer) interested",
    'not interested',
    "(i )?(don't|dont|do not) want to (continue|go on|do this|carry on|proceed|answer( any more| anymore)?)",
    "(i )?(want|would like|wanna)( to)? (stop|end|quit|hang up)( (the|this) (call|interview|screening))?( now)?",
    "(i'd|id) like to (stop|end|quit|hang up)( (the|this) (call|interview|screening))?( now)?",
    "(i'm|i am|im) (done|withdrawing)( now)?",
    'i withdraw( my application)?',
    '(end|stop) (the|this) (call|interview|screening)',
    "(let's|lets) stop( here)?",
  ].join('|'),
);

/**
 * Whether an answer asks for the calls to stop: 'opt_out' (do not call me again) or 'decline' (I do
 * not want to go on). Either ends the call, and no further call is placed (decision 025). Read
 * before anything else the answer might be, at every step of the call.
 */
export function stopRequest(answer: string): 'opt_out' | 'decline' | null {
  const text = normalise(answer);
  if (!text) return null;
  if (OPT_OUT_ANYWHERE.some((re) => re.test(text)) || OPT_OUT_WHOLE.test(text)) return 'opt_out';
  if (DECLINE_WHOLE.test(text)) return 'decline';
  return null;
}

export function openConversation(script: CallScript): Turn {
  const line = consentQuestion(script);
  return { state: { phase: 'consent', questionIndex: 0, retries: 0 }, say: [line], transcript: [{ speaker: 'AI', text: line }] };
}

const end = (state: ConversationState, ending: CallEnding, line: string, heard: Turn['transcript']): Turn => ({
  state: { ...state, phase: 'ended', ending, retries: 0 },
  say: [line],
  transcript: [...heard, { speaker: 'AI', text: line }],
});

/** The next step after the candidate's answer (empty when nothing was heard). */
export async function continueConversation(ai: AiEngine, script: CallScript, state: ConversationState, answer: string): Promise<Turn> {
  const spoken = answer.trim();
  const heard: Turn['transcript'] = spoken ? [{ speaker: 'Candidate', text: spoken }] : [];
  const ask = (next: ConversationState, lines: string[]): Turn => ({
    state: next,
    say: lines,
    transcript: [...heard, ...lines.map((text) => ({ speaker: 'AI' as const, text }))],
  });
  const askQuestion = (index: number, lead?: string): Turn => {
    if (index >= script.questions.length) return end(state, 'finished', CLOSING, heard);
    const question = script.questions[index]!;
    return ask({ phase: 'question', questionIndex: index, retries: 0 }, lead ? [lead, question] : [question]);
  };

  if (state.phase === 'ended') return { state, say: [], transcript: [] };
  const stop = stopRequest(spoken);
  if (stop === 'opt_out') return end(state, 'opted_out', OPTED_OUT, heard);
  if (stop === 'decline') return end(state, 'declined', DECLINED, heard);

  switch (state.phase) {
    case 'consent': {
      const consent = classifyConsent(spoken);
      if (consent === 'yes') return askQuestion(0, 'Great, thank you. Here is the first question.');
      if (consent === 'no') return end(state, 'declined', DECLINED, heard);
      if (state.retries >= MAX_RETRIES) return end(state, spoken ? 'declined' : 'no_response', spoken ? DECLINED : NO_RESPONSE, heard);
      return ask({ ...state, retries: state.retries + 1 }, ['Sorry, I need a clear yes or no. Is it okay to continue with the recorded call?']);
    }
    case 'question':
    case 'follow_up': {
      const question = script.questions[state.questionIndex] ?? '';
      if (!spoken) {
        if (state.retries >= MAX_RETRIES) return askQuestion(state.questionIndex + 1, "Let's move on.");
        return ask({ ...state, retries: state.retries + 1 }, [`Sorry, I didn't catch that. ${state.phase === 'question' ? question : 'Could you say that again?'}`]);
      }
      if (state.phase === 'question') {
        const decision = await ai.decideFollowUp({ question, answer: spoken });
        if (decision.followUp) return ask({ phase: 'follow_up', questionIndex: state.questionIndex, retries: 0 }, [decision.followUp]);
      }
      const isLast = state.questionIndex + 1 >= script.questions.length;
      return askQuestion(state.questionIndex + 1, isLast ? undefined : 'Thank you. Next question.');
    }
  }
}
