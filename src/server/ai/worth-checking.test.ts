import { describe, expect, it } from 'vitest';
import { loadRedFlags } from './eval/dataset';
import { findWorthChecking, flagOf } from './worth-checking';

describe('worth checking', () => {
  it("lists the candidate's admissions with their time in the recording, once each", () => {
    const transcript = [
      { speaker: 'AI', text: 'How do you handle hours of service when a load runs late?', startMs: 0 },
      { speaker: 'Candidate', text: 'I plan around the 14-hour clock. Sometimes you have to fudge the logs a bit when the shipper is slow.', startMs: 12_000 },
      { speaker: 'AI', text: 'Is your DOT medical card current?', startMs: 60_000 },
      { speaker: 'Candidate', text: "Class A since 2018. The medical card, um... honestly I think it ran out last month. I'd need to redo it.", startMs: 66_000 },
    ];
    expect(findWorthChecking(transcript)).toEqual([
      { kind: 'rule_breaking', quote: 'Sometimes you have to fudge the logs a bit when the shipper is slow.', atMs: 12_000 },
      { kind: 'licence', quote: 'honestly I think it ran out last month.', atMs: 66_000 },
    ]);
  });

  it('reads each kind: a broken rule, an unsafe practice, a licence not current, hostility', () => {
    expect(flagOf('If the truck ran fine the night before, I just sign the checklist and go.')).toBe('rule_breaking');
    expect(flagOf("To save time I pre-label the tubes at the start of the morning.")).toBe('rule_breaking');
    expect(flagOf("When we're short I'll skip the second-nurse check and just document it as done.")).toBe('rule_breaking');
    expect(flagOf("I'm pretty strong so usually I can do it myself without a gait belt.")).toBe('unsafe');
    expect(flagOf('My card expired in January, I think.')).toBe('licence');
    expect(flagOf("Honestly, if someone's yelling at me over a jacket, I'd tell them to stop yelling or leave.")).toBe('hostility');
  });

  it('does not flag what the candidate does not do, what others do, or what is said as a rule', () => {
    expect(flagOf('I never skip the pre-trip, even when I am running late.')).toBeNull();
    expect(flagOf('A lot of guys just sign the pre-trip without doing it, but I walk around every time.')).toBeNull();
    expect(flagOf("Driving over hours isn't an option, it's an FMCSA violation and a fatigue risk.")).toBeNull();
    expect(flagOf('Safety glasses always, no gloves near a rotating spindle, no loose sleeves.')).toBeNull();
    expect(flagOf('Afterwards I found her certificate had expired and fixed it properly.')).toBeNull();
    expect(flagOf('Honestly I just love working with patients.')).toBeNull();
    expect(flagOf('My BLS and ACLS are both current until 2027.')).toBeNull();
  });

  it("reads only the candidate's words, not the interviewer's", () => {
    expect(findWorthChecking([{ speaker: 'AI', text: 'Have you ever had to fudge the logs?' }, { speaker: 'Candidate', text: 'No, never.' }])).toEqual([]);
  });

  it('finds at least 75 % of the red flags of the spoken development answers it was worked on, and none on their clean neighbours', () => {
    const answers = loadRedFlags();
    expect(answers.length).toBeGreaterThanOrEqual(150);
    const flagged = answers.filter((a) => a.redFlag);
    const found = flagged.filter((a) => findWorthChecking([{ speaker: 'Candidate', text: a.answer }]).some((w) => w.quote.includes(a.redFlag!.quote) || a.redFlag!.quote.includes(w.quote) || a.redFlag!.quote.includes(w.quote.slice(0, 12))));
    expect(found.length / flagged.length).toBeGreaterThanOrEqual(0.75);
    const falseAlarms = answers.filter((a) => !a.redFlag && findWorthChecking([{ speaker: 'Candidate', text: a.answer }]).length > 0);
    expect(falseAlarms.map((a) => a.id)).toEqual([]);
    // Said of someone else, or about to be fixed, it is not the candidate's flag.
    expect(flagOf("A guy asked me to punch him in because he was running late.")).toBeNull();
    expect(flagOf("My BLS expires in May and I've already booked the renewal for mid-April so there's no gap.")).toBeNull();
    expect(flagOf('My firearms permit is pending with the state.')).toBe('licence');
  });
});
