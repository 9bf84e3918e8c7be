import nlp from 'compromise';
import type { InterviewPlan, RubricCriterion } from '../../../contracts/ai';
import { normaliseWeights, type JobInput, type ScreeningInput } from '../engine';
import { checkQuestion } from './bias';
import {
  CLOSING_QUESTION,
  COMMUNICATION,
  CULTURE_FIT,
  DEFAULT_SCREENING_QUESTIONS,
  INDUSTRIES,
  OPENING_QUESTION,
  type IndustryKey,
  type IndustryProfile,
} from './industries';
import { contentStems } from './text';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phraseRe = (p: string) => new RegExp(`(^|[^a-z0-9])${escape(p.toLowerCase())}($|[^a-z0-9])`, 'g');

/** Recognises the industry from the title (counted three times) and the description. */
export function recogniseIndustry(title: string, description = ''): { industry: IndustryKey; confidence: number } {
  const t = title.toLowerCase();
  const d = description.toLowerCase();
  let best: IndustryKey = 'general';
  let bestScore = 0;
  let total = 0;
  for (const [key, profile] of Object.entries(INDUSTRIES) as [IndustryKey, (typeof INDUSTRIES)[IndustryKey]][]) {
    let score = 0;
    for (const k of profile.keywords) {
      const re = phraseRe(k);
      score += 3 * (t.match(re)?.length ?? 0) + Math.min(3, d.match(re)?.length ?? 0);
    }
    total += score;
    if (score > bestScore) {
      best = key;
      bestScore = score;
    }
  }
  return { industry: bestScore >= 2 ? best : 'general', confidence: total ? bestScore / total : 0 };
}

/**
 * The industry whose questions a plan may use: only one the job clearly matches (at least half of
 * all the industry words it names are that industry's), so a plumber's job that mentions a hospital
 * site is not asked about patients (issue 31: never another role's questions).
 */
function draftingIndustry(title: string, text: string): IndustryKey {
  const { industry, confidence } = recogniseIndustry(title, text);
  // A sales representative or a payroll clerk at a trucking software company is not asked about
  // freight: a title naming an office or sales function takes an industry from the title alone.
  if (OFFICE_TITLE.test(title) && recogniseIndustry(title).industry !== industry) return 'general';
  // A bus or shuttle driver carries people, not freight; a preschool teacher's children are not
  // patients: the freight hauler's and the nurse's questions are another role's.
  if (industry === 'logistics' && PASSENGER_TITLE.test(title)) return 'general';
  if (industry === 'healthcare' && CHILDCARE_TITLE.test(title)) return 'general';
  return confidence >= 0.5 ? industry : 'general';
}
const CHILDCARE_TITLE = /\b(?:teacher|preschool|pre-k|child ?care|daycare|day care|nanny|tutor|paraprofessional|camp counselor)\b/i;
const PASSENGER_TITLE = /\b(?:bus|shuttle|transit|paratransit|chauffeur|limo|motorcoach|rideshare)\b/i;
const OFFICE_TITLE = /\b(?:sales|account executive|account manager|business development|marketing|recruiter|receptionist|administrative|office (?:manager|assistant|coordinator)|clerk|payroll|human resources|hr|bookkeeper|data entry|customer success)\b/i;

/**
 * The description without what it only wishes for: lines under a "Nice to have:" or "Preferred"
 * heading, and sentences that say "preferred" or "a plus".
 */
function requiredText(description: string, { sentences = true } = {}): string {
  const kept: string[] = [];
  let optional = false;
  for (const rawLine of description.split(/\r?\n/)) {
    const line = rawLine.trim();
    const bullet = /^(?:[-•*·▪◦–]|\d+[.)])\s/.test(line);
    const heading = /^([A-Za-z][^:.]{0,40})(?::|$)/.exec(line);
    if (!bullet && heading && wordCount(heading[1]!) <= 5) optional = OPTIONAL_HEADING.test(heading[1]!.trim());
    if (optional) continue;
    kept.push(
      line
        .split(/(?<=[.!?])\s+/)
        .filter((part) => !sentences || !OPTIONAL.test(part))
        .join(' '),
    );
  }
  return kept.join('\n');
}

/**
 * Skills and requirements: the recruiter's own list first, then known skills of any industry that
 * the description names, then phrases after "experience with", "knowledge of" and the like.
 */
export function extractSkills(description: string, skills = '', industry: IndustryKey = 'general'): string[] {
  const found: string[] = [];
  const add = (s: string) => {
    const clean = s.trim().replace(/\s+/g, ' ').replace(/[.;:,]+$/, '');
    if (clean.length < 2 || clean.length > 60) return;
    // "forklift" adds nothing after "forklift certification", nor "Epic" after "Epic EHR".
    if (!found.some((f) => phraseRe(clean).test(` ${f.toLowerCase()} `))) found.push(clean);
  };
  skills.split(/[,;\n]/).forEach(add);
  // What the description names as a plus ("forklift certification a plus") is not asked about as a skill.
  const required = requiredText(description);
  const d = ` ${required.toLowerCase()} `;
  const ordered = [INDUSTRIES[industry], ...Object.values(INDUSTRIES).filter((p) => p !== INDUSTRIES[industry])];
  for (const profile of ordered) for (const s of profile.skills) if (phraseRe(s).test(d)) add(s);
  for (const m of required.matchAll(/(?:experience (?:with|in)|knowledge of|proficien(?:t|cy) (?:in|with)|familiar(?:ity)? with|skilled in|certified in|expertise in)\s+([^.;\n]+)/gi)) {
    m[1]!
      .split(/,|\band\b|\bor\b/)
      .map((s) => s.replace(/^(a|an|the)\s+/i, ''))
      .filter((s) => s.trim().split(/\s+/).length <= 4)
      .forEach(add);
  }
  return found.slice(0, 12);
}

function skillQuestion(skill: string, index: number, from: string): string {
  const templates = [
    `Tell me about your hands-on experience with ${skill}. Walk me through a specific situation ${from}, and how it turned out.`,
    `Give me an example ${from} of a time when ${skill} really mattered. What did you do, and what was the result?`,
  ];
  return templates[index % templates.length]!;
}

function rubricFor(industry: IndustryKey, skills: string[], credentials: string[] = []): RubricCriterion[] {
  const profile = INDUSTRIES[industry];
  const named = skills.slice(0, 4).join(', ');
  const role: RubricCriterion = {
    name: profile.role.name,
    description: named ? `${profile.role.description} Key requirements: ${named}.` : profile.role.description,
    weight: 35,
    anchors: profile.role.anchors,
  };
  const criteria: RubricCriterion[] = [
    role,
    { name: profile.focus.name, description: profile.focus.description, weight: 25, anchors: profile.focus.anchors },
    { name: COMMUNICATION.name, description: COMMUNICATION.description, weight: 20, anchors: COMMUNICATION.anchors },
    { name: CULTURE_FIT.name, description: CULTURE_FIT.description, weight: 20, anchors: CULTURE_FIT.anchors },
  ];
  // What the plan's eligibility question asks is judged on its own, as met or not (issue 31, item 3).
  if (credentials.length) criteria.unshift(requirementsCriterion(credentials));
  return normaliseWeights(criteria);
}

/** The criterion for the licences and certificates a description requires: met, not met or unclear. */
function requirementsCriterion(credentials: string[]): RubricCriterion {
  const list = credentials.slice(0, 4).join('; ');
  return {
    name: 'Licences and requirements',
    description: `Holds what the job requires, current: ${list}.`,
    weight: 10,
    anchors: {
      weak: 'Does not hold a requirement, or is unsure whether it is current.',
      adequate: 'Says they hold the requirements without saying whether they are current.',
      strong: 'Holds each requirement and says it is current (an expiry date, a renewal).',
    },
  };
}

/** The title without a suffix or brackets, for use inside a sentence ("Registered Nurse - Med/Surg (Nights)" → "Registered Nurse"). */
export function roleName(title: string): string {
  return title.replace(/\([^)]*\)/g, ' ').split(/\s[-–—|]\s|,\s/)[0]!.replace(/\s+/g, ' ').trim();
}

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const mentions = (text: string, words: string[]) => {
  const t = ` ${text.toLowerCase()} `;
  return words.some((w) => phraseRe(w).test(t));
};

/** Verbs that duties in job descriptions start with ("Design and ship…", "Greet customers…"). */
const DUTY_VERBS = new Set(
  `administer advise analyse analyze answer assemble lay bag brew bus caulk collect dig disinfect draw dust edge feed fill fry grill grind install inventory mask mix mop mow paint patch plant pour prime prune refill replace restrain sand scan scrub seat sort spray sweep trim vacuum wash wire wrap  assess assign assist audit bake balance book build calibrate carry check clean close coach collect communicate compare complete comply conduct configure cook coordinate count create cut debug delegate deliver deploy design develop diagnose dispatch document drive educate enter ensure escalate evaluate execute fabricate file fix follow greet guide handle help identify image implement improve inspect install integrate investigate keep label lead load log maintain make manage measure meet mentor merchandise migrate model monitor move negotiate onboard open operate optimise optimize organise organize own pack partner perform pick plan plate prep prepare prevent process promote protect provide receive recognise recognize reconcile record refer repair replenish report resolve respond restock review rotate route run sanitise sanitize schedule screen secure sell serve service set ship spot stage stock store supervise support take test track train transport troubleshoot tune unload update upsell verify weld work write`.split(/\s+/),
);
const NOT_GERUNDS = new Set(['during', 'morning', 'evening', 'ceiling', 'thing', 'something', 'anything', 'nothing', 'everything', 'string', 'spring', 'king', 'ring', 'wing', 'swing', 'sling', 'sing', 'bring']);
const isGerund = (w: string) => /^[a-z]{3,}ing$/.test(w) && !NOT_GERUNDS.has(w);
/** The word a duty starts with, skipping one leading adverb ("safely operate…"). */
function headWord(duty: string): string {
  const [first = '', second = ''] = duty
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z-]/g, ''));
  return /ly$/.test(first) && second ? second : first;
}
const startsWithVerb = (duty: string) => DUTY_VERBS.has(headWord(duty)) || isGerund(headWord(duty));
/** In a list under a duties heading, any item is a duty unless it plainly starts as something else. */
const NOT_DUTY_START = new Set(
  'a an the our your their this these that we you it there strong excellent good great solid minimum valid current clean must able ability experience knowledge proven familiarity comfortable friendly availability benefits pay competitive high bachelor degree'.split(' '),
);

const DUTY_HEADING =
  /^(?:what you(?:'|’)?ll do|what you will do|what you(?:'|’)ll be doing|what the (?:job|role) involves|(?:key |main |your |core |job |essential )?(?:responsibilities|duties|functions)|the (?:role|job|work|position)|(?:about )?(?:the|this|your) (?:role|job|position)|in this (?:role|job)|on the job|a typical (?:day|shift|night|week)|your (?:day|shift)|day[- ]to[- ]day)$/i;
/** Headings of a list of duties, not of prose about the role. */
const LIST_HEADING = /^(?:what you(?:'|’)?ll do|what you will do|what you(?:'|’)ll be doing|(?:key |main |your |core |job |essential )?(?:responsibilities|duties|functions))$/i;
const OTHER_HEADING =
  /^(?:requirements|required|(?:minimum |preferred |basic )?qualifications|physical(?: requirements| demands)?|work environment|location|what we(?:'|’)?re looking for|what you need|what you(?:'|’)ll need|what you bring|about you|you have|must[- ]haves?|nice to haves?|preferred|bonus(?: points)?|benefits|perks|(?:what )?we offer|pay|compensation|salary|schedule|hours|about us|who we are|skills)$/i;
const DUTY_TRIGGER =
  /\b(?:you(?:'|’)ll(?: also)?(?: be)?|you will(?: also)?(?: be)?|you(?:'|’)re responsible for|you are responsible for|responsible for|responsibilities include|duties include|your day will include|(?:most of )?your (?:day|time|shift) (?:will be|is) spent|you(?:'|’)ll spend (?:most of )?your (?:day|time|shift)|(?:the|this) (?:job|role|position) (?:involves|includes))\s+/i;
/** Requirements, pay and physical demands are not duties to ask about. */
const NOT_A_DUTY = /\d+\+?\s*(?:years?|yrs|months?)\b|\byears? of\b|\bdegree\b|\bdiploma\b|\bmust\b|\brequired\b|\bpreferred\b|\ba plus\b|\bsalary\b|\$|\/hr\b|\bper hour\b|\bbenefits?\b(?!\s+(?:deductions?|enrollment|claims|administration|eligibility))|\bbonus\b|\blift\b|\blbs?\b|\bstand for\b|\bstand and walk\b/i;
const SCHEDULE_WORD = /\b(?:shifts?|weekends?|holidays?|rotation|schedule|overtime)\b/i;

// A sentence ends before a capital, and before pay ("…on the app. $24-28/hr, paid holidays").
const splitSentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z$])/).filter((s) => s.trim());
/** A requirement that is the work itself ("Able to run an airless sprayer") reads as a duty ("run an airless sprayer"). */
const ABLE_TO = /^(?:(?:must be )?able to|ability to|can|comfortable|confident)\s+/i;

/** A duty as a verb phrase of 3-15 words, or null. */
function cleanDuty(raw: string): string | null {
  let d = raw.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  // "Room patients: take vital signs, …": a two-word heading and its detail read as one duty.
  const [lead = '', detail] = d.split(/:\s/);
  d = detail && wordCount(lead) < 3 && /^[a-z]/i.test(detail) ? `${lead} and ${detail.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}` : lead;
  d = d.split(/\s[–—-]\s|;\s/)[0]!;
  d = d.replace(/,?\s+(?:including|such as|e\.g\.|for example|as well as)\b.*$/i, '');
  d = d.replace(/^(?:and|or|to|also|then)\s+/i, '').replace(/[\s.;,!]+$/, '');
  const cutAt = (re: RegExp) => {
    const ws = d.split(' ');
    for (let i = 4; i < ws.length; i++) {
      if (re.test(ws.slice(i).join(' '))) {
        d = ws.slice(0, i).join(' ').replace(/[\s,;]+$/, '');
        return;
      }
    }
  };
  if (wordCount(d) > 15) cutAt(/^(?:that|which|who|so that|in order to|to ensure|while)\b/i);
  // "Audit timecards from each community and follow up on missed punches …": the first of two duties.
  if (wordCount(d) > 15) {
    const ws = d.split(' ');
    const at = ws.findIndex((w, i) => i >= 3 && w === 'and' && DUTY_VERBS.has((ws[i + 1] ?? '').toLowerCase()));
    if (at > 0) d = ws.slice(0, at).join(' ').replace(/[\s,;]+$/, '');
  }
  if (wordCount(d) > 15) {
    const comma = d.indexOf(', ', d.split(' ').slice(0, 4).join(' ').length);
    if (comma > 0) d = d.slice(0, comma);
    // "resolve guest complaints with a calm, solution-first attitude": not "… with a calm".
    const dangling = / (?:with|in|on|at|for|to|of) (?:a|an|the) (\S+)$/.exec(d);
    if (dangling && nlp(dangling[1]!).has('#Adjective')) d = d.slice(0, dangling.index);
  }
  const n = wordCount(d);
  // "We're looking for an experienced technician to…" is the ad speaking, not a duty.
  if (n < 3 || n > 15 || NOT_A_DUTY.test(d) || /^(?:we|we're|we’re|we are|our|you're|you’re|you are)\b/i.test(d)) return null;
  // A line about the schedule ("Work weekends and holidays", "Rotating shifts") is not a duty; a duty
  // that names a shift in passing is ("Audit timecards … and unapproved overtime", "inspect the truck before every shift").
  if (SCHEDULE_WORD.test(d) && (/^(?:work|be|available)$/.test(headWord(d)) || SCHEDULE_WORD.test(d.split(' ').slice(0, 4).join(' ')))) return null;
  return /^[A-Z][a-z]+\b/.test(d) ? d[0]!.toLowerCase() + d.slice(1) : d;
}

/** "work grill, sauté or garde manger, set up your station, and help keep…" → one duty per verb. */
function splitVerbList(part: string): string[] {
  const out: string[] = [];
  for (const chunk of part.split(/,\s+/)) {
    const c = chunk.replace(/^(?:and|or)\s+/i, '');
    const prev = out[out.length - 1];
    if (prev !== undefined && (!startsWithVerb(c) || wordCount(c) < 3 || wordCount(prev) < 2)) out[out.length - 1] = `${prev}, ${chunk}`;
    else out.push(c);
  }
  return out;
}

/**
 * What the job involves, in the description's own words: bullet lines and lists under a duties
 * heading ("What you'll do:", "Responsibilities:"), and sentences with "you will", "you'll" or
 * "responsible for". Requirements, pay and benefits are left out.
 */
export function extractDuties(description: string): string[] {
  const listed: string[] = [];
  const told: string[] = [];
  const add = (raw: string, loose: boolean) => {
    const d = cleanDuty(raw);
    if (!d || !(startsWithVerb(d) || (loose && !NOT_DUTY_START.has(headWord(d)) && !/^\d/.test(d)))) return;
    // What a list under a duties heading names comes before what a sentence says in passing (issue 31).
    const into = loose ? listed : told;
    if (![...listed, ...told].some((o) => o.toLowerCase() === d.toLowerCase())) into.push(d);
  };
  let section: 'duty' | 'other' | 'none' = 'none';
  for (const rawLine of description.split(/\r?\n/)) {
    let line = rawLine.trim();
    if (!line) continue;
    const bullet = /^(?:[-•*·▪◦–]|\d+[.)])\s+/.exec(line);
    if (bullet) {
      const item = line.slice(bullet[0].length);
      const work = item.replace(ABLE_TO, '');
      if (section !== 'other') add(work, section === 'duty');
      else if (work !== item) add(work, false);
      continue;
    }
    // A heading on a line of its own ("What you'll do", "Bonus points"), with or without its colon.
    const bare = line.replace(/:$/, '').trim();
    if (!line.includes(': ') && wordCount(bare) <= 5 && (DUTY_HEADING.test(bare) || OTHER_HEADING.test(bare))) {
      section = DUTY_HEADING.test(bare) ? 'duty' : 'other';
      continue;
    }
    const heading = /^([A-Za-z][^:]{0,40}):\s*(.*)$/.exec(line);
    if (heading && wordCount(heading[1]!) <= 5) {
      const label = heading[1]!.trim();
      section = DUTY_HEADING.test(label) ? 'duty' : OTHER_HEADING.test(label) ? 'other' : 'none';
      if (section === 'other') continue;
      line = heading[2]!.trim();
      if (section === 'duty' && line) {
        // "Duties: bending conduit, pulling wire, installing boxes, devices and panels" is one duty per verb;
        // "The job: clean and reset 14-16 rooms a shift - make beds, …" two lists; "About the role: As an
        // SDR you're the first conversation…" is prose, read for its duties like any paragraph.
        // Under a list heading ("What you'll do:"), or where it starts in lower case ("The job: clean and
        // reset…"), the first sentence is the list, whatever its first word.
        const list = LIST_HEADING.test(label) || /^[a-z]/.test(line);
        splitSentences(line).forEach((sentence, i) => {
          const m = DUTY_TRIGGER.exec(sentence);
          const from = m ? sentence.slice(m.index + m[0].length) : sentence;
          for (const item of from.split(/;|\s[–—-]\s/)) for (const chunk of splitVerbList(item.split(/:\s/)[0]!)) add(chunk, list && i === 0 && !m);
        });
        continue;
      }
    } else if (section !== 'none' && splitSentences(line).length === 1 && wordCount(line) <= 20) {
      // A plain line in a list under a heading.
      if (section === 'duty') add(line, true);
      continue;
    } else section = 'none';
    for (const sentence of splitSentences(line)) {
      const m = DUTY_TRIGGER.exec(sentence);
      if (!m) continue;
      // "following our HACCP plan: receiving temperatures, …" asks about the plan, not each item.
      for (const part of sentence.slice(m.index + m[0].length).split(';')) for (const chunk of splitVerbList(part.split(/:\s/)[0]!)) add(chunk, false);
    }
  }
  return [...listed, ...told];
}

/** "complete inspections, log hours" reads as "complete inspections and log hours". */
const asPhrase = (duty: string) => (/ (?:and|or) /.test(duty) ? duty : duty.replace(/,\s+(?!.*,\s)/, ' and '));

function dutyQuestion(rawDuty: string, index: number): string {
  const duty = asPhrase(rawDuty);
  const gerund = [
    `Tell me how you go about ${duty}, with an example from your own work.`,
    `Part of this job is ${duty}. Tell me about a time you did that, and how it went.`,
    `The job includes ${duty}. What is the most recent time you did that, and what did you do?`,
  ];
  const verb = [
    `Walk me through how you would ${duty}. Where have you done something similar?`,
    `Part of this job is to ${duty}. Tell me about a time you did that or something close to it, and how it went.`,
    `The job asks you to ${duty}. What is the most recent time you did that, and what did you do?`,
  ];
  const templates = isGerund(headWord(duty)) ? gerund : verb;
  return templates[index % templates.length]!;
}

/**
 * Duties share a question when they are of one form ("unload trucks", "scan packages"; or all
 * gerunds) and short once cut (`shortDuty`): two of at most 20 words together, three of at most 27.
 */
const canGroup = (ds: string[]) =>
  ds.every((d) => isGerund(headWord(d)) === isGerund(headWord(ds[0]!))) &&
  ds.map(shortDuty).reduce((n, d) => n + wordCount(d), 0) <= (ds.length === 2 ? 20 : 27);

const TAIL_START = new Set('in on with from for at using through so by per across during before after within under into'.split(' '));
const NOT_LAST = new Set('a an the and or of to our your their its every each'.split(' '));
/**
 * A duty sharing a question, cut before a trailing phrase where it is long ("check
 * guests in and out quickly and accurately in Opera PMS" → "… quickly and accurately").
 */
function shortDuty(duty: string): string {
  const ws = duty.split(' ');
  if (ws.length <= 9) return duty;
  for (let i = Math.min(ws.length - 1, 9); i >= 4; i--) {
    if (TAIL_START.has(ws[i]!.toLowerCase()) && !NOT_LAST.has(ws[i - 1]!.toLowerCase().replace(/,$/, ''))) return ws.slice(0, i).join(' ').replace(/,$/, '');
  }
  return duty;
}

/**
 * The duties in at most `slots` questions, in their order: as many alone as there is room for, the
 * rest two or three to a question where they are short and of one form.
 */
function groupDuties(duties: string[], slots: number): string[][] {
  const groups: string[][] = [];
  for (let i = 0; i < duties.length && groups.length < slots; ) {
    const room = slots - groups.length;
    const left = duties.length - i;
    const want = left > 2 * room ? 3 : left > room ? 2 : 1;
    const group = [3, 2, 1].map((n) => duties.slice(i, i + n)).find((g) => g.length <= want && (g.length === 1 || canGroup(g)))!;
    groups.push(group);
    i += group.length;
  }
  return groups;
}

/** "to A, and to B" or "A, B, and C": the duties as one list, each cut short. */
function dutyList(ds: string[]): string {
  const items = ds.map(shortDuty).map((d) => (isGerund(headWord(ds[0]!)) ? asPhrase(d) : `to ${asPhrase(d)}`));
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]!}`;
}

function dutyGroupQuestion(ds: string[], index: number): string {
  const lead = isGerund(headWord(ds[0]!)) ? `This job involves ${dutyList(ds)}.` : `This job asks you ${dutyList(ds)}.`;
  const ask = ['Tell me about a time you did one of these, and how it went.', 'Which of these have you done, and how did you go about it?', 'Walk me through the last time you did one of them.'];
  return `${lead} ${ask[index % ask.length]}`;
}

/** The people the teamwork question names: the first two partners the description mentions, the industry's defaults otherwise. */
function partnersFor(profile: IndustryProfile, title: string, text: string): string {
  // A partner the title names is the job itself (a front desk agent does not work "with the front desk").
  const others = profile.partners.filter((p) => !mentions(title, p.words));
  const named = others.filter((p) => mentions(text, p.words)).map((p) => p.who);
  const fallback = profile.defaultPartners.filter((who) => others.some((p) => p.who === who));
  const chosen = (named.length ? named : fallback.length ? fallback : profile.defaultPartners).slice(0, 2);
  return chosen.join(' or ');
}

// Words of questions and job ads that say nothing about the work ("we're looking for", "how did it end").
const GENERIC_STEMS = new Set(
  contentStems('tell time walk describe happen handle work make sure real example give approach keep find day deal way thing look looking end join hire hiring need new year years experience role job position offer benefits skills required preferred strong excellent ability able'),
);
/** Content stems without the generic ones; hyphenated words count by their parts ("check-in", "hours-of-service"). */
const distinctStems = (text: string) => contentStems(text.replace(/-/g, ' ')).filter((st) => !GENERIC_STEMS.has(st));

/**
 * The industry's questions, those that share the most words with the job first (stable otherwise).
 * A word weighs less the more of the industry's questions use it ("guest" in hospitality).
 */
function rankByJob(questions: string[], jobText: string): string[] {
  const job = new Set(distinctStems(jobText));
  const stemsOf = questions.map((q) => new Set(distinctStems(q)));
  const df = new Map<string, number>();
  for (const set of stemsOf) for (const st of set) df.set(st, (df.get(st) ?? 0) + 1);
  const score = (i: number) => [...stemsOf[i]!].filter((st) => job.has(st)).reduce((sum, st) => sum + 1 / df.get(st)!, 0);
  return questions
    .map((q, i) => ({ q, i, s: score(i) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.q);
}

const isLawful = (q: string) => checkQuestion(q) === null;

/** Whether `text` asks about what one of `asked` already does: two or more distinct words in common. */
function alreadyAsked(text: string, asked: string[]): boolean {
  const stems = distinctStems(text);
  return asked.some((a) => {
    const other = new Set(distinctStems(a));
    return stems.filter((st) => other.has(st)).length >= 2;
  });
}
const flat = (text: string) => text.toLowerCase().replace(/[-/]/g, ' ');

/** A question as it is said: one space between words and none before a stop ("deterioration ." → "deterioration."). */
const tidy = (q: string) => q.replace(/\s+/g, ' ').replace(/\s+([.,;:?!])/g, '$1').trim();

/** The words the drafter's own templates bring ("hands-on", "walk me through"): two questions do not ask the same thing for sharing them. */
const TEMPLATE_STEMS = new Set(
  distinctStems(
    'hands-on experience specific situation turned out example really mattered result part this job go about similar something close how it went own work ' +
      'lists requirement requirements hold each current physical demands meet reasonable accommodation safely involves schedule can you',
  ),
);
const askedStems = (q: string) => new Set(distinctStems(q).filter((st) => !TEMPLATE_STEMS.has(st)));

/** Whether two questions ask the same thing: most of the shorter one's own words are in the other (issue 31: no near-duplicates). */
export function sameQuestion(a: string, b: string): boolean {
  if (a.trim().toLowerCase() === b.trim().toLowerCase()) return true;
  const sa = askedStems(a);
  const sb = askedStems(b);
  const smaller = Math.min(sa.size, sb.size);
  if (smaller === 0) return false;
  const shared = [...sa].filter((st) => sb.has(st)).length;
  return shared >= Math.max(2, Math.ceil(0.75 * smaller));
}

/** Adds questions, tidied, that are lawful and ask something not already asked, up to max. */
function pushDistinct(list: string[], candidates: string[], max: number): void {
  for (const raw of candidates) {
    if (list.length >= max) return;
    const q = tidy(raw);
    if (isLawful(q) && !list.some((x) => sameQuestion(x, q))) list.push(q);
  }
}

/**
 * The plan: one general opening, then questions from the job: skills and duties the description
 * names, the industry's situational questions ranked by the description, and teamwork and
 * motivation in the industry's own situations, naming the people and the role of this job.
 */
export function planInterview(job: JobInput): InterviewPlan {
  const jobText = `${job.description} ${job.skills ?? ''}`;
  const industry = draftingIndustry(job.title, jobText);
  const profile = INDUSTRIES[industry];
  const skills = extractSkills(job.description, job.skills, industry);
  const duties = extractDuties(job.description);
  const title = job.title.trim();
  const role = roleName(title) || 'open';
  const teamwork = profile.teamwork.replace('{partners}', partnersFor(profile, title, job.description));
  // A situational question about working with others would repeat the teamwork question.
  const teamworkStems = new Set(distinctStems(teamwork));
  const situational = situationalFor(industry, `${title} ${jobText}`).filter((q) => distinctStems(q).filter((st) => teamworkStems.has(st)).length < 3);

  const closing = [teamwork, profile.motivation.replace('{role}', role)];
  const eligibility = eligibilityQuestions(job.description);
  const practical = practicalQuestion(job.description);
  const skillQuestions: string[] = [];
  const dutyQuestions: string[] = [];
  const fromDescription = () => skillQuestions.length + dutyQuestions.length;
  const chosenText = () => flat([...dutyQuestions, ...skillQuestions].join(' '));
  // A licence the eligibility question asks about is not asked again as a skill, nor the experience
  // or a tool the opening asks about ("6+ months of cash handling experience").
  const askedElsewhere = flat([...eligibility, extractExperience(job.description) ?? '', ...extractTools(job.description, job.title)].join(' '));
  const addSkills = (max: number) => {
    for (const s of skills) {
      if (fromDescription() >= 3 || skillQuestions.length >= max) return;
      if (chosenText().includes(flat(s)) || askedElsewhere.includes(flat(s))) continue;
      const q = skillQuestion(s, skillQuestions.length, profile.exampleFrom);
      if (isLawful(q)) skillQuestions.push(q);
    }
  };
  // The recruiter's own skills list weighs more than duties read from the description; the duties
  // the description lists weigh more than skills an industry's list recognises in it (issue 31).
  addSkills(job.skills?.trim() ? 2 : 0);
  // A duty mostly covered by a question already chosen adds nothing.
  const covered = (d: string) => {
    const stems = contentStems(d);
    const seen = new Set(contentStems(chosenText()));
    return stems.filter((st) => seen.has(st)).length >= 0.6 * stems.length;
  };
  const addDuties = (cap: number) => {
    // More duties than room: two or three short ones of the same form share a question (issue 31:
    // the description's duties covered, not its first three).
    for (const group of groupDuties(duties.filter((d) => !covered(d)), cap - fromDescription())) {
      const q = group.length > 1 ? dutyGroupQuestion(group, dutyQuestions.length) : dutyQuestion(group[0]!, dutyQuestions.length);
      if (isLawful(q) && !dutyQuestions.includes(q)) dutyQuestions.push(q);
    }
  };
  addDuties(3);
  addSkills(3);

  // Room is kept for the schedule and physical demands and for teamwork and motivation (the culture criterion's evidence).
  const beforeClosing = MAX_QUESTIONS - closing.length - practical.length;
  const questions: string[] = [];
  // The opening, then whether the candidate holds what the job requires (issue 31), then the work.
  pushDistinct(questions, [openingQuestion(title, job.description), ...eligibility, ...skillQuestions, ...dutyQuestions], beforeClosing);
  // A situational question about what a description question already asks ("complete pre-trip
  // inspections" and "walk me through your pre-trip inspection") would be asked twice.
  const notYetAsked = situational.filter((q) => !alreadyAsked(q, [...skillQuestions, ...dutyQuestions]));
  // Room left before the closing questions goes to more of the description's duties first, then to
  // the industry's situational questions (issue 31: questions from this job's description).
  const asked = dutyQuestions.length;
  addDuties(fromDescription() + Math.max(0, beforeClosing - questions.length));
  pushDistinct(questions, dutyQuestions.slice(asked), beforeClosing);
  pushDistinct(questions, notYetAsked, Math.min(beforeClosing, questions.length + (fromDescription() >= 3 ? 1 : 3)));
  pushDistinct(questions, practical, MAX_QUESTIONS - closing.length);
  pushDistinct(questions, closing, MAX_QUESTIONS);
  pushDistinct(questions, situational, 5);
  // A job too thin to draft from and an industry without a fitting question: the general questions.
  pushDistinct(questions, rankByJob(INDUSTRIES.general.questions, `${title} ${jobText}`), 5);
  questions[0] = tidy(openingQuestion(title, job.description, { asked: questions.slice(1) }));
  return { questions, rubric: rubricFor(industry, skills, questions.some((q) => eligibility.includes(q)) ? extractCredentials(job.description) : []) };
}

const MAX_QUESTIONS = 8;

/**
 * The opening. Where the description states the experience it asks for or names its tools, the
 * opening asks how the candidate's background matches them, so the first answer covers them
 * (issue 31); what draws them to the role is then left to the closing motivation question.
 */
function openingQuestion(title: string, description: string, { phone = false, asked = [] as string[] } = {}): string {
  // Where a later question already asks what draws the candidate to the role, the opening does not.
  const motivationAsked = /\bwhat draws you to\b/i.test(asked.join(' '));
  const plain = phone
    ? `Could you briefly walk me through your background and what interests you about ${title ? `the ${title} position` : 'this position'}?`
    : motivationAsked
      ? `Thanks for joining today, candidate_name. To start, could you walk me through your background, and the work you have done that comes closest to this ${title || 'open'} role?`
      : OPENING_QUESTION.replace('{title}', title || 'open');
  const background = phone ? 'Could you briefly walk me through your background?' : 'Thanks for joining today, candidate_name. To start, could you walk me through your background?';
  const experience = extractExperience(description);
  // The tools no other question names: a duty question about "tickets in Zendesk" asks about Zendesk already.
  const elsewhere = asked.join(' ').toLowerCase();
  const all = extractTools(description, title, 12);
  const fresh = all.filter((t) => !elsewhere.includes(t.toLowerCase()));
  const tools = (fresh.length ? fresh : all).slice(0, 5);
  const worded = [
    experience ? `${background} The job asks for ${lowerFirst(experience)}${tools.length ? `, and uses ${listOf(tools)}` : ''}: how does your experience match that?` : null,
    tools.length ? `${background} The job uses ${listOf(tools)}: which of these have you worked with, and for what?` : null,
  ];
  // A description's own words can trip the bias check ("experience with young children"): then the plainer wording.
  return worded.find((q): q is string => q !== null && isLawful(q)) ?? plain;
}

/** Words of time and schedule, which every job ad has ("10-hour shifts", "a tight schedule"): they do not make a question this job's. */
const TIME_STEMS = new Set(distinctStems('hour hours shift shifts schedule day days week weeks night nights time morning evening weekend'));

/**
 * The industry's situational questions that belong to this job: ranked by the job's words, and only
 * those sharing a word with it, so a warehouse associate is not asked about pre-trip inspections
 * because warehouses and trucking share a profile (issue 31).
 */
function situationalFor(industry: IndustryKey, jobText: string): string[] {
  const ranked = rankByJob(INDUSTRIES[industry].questions, jobText);
  // From a title alone (or a line or two) the profile the title names is all there is to go on.
  if (industry === 'general' || wordCount(jobText) < 40) return ranked;
  const job = new Set(distinctStems(jobText).filter((st) => !TIME_STEMS.has(st)));
  const text = jobText.toLowerCase();
  // A question about equipment the job never names is another role's ("drive a forklift" to a van driver).
  const ownEquipment = (q: string) => [...q.toLowerCase().matchAll(EQUIPMENT)].every((m) => text.includes(m[1]!.replace(/s$/, '')));
  return ranked.filter((q) => distinctStems(q).filter((st) => job.has(st)).length >= 2 && ownEquipment(q));
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/** Whether the candidate holds each licence or certificate the description requires, asked first; four at most to a question. */
function eligibilityQuestions(description: string): string[] {
  const credentials = extractCredentials(description).map(lowerFirst);
  const out: string[] = [];
  for (let i = 0; i < credentials.length; i += 4) {
    const some = credentials.slice(i, i + 4);
    out.push(
      some.length === 1
        ? `The job lists this requirement: ${some[0]!}. Do you hold it now, and is it current?`
        : `The job lists these requirements: ${some.join('; ')}. Do you hold each of them now, and are they current?`,
    );
  }
  return out;
}

/**
 * The experience the description asks for, as it words it ("at least 1 year of acute care or
 * med-surg nursing experience", "6+ months of experience working with young children"); what is
 * only preferred is left out. The first one found.
 */
const EXPERIENCE = /\b((?:at least |minimum (?:of )?)?(?:\d+(?:\.\d+)?\s*(?:\+|-\s*\d+)?|one|two|three|four|five|six)\+?\s*(?:years?|yrs?|months?)\s*(?:of\s+|in\s+|running\s+|working\s+)[^.;\n(]{3,90})/i;
export function extractExperience(description: string): string | null {
  // Under "Nice to have:" or "Preferred:" nothing is required.
  for (const rawLine of requiredText(description, { sentences: false }).split(/\n/)) {
    const line = rawLine.trim().replace(/^(?:[-•*·▪◦–]|\d+[.)])\s+/, '');
    for (const sentence of splitSentences(line)) {
      const m = EXPERIENCE.exec(sentence);
      if (!m) continue;
      // Cut at a clause of its own ("… and can make 20 classic cocktails"), and never inside a word.
      const whole = m[1]!.length >= 90 ? m[1]!.replace(/\s+\S*$/, '') : m[1]!;
      const phrase = whole
        .split(/,\s|\s(?:and|or|but)\s(?:a|an|the|you|we|can|be|have|are|is|will)\b/)[0]!
        .replace(/\s+/g, ' ')
        .replace(/\s+(?:is|are)\s+(?:required|a must|needed|preferred)\b.*$/i, '')
        .replace(/[\s,]+$/, '')
        .trim();
      // "2+ years of payroll experience, multi-state a plus" requires the two years; "preferred: 2 years…" does not.
      if (OPTIONAL_WORDS.test(sentence.slice(0, m.index) + phrase) || OPTIONAL.test(phrase)) continue;
      if (/\b(?:ages?|old|school year)\b/i.test(phrase) || wordCount(phrase) < 3) continue;
      return phrase;
    }
  }
  return null;
}

/** Equipment by its common names, with the word before when it says which ("floor buffers", "hand tools"). */
const EQUIPMENT = /\b((?:(?<!-)[a-z]+[ -])?(?:scrubbers?|buffers?|jackhammers?|compactors?|saws?|drills?|benders?|hand tools|power tools|knives|knife skills|forklifts?|pallet jacks?|reach trucks?|scanners?|scan guns?|multimeters?|torque wrench(?:es)?|calipers?|micrometers?|gauges?|lathes?|mills?|slicers?|fryers?|espresso machines?|tablets?|cash registers?))\b/g;
/** Words that say a sentence names the tools of the work. */
const TOOL_CUE = /\b(?:uses?|using|used|microsoft|google|excel|spreadsheets?|software|systems?|apps?|platforms?|tools?|equipment|operat\w*|runs?|running|navigate|proficien\w*|experience (?:with|in)|knowledge of|familiar\w*|skills?|writes?|enters?|records?|documents?|logs?|tracks?|supports?|in|on|with)\b/i;
const STRONG_TOOL_CUE = /\b(?:uses?|using|microsoft|google|chart(?:s|ing)?|documentation|ehr|emr|registers?|pos|payments?|orders?|software|systems?|apps?|platforms?|tools?|equipment|operat\w*|navigate|proficien\w*|experience (?:with|in)|knowledge of|familiar\w*|skills?)\b/i;
/** A sentence about pay and benefits names no tools ("public service loan forgiveness (PSLF) eligibility"). */
const BENEFITS = /\b(?:benefits|we offer|insurance|401\(?k\)?|403\(b\)|pto|paid time off|loan forgiveness|employer match|equal opportunity)\b/i;
/** Capitalised words that are not the names of tools. */
const NOT_TOOL = new Set(
  'I We You Our Your The A An This That SaaS B2B B2C Must Requirements Responsibilities Duties Schedule Benefits Pay What How Who Why When Where Able Availability Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mon Tue Wed Thu Fri Sat Sun January February March April May June July August September October November December New Year Years Black Day Christmas Thanksgiving Tier US USA DOE PTO CDL DOT OSHA BLS CPR ACLS PALS RN LPN CNA HR AM PM WPM FIFO AP AR Hybrid Full Part Team Class MVR English Spanish AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);
export function extractTools(description: string, title = '', limit = 5): string[] {
  const out: string[] = [];
  const titleWords = new Set(title.split(/[^A-Za-z0-9]+/).filter(Boolean));
  const add = (t: string) => {
    const clean = t.replace(/\s+/g, ' ').trim();
    if (clean.length < 2 || out.some((o) => o.toLowerCase() === clean.toLowerCase() || o.toLowerCase().includes(clean.toLowerCase()))) return;
    out.push(clean);
  };
  const sentences = requiredText(description)
    .split(/\n/)
    .flatMap((l) => splitSentences(l.trim().replace(/^(?:[-•*·▪◦–]|\d+[.)])\s+/, '')));
  // The first sentence names the employer and where it is, not tools.
  for (const sentence of sentences.slice(1)) {
    // A sentence about licences names endorsements and bodies ("CDL with Passenger (P) and School Bus (S) endorsements"), not tools.
    if (OPTIONAL.test(sentence) || BENEFITS.test(sentence) || CREDENTIAL.test(sentence) || !TOOL_CUE.test(sentence)) continue;
    for (const m of sentence.matchAll(EQUIPMENT)) if (!/^(?:evacuation|fire|emergency|safety|practice) drills?$/i.test(m[1]!)) add(m[1]!.replace(/^(?:the|a|an|our|your|and|or|of|to|with|from|use|uses|using|climb|run|runs|operate|operates|good|strong|basic|own|professional|portable|supply|supplies|provide|provides)[ -]/i, ''));
    const words = sentence.replace(/[(),:;/]/g, ' , ').split(/\s+/);
    let run: string[] = [];
    const flush = () => {
      if (run.length) add(run.join(' '));
      run = [];
    };
    words.forEach((w, i) => {
      const word = w.replace(/[.,!?]+$/, '');
      const product = /^(?:[A-Z][a-z]*[A-Z][A-Za-z]*|[a-z]{1,8}[A-Z][A-Za-z]*|[A-Z]{2,6}|\d{2,4})$/.test(word) && !/^[A-Z]{2,}s$/.test(word);
      // A plain capitalised word is a tool's name only where the sentence says it names tools.
      const plain = /^[A-Z][a-z]+$/.test(word) && STRONG_TOOL_CUE.test(sentence);
      const named = (product || plain || (run.length > 0 && /^[A-Z][a-z]+$/.test(word))) && !NOT_TOOL.has(word) && !(titleWords.has(word) && run.length === 0);
      // A capitalised word is a name only inside the sentence; a number only after a name ("Microsoft 365").
      if (named && i > 0 && (!/^\d/.test(word) || run.length)) run.push(word);
      else flush();
      if (/[.,!?]$/.test(w)) flush();
    });
    flush();
  }
  // Named products first, then equipment, then bare acronyms; places and bodies ("… Electrical Board") are not tools.
  const kept = out.filter((t) => !/^\d/.test(t) && !/\b(?:Board|Department|Services|Center|Inc|LLC|Company|County|City|State)$/.test(t));
  const rank = (t: string) => (/^[A-Z]{2,6}$/.test(t) ? 2 : /^[a-z]/.test(t) ? 1 : 0);
  // Two-letter acronyms are too vague to name ("RF", "UI"); "scan gun" adds nothing after "scanner".
  const distinct = kept.filter((t) => !/^[A-Z]{2}$/.test(t)).filter((t, i, all) => !all.slice(0, i).some((o) => o.slice(0, 4).toLowerCase() === t.slice(0, 4).toLowerCase()));
  return distinct.sort((a, b) => rank(a) - rank(b)).slice(0, limit);
}

/** Physical demands a description states ("Able to lift 50 lbs", "stand for 10-hour shifts"), as it words them. */
// A word joined by a hyphen is part of a name ("stand-up reach trucks", "walk-in cooler"), not a demand.
const PHYSICAL = /(?<!-)\b(?:lift(?:ing)?|carry(?:ing)?|push(?:ing)?|pull(?:ing)?|stand(?:ing)?|walk(?:ing)?|climb(?:ing)?|kneel(?:ing)?|bend(?:ing)?|stoop(?:ing)?|on your feet|lbs?|pounds|kg)\b(?!-)/i;
const PHYSICAL_DEMAND = /(?<!-)\b(?:lift(?:ing)?|carry(?:ing)?|stand(?:ing)?|walk(?:ing)?|climb(?:ing)?|kneel(?:ing)?|stoop(?:ing)?|on your feet|heights|lbs?|pounds|kg)\b(?!-)/i;
/** What makes a phrase a demand rather than a mention ("help every guest walk into a spotless room"): a weight, a length of time, a frequency. */
const DEMAND_MEASURE = /\b(?:lbs?|pounds|kg|on your feet|all day|all shift|the whole|whole shift|for (?:an? |the |up to |most of |long |extended |hours|\d)|long periods|extended periods|entire|full shift|whole shift|repeatedly|frequently|occasionally|regularly|up to|heights|ladders?|stairs|temperatures?|cold|heat|outdoors)\b/i;
export function extractPhysical(description: string): string[] {
  const out: string[] = [];
  for (const rawLine of description.split(/\r?\n/)) {
    const line = rawLine.trim().replace(/^(?:[-•*·▪◦–]|\d+[.)])\s+/, '').replace(/^[A-Za-z][^:]{0,40}:\s*/, '');
    for (const sentence of splitSentences(line)) {
      // "lift 50 lbs and work in a hot, loud shop" is one demand (a comma between adjectives); "push a
      // cart, lift 30 lbs, and bend" three.
      const parts: string[] = [];
      for (const piece of sentence.split(/;|,\s+/)) {
        const prev = parts[parts.length - 1];
        const adjective = prev !== undefined ? / (?:a|an|the) (\S+)$/.exec(prev) : null;
        if (prev !== undefined && adjective && nlp(adjective[1]!).has('#Adjective')) parts[parts.length - 1] = `${prev}, ${piece}`;
        else parts.push(piece);
      }
      for (const part of parts) {
        let c = part.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim().replace(/[\s.;,]+$/, '');
        c = c.replace(/^(?:and|or)\s+/i, '');
        const stated = c;
        c = c.replace(/^(?:and\s+)?(?:(?:you )?must be able to|(?:you should |you must |you(?:'|’)ll need to |you need to |need to )?be able to|(?:the )?ability to|able to|must|(?:you )?can|comfortable|physically able to)\s+/i, '').replace(/^with (?:lots of |plenty of )?/i, '');
        const required = c !== stated;
        // "Work is physical: you're on your feet…" states the demand after its own heading.
        c = c.replace(/^[A-Za-z][^:]{0,30}:\s+/, '').replace(/^(?:you(?:'|’)re|you are|you(?:'|’)ll be)\s+/i, '');
        if (!PHYSICAL.test(c) || wordCount(c) > 20 || wordCount(c) < 2 || /\b(?:preferred|a plus)\b/i.test(c)) continue;
        // Stated as a requirement ("Able to…") or measured; otherwise the words describe the work or the place.
        if (!required && !DEMAND_MEASURE.test(c)) continue;
        // Bending, pushing or pulling is a physical demand with a weight or a frequency; "bending conduit" and "pulling wire" are the work.
        if (!PHYSICAL_DEMAND.test(c) && !/\b(?:lbs?|pounds|kg|repeatedly|frequently|all day|for hours)\b/i.test(c)) continue;
        if (!out.some((o) => o.toLowerCase() === c.toLowerCase())) out.push(lowerFirst(c));
      }
    }
  }
  return out.slice(0, 3);
}

/** The schedule and the physical demands the description states, in one question the candidate can answer plainly. */
function practicalQuestion(description: string): string[] {
  const schedule = extractSchedule(description);
  const physical = extractPhysical(description);
  const parts: string[] = [];
  if (schedule.length) parts.push(`This job involves ${listOf(schedule)}.`);
  if (physical.length) parts.push(schedule.length ? `Its physical demands, as the job lists them: ${physical.join('; ')}.` : `The job lists these physical demands: ${physical.join('; ')}.`);
  if (!parts.length) return [];
  const ask = !physical.length ? 'Can you work that schedule?' : schedule.length ? 'Can you work that schedule and meet those demands, with or without a reasonable accommodation?' : 'Can you meet those demands, with or without a reasonable accommodation?';
  return [`${parts.join(' ')} ${ask}`];
}

/** Licences and certificates the description requires ("Valid Class A CDL", "current BLS"); optional ones are left out. */
const CREDENTIAL = /\b(?:licen[cs]es?|licensed|certifications?|certificates?|certified|registration|registered(?= [a-z ]{0,30}\b(?:assistant|technician|tech|nurse|dietitian|pharmacist|hygienist|therapist|technologist)\b)|cdl|endorsements?|servsafe|food handler|bls|acls|pals|cpr|first aid|medical card|dot physical|osha[- ]?(?:10|30)|background check|drug (?:and alcohol )?(?:screen|test)|clearance)\b/i;
/**
 * The employer speaking, not a requirement: introducing the job ("Ridgeline Freight is hiring CDL-A
 * drivers…"), offering ("we pay for further certifications", "free CPR training"), reassuring ("no CDL
 * needed", "newly certified CNAs welcome", "if you don't have a CDL yet").
 */
const EMPLOYER_SPEAKING =
  /\b(?:is|are|we(?:'|’)re|we are) (?:now )?(?:hiring|looking for|seeking|recruiting)\b|\bjoin our\b|\b(?:we|we(?:'|’)ll|we will)\b|\bwelcome\b|\bfree\b|\bbudget\b|\bno \S+ (?:needed|required)\b|\bdon(?:'|’)t have\b|\bthat(?:'|’)s ok(?:ay)?\b|\bwho want to\b|\bsales experience\b/i;
const OPTIONAL = /\b(?:preferred|a plus|nice to have|bonus|years old|age)\b/i;
/** What only wishes ("preferred", "a plus"), apart from an age the sentence names. */
const OPTIONAL_WORDS = /\b(?:preferred|a plus|nice to have|bonus)\b/i;
const OPTIONAL_HEADING = /\b(?:preferred|a plus|nice to have|nice-to-haves?|bonus(?: points)?|extra credit)\b/i;

export function extractCredentials(description: string): string[] {
  const out: string[] = [];
  // A list of duties names the work ("Enter orders, registration and insurance information"), not what the candidate must hold.
  let duties = false;
  for (const rawLine of description.split(/\r?\n/)) {
    const trimmed = rawLine.trim();
    const label = /^([A-Za-z][^:]{0,40})(?::|$)/.exec(trimmed)?.[1]?.trim();
    if (label && !/^(?:[-•*·▪◦–]|\d+[.)])\s/.test(trimmed) && wordCount(label) <= 5 && (DUTY_HEADING.test(label) || OTHER_HEADING.test(label))) duties = LIST_HEADING.test(label);
    if (duties && /^(?:[-•*·▪◦–]|\d+[.)])\s/.test(trimmed)) continue;
    const line = trimmed.replace(/^(?:[-•*·▪◦–]|\d+[.)])\s+/, '').replace(/^[A-Za-z][^:]{0,40}:\s*/, '');
    for (const sentence of splitSentences(line)) {
      // "Requirements: valid Class A CDL, clean driving record, 2 years…" asks about the licence alone.
      const items = sentence
        .replace(/^[A-Za-z][^:]{0,40}:\s*/, '')
        .replace(/\([^)]*\)/g, ' ')
        .split(/;|,\s+(?:and\s+)?|\s+and\s+(?=(?:a|an|have|hold|pass|be)\s)/);
      for (const part of items) {
        // "You must have EPA Section 608 certification" is asked as "EPA Section 608 certification".
        const c = part
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/^(?:(?:\S+\s+){0,3}(?:you|applicants|candidates|drivers|employees|all staff)\s+)?(?:must|will need to|need to|should)\s+(?:have|hold|possess|be)\s+/i, '')
          // "valid driver's license - you'll be moving customer vehicles": the licence, without the reason.
          .split(/\s[–—-]\s/)[0]!
          // "A valid driver's license is required so you can move between properties" asks about the licence.
          .replace(/\s+(?:is|are)\s+(?:required|a must|needed)\b.*$/i, '')
          .replace(/^(?:a|an)\s+(?=valid|current)/i, '')
          .replace(/[\s.;,]+$/, '');
        // Pay that depends on certifications is not a requirement.
        // Experience asked for "after certification" is experience, not a credential; the opening asks it.
        // "You will also collect urine drug screen specimens" is a duty.
        if (!CREDENTIAL.test(c) || OPTIONAL.test(c) || /\$|\/hr\b|per hour|depending on/i.test(c) || EXPERIENCE.test(c) || /^(?:you will|you(?:'|’)ll|you would)\s+(?:also\s+)?(?!need|have|hold|be|get|obtain|pass|require)/i.test(c) || EMPLOYER_SPEAKING.test(c) || wordCount(c) > 17 || wordCount(c) < 2) continue;
        if (!out.some((o) => o.toLowerCase() === c.toLowerCase())) out.push(c);
      }
    }
  }
  return out;
}

/** Schedule terms a description may name, and how a screening question says them. */
const SCHEDULE_TERMS: { re: RegExp; say: (m: string) => string }[] = [
  { re: /\b(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s*(?:-|–|to|through|thru)\s*(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi, say: (m) => `${m} working days` },
  // "nights" alone is a schedule only in a list ("nights, weekends and holidays"), not in "busy nights".
  { re: /\b(?:night shifts?|overnight)\b|\bnights(?=,? (?:and |or )?(?:weekends|evenings|holidays))|(?<=\b(?:evenings|weekends),? (?:and |or )?)nights\b/gi, say: () => 'night shifts' },
  { re: /\b(?:2nd|second) shift\b/gi, say: () => 'second shift' },
  { re: /\b(?:3rd|third) shift\b/gi, say: () => 'third shift' },
  { re: /\brotating (?:12-hour )?shifts?\b/gi, say: () => 'rotating shifts' },
  { re: /\b(?:8|10|12)-hour shifts?\b/gi, say: (m) => m.toLowerCase().replace(/shift$/, 'shifts') },
  { re: /\bon-call\b/gi, say: () => 'an on-call rotation' },
  { re: /\bevenings?\b/gi, say: () => 'evenings' },
  { re: /\bweekends?\b/gi, say: () => 'weekends' },
  { re: /\bsaturdays\b/gi, say: () => 'some Saturdays' },
  { re: /\bholiday season\b/gi, say: () => 'the holiday season' },
  { re: /\bholidays\b/gi, say: () => 'holidays' },
  { re: /\bovertime\b/gi, say: () => 'overtime at busy times' },
  { re: /\bafter-hours\b/gi, say: () => 'some after-hours work' },
  { re: /\bpart-time\b/gi, say: () => 'part-time hours' },
  { re: /\bhybrid\b/gi, say: () => 'a hybrid schedule with office days' },
  { re: /\bdinner service\b/gi, say: () => 'dinner service' },
  { re: /\bweeks out\b|\bover the road\b|\botr\b/gi, say: () => 'weeks at a time on the road' },
  { re: /\bhome every weekend\b/gi, say: () => 'weekdays on the road with weekends at home' },
  { re: /\b(?:out|away|on the road)\s+(?:\d+(?:\s*-\s*\d+)?|two|three|four|five)\s+nights\s+(?:a|per)\s+week\b/gi, say: (m) => `being ${m.replace(/^out\b/i, 'out on the road')}` },
  { re: /\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\s*(?:-|–|to)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)\b/gi, say: (m) => `the hours ${m.replace(/\s*(?:to|–|-)\s*/i, '-').replace(/\s+/g, '')}` },
  { re: /\bclosing shifts?\b/gi, say: () => 'closing shifts' },
  { re: /\b\d+-week (?:paid )?training\b/gi, say: (m) => `attending the full ${m.replace(/ paid/, ' paid')}` },
  { re: /\bhome every night\b|\blocal routes?\b/gi, say: () => 'local routes with nights at home' },
];

/** The schedule the description names, in order of mention, without terms it negates ("no weekends"). */
export function extractSchedule(description: string): string[] {
  const hits: { at: number; end: number; say: string }[] = [];
  for (const term of SCHEDULE_TERMS) {
    for (const m of description.matchAll(term.re)) {
      const at = m.index;
      if (/\b(?:no|not|never|without|home every|home time every|home most)\s+$/i.test(description.slice(Math.max(0, at - 16), at))) continue;
      hits.push({ at, end: at + m[0].length, say: term.say(m[0]) });
    }
  }
  hits.sort((a, b) => a.at - b.at || b.end - a.end);
  const out: string[] = [];
  let until = -1;
  for (const h of hits) {
    if (h.at < until) continue;
    until = h.end;
    if (!out.includes(h.say)) out.push(h.say);
  }
  return out.slice(0, 4);
}

const listOf = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`);

/** A phone screening's question on one to three duties, worded differently for each so two never read alike. */
function screeningDutyQuestion(group: string[], index: number): string {
  const gerund = isGerund(headWord(group[0]!));
  const one = group.length === 1;
  const list = one ? (gerund ? asPhrase(group[0]!) : `to ${asPhrase(group[0]!)}`) : dutyList(group);
  const leads = gerund ? [`This job involves ${list}.`, `The work also includes ${list}.`, `Another part of the job is ${list}.`] : [`This job asks you ${list}.`, `You would also need ${list}.`, `Another part of the job is ${list}.`];
  const asks = one
    ? ['Have you done that before? Tell me briefly where and how it went.', 'Where have you done something like that, and how did it go?', 'How much of that have you done, and how recently?']
    : [group.length === 2 ? 'Have you done either before? Tell me briefly where and how it went.' : 'Which of these have you done before? Tell me briefly where and how it went.', 'Which of those have you done, and where?', 'How much of that have you done, and how recently?'];
  return `${leads[index % 3]!} ${asks[index % 3]!}`;
}

/**
 * Phone screens: one general opening, then short practical questions from the job: its skills, a
 * duty, a licence it asks for, the industry's most relevant situational question, and its schedule.
 */
export function screeningQuestions(input: ScreeningInput): string[] {
  const title = input.jobTitle?.trim() ?? '';
  const description = input.jobDescription?.trim() ?? '';
  const skillsText = input.skills?.trim() ?? '';
  if (!title && !description && !skillsText) return [...DEFAULT_SCREENING_QUESTIONS];
  const jobText = `${description} ${skillsText}`;
  const industry = draftingIndustry(title, jobText);
  const profile = INDUSTRIES[industry];
  const skills = extractSkills(description, skillsText, industry).slice(0, 2);
  // As in the interview plan: only the industry's questions that share words with this job (a
  // warehouse associate is not asked about hours of service).
  const situational = situationalFor(industry, `${title} ${jobText}`);
  const opening = openingQuestion(title, description, { phone: true });

  // Whether the candidate holds what the job requires comes first (issue 31), then two of its duties.
  const eligibility = eligibilityQuestions(description);
  const body: string[] = [];
  pushDistinct(body, eligibility, 6);
  // The job's skills in one question (two of one form read as the same question twice), not a licence the eligibility question asks about.
  const asked = skills.filter((s) => !flat(eligibility.join(' ')).includes(flat(s)));
  if (asked.length) pushDistinct(body, [`How much hands-on experience do you have with ${listOf(asked)}? Give me a quick example ${profile.exampleFrom}.`], 6);
  // Two or three questions on the job's duties, as room allows (one is kept for a situational
  // question); two or three short ones of one form share a question.
  const duties = extractDuties(description).filter((d) => !asked.some((s) => flat(d).includes(flat(s))));
  groupDuties(duties, Math.min(3, Math.max(2, 5 - body.length))).forEach((group, i) => pushDistinct(body, [screeningDutyQuestion(group, i)], 6));
  // Situational questions about a skill or duty already asked would be asked twice.
  const fresh = situational.filter((q) => !alreadyAsked(q, [...skills, ...body]));
  pushDistinct(body, fresh.slice(0, 1), 6);
  const role = roleName(title);
  const fillers = [...fresh.slice(1, 2), ...(role ? [profile.motivation.replace('{role}', role)] : []), ...fresh.slice(2)];
  pushDistinct(body, fillers, 4);

  // The schedule and physical demands as the job states them, and when the candidate could start.
  const practical = practicalQuestion(description)[0];
  const availability = practical ? `${practical} And when could you start?` : profile.availability;
  const questions = [opening];
  pushDistinct(questions, body, 7);
  pushDistinct(questions, [availability], 8);
  questions[0] = openingQuestion(title, description, { phone: true, asked: questions.slice(1) });
  return questions;
}

export { CLOSING_QUESTION };
