import { describe, expect, it } from 'vitest';
import type { AiEngine, FollowUpDecision } from '../../ai/engine';
import consentAnswers from './consent-answers.json';
import { classifyConsent, consentQuestion, continueConversation, openConversation, type CallScript, type ConversationState } from './conversation';

const script: CallScript = {
  agentName: 'Morgan',
  companyName: 'Alpha Freight',
  candidateName: 'Dana  Whitfield',
  jobTitle: 'CDL Class A Driver',
  questions: ['How long have you driven trucks?', 'How do you plan your day?', 'Why this job?'],
};

const CLOSING = 'Thank you, those are all my questions. The hiring team will review your answers and be in touch. Goodbye!';
const DECLINED = 'No problem, thank you for your time. Goodbye!';

/** An engine whose follow-up decisions are scripted; the conversation uses nothing else of it. */
function scriptedEngine(decide: (input: { question: string; answer: string }) => string | null) {
  const asked: { question: string; answer: string }[] = [];
  const unused = () => Promise.reject(new Error('not used by the conversation'));
  const ai: AiEngine = {
    name: 'scripted',
    planInterview: unused,
    screeningQuestions: unused,
    rewordQuestion: unused,
    evaluate: unused,
    checkQuestions: unused,
    checkText: unused,
    decideFollowUp: async (input): Promise<FollowUpDecision> => {
      asked.push(input);
      return { followUp: decide(input), reason: 'scripted' };
    },
  };
  return { ai, asked };
}

const noFollowUps = () => scriptedEngine(() => null);
const consenting: ConversationState = { phase: 'consent', questionIndex: 0, retries: 0 };
const atQuestion = (questionIndex: number, retries = 0): ConversationState => ({ phase: 'question', questionIndex, retries });

describe('the opening', () => {
  it('introduces the agent as an AI assistant calling for the company, says the call is recorded and asks consent', () => {
    const line = consentQuestion(script);
    expect(line).toBe(
      'Hi Dana, this is Morgan, an AI assistant calling on behalf of Alpha Freight about the CDL Class A Driver position. ' +
        "I'd like to ask you 3 short screening questions. " +
        'This call is recorded and transcribed so the hiring team can review your answers. Is it okay to continue?',
    );
    expect(consentQuestion({ ...script, jobTitle: null, questions: ['Only one?'] })).toMatch(
      /^Hi Dana, this is Morgan, an AI assistant calling on behalf of Alpha Freight\. I'd like to ask you 1 short screening question\. /,
    );
    expect(openConversation(script)).toEqual({ state: consenting, say: [line], transcript: [{ speaker: 'AI', text: line }] });
  });
});

describe('consent', () => {
  it.each([
    ['Yes.', 'yes'],
    ['Yeah, sure, go ahead', 'yes'],
    ['OK', 'yes'],
    ['Of course!', 'yes'],
    ['Yes, no problem.', 'yes'],
    ["Sure, I don't mind", 'yes'],
    ['I don’t mind at all', 'yes'],
    ['No.', 'no'],
    ['No thanks, not now', 'no'],
    ["I'd rather not", 'no'],
    ["Yes, but please don't record me", 'no'],
    ["That's not okay", 'no'],
    ['Stop calling me', 'no'],
    ["I'm not sure", 'unclear'],
    ["I don't know, what is this about?", 'unclear'],
    ['Who is this?', 'unclear'],
    ['I know the company', 'unclear'],
    ['', 'unclear'],
  ] as const)('reads %j as %s', (answer, expected) => {
    expect(classifyConsent(answer)).toBe(expected);
  });

  // Issue 28: consent and opt-out read by what the answer says to the question, not by any word in
  // it. Real-sounding answers to "Is it okay to continue?", half consent and half refusal or opt-out;
  // each must take the call where the candidate meant it to go.
  const CONSENTS = [
    'Yes. I have driven night routes for six years and I log every stop.',
    "Yeah, that's fine, go ahead.",
    'Sure, no problem.',
    "Yes, I don't mind being recorded.",
    'Not at all, go ahead.',
    "Okay, let's do it.",
    'Yep. I just got off a shift, but I have a few minutes.',
    "Absolutely, I've been waiting for your call.",
    "Of course. I'm parked at a truck stop so I can talk.",
    'Hi, yes, this is Maria. Go ahead.',
    "No problem at all, I'm ready.",
    'That works for me.',
    "Sure thing, I don't have a problem with that.",
    "Yes please, I was hoping you'd call.",
    'Alright, sounds good.',
    "Yes, I can't wait to tell you about my forklift experience.",
    "Go ahead, I'm listening.",
    "Uh, yeah, sure. Sorry, I'm at a bus stop, it's a bit noisy.",
    "Yes. I never stop learning, so I'm glad you called.",
    'Okay. No worries about the recording.',
    "No, no, that's fine, go on and ask.",
    "I'm happy to continue.",
  ];
  const REFUSALS: [string, 'declined' | 'opted_out'][] = [
    ['No.', 'declined'],
    ['No thanks, not right now.', 'declined'],
    ["I'd rather not be recorded.", 'declined'],
    ["Yes, but please don't record this call.", 'declined'],
    ['Sorry, now is not a good time.', 'declined'],
    ['Please stop calling me.', 'opted_out'],
    ['Take me off your list.', 'opted_out'],
    ["I'm not interested anymore.", 'declined'],
    ['Nope.', 'declined'],
    ['Not really, no.', 'declined'],
    ["I don't want to do this over the phone.", 'declined'],
    ['No, I found another job, thanks.', 'declined'],
    ["Don't call me again.", 'opted_out'],
    ["Okay, but not now, I'm driving.", 'declined'],
    ['I do not consent to being recorded.', 'declined'],
    ['Absolutely not.', 'declined'],
    ['No way, who gave you my number?', 'declined'],
    ["Hmm, no, I'd prefer a person to interview me.", 'declined'],
    ["Stop. I didn't apply for this.", 'declined'],
    ["I'm not comfortable with an AI interview, no.", 'declined'],
    ['Remove my number from your calling list, please.', 'opted_out'],
    ['No, thank you. Goodbye.', 'declined'],
  ];

  it('has at least 40 answers, half consent and half refusal or opt-out', () => {
    expect(CONSENTS.length + REFUSALS.length).toBeGreaterThanOrEqual(40);
    expect(CONSENTS.length).toBe(REFUSALS.length);
  });

  it.each(CONSENTS)('goes on to the questions after %j', async (answer) => {
    const turn = await continueConversation(noFollowUps().ai, script, consenting, answer);
    expect(turn.state).toEqual(atQuestion(0));
  });

  it.each(REFUSALS)('ends the call after %j as %s', async (answer, ending) => {
    const turn = await continueConversation(noFollowUps().ai, script, consenting, answer);
    expect(turn.state).toMatchObject({ phase: 'ended', ending });
  });

  // A second set, written by someone who had not read the conversation code (70 answers, 2026-11-27):
  // measured once as written, 64 of 70 right (the code before issue 28: 58, one "Absolutely not."
  // read as consent); the six it missed were then fixed, so it is tuning data now, kept as a test.
  it.each(consentAnswers as { answer: string; label: 'consent' | 'decline' | 'opt_out' | 'unclear' }[])('reads $answer as $label', async ({ answer, label }) => {
    const turn = await continueConversation(noFollowUps().ai, script, consenting, answer);
    const expected = {
      consent: atQuestion(0),
      decline: expect.objectContaining({ phase: 'ended', ending: 'declined' }),
      opt_out: expect.objectContaining({ phase: 'ended', ending: 'opted_out' }),
      unclear: { ...consenting, retries: 1 },
    }[label];
    expect(turn.state).toEqual(expected);
  });

  it('asks again, rather than guessing, when the answer is neither', async () => {
    for (const answer of ['Not at all.', 'Who is this?', 'I guess so', 'Maybe, what is it about?', 'Can you call me back later?']) {
      const turn = await continueConversation(noFollowUps().ai, script, consenting, answer);
      expect(turn.state, answer).toEqual({ ...consenting, retries: 1 });
    }
  });

  it('goes on to the first question on a yes', async () => {
    const { ai } = noFollowUps();
    const turn = await continueConversation(ai, script, consenting, '  Yes, go ahead. ');
    expect(turn).toEqual({
      state: atQuestion(0),
      say: ['Great, thank you. Here is the first question.', script.questions[0]],
      transcript: [
        { speaker: 'Candidate', text: 'Yes, go ahead.' },
        { speaker: 'AI', text: 'Great, thank you. Here is the first question.' },
        { speaker: 'AI', text: script.questions[0] },
      ],
    });
  });

  it('ends politely on a no', async () => {
    const { ai } = noFollowUps();
    const turn = await continueConversation(ai, script, consenting, 'No, not now.');
    expect(turn.state).toEqual({ phase: 'ended', questionIndex: 0, retries: 0, ending: 'declined' });
    expect(turn.say).toEqual([DECLINED]);
    expect(turn.transcript).toEqual([
      { speaker: 'Candidate', text: 'No, not now.' },
      { speaker: 'AI', text: DECLINED },
    ]);
  });

  it('asks once more when unclear, then takes a second unclear answer as a no', async () => {
    const { ai } = noFollowUps();
    const again = await continueConversation(ai, script, consenting, 'Hmm, who is calling?');
    expect(again.state).toEqual({ ...consenting, retries: 1 });
    expect(again.say).toEqual(['Sorry, I need a clear yes or no. Is it okay to continue with the recorded call?']);
    const ended = await continueConversation(ai, script, again.state, "I'm not sure");
    expect(ended.state).toMatchObject({ phase: 'ended', ending: 'declined' });
    expect(ended.say).toEqual([DECLINED]);
    // A clear yes on the second asking continues.
    expect((await continueConversation(ai, script, again.state, 'Okay, yes')).state).toEqual(atQuestion(0));
  });

  it('asks once more after silence, then ends as not reached', async () => {
    const { ai } = noFollowUps();
    const again = await continueConversation(ai, script, consenting, '');
    expect(again.state).toEqual({ ...consenting, retries: 1 });
    expect(again.transcript.map((e) => e.speaker)).toEqual(['AI']);
    const ended = await continueConversation(ai, script, again.state, '   ');
    expect(ended.state).toMatchObject({ phase: 'ended', ending: 'no_response' });
    expect(ended.say).toEqual(["I'm sorry, I can't hear you. We'll be in touch to find another time. Goodbye!"]);
    expect(ended.transcript).toEqual([{ speaker: 'AI', text: ended.say[0] }]);
  });
});

describe('questions', () => {
  it('repeats a question once after silence, then moves on', async () => {
    const { ai, asked } = noFollowUps();
    const again = await continueConversation(ai, script, atQuestion(0), '');
    expect(again.state).toEqual(atQuestion(0, 1));
    expect(again.say).toEqual([`Sorry, I didn't catch that. ${script.questions[0]}`]);
    const next = await continueConversation(ai, script, again.state, '');
    expect(next.state).toEqual(atQuestion(1));
    expect(next.say).toEqual(["Let's move on.", script.questions[1]]);
    // Silence is never sent to the engine as an answer.
    expect(asked).toEqual([]);
    // Twice silent at the last question: the call closes.
    const last = await continueConversation(ai, script, atQuestion(2, 1), '');
    expect(last.state).toMatchObject({ phase: 'ended', ending: 'finished' });
    expect(last.say).toEqual([CLOSING]);
  });

  it('asks at most one follow-up per question, however thin the answer to it', async () => {
    const { ai, asked } = scriptedEngine(({ answer }) => (answer.split(' ').length < 4 ? 'Could you tell me a bit more?' : null));
    const followUp = await continueConversation(ai, script, atQuestion(0), ' Two years. ');
    expect(asked).toEqual([{ question: script.questions[0], answer: 'Two years.' }]);
    expect(followUp.state).toEqual({ phase: 'follow_up', questionIndex: 0, retries: 0 });
    expect(followUp.say).toEqual(['Could you tell me a bit more?']);
    expect(followUp.transcript).toEqual([
      { speaker: 'Candidate', text: 'Two years.' },
      { speaker: 'AI', text: 'Could you tell me a bit more?' },
    ]);

    // Silence after a follow-up asks it again in other words, once.
    const repeat = await continueConversation(ai, script, followUp.state, '');
    expect(repeat.state).toEqual({ phase: 'follow_up', questionIndex: 0, retries: 1 });
    expect(repeat.say).toEqual(["Sorry, I didn't catch that. Could you say that again?"]);

    // Still thin, but no second follow-up: the next question.
    const next = await continueConversation(ai, script, repeat.state, 'Just trucks.');
    expect(asked).toHaveLength(1);
    expect(next.state).toEqual(atQuestion(1));
    expect(next.say).toEqual(['Thank you. Next question.', script.questions[1]]);

    // The next question may have its own follow-up.
    const second = await continueConversation(ai, script, next.state, 'With a planner.');
    expect(second.state).toEqual({ phase: 'follow_up', questionIndex: 1, retries: 0 });
    expect(asked).toHaveLength(2);
  });

  it('closes after the answer to the last question', async () => {
    const { ai } = noFollowUps();
    const middle = await continueConversation(ai, script, atQuestion(1), 'I plan my route and breaks every morning with dispatch.');
    expect(middle.say).toEqual(['Thank you. Next question.', script.questions[2]]);
    const last = await continueConversation(ai, script, middle.state, 'Because I like regional routes and home time on weekends.');
    expect(last.state).toEqual({ phase: 'ended', questionIndex: 2, retries: 0, ending: 'finished' });
    expect(last.say).toEqual([CLOSING]);
    expect(last.transcript).toEqual([
      { speaker: 'Candidate', text: 'Because I like regional routes and home time on weekends.' },
      { speaker: 'AI', text: CLOSING },
    ]);
    // An ended call says nothing more.
    expect(await continueConversation(ai, script, last.state, 'Hello?')).toEqual({ state: last.state, say: [], transcript: [] });
  });
});
