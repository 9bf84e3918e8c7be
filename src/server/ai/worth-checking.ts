import type { TranscriptEntry, WorthCheckingItem } from '../../contracts/ai';
import { isCandidateSpeaker } from './speakers';

/*
 * Red flags in the candidate's own words (issue 31, item 4; docs/decisions/054-criteria-on-their-own-evidence.md):
 * what a recruiter must check before hiring whatever the scores say. Read by rules on each sentence,
 * for every engine (a model's evaluation gets the same list), so the report's "Worth checking" never
 * depends on a model having noticed. A rule names the admission itself; a sentence that says the
 * candidate does not do it ("I never skip the pre-trip"), or that others do it ("a lot of guys just
 * sign the pre-trip"), is not a flag.
 */

type Kind = WorthCheckingItem['kind'];

/**
 * `context`: the rule fires only where the sentence or the one before it names a licence or a
 * certificate ("The medical card, um… honestly I think it ran out last month.").
 */
const RULES: { kind: Kind; pattern: RegExp; context?: boolean }[] = [
  // Records and rules bent: logs, counts, sign-offs, time.
  { kind: 'rule_breaking', pattern: /\b(fudg\w*|falsif\w*|fake[sd]?|faking|backdat\w*|pencil[- ]whip\w*|doctor(?:ed|ing)?) (the |my |a |some )?(logs?|numbers?|records?|paperwork|forms?|counts?|hours|times?|charts?|temps?|temperatures?|readings?|entries|sheets?|books)\b/i },
  { kind: 'rule_breaking', pattern: /\b(fudge|fudging|fudged) (it|things|them|a little|a bit)\b/i },
  { kind: 'rule_breaking', pattern: /\b(log|chart|write|fill|sign) (it|them|that|everything) (in |out |off )?(later|after|afterwards|at the end)\b/i },
  { kind: 'rule_breaking', pattern: /\b(just )?sign(ed|ing)? (it |the (\w+[- ])?(sheet|form|log|inspection|checklist|pre-?trip) )?off without\b/i },
  { kind: 'rule_breaking', pattern: /\b(document|chart|log|mark|scan|record|sign)\w* (it|them|that|those|the \w+) (off )?as (done|delivered|complete|completed|given|checked|signed)\b/i },
  { kind: 'rule_breaking', pattern: /\b(skip|skipped|skipping|skips) (the |my |a )?([\w-]+ ){0,2}?(pre-?trip|post-?trip|inspection|walk-?around|checklist|check|count|lockout|lock-?out|tag-?out|test|hand ?wash\w*|sanitiz\w*|temp(erature)? check|double[- ]check|verification|id check|scan|safety \w+|paperwork|steps?|breaks?)\b/i },
  { kind: 'rule_breaking', pattern: /\b(cut(ting)?|cuts) (a few |some )?corners\b|\bbend(ing)? the rules\b|\bwork(ed|ing)? around the (rule|policy|system)\b/i },
  { kind: 'rule_breaking', pattern: /\b(nobody|no one|no-one) (would|will|ever) (notice|know|check|find out)\b|\bcover(ed)? (it|that) up\b|\boff the books\b|\bunder the table\b/i },
  { kind: 'rule_breaking', pattern: /\b(drive|drove|driving|run|ran|running|go|went|going) (over|past|beyond) (my |the )?hours\b|\b(over|past) (my|the) (hours of service|hos|11 hours|14 hours)\b/i },
  { kind: 'rule_breaking', pattern: /\b(clock(ed)?|punch(ed)?) (in|out) for (a |my )?(friend|buddy|coworker|co-worker|someone)\b/i },
  { kind: 'rule_breaking', pattern: /\b(turn(ed)? off|disabl\w+|bypass\w*|tape[sd]? over|silenc\w+|ignor\w+) (the |an? )?(alarm|alert|sensor|guard|interlock|warning|light-?curtain|beeper|check engine light)\b/i },
  { kind: 'rule_breaking', pattern: /\b(round(ed)? (it |them )?(up|down)|adjust(ed)? (the )?(count|number|numbers|drawer)) so (it|they|the \w+) (match|matches|balance|balances|look|looks)\b/i },
  // A shortcut said with its excuse: "to save time", "everybody does it", "it'll still assemble", "so it doesn't eat my clock".
  { kind: 'rule_breaking', pattern: /\b(i|i'?ll|i'?d|i'?m|we)\b[^.?!]*\b(to save time|save some time|everybody does it|everyone does it|they'?ve never been wrong|it'?ll still (work|assemble|fit|pass|be fine)|nobody'?s free|there'?s nobody (free|around)|not bother|won'?t bother|wouldn'?t bother|so it doesn'?t (eat|count|show)|off the clock|no one checks|nobody checks)\b/i },
  { kind: 'rule_breaking', pattern: /\b(to save time|when it'?s (busy|slammed|crazy|short)|everybody does it|everyone does it)\b[^.?!]*\b(i|i'?ll|i'?d|we)\b/i },
  // "Honestly, I'd just…", "if it's a regular I'll usually just…": an exception made for convenience.
  { kind: 'rule_breaking', pattern: /\b(honestly|to be honest|if it'?s (a regular|the same|a good friend|a friend|my friend|the boss|the cfo|the ceo|a vip|someone i know))\b[^.?!]*\b(i|i'?ll|i'?d)\b( usually| probably| still)? (just (sign|skip|make|reset|do it|run|let|cross|write|take|give|hand|use|leave|wave|ignore|approve|push|bypass|put|throw|send|mark|pass|cash|open|override|wouldn'?t|won'?t|not)|skip|let it (ride|slide|go)|keep using)\b/i },
  { kind: 'rule_breaking', pattern: /\b(let it (ride|slide)|keep using (it|the stuff|them)|just (sign|wave) (it|them|the \w+) (through|off|and go)|sign the (\w+ )?(checklist|log|sheet|form) and go)\b/i },
  // Unsafe practice.
  { kind: 'unsafe', pattern: /\b(without|don't (always |really )?(use|wear|bother with)|didn't (use|wear)) (a |the |my |any )?(gait belt|belt|gloves?|harness|seat ?belt|goggles|glasses|ppe|hard ?hat|vest|mask|spotter|lift|hoyer|second person)\b/i },
  { kind: 'unsafe', pattern: /\b(text\w*|on (my|the) phone|scroll\w*) (while|when) (i'?m |i was )?(driv\w+|operating|on the forklift|behind the wheel)\b/i },
  { kind: 'unsafe', pattern: /\b(reach(ed)?|stick|stuck|put) (my |your )?(hand|arm|fingers?) (in|into|inside) (it |the \w+ )?(while|when) (it'?s|it was|it is) (still )?running\b/i },
  { kind: 'unsafe', pattern: /\b(a (couple|few) (of )?(drinks|beers)|had a drink|buzzed|hung ?over) (before|and then|then) (i )?(drive|drove|driving|work|shift)\b/i },
  { kind: 'unsafe', pattern: /\b(speed|speeding|sped) (up )?to (make|catch up|get there|beat)\b|\b(push|pushed|pushing) through (when i'?m|when i was|being) (tired|exhausted|falling asleep)\b|\bdrive (tired|drowsy)\b/i },
  { kind: 'unsafe', pattern: /\b(still|just) (give|gave|hand(ed)?) (it|the (meds?|medication|dose|pills)) (anyway|without)\b|\bguess(ed)? (the |at the )?(dose|dosage|temperature|temp|weight|load)\b/i },
  // A licence or certificate that may not be current.
  { kind: 'licence', pattern: /\b(licen[cs]e|card|cert\w*|cdl|bls|cpr|acls|servsafe|permit|registration|clearance|badge|endorsement|renewal)\b[^.?!]{0,60}\b(expired|lapsed|suspended|revoked|is(n't| not) current|not current|out of date|ran out|expire[sd]? (last|a few|in) )/i },
  { kind: 'licence', pattern: /\b(not|wasn'?t|i'?m not) (sure|certain|positive)\b[^.?!]{0,25}\b(if|whether|when)\b[^.?!]{0,50}\b(licen[cs]e|card|cert\w*|cdl|bls|cpr|acls|servsafe|permit|registration|clearance|endorsement)\b/i },
  { kind: 'licence', pattern: /\b(licen[cs]e|card|cert\w*|cdl|bls|cpr|acls|servsafe|permit|registration|clearance|endorsement)\b[^.?!]{0,40}\b(i think|i'?m not sure|not sure|i'?d have to check|i need to check|might have|may have|probably) (it )?(expired|lapsed|ran out|is current|still good|still valid)\b/i },
  { kind: 'licence', pattern: /\b(still pending|pending with|waiting on the (board|state|registry)|hasn'?t (come through|been processed|transferred)|not (transferred|processed) yet)\b/i, context: true },
  { kind: 'licence', pattern: /\b(not (sure|certain|positive)|i think|might have|may have|probably|i'?d have to check|haven'?t checked)\b[^.?!]{0,50}\b(expired|lapsed|ran out|processed|went through|renewed|is current|still good|still valid|came through)\b/i, context: true },
  { kind: 'licence', pattern: /\b(let (it|my \w+( \w+)?) lapse|need(s)? to (renew|get it renewed|redo)|(have|had|got) (a |an )?(dui|dwi)|points on my licen[cs]e|licen[cs]e (was |got )?suspended)\b/i },
  // Hostility to the people the job serves.
  // Broader families (2026-11-29, from a second development set of 160 spoken answers): what is
  // done without the check the job requires, records written for what was not done, PPE and guards
  // left off, a credential in a doubtful state, and contempt for the people served.
  { kind: 'rule_breaking', pattern: /\b(i'?d|i'?ll|i|we'?d|we) (just |usually |still |probably |kind of )*(go ahead and )?(cash|hand|give|sell|serve|pour|ring|let|buzz|wave|sign|return|refund|release|dispense|do)\w* (it|them|him|her|the \w+|returns|refunds)?\s?(out |in |through |over )?(without) (the |a |an |any |their |his |her )?(id|ids|receipt|form|signature|badge|pharmacist|verif\w*|approval|permit|ringing|checking|carding|order|consent|scan)/i },
  { kind: 'rule_breaking', pattern: /\b(check(ed)?|tick(ed)?|mark(ed)?|fill(ed)?|chart(ed)?|initial(ed)?) (it |them |that |all (of )?the boxes |the boxes |in the whole \w+ |off )+(anyway|at the start|on the way)|\bstill check (it|them) off\b|\bchart the \w+ from (the )?(last|previous|earlier)\b|\bwrite down \d+\b|\b(adjust|change|fix|redo)(ed)? the (sheet|book|log|count|numbers?|paperwork) (later )?so (it|they) (matches?|looks?|looked|balances?)\b/i },
  { kind: 'rule_breaking', pattern: /\b(pocket(ed)?|keep|kept|take|took) (the difference|the extra (cash|money|change)|the overage)\b|\bon the house without\b|\b(clock|punch)(ed)? (me|him|her|them) in\b|\blet (them|him|her) use (mine|my (login|password|badge|code|account))\b|\b(peek|look|snoop)(ed|ing)? (at|into|up) (her|his|their|my neighbou?r'?s?) (chart|record|file|account)\b|\b(re)?label(ed)? (it|them) with (the )?(next|a new|a later|tomorrow'?s?)\b|\bnever (pulled|got|filed) (the )?permits\b|\bmore of a guideline\b|\bskip carding\b|\bclock out (at|and) [^.?!]{0,20}keep working\b/i },
  { kind: 'unsafe', pattern: /\b(never|don'?t|didn'?t|won'?t) (really |always |even )?(bother(ed)? with|use|wear|put on|clip into) (the |a |my |any )?(cut |safety |fall )?(harness|gloves?|guard|goggles|glasses|hard ?hat|respirator|lanyard|lock(out)?|ppe|vest)\b|\b(take|took|taking|pull|pulled) (the |a )?(guard|shield|interlock)s? off\b/i },
  { kind: 'unsafe', pattern: /\breach(ed)? in (while|when) (it'?s|it is|it was) (still )?(running|cycling|on|moving|going)\b|\bjust reach in\b|\bmix(ed|ing)? (a little )?bleach (in )?(with|and) (the )?ammonia\b|\bclimb(ed|ing)? (up )?(the )?(racking|racks|shelving)\b|\bstand(ing)? on the edge of\b|\bride (on )?(the back of |the forks|on the forks)|\b(a )?lift on the forks\b|\brecap(ping)? needles\b|\bwork(ed)? it hot\b|\b(in front of|blocking|block) the (back |fire |emergency )?(exit|door)\b|\b(hopped|jumped|went|climbed) (down )?into (a|the) trench before\b|\b\d+ (mph )?over (the limit|through|in)\b|\b(fried|exhausted|wiped|falling asleep)\b[^.?!]{0,40}\bpush through\b|\b(beers?|drinks?)\b[^.?!]{0,40}\b(still )?(drove|drive)\b|\binstead of chaining up\b|\b(bent|cracked|broken)\b[^.?!]{0,40}\b(still|i'?ll) (run|use|drive)\b|\b(cracked|broken) leg but\b|\bleave it for the (night|next|morning) (guy|shift|person)\b|\b(transfer|lift) (the )?(bigger |heavier )?(residents|patients|clients) (by )?myself\b/i },
  { kind: 'licence', pattern: /\bmy (\S+ ){0,3}(licen[cs]e|cert\w*|permit|registration|commission|card|check|tabc|ptcb|clearance|endorsement|registry)\b[^.?!]{0,40}\b(expired|lapsed|inactive|pending|in process|in progress|ended|suspended|revoked|dropped|not (active|current|valid))\b/i, context: true },
  { kind: 'licence', pattern: /\b(let (the |my )?[\w ]{0,20}(cert\w*|licen[cs]e|registration|card) go|dropped me (from|off|when)|i don'?t have my [\w ]{0,20}(yet|anymore)|didn'?t renew|(don'?t|do not|not) know if it transfers|pretty sure it'?s (reinstated|current|valid|active)|maybe it'?s still (current|good|valid)|still in process|(permit|license|licence|card)'?s pending)\b/i, context: true },
  { kind: 'hostility', pattern: /\b(junkies|brats?|(she|he|they|you) (was|is|are|were) useless|mean old people|snotty|get in (his|her|their) (face)|rough (them|him|her) up|yell (right )?back|where (he|she|they) can stick|tell (him|her) where to go|go (stay|shop|eat) somewhere else|get it yourself|wipe (their|his|her) own|wasting my time)\b|\bthrow (the \w+|it|stuff) (back )?at (them|him|her)\b|\btold (her|him|them) to (her|his|their) face\b/i },
  { kind: 'hostility', pattern: /\b(yell(ed|ing)?|scream(ed|ing)?|swor(e|ing)|cuss(ed)?) (back )?at (the |a |that |this )?(customer|patient|guest|client|resident|caller|driver|kid|lady|guy|man|woman|them|him|her)\b/i },
  { kind: 'hostility', pattern: /\b(idiots?|stupid (customers?|people|patients?|guests?)|morons?|dumb (customers?|people))\b|\btell (them|him|her) to ([\w' ]{0,20} or )?(shut up|get lost|deal with it|go somewhere else|leave)\b|\bnot (getting )?paid enough (for|to deal with) (that|this|them)\b/i },
];

/** Others doing it, or the candidate not doing it: not an admission. */
const NOT_AN_ADMISSION = [
  /\b(never|not|don't|didn't|won't|wouldn't|refuse[ds]?|refused to|instead of|rather than|without ever|no way)\s+(?:\w+\s+){0,3}$/i,
  /\b(some|other|a lot of|lots of|many|most|the other|certain)\s+(guys|people|drivers|nurses|aides|cooks|techs|coworkers|co-workers|staff|folks|employees|workers)\b[^.?!]*$/i,
  /\b(he|she|they|someone|somebody|a coworker|a co-worker|my coworker|the last guy|the previous)\s+(?:\w+\s+){0,4}$/i,
  /\b(if|when) (someone|somebody|anyone|a coworker|they|you see)\b[^,.?!]*$/i,
  // What someone asked the candidate to do, or called them: "A guy asked me to punch him in", "called me an idiot".
  /\b(asked|told|wanted|begged) me to\s+(?:\w+\s+){0,2}$/i,
  /\bcalled me (an? )?$/i,
];

const SENTENCE = /[^.!?]+[.!?]*/g;

/**
 * The candidate's sentences that a rule flags, each once, in the order said, with the entry's time
 * in the recording. At most one flag per sentence (the first rule that fires names it).
 */
export function findWorthChecking(transcript: readonly TranscriptEntry[]): WorthCheckingItem[] {
  const out: WorthCheckingItem[] = [];
  const seen = new Set<string>();
  for (const entry of transcript) {
    if (!isCandidateSpeaker(entry.speaker)) continue;
    let previous = '';
    for (const m of entry.text.matchAll(SENTENCE)) {
      const sentence = m[0].trim();
      const context = `${previous} ${sentence}`;
      previous = sentence;
      if (!sentence || seen.has(sentence) || !/[a-z]/i.test(sentence)) continue;
      const kind = flagOf(sentence, context);
      // The sentence after a flagged one often says the same again ("I'd need to redo it."): one flag for both.
      const last = out[out.length - 1];
      if (!kind || (last && last.kind === kind && context.includes(last.quote))) continue;
      seen.add(sentence);
      out.push(entry.startMs !== undefined ? { kind, quote: sentence, atMs: entry.startMs } : { kind, quote: sentence });
    }
  }
  return out;
}

const CREDENTIAL = /\b(licen[cs]e|card|cert\w*|cdl|bls|cpr|acls|servsafe|permit|registration|clearance|endorsement|renewal|board|registry|physical)\b/i;

/** The kind of red flag a sentence admits, or null; `context` is the sentence with the one before it. */
export function flagOf(sentence: string, context = sentence): Kind | null {
  for (const { kind, pattern, context: needsCredential } of RULES) {
    const m = pattern.exec(sentence);
    if (!m) continue;
    if (needsCredential && !CREDENTIAL.test(context)) continue;
    // A licence that may not be current is the candidate's own, not one they talk about.
    if (kind === 'licence' && !/\b(my|i|i'm|i've|i'd|mine)\b/i.test(context)) continue;
    // A renewal already booked is foresight, not a gap ("My BLS expires in May and I've already booked the renewal").
    if (kind === 'licence' && /\b(already|booked|scheduled|signed up)\b[^.?!]{0,40}\brenew|\brenewal (is |was )?(booked|scheduled|done)\b/i.test(sentence)) continue;
    const before = sentence.slice(0, m.index);
    const after = sentence.slice(m.index + m[0].length);
    // Said as what is not done: "Driving over hours isn't an option."
    if (/^[^.?!]{0,12}\b(isn'?t|is not|was not|wasn'?t|is never|never is) (an option|ok|okay|allowed|acceptable|something)\b/i.test(after)) continue;
    // Someone else's licence ("her certificate had expired").
    if (kind === 'licence' && /\b(her|his|their|its|[a-z]+'s)\s+([\w-]+\s+)?$/i.test(before)) continue;
    // Uncertainty about a licence is the flag itself, whoever else is named.
    if (kind !== 'licence' && NOT_AN_ADMISSION.some((r) => r.test(before))) continue;
    return kind;
  }
  return null;
}
