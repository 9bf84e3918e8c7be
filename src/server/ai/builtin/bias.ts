import type { BiasFlag } from '../../../contracts/ai';
import { CONCEPTS, DOMAINS, ELLIPTICAL, HOUSEHOLD, LAWFUL_FRAMES, REMARK, ROLE_FRAME, type Concept, type Domain } from './bias-lexicon';

interface Rule {
  category: string;
  /** Matches a question that asks about the characteristic. */
  pattern: RegExp;
  /** A lawful question that looks similar (work authorisation, essential functions…). */
  lawful?: RegExp;
  reason: string;
  suggestion: string;
}

/**
 * Protected characteristics an interview question must not ask about, with the lawful neighbours
 * that must not be flagged. Written as rules so that every flag can be explained.
 */
const QUESTION_RULES: Rule[] = [
  {
    category: 'age',
    pattern: /\b(how old|your age|what age|age are you|year (were )?you born|when were you born|date of birth|birth ?date|birthday|graduate(d)? (from )?high school|when did you graduate|too old|too young|retire|close to retirement|generation|millennial|boomer|finish(ed)? (high )?school|class of|what year did you (graduate|finish|leave)|years on (that|your|this) (resume|cv)|winding down|slow(ing)? down|kids your age|young for|old for|how long until you retire|over the hill)\b/i,
    lawful: /\b(at least|over) (18|eighteen|21|twenty-one)\b|\b(18|21) (years|or older)\b|\bage (groups?|ranges?|brackets?) (have|do|did|would) you (\w+ ){0,2}(teach|taught|work|worked|enjoy|enjoyed|prefer|care|cared|support|supported|coach|coached)/i,
    reason: 'Asks about age, a protected characteristic (age discrimination laws).',
    suggestion: 'If the role has a legal minimum age, ask: "Are you at least 18 years old?" Otherwise ask about relevant experience.',
  },
  {
    category: 'marital_family',
    pattern: /\b(married|marital|spouse|husband|wife|partner do|boyfriend|girlfriend|(are you|you're|you are|still|stay|being) single\b|^single\b|single\?|divorced|engaged|(have|any) (kids|children)|how many (kids|children)|your (kids|children)|childcare|child care|babysitter|start(ing)? a family|plan(s|ning)? (on|to) (have|having) (kids|children|a baby)|family plans|maiden name|who (looks|will look) after|(want|have|plan on|planning on) (more |any )?(kids|children)|more (kids|children)|someone at home|anyone at home|little ones|daycare|day care|your family (be )?(ok|okay|fine|mind)|home situation|who watches|your other half|significant other|school run|pick(ing)? up the kids)\b/i,
    reason: 'Asks about marital or family status, which must not influence hiring.',
    suggestion: 'Remove the question. If the job has demanding hours or travel, state them and ask: "Are you able to work that schedule?"',
  },
  {
    category: 'pregnancy',
    pattern: /\b(pregnan\w*|expecting a baby|maternity|paternity|baby on the way|trying for a baby|due date)\b/i,
    reason: 'Asks about pregnancy, which is protected.',
    suggestion: 'Ask whether the candidate can meet the schedule and duties of the role, without reference to pregnancy.',
  },
  {
    category: 'religion',
    pattern: /\b(religio\w*|church|mosque|synagogue|temple|pray|prayer|faith|god|christian|muslim|jewish|hindu|sikh|buddhist|catholic|atheist|sabbath|religious holidays?|holy days?|worship|halal|kosher|ramadan|lent\b|fasting|observant|observe any|go to services|bible|quran|koran|torah|headscarf|hijab|turban|yarmulke|kippah|cross you wear|your beliefs)\b/i,
    lawful: /\b(weekends?|holidays) (and|or) (holidays|weekends?) as scheduled\b/i,
    reason: 'Asks about religion or religious practice, which is protected.',
    suggestion: 'Ask about availability for the schedule: "This role works some weekends and holidays. Are you able to work that schedule?"',
  },
  {
    category: 'national_origin',
    pattern: /\b(where (are|were) you (originally |really )?from|where('s| is) (that|your) accent|your accent|(what|which) country (are|were|do|did|is|was) (you|your)|born in|birthplace|where were you born|nationality|native (language|tongue|country)|first language|mother tongue|citizen(ship)?|green card|immigra\w*|ethnic background|your heritage|your roots|back home|(that|this|an?) (\w+ )?accent\b(?!s)|parents (were )?born|(long|since when) have you (been|lived) in (this|the) country|in this country\?|where did you grow up|born here|move(d)? (over|here)|what kind of name|(your|that) name from|where does (your|that) name come from|first generation|your people|how('s| is) your english|english (is|your) (first|second)|go back to)\b/i,
    lawful: /\b(legally )?(authori[sz]ed|eligible|permitted) to work\b|\bwork (authori[sz]ation|permit|visa) sponsorship\b|\brequire (visa )?sponsorship\b|\bsecurity clearance\b/i,
    reason: 'Asks about national origin or citizenship beyond work authorisation.',
    suggestion: 'Ask only: "Are you legally authorized to work in this country?" and, if relevant, "Will you now or in the future require sponsorship?"',
  },
  {
    category: 'race_ethnicity',
    pattern: /\b(race|racial|ethnicity|ethnic|skin colou?r|what are you\?|mixed race|are you mixed|black or|white or|(mostly|all|mainly) (white|black|hispanic|latino|asian)|interesting look|your look|(black|white|asian|latino|hispanic) (person|guy|woman|man)|only (black|white|asian|latino|hispanic)|your hair|same community|if you know what i mean|people like you|your kind|complexion)\b/i,
    reason: 'Asks about race or ethnicity, which is protected.',
    suggestion: 'Remove the question; race and ethnicity are never job-relevant.',
  },
  {
    category: 'disability_health',
    pattern: /\b(disabilit\w*|disabled|handicap\w*|medical (condition|history|problems?)|health (conditions?|problems?|issues?)|limp\b|walk with|what happened to your|in a wheelchair|your eyesight|your hearing|any (conditions|illnesses)|chronic|medications?|(your|any|on) prescriptions?|mental health|therapy|therapist|depress\w*|anxiety|sick days|days (off )?sick|workers'? comp\w*|injur(y|ies|ed) (claims?|before)|hospitali[sz]ed|drug rehab|rehab|wheelchair|blind|deaf|height and weight|how much do you weigh|your weight|limping|long-term thing|hurt yourself|on any meds|in recovery|sober|your condition|diagnosed|adhd|autis\w*|ptsd|bipolar|hearing aid|crutch(es)?|cane\b|how('s| is) your (back|health|eyesight|hearing)|take a lot of sick)\b/i,
    lawful: /\b(essential functions|with or without (a )?(reasonable )?accommodation)\b/i,
    reason: 'Asks about disability, health or medical history.',
    suggestion: 'Ask: "Can you perform the essential functions of this job, with or without reasonable accommodation?"',
  },
  {
    category: 'sexual_orientation_gender',
    pattern: /\b(sexual orientation|gay|lesbian|straight|bisexual|transgender|trans\b|gender identity|your gender|pronouns you were born|sex were you|identify as (a )?(man|woman|male|female)|transition(ed|ing)?|a (guy|man|woman|girl) (would|could) (really )?(be|handle|cope)|as a (woman|man)|all (women|men|guys|girls)|being a (woman|man)|boyfriend or (a )?girlfriend|gone by that name|born (a )?(male|female|boy|girl)|your pronouns|are you into (men|women|guys|girls))\b/i,
    reason: 'Asks about sexual orientation or gender identity, which are protected.',
    suggestion: 'Remove the question; it is never job-relevant.',
  },
  {
    category: 'arrest_record',
    pattern: /\b(ever been arrested|been arrested|arrest(s|ed)? record|arrest history|in trouble with the police|police record|into custody|cops|picked up by the police|police (ever )?(stopped|detained|took))\b/i,
    reason: 'Asks about arrests, which are not convictions and must not be used in hiring decisions.',
    suggestion: 'Remove the question, or follow the law that applies to convictions for this role, after a conditional offer where required.',
  },
  {
    category: 'genetic',
    pattern: /\b(family (medical|health) history|genetic|hereditary|runs in (your|the) family|your parents('|’)? health|(anyone|anybody|someone) in your family (have|has|had)|history of (heart disease|cancer|diabetes|alzheimer)|runs? in your family|dna (health )?tests?|23andme|genetic tests?)\b/i,
    reason: 'Asks for genetic information, which is protected (for example by GINA in the US).',
    suggestion: 'Remove the question; genetic tests and the family\'s medical history may not be asked about or used in hiring.',
  },
  {
    category: 'military_discharge',
    pattern: /\b(type of discharge|dishonou?rabl[ey]( discharged?)?|honou?rabl[ey] discharged?|how were you discharged|discharge status|discharge papers|(kind|sort) of discharge|discharge did you get)\b/i,
    reason: 'Asks about the type of military discharge.',
    suggestion: 'Ask about relevant skills and experience gained in military service instead.',
  },
  {
    category: 'salary_history',
    pattern: /\b(current salary|previous salary|last salary|salary history|how much (did|do) you (make|earn)|what (did|do) you (make|earn)|what (were|are) you paid|your (current|previous|last) (pay|compensation|wage)|pay ?stubs?|w-2|were they paying you|(what|how much) (are|were) you making|what you('re| are) making)\b/i,
    reason: 'Asks for pay history, which many jurisdictions ban because it carries past pay gaps forward.',
    suggestion: 'Ask about expectations instead: "What are your salary expectations for this role?"',
  },
  {
    category: 'other',
    pattern: /\b(how tall|your height|how much do you weigh|what clubs|which clubs|organi[sz]ations? (do|are) you (belong|a member)|social clubs|political|vote|union member|do you smoke|do you drink|own your (place|home|house)|(do you )?rent\b|your credit|credit (score|history|check)|collections|bankrupt\w*|voting|vote for|democrat|republican|political party|in a union|union (member|history)|the reserves|(been|be|get|got|getting|being|were you|are you) deployed|national guard)\b/i,
    reason: 'Asks about affiliations (clubs, lodges, unions, parties, campaigns), finances or private life, which can reveal protected characteristics and are not job-related.',
    suggestion: 'Ask about professional associations relevant to the role, if any. Where the law allows a credit or background check for this role, say so and ask for consent after a conditional offer.',
  },
];

const YOU = /\b(you|your|yours|yourself|you're|you've|you'll|you'd)\b/i;
const YOU_WORD = /^(you|your|yours|yourself|you're|you've|you'll|you'd|u|ur)$/i;
/** Pronouns of someone other than the candidate: "bullied about their religion". */
const THIRD_PERSON = /^(they|their|theirs|them|themselves|he|his|him|himself|she|her|hers|herself)$/i;
/** People the job serves or works beside: a topic that belongs to them is about the work. */
const OTHERS = /^(customers?|guests?|patients?|clients?|callers?|passengers?|residents?|visitors?|shoppers?|users?|students?|pupils?|learners?|coworkers?|co-workers?|colleagues?|teammates?|employees?|staff|crew|members?|public|drivers?|doctors?|nurses?|physicians?|pharmacists?|caregivers?|carers?|managers?|supervisors?|vendors?|suppliers?|chefs?|designers?|engineers?|teams?|tenants?|officers?|applicants?|candidates?|hires?|workers?|reports?|diners?|travell?ers?|buyers?|borrowers?|account ?holders?|service users?|children's|kids'|individuals?)('s|s'|’s)?$/i;
/** A topic word that names a business or service, not the candidate ("family medicine", "childcare centres"). */
const BUSINESS = /^(rooms?|areas?|samples?|specimens?|labs?|laborator(y|ies)|equipment|research|meals?|menus?|dishes|catering|casework|medicine|practice|clinics?|centres?|centers?|facilit(y|ies)|business(es)?|compan(y|ies)|firms?|restaurants?|owned|style|dining|products?|services?|programs?|sector|industry|agenc(y|ies)|providers?|schemes?|funds?|units?|wards?|plans?|policy|policies|roles?|jobs?|positions?|settings?|environments?|law|laws|rules|regulations?|negotiations?|agreements?|reps?|representatives?|checks?|applications?|reports?|products?|accounts?)\b/i;
/**
 * A question about how the candidate does the work ("How would you handle…", "Tell me about a time
 * you…"): when it also names someone else, the protected words in it are that person's situation.
 */
const SCENARIO = /^(how (would|do|did|will|should|can|could|might) you|what (would|do|did|will|should|could) you (do|say)|describe|tell (me|us) about (a time|an occasion|your experience|how)|give (me |us )?an example|walk (me|us) through|talk (me|us) through|have you (ever )?(had to|handled|dealt|worked|supported|managed|helped|cared))\b/i;

/** Lawful questions on neighbouring topics: the job's own requirements, asked of everyone. */
const LAWFUL_NEIGHBOURS =
  /\b((legally )?(authori[sz]ed|eligible|permitted|entitled) to work|right to work|(visa )?sponsorship|essential functions|reasonable (accommodation|adjustment)s?|at least (18|eighteen|21|twenty-one)|(16|18|21) or (older|over)|(?<!(\b(whether or not|regardless of whether|even if|even though|never|not|without|no)|n't)\b[^.?!]{0,25})(convicted|conviction)|can you lift|able to lift|languages? (do|can) you (speak|work)(?! at home| with (your|the) (family|kids|children|parents))|valid driver'?s licen[cs]e|reliable transportation|(able|available) to work (weekends|holidays|nights|evenings|overtime)|work (weekends|holidays) (and|or) (holidays|weekends)|prepared you|in the military that|professional (associations?|bodies|body|societ(y|ies)|organi[sz]ations?|memberships?|groups?|networks?)|(finance|accounting|industry|trade|engineering|nursing) (associations?|societ(y|ies)|bodies)|institute|safeguarding|age (groups?|ranges?|brackets?) (have|do|did|would) you (\w+ ){0,2}(teach|taught|work|worked|enjoy|enjoyed|prefer|care|cared|support|supported|coach|coached)|salary expectations|salary range|(work(ed|ing)?|liais\w+|cooperat\w+) with (the )?police|(call(ed|ing)?|report(ed|ing)?( it)? to) (the )?police|pay range|(work(ing)?|experience|teach(ing)?|car(e|ing)|deal(ing)?) (with|for) (kids|children|families|babies|infants|toddlers|young people))\b/i;

/** Sentences; "Mr." and "Mrs." end none ("Is it Mrs. Johnson or Ms. Johnson?"). */
const sentencesOf = (question: string) => question.split(/(?<=(?<!\b(?:mr|mrs|ms|dr|st|jr|sr|vs|etc))[.?!])\s+/i);
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).map((w) => w.replace(/^["'(“‘]+|[,.;:?!"')”’]+$/g, ''));

/**
 * Whether the topic word at `at` belongs to someone the job serves or works beside ("a guest who
 * asks for a religious meal", "bullied about their religion", "a younger colleague"), or names a
 * business ("childcare centres"). The owner is the nearest person named before the topic: "your"
 * makes it the candidate's, "a patient who…" or "their" someone else's.
 */
function belongsToOthers(sentence: string, at: number, word: string): boolean {
  const head = sentence.slice(0, at);
  // "As a genetic counsellor, …": the words of the frame name the job.
  if (insideRoleFrame(sentence, at)) return true;
  // "if a customer asked you where you're from": what someone else says in a scenario is theirs.
  if (REPORTED.test(head) && isScenario(sentence)) return true;
  // "half your age": the topic is the candidate's whoever else the sentence names.
  const before = wordsOf(head);
  if (/\b(you|your|you're|you've)\b/i.test(word)) return inSomeonesScenario(sentence, before);
  const after = sentence.slice(at + word.length).trim();
  // "a mostly white team": the group is what the question is about.
  if (/^(mostly|mainly|all|predominantly|largely|only|same)\b/i.test(word)) return false;
  // "your sexuality from clients": right after "your", the topic is the candidate's.
  if (/^(your|yours)$/i.test(before[before.length - 1] ?? '') && !BUSINESS.test(after)) return inSomeonesScenario(sentence, before);
  if (wordsOf(after).slice(0, 2).some((w) => OTHERS.test(w) && !YOU_WORD.test(w))) return true;
  // "overdue rent from commercial tenants": the topic is theirs.
  if (/^(from|of|for|to) (the |our |their )?(\w+ )?\w+/i.test(after) && OTHERS.test(wordsOf(after).slice(1, 4).find((w) => OTHERS.test(w)) ?? '')) return true;
  if (BUSINESS.test(after) || BUSINESS_AFTER_LIST.test(after) || WORK_COMPOUND.test(after)) return true;
  // "How do you record medication errors?", "you'd handle patient medications": the object of a work verb.
  if (WORK_OBJECT.test(head)) return true;
  // "How do you keep children safe on a trip?": kept in a state by the candidate's work.
  if (/\byou (\w+ )?keep (\w+ )?$/i.test(head) && /^\S+ (\w+ )?(safe|secure|calm|warm|clean|occupied|engaged|busy|hydrated|informed|entertained|comfortable)\b/i.test(`${word} ${after}`)) return true;
  // "What signs of postnatal depression would you look for?": a condition the work watches for in others.
  if (SIGNS_OF.test(head) && !OWN_SYMPTOMS.test(head)) return true;
  // "How do you respond when police arrive at the store?": a public service acting in the scenario.
  if (isScenario(sentence) && /\b(when|if|whenever|after|before|while|until|once) (the |a |an |some )?$/i.test(head) && /^(police|cops|officers?|authorities|paramedics|ambulance|fire (brigade|service|crew)|inspectors?|security)\b/i.test(word)) return true;
  // "the children's activities": a possessive names what the sentence is about, someone else's.
  if (/^['’]s?\s/.test(after) && /^(the|a|an|our|their|his|her)$/i.test(before[before.length - 1] ?? '')) return true;
  // "working alongside the police", "experience with trade unions": a partner of the work.
  if (WORK_PARTNER.test(head)) return true;
  // "experience supervising nannies", "training in mental health first aid": what the candidate knows of the work.
  if (KNOWLEDGE_OF.test(head)) return true;
  // "a request for time off for a religious festival", "interviews after sickness absence": a work item's subject.
  if (WORK_ITEM_ABOUT.test(head)) return true;
  // "How would you comfort a grieving family…": someone the work meets ("the kids" would be the candidate's).
  if (IMAGINED_GROUP.test(head) && isScenario(sentence) && !YOU.test(head.replace(SCENARIO_OPENER, ''))) return true;
  // "What would you do if a child in your class…": a person the scenario imagines.
  if (IMAGINED_PERSON.test(head) && isScenario(sentence)) return true;
  // "the office prayer room", "the company pension": the workplace's own.
  if (WORKPLACE.test(before[before.length - 1] ?? '')) return true;
  for (let i = before.length - 1; i >= 0; i--) {
    const w = before[i]!;
    if (YOU_WORD.test(w)) {
      // "How would you support a patient's family…", "a customer who is rude about your accent": a
      // scenario naming someone else is about them, unless the topic is the candidate's own ("your family").
      if (!isScenario(sentence) || !mentionsOthers(sentence)) return false;
      return i < before.length - 1 || inSomeonesScenario(sentence, before.slice(0, i));
    }
    // "our benefits, including health insurance and the pension": the employer's.
    if (/^(our|ours)$/i.test(w)) return true;
    // "Are you a member of a union?": the person named is the candidate.
    if (OTHERS.test(w)) return !CANDIDATE_IS.test(before.slice(0, i).join(' ')) && !candidatesCompound(sentence, before, i);
    if (THIRD_PERSON.test(w)) return true;
    // "a new mother who is struggling with…": the relative clause describes someone else.
    if (/^(who|whose)$/i.test(w) && i > 0 && !YOU_WORD.test(before[i - 1]!)) return true;
  }
  return false;
}

/** The topic sits in a clause describing someone else in a scenario: "a customer who is rude about your accent". */
const inSomeonesScenario = (sentence: string, before: string[]) => isScenario(sentence) && RELATIVE_CLAUSE.test(before.join(' '));

/**
 * A form field: a label ending in a colon or marked "(optional)", "(if applicable)", or offering
 * options ("single / married"). A form is filled in by the candidate, so its fields are theirs.
 */
const FORM_FIELD = /(:\s*(_+)?\s*$|\((optional|if applicable|if any|please specify|tick one|circle one|delete as appropriate)\)|^[^?]{0,60}\w \/ \w[^?]{0,60}$)/i;
/** A request to disclose, put to the candidate without "you": "Is there anything medical we ought to know about?" */
const DISCLOSURE = /\b(is there|are there|anything|something) ([\w'’-]+ ){0,6}(we|i) (should|ought to|need to|must|have to|would want to) (know|be aware|hear)\b/i;
/** Bare form labels of protected facts: "Height / weight:", "Country of birth:", "Sex:". */
const FORM_LABELS: { category: string; label: RegExp }[] = [
  { category: 'appearance', label: /\b(height|weight|build|photo(graph)?)\b/i },
  { category: 'age', label: /\b(age|date of birth|d\.?o\.?b\.?|year of birth)\b/i },
  { category: 'national_origin', label: /\b(nationality|citizenship|(country|place) of (birth|origin)|birthplace|native language|mother tongue)\b/i },
  { category: 'race_ethnicity', label: /\b(race|ethnicity|ethnic (group|origin)|colou?r)\b/i },
  { category: 'religion', label: /\b(religion|faith|denomination|church)\b/i },
  { category: 'marital_family', label: /\b(marital status|maiden name|spouse|partner|next of kin|children|dependants|dependents)\b/i },
  { category: 'sexual_orientation_gender', label: /\b(sex|gender|title \(mr|sexual orientation)\b/i },
  { category: 'disability_health', label: /\b(disabilit(y|ies)|medical conditions?|health|sick days)\b/i },
];
function formFlag(question: string): string | null {
  if (!FORM_FIELD.test(question.trim()) || /\b(you|your)\b/i.test(question) || LAWFUL_NEIGHBOURS.test(question)) return null;
  return FORM_LABELS.find(({ label }) => label.test(question))?.category ?? null;
}

/**
 * A protected fact of someone else carried over to the candidate: "Our last hire went on maternity
 * leave three months in; is that something we'd need to worry about with you?", "new hires fill out a
 * family medical history form; would you complete one?".
 */
const TRANSFER =
  /\b((something|anything|a problem|an issue|a concern|a risk) ([\w'’]+ ){0,5}(worry|expect|plan for|need to know|see|deal with|think about)( about)? (with|from|for) you|(the same|likewise|similar|that) (with|from|for|of) you|(would|will|could|can) you (be (willing|happy|able) to )?(complete|fill (out|in)|do|take|provide|sign|submit|give us|share|agree to|consent to|send us) (one|it|that|the same|yours)\b|(you|yours) too\?|(will|would|could|might|is) (that|this|the same) (\w+ )?(happen|be the case|apply|be true|an issue|a problem) (with|to|for) you)/i;
function transferFlag(question: string): string | null {
  if (!TRANSFER.test(question) || LAWFUL_NEIGHBOURS.test(question)) return null;
  const topics = [...DOMAINS.filter((domain) => !domain.anyOwner && !domain.needs), ...CONCEPTS];
  return topics.find((topic) => !topic.lawful?.test(question) && topic.topic.test(question))?.category ?? null;
}

/** A scenario question, also after a role frame: "As our events coordinator, how would you…". */
const isScenario = (sentence: string) => SCENARIO.test(sentence.trim().replace(/^as [^,]{1,60},\s*/i, ''));

function insideRoleFrame(sentence: string, at: number): boolean {
  const m = ROLE_FRAME.exec(sentence);
  return m !== null && at >= m.index && at < m.index + m[0].length;
}

/** "if a customer asked you", "when a guest says": the rest of the clause is what they said. */
const REPORTED =
  /\b(if|when|whenever|after) (a|an|the|one|another|some|one of (your|the|our)) ([\w'’-]+ ){0,3}(asks?|asked|says?|said|tells?|told|comments?|commented|remarks?|remarked|jokes?|joked|mentions?|mentioned|calls?|called|discloses?|disclosed|complains?|complained|makes?|made|shares?|shared)\b/i;
/** "if a child…", "when an elderly guest…": a person the scenario imagines, not the candidate's own. */
const IMAGINED_PERSON = /\b(if|when|whenever|suppose|imagine|say|where) (a|an|another|some|one of (your|the|our)) ([\w'’-]+ ){0,2}$/i;
/** "working alongside the police", "negotiating with trade unions": the topic is a partner of the work. */
const WORK_PARTNER = /\b((?<!off )work\w*|liais\w*|negotiat\w*|deal(s|t|ing)?|partner(s|ed|ing)?|collaborat\w*|cooperat\w*|experience|coordinat\w*) (closely |directly |regularly )?(with|alongside) (the |a |an |local |trade |our |their |many |several |different ){0,2}$/i;
/** A workplace word naming whose the next word is: "office prayer room", "company pension". */
const WORKPLACE = /^(office|company|company's|workplace|site|store|shop|corporate|employee|employees'|on-?site|in-?house)$/i;
/**
 * The topic word modifies a noun naming a piece of work: "medication errors", "a child support
 * deduction order", "maternity cover", "a family-run business".
 */
const WORK_COMPOUND =
  /^(-(run|owned|operated|friendly|oriented|focused|centred|centered|sized|based)\b|(\w+ )?(errors?|incidents?|administration|rounds?|charts?|audits?|cover|deductions?|orders?|logs?|storage|dispensing|reconciliation|schedules?|rotas?|reviews?|protocols?|matrix|procedures?|labell?ing)\b)/i;
/**
 * The candidate as the one doing the work on the topic: a verb of handling, recording or preventing
 * with the topic as its object ("How do you keep track of food allergies…", "you'd handle patient
 * medications"), not after "your" (which makes the topic the candidate's own).
 */
const WORK_OBJECT =
  /\b(you|you'd|you'll|you've|we|i)\s+((would|will|do|did|have|had|can|could|should|might|always|usually|actually|then)\s+)*(handle|handled|handling|record|recorded|recording|log|logged|logging|keep track of|track|tracked|tracking|label|labelled|labeled|store|stored|dispense|dispensed|administer|administered|prevent|prevented|preventing|process|processed|processing|document|documented|calculate|calculated|audit|audited|chase|chased|collect|collected|recover|recovered|verify|verified|screen|screened|catalogue|code|coded|invoice|invoiced|bill|billed|check|checked|checking|book|booked|booking|schedule|scheduled|arrange|arranged|explain|explained|communicate|communicated|flag|flagged|reduce|reduced|control|controlled|avoid|avoided|cater|catered|supervise\w*|protect\w*|safeguard\w*|support|supported|supporting|teach|taught|teaching|comfort|comforted|comforting|reassure\w*|settle|settled|calm|calmed|escort\w*|assess\w*|treat|treated|treating|advise|advised|advising|counsel\w*)\b(?! (your|yours|my|being|having)\b)( (?!(your|yours|my|being|having)\b)[\w'’-]+){0,3} $/i;
/** "signs of…", "symptoms of…": what a worker looks for. */
const SIGNS_OF = /\b(signs?|symptoms?|indicators?|red flags|warning signs|risk factors?) (of|for) ([\w'’-]+ )?$/i;
/** "Do you have any symptoms of…", "your symptoms of…": the candidate's own. */
const OWN_SYMPTOMS = /\b(your|you('ve| have| had| get| got| experience\w*| show\w*| suffer\w*| notice\w*| ever))\b[^,;]*$/i;
/** A business noun after a list: "the office prayer and quiet room". */
const BUSINESS_AFTER_LIST = /^(and|or|&) \w+ (meals?|menus?|food|dishes|options|rooms?|spaces?|areas?|facilit(y|ies)|schemes?|polic(y|ies)|services?|programmes?|programs?)\b/i;
/** "experience with…", "training in…": the topic is a subject of the candidate's work knowledge. */
const KNOWLEDGE_OF =
  /\b((experience|training|trained|qualifications?|qualified|background|knowledge|expertise|skills?|certificates?|certified|courses?)\b (do you have |have you had |have you done |did you do |you have )?(\w+ing (\w+ )?|(\w+ing )?(with|in|of|on|for) )|(know|knowledge|understanding|learn|learned|learnt) (about|of) )(the |a |an |other )?$/i;
/** "a request for time off for a…", "interviews after…": the topic is what a work item is about. */
const WORK_ITEM_ABOUT =
  /\b(requests?|applications?|cases?|casework|claims?|interviews?|polic(y|ies)|procedures?|process(es)?|meals?|menus?|rotas?|referrals?|forms?|meetings?|sessions?|programmes?|quer(y|ies)|complaints?|enquir(y|ies)|bookings?|labels?|signs?|leaflets?|adverts?|reports?) ([\w'’-]+ ){0,4}(for|about|after|in|on|of|around|regarding|during|related to)( (a|an|the))? ?$/i;
/** "a grieving family", "every child": someone the work meets, in a scenario. */
const IMAGINED_GROUP = /\b(a|an|another|each|every) ([\w'’-]+ )?$/i;
const SCENARIO_OPENER = /^(as [^,]{1,60},\s*)?(how (would|do|did|will|should|can|could|might) you|what (would|do|did|will|should|could) you (do|say))\b/i;

/**
 * "Do you have student debt?": a person word right before the topic, without a possessive, in a
 * question put to the candidate (not a scenario), makes a compound that is the candidate's.
 */
const candidatesCompound = (sentence: string, before: string[], i: number) =>
  i === before.length - 1 && !/['’]/.test(before[i]!) && !isScenario(sentence) && before.slice(0, i).some((w) => YOU_WORD.test(w));

/** "are you a…", "you're a…": the person named next is the candidate. */
const CANDIDATE_IS = /\b((are|were) you|you('re| are| were)|being) (still |ever |now |currently )?(a|an|the|one of the)$/i;

/** Whether a sentence names someone besides the candidate: "a patient", "they", "a child who…". */
const mentionsOthers = (sentence: string) => RELATIVE_CLAUSE.test(sentence) || wordsOf(sentence).some((w) => THIRD_PERSON.test(w) || OTHERS.test(w));
/** "a child who is upset", "a customer who is rude": a person described by the question. */
const RELATIVE_CLAUSE = /\b(a|an|the|any) (\w+ ){0,2}(who|whose)\b/i;

/**
 * Whether a sentence is put to the candidate: it says "you", it is a bare topic ("Married?",
 * "Kids?"), or it follows on from a sentence that did ("Your surname is unusual. Where is it from?").
 */
function addressedSentences(question: string): { sentence: string; addressed: boolean }[] {
  let previous = false;
  return sentencesOf(question).map((sentence) => {
    const bare = (/\?\s*$/.test(sentence) && (wordsOf(sentence).length <= 2 || /^any\b/i.test(sentence.trim()))) || FORM_FIELD.test(sentence);
    const aboutThem = HOUSEHOLD.test(sentence) || REMARK.test(sentence.trim()) || ELLIPTICAL.test(sentence.trim()) || DISCLOSURE.test(sentence);
    const addressed = YOU.test(sentence) || bare || aboutThem || (previous && !mentionsOthers(sentence));
    previous = addressed;
    return { sentence, addressed };
  });
}

function conceptFlag(question: string): Concept | null {
  if (LAWFUL_NEIGHBOURS.test(question)) return null;
  for (const { sentence, addressed } of addressedSentences(question)) {
    if (LAWFUL_FRAMES.test(sentence)) continue;
    for (const concept of CONCEPTS) {
      if (concept.lawful?.test(question)) continue;
      if ((concept.always || addressed) && saidOfCandidate(concept.topic, sentence)) return concept;
    }
  }
  return null;
}

/**
 * The third stage: a protected domain said of the candidate or their household (bias-lexicon.ts).
 * The same grammar decides whose the words are; each domain has its own lawful neighbours.
 */
function domainFlag(question: string): Domain | null {
  if (LAWFUL_NEIGHBOURS.test(question)) return null;
  const sentences = addressedSentences(question).filter(({ sentence }) => !LAWFUL_FRAMES.test(sentence));
  for (const domain of DOMAINS) {
    if (domain.lawful?.test(question) || (domain.needs && !domain.needs.test(question))) continue;
    if (domain.anyOwner) {
      // "Most of the team are fresh out of uni. Would you feel like the grandad?": the contrast is the point.
      if (sentences.some(({ addressed }) => addressed) && sentences.some(({ sentence }) => domain.topic.test(sentence))) return domain;
      continue;
    }
    for (const { sentence, addressed } of sentences) {
      if (!domain.always && !addressed) continue;
      if (saidOfCandidate(domain.topic, sentence)) return domain;
    }
  }
  return null;
}

/** A rule's match that is about the candidate, not only about people the job serves or the business. */
function ruleMatches(rule: Rule, question: string): boolean {
  return sentencesOf(question).some((sentence) => !LAWFUL_FRAMES.test(sentence) && saidOfCandidate(rule.pattern, sentence));
}

const everyMatch = new Map<RegExp, RegExp>();
/** Whether any match of the pattern in the sentence is about the candidate ("Would our Gen Z customers… someone of your vintage?"). */
function saidOfCandidate(pattern: RegExp, sentence: string): boolean {
  let global = everyMatch.get(pattern);
  if (!global) everyMatch.set(pattern, (global = new RegExp(pattern.source, 'gi')));
  for (const m of sentence.matchAll(global)) if (!belongsToOthers(sentence, m.index, m[0])) return true;
  return false;
}

/**
 * The fourth stage: a question about the candidate's own life that says nothing about the work.
 * Lawful interview questions talk about the job: its tasks, hours, tools, people and requirements,
 * or the candidate's experience, skills and way of working. A question put to the candidate about
 * themselves that names none of that ("Are you seeing anyone?", "How many drinks do you have a
 * week?") asks about private life, which is where the protected characteristics are.
 */
const PERSONAL =
  /^((and|so|just|also|now|out of interest|by the way|tell me|be honest|honestly|quick question)[,:]?\s+)*((are|were|do|did|have|has|had|is|was|will|would|can|could|should|any|got)\s+(\w+\s+)?(you|your)\b|(what|which|how many|how much|how often|how long|where|when|who|whose)\b[^?]*\b(you|your)\b|any\s+\w+)/i;
const WORK =
  /\b(work\w*|job|jobs|role|roles|position|career|team\w*|projects?|customers?|clients?|patients?|guests?|shifts?|rota|schedul\w*|hours|overtime|weekends?|nights?|travel\w*|relocat\w*|commut\w*|licen[cs]es?|certif\w*|qualif\w*|degree|diploma|training|trained|skills?|experience\w*|manag\w*|employ\w*|compan(y|ies)|business|office|site|store|shop|warehouse|kitchen|ward|classroom|tasks?|deadlines?|tools?|software|systems?|equipment|machines?|machinery|vehicles?|forklift|safety|polic(y|ies)|procedures?|process\w*|reports?|data|code|coding|sales|targets?|budgets?|service|products?|menu|orders?|stock|inventory|meetings?|colleagues?|co-?workers?|boss|supervis\w*|staff|industry|field|trade|profession\w*|hire|hiring|hired|interview\w*|notice|start|starting|references?|portfolio|resume|cv|feedback|mistakes?|conflicts?|pressure|stress|goals?|achiev\w*|strengths?|weakness\w*|motivat\w*|learn\w*|improv\w*|lead\w*|decisions?|problems?|challeng\w*|situation|example|handle|approach|promot\w*|fired|dismissed|resign\w*|quit|commit\w*|recruit\w*|research\w*|salary|pay|wages?|legislation|act|compliance|transport|sites|assessments?|adjustments?|accommodations?|leav(e|ing) (your|the|this)|previous|available|availability|willing|able to|capable|comfortable|confident|happy to|prepared to|organi[sz]\w*|priorit\w*|deliver\w*|results?|clean\w*|cook\w*|driv\w*|lift\w*|typ(e|ing)|excel|spreadsheets?|till|cash|phones?|calls?|emails?|sell\w*|teach\w*|nurs\w*|care|caring|serv(e|ing)|build\w*|repair\w*|install\w*|design\w*|plan\w*|writ(e|ing)|spanish|french|german|languages?|speak|fluent|(do|does|did|doing|done|perform\w*|carry(ing)? out) (it|that|this|them)|visits?|signs of|look(ing)? for|spot|spare time|hobbies|interests|free time|questions for us|gap in your|day-to-day|public|people|numbers|morning person|early riser|early starts?|punctual|uniform|standards|hygiene|valid|cdl|cards?|permits?|certificates?|registration|dbs|visas?|sponsor\w*|legal\w*|require\w*|eighteen|benefits|leave policy|stud(y|ied|ies)|university|college|course|day to day|day-to-day|name would you like|expect\w*|rates?|quality|defects?|parts?|bugs?|proud|see yourself|handovers?|briefings?|look like to you|means? to you|first \d+ days|a time (when )?you|what (did|would|do|will) you do|us(e|ed|ing)|built|made|ran|run|created|developed|wrote|written|fix(ed|ing)?|test(s|ed|ing)?|deploy\w*|ship(ped)?|sold|apps?|api|sql|cloud|platform|servers?|networks?|databases?|pipelines?|steps|walk (me|us) through|talk (me|us) through|explain|describe|tell (me|us) about|how (did|would|do|will) you (handle|deal|respond|approach|react|cope|manage))\b/i;

function asksAboutPrivateLife(question: string): boolean {
  if (LAWFUL_NEIGHBOURS.test(question) || WORK.test(question)) return false;
  return sentencesOf(question.trim()).some((s) => /\?\s*$/.test(s) && PERSONAL.test(s.trim()) && !mentionsOthers(s) && !LAWFUL_FRAMES.test(s));
}

/** Looks and the body, which stand in for sex, race, age, disability or religion (found by the domain stage). */
const APPEARANCE: Rule = {
  category: 'appearance',
  pattern: /\b(your (looks|appearance|figure|physique))\b/i,
  reason: 'Asks about the candidate\'s looks or body, which stand in for sex, race, age, disability or religion and are not job-related.',
  suggestion: 'State any physical requirement or safety dress code of the role and ask: "Can you meet this requirement, with or without reasonable accommodation?"',
};

const ruleFor = (category: string): Rule | undefined => (category === 'appearance' ? APPEARANCE : QUESTION_RULES.find((r) => r.category === category));

const PRIVATE_LIFE: Rule = {
  category: 'private_life',
  pattern: PERSONAL,
  reason: 'Asks about the candidate\'s private life rather than the work, which can reveal protected characteristics (family, health, age, religion, origin).',
  suggestion: 'Ask about what the job requires: its tasks, hours, skills and experience.',
};

/** A rule's pattern that is about the candidate, in a question its lawful frame does not excuse. */
const ruleFires = (rule: Rule, question: string) => ruleMatches(rule, question) && !(rule.lawful?.test(question) && !otherRuleMatches(question, rule));

/** The first rule a question breaks, by the stages in order, or null. */
function issueOf(question: string): Rule | null {
  const fired = QUESTION_RULES.find((rule) => ruleFires(rule, question));
  if (fired) return fired;
  const concept = conceptFlag(question) ?? domainFlag(question);
  const category = concept?.category ?? formFlag(question) ?? transferFlag(question);
  return category ? (ruleFor(category) ?? PRIVATE_LIFE) : asksAboutPrivateLife(question) ? PRIVATE_LIFE : null;
}

const flagFor = (question: string, rule: Rule, index?: number): BiasFlag => ({
  ...(index !== undefined ? { index } : {}),
  text: question,
  category: rule.category,
  reason: rule.reason,
  suggestion: suggestionFor(question, rule),
});

export function checkQuestion(question: string, index?: number): BiasFlag | null {
  const rule = issueOf(question);
  return rule ? flagFor(question, rule, index) : null;
}

/**
 * Every issue of a flagged question, one flag each ("How old are you, and do you have young
 * children…" asks about age and about family): the first as `checkQuestion` finds it, then every
 * other rule that fires on it (issue 31). A question with no first issue has none.
 */
export function checkQuestionIssues(question: string, index?: number): BiasFlag[] {
  const first = issueOf(question);
  if (!first) return [];
  const rules = [first, ...QUESTION_RULES.filter((rule) => ruleFires(rule, question))];
  // Each clause on its own too ("How old are you, and do you have young children at home…?").
  const clauses = question.split(/,\s*(?:and|or|but|also)\s+|;\s*|\s+and\s+(?=(?:do|does|are|is|have|has|will|would|can|could|did|were|what|how|where|when|who)\b)/i);
  if (clauses.length > 1) {
    for (const clause of clauses.map((c) => c.trim()).filter((c) => c.split(/\s+/).length >= 3)) {
      const found = issueOf(/[?.!]$/.test(clause) ? clause : `${clause}?`);
      if (found) rules.push(found);
    }
  }
  const distinct = rules.filter((rule, i) => rules.findIndex((r) => r.category === rule.category) === i);
  return distinct.map((rule) => flagFor(question, rule, index));
}

/** What a question wants to know about the work, said in it ("…that would make 12-hour shifts difficult?"), and how a lawful question says it. */
const SCHEDULE_INTENTS: { re: RegExp; say: (m: string) => string }[] = [
  { re: /\b(?:\d+|eight|ten|twelve)[- ]hour shifts?\b/i, say: (m) => m.toLowerCase().replace(/shift$/, 'shifts') },
  { re: /\b(?:night shifts?|nights|overnight(?: shifts?)?)\b/i, say: () => 'night shifts' },
  { re: /\bweekends?\b/i, say: () => 'weekend work' },
  { re: /\bevenings?\b/i, say: () => 'evening work' },
  { re: /\bholidays?\b/i, say: () => 'work on some holidays' },
  { re: /\bovertime\b/i, say: () => 'overtime at busy times' },
  { re: /\bon[- ]call\b/i, say: () => 'on-call duty' },
  { re: /\b(?:travel\w*|time away from home|nights away)\b/i, say: () => 'travel' },
  { re: /\b(?:long hours|long shifts?)\b/i, say: () => 'long shifts' },
  { re: /\b(?:early (?:starts?|mornings?)|start(?:ing)? early)\b/i, say: () => 'early starts' },
  { re: /\bshifts?\b/i, say: () => 'shift work' },
];
/** Categories whose questions usually stand in for "can you work the hours?". */
const SCHEDULE_PROXIES = new Set(['marital_family', 'pregnancy', 'religion', 'age', 'gender', 'sexual_orientation_gender', 'disability_health', 'private_life', 'other']);

/** The rule's suggested rewording, or, where the question is really about the job's hours, one that keeps that intent and nothing else. */
function suggestionFor(question: string, rule: Rule): string {
  if (!SCHEDULE_PROXIES.has(rule.category)) return rule.suggestion;
  for (const intent of SCHEDULE_INTENTS) {
    const m = question.match(intent.re);
    if (m) return `Ask about the schedule itself: "This role involves ${intent.say(m[0])}. Are you able to work that schedule?"`;
  }
  return rule.suggestion;
}

function otherRuleMatches(question: string, except: Rule): boolean {
  return QUESTION_RULES.some((r) => r !== except && r.pattern.test(question) && !r.lawful?.test(question));
}

export function checkQuestions(questions: string[]): BiasFlag[] {
  return questions.flatMap((q, i) => checkQuestionIssues(q, i));
}

/** Evaluation text must judge what was said and done, never who the candidate is. */
const TEXT_RULES: { category: string; pattern: RegExp }[] = [
  { category: 'age', pattern: /\b(young|old|older|elderly|age|aged|mature|youthful|millennial|boomer|energetic young|too old|too young)\b/i },
  { category: 'gender', pattern: /\b(he|she|his|her|him|male|female|man|woman|girl|boy|gentleman|lady|feminine|masculine)\b/i },
  { category: 'marital_family', pattern: /\b(married|single|mother|father|mom|dad|children|kids|family|husband|wife|spouse)\b/i },
  { category: 'pregnancy', pattern: /\b(pregnan\w*|maternity)\b/i },
  { category: 'national_origin', pattern: /\b(accent|foreign|immigrant|native speaker|non-native|nationality|ethnic|origin|country of)\b/i },
  { category: 'race_ethnicity', pattern: /\b(race|racial|skin|black|white|asian|hispanic|latino|latina)\b/i },
  { category: 'religion', pattern: /\b(religio\w*|christian|muslim|jewish|hindu|church|mosque|faith)\b/i },
  { category: 'disability_health', pattern: /\b(disab\w*|handicap\w*|illness|sick|medical|wheelchair|stutter|mental health)\b/i },
  { category: 'appearance', pattern: /\b(attractive|pretty|handsome|overweight|weight|looks)\b/i },
];

export function checkText(text: string): BiasFlag[] {
  const flags: BiasFlag[] = [];
  for (const rule of TEXT_RULES) {
    const m = text.match(rule.pattern);
    if (m) {
      flags.push({ text: m[0], category: rule.category, reason: `Refers to ${rule.category.replace('_', ' ')} ("${m[0]}"), which must not inform an evaluation.` });
    }
  }
  return flags;
}
