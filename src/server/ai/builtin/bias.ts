import type { BiasFlag } from '../../../contracts/ai';

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
    pattern: /\b(how old|your age|what age|age are you|year (were )?you born|when were you born|date of birth|birth ?date|birthday|graduate(d)? (from )?high school|when did you graduate|too old|too young|retire|close to retirement|generation|millennial|boomer|finish(ed)? (high )?school|class of|what year did you|years on (that|your|this) (resume|cv)|winding down|slow(ing)? down|kids your age|young for|old for|how long until you retire|over the hill)\b/i,
    lawful: /\b(at least|over) (18|eighteen|21|twenty-one)\b|\b(18|21) (years|or older)\b/i,
    reason: 'Asks about age, a protected characteristic (age discrimination laws).',
    suggestion: 'If the role has a legal minimum age, ask: "Are you at least 18 years old?" Otherwise ask about relevant experience.',
  },
  {
    category: 'marital_family',
    pattern: /\b(married|marital|spouse|husband|wife|partner do|boyfriend|girlfriend|single\b|divorced|engaged|(have|any) (kids|children)|how many (kids|children)|your (kids|children)|childcare|child care|babysitter|start(ing)? a family|plan(s|ning)? (on|to) (have|having) (kids|children|a baby)|family plans|maiden name|who (looks|will look) after|(want|have|plan on|planning on) (more |any )?(kids|children)|more (kids|children)|someone at home|anyone at home|little ones|daycare|day care|your family (be )?(ok|okay|fine|mind)|home situation|who watches|your other half|significant other|school run|pick(ing)? up the kids)\b/i,
    reason: 'Asks about marital or family status, which must not influence hiring.',
    suggestion: 'Ask about the job\'s requirements instead: "This role requires occasional overnight travel. Are you able to meet that requirement?"',
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
    pattern: /\b(where (are|were) you (originally |really )?from|where('s| is) (that|your) accent|your accent|what country|which country|born in|birthplace|where were you born|nationality|native (language|tongue|country)|first language|mother tongue|citizen(ship)?|green card|immigra\w*|ethnic background|your heritage|your roots|back home|accent|parents (were )?born|(long|since when) have you (been|lived) in (this|the) country|in this country\?|where did you grow up|born here|move(d)? (over|here)|what kind of name|(your|that) name from|where does (your|that) name come from|first generation|your people|how('s| is) your english|english (is|your) (first|second)|go back to)\b/i,
    lawful: /\b(legally )?(authori[sz]ed|eligible|permitted) to work\b|\bwork (authori[sz]ation|permit|visa) sponsorship\b|\brequire (visa )?sponsorship\b/i,
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
    pattern: /\b(disabilit\w*|disabled|handicap\w*|medical (condition|history|problems?)|health (conditions?|problems?|issues?)|limp\b|walk with|what happened to your|in a wheelchair|your eyesight|your hearing|any (conditions|illnesses)|chronic|medications?|prescriptions?|mental health|therapy|therapist|depress\w*|anxiety|sick days|days (off )?sick|workers'? comp\w*|injur(y|ies|ed) (claims?|before)|hospitali[sz]ed|drug rehab|rehab|wheelchair|blind|deaf|height and weight|how much do you weigh|your weight|limping|long-term thing|hurt yourself|on any meds|in recovery|sober|your condition|diagnosed|adhd|autis\w*|ptsd|bipolar|hearing aid|crutch(es)?|cane\b|how('s| is) your (back|health|eyesight|hearing)|take a lot of sick)\b/i,
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
    suggestion: 'Remove the question.',
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
    pattern: /\b(how tall|your height|how much do you weigh|what clubs|which clubs|organi[sz]ations? (do|are) you (belong|a member)|social clubs|political|vote|union member|do you smoke|do you drink|own your (place|home|house)|(do you )?rent\b|your credit|credit (score|history|check)|collections|bankrupt\w*|voting|vote for|democrat|republican|political party|in a union|union (member|history)|the reserves|deployed|national guard)\b/i,
    reason: 'Asks about affiliations or private life that can reveal protected characteristics.',
    suggestion: 'Ask about professional associations relevant to the role, if any.',
  },
];

/**
 * The second stage: a protected topic recognised by its concept words, said of the candidate. A
 * topic word counts when the sentence speaks to the candidate (you, your) or the topic is one that
 * is never job-related, and not when it belongs to someone the job serves ("a guest who asks for a
 * religious meal", "a patient's family") or to the business ("family medicine clinics").
 */
interface Concept {
  category: string;
  /** Topic words; matched whole, case-insensitively. */
  topic: RegExp;
  /** Topics that are unlawful whoever the sentence addresses (pregnancy, religion, race…). */
  always?: boolean;
}

const CONCEPTS: Concept[] = [
  {
    category: 'age',
    topic:
      /\b(how old|your age|what age|age (are|were) you|aged|born|birth\w*|decades? (of|did|have|ago)|what decade|generation|retir\w*|eighties|nineties|seventies|sixties|fifty|forty|sixty|seventy|\w+-something|\d0s|grandkids?|grandchild\w*|(start|end) of (your|their) career|many more years|last job before|stop working|been around|you('re| are) (too |quite |very |a bit |pretty |so )?(old|young|older|younger|mature)|(old|young) (for|enough to)|what year did you|which year did you)\b/i,
  },
  {
    category: 'marital_family',
    topic:
      /\b(married|marriage|spouse|wife|husband|(your|a) partner (do|does|work|mind)|what does your partner|fianc[eé]e?|boyfriend|girlfriend|kids?|children|child|sons?|daughters?|babies|baby|little ones?|dependents?|family|families|childcare|daycare|nanny|babysit\w*|single (parent|mom|dad|mother|father)|home life|household)\b/i,
  },
  // Said without "you" but of nobody else.
  { category: 'marital_family', topic: /\b(mrs\.? or (a )?mr\.?|mr\.? or (a )?mrs\.?|significant other|someone special|in the picture)\b/i, always: true },
  { category: 'pregnancy', topic: /\b(pregnan\w*|expecting (a|your)|on the way|maternity|paternity|leave to have|have a (child|baby)|time off for a baby|start(ing)? a family|trying for)\b/i, always: true },
  {
    category: 'religion',
    topic:
      /\b(religio\w*|believer|your beliefs|(?<!good )faith|church|mosque|synagogue|temple|congregation|parish|pray\w*|worship|(attend|go to|going to|leave early for|leave for|for) (religious )?services|sabbath|holy days?|which holidays|holidays? (do|does) (you|your family) (celebrate|observe)|celebrate (christmas|easter|eid|diwali|hanukkah|passover|ramadan)|head ?covering|headscarf|hijab|turban|spiritual|\bgod\b|atheist)\b/i,
  },
  {
    category: 'national_origin',
    topic:
      /\b((surname|last name|name)[^.?!]{0,30}\b(from|background|origin|mean)|ancestry|ancestors|heritage|descent|your roots|background there|accent|by birth|born (in|abroad|here|overseas)|native (language|tongue|country|speaker)|are you (a )?native|mother tongue|first language|parents speak|speak at home|(relatives|family|born|lived?|grew up|from) (overseas|abroad|back home)|back home|relatives|(come|came|move|moved) to this country|in this country|immigra\w*|citizen\w*|nationality|grew up|where .{0,20}\bfrom\b)/i,
  },
  { category: 'race_ethnicity', topic: /\b(race|racial|racially|person of colou?r|people of colou?r|ethnic\w*|skin colou?r|box do you tick|minority)\b/i, always: true },
  {
    category: 'disability_health',
    topic:
      /\b(your (health|medical|mental|physical)|are you healthy|in good health|(any|a) (medical|health|mental|physical) (conditions?|issues?|problems?|history|impairments?)|illness(es)?|sick|disab\w*|impair\w*|surgery|had an operation|(seeing|see|seen) a doctor|hospitali[sz]\w*|in (the )?hospital for|medications?|\bmeds\b|prescri\w*|therapy|therapist|(you|you've|you have) (ever )?(been |got )?injur\w*|injur\w* (claims?|before|history)|claim for an injury|(filed|file|made) (a|any) (workers'? comp(ensation)? )?claims?|workers'? comp\w*|hearing aid|wheelchair|chronic|diagnos\w*|treatment for)/i,
  },
  { category: 'arrest_record', topic: /\b(arrest\w*|police|cops|jail|detained|charged with|custody|locked up|picked you up)\b/i, always: true },
  {
    category: 'sexual_orientation_gender',
    topic:
      /\b(gay|lesbian|lgbt\w*|queer|bisexual|transgender|your gender|gender identity|your pronouns|boyfriend or (a )?girlfriend|sexual\w*|orientation|given at birth|born (a )?(male|female|boy|girl)|(a )?(woman|women|man|men|girl|guy) (could|can|would) (handle|do|cope|manage))\b/i,
    always: true,
  },
  { category: 'military_discharge', topic: /\b(discharg\w*|separation from (the )?(army|navy|military|air force|marines|service|forces))\b/i, always: true },
  { category: 'genetic', topic: /\b(genetic\w*|hereditar\w*|runs? in (your|the) family|family (medical )?history|parents? (have|had|has|ever had) (cancer|diabetes|heart|alzheimer\w*|dementia)|illnesses run)\b/i, always: true },
  {
    category: 'other',
    topic:
      /\b(your credit|credit (score|history|report|check|rating)|(your|any|student|personal) (loans?|debts?)|behind on|owe money|bankrupt\w*|garnish\w*|(own|rent) (a |your )?(car|home|house|apartment|place)|(home|house|place) (rented|owned)|rented or owned|owned or rented|mortgage|your finances)\b/i,
  },
  { category: 'other', topic: /\b(political|party did you|vote|voted|voting|election|union members?|join (a|the) union|in a union|unions?|clubs?|societ(y|ies))\b/i },
];

const YOU = /\b(you|your|yours|yourself|you're|you've|you'll|you'd)\b/i;
/** People the job serves or works beside: a topic that belongs to them is about the work. */
const OTHERS = /\b(customers?|guests?|patients?|clients?|callers?|passengers?|residents?|visitors?|shoppers?|users?|students?|coworkers?|co-workers?|colleagues?|teammates?|employees?|staff|crew members?|members of the public|drivers?|doctors?|nurses?|physicians?|pharmacists?|caregivers?|managers?|supervisors?|vendors?|suppliers?|chefs?|designers?|engineers?|teams?|tenants?|children's|kids')('s|s'|’s)?$/i;
/** A topic word that names a business or service, not the candidate ("family medicine", "childcare centres"). */
const BUSINESS = /^(medicine|practice|clinics?|centres?|centers?|facilit(y|ies)|business(es)?|compan(y|ies)|firms?|restaurants?|owned|style|dining|products?|services?|programs?|sector|industry|units?|wards?|plans?|policy|policies|roles?|jobs?|positions?|settings?|environments?)\b/i;

/** Lawful questions on neighbouring topics: the job's own requirements, asked of everyone. */
const LAWFUL_NEIGHBOURS =
  /\b((legally )?(authori[sz]ed|eligible|permitted) to work|(visa )?sponsorship|essential functions|reasonable accommodation|at least (18|eighteen|21|twenty-one)|convicted|conviction|can you lift|able to lift|languages? do you speak|valid driver'?s licen[cs]e|reliable transportation|(able|available) to work (weekends|holidays|nights|evenings|overtime)|work (weekends|holidays) (and|or) (holidays|weekends)|prepared you|in the military that|professional (associations?|bodies|societ(y|ies))|(finance|accounting|industry|trade|engineering|nursing) (associations?|societ(y|ies)|bodies)|institute|(work(ing)?|experience|teach(ing)?|car(e|ing)|deal(ing)?) (with|for) (kids|children|families|babies|infants|toddlers|young people))\b/i;

const sentencesOf = (question: string) => question.split(/(?<=[.?!])\s+/);

/**
 * Whether the topic word at `at` belongs to someone the job serves or works beside ("a guest who
 * asks for a religious meal", "a younger colleague"), or names a business ("childcare centres").
 */
function belongsToOthers(sentence: string, at: number, word: string): boolean {
  // "half your age": the topic is the candidate's whoever else the sentence names.
  if (/\b(you|your|you're|you've)\b/i.test(word)) return false;
  const before = sentence.slice(0, at).trim().split(/\s+/).slice(-6);
  const after = sentence.slice(at + word.length).trim();
  const next = after.split(/\s+/).slice(0, 2).map((w) => w.replace(/[,.;:?!]+$/, ''));
  return before.some((w) => OTHERS.test(w.replace(/[,;:]$/, ''))) || next.some((w) => OTHERS.test(w)) || BUSINESS.test(after);
}

function conceptFlag(question: string): Concept | null {
  if (LAWFUL_NEIGHBOURS.test(question)) return null;
  for (const sentence of sentencesOf(question)) {
    const addressed = YOU.test(sentence);
    for (const concept of CONCEPTS) {
      const m = concept.topic.exec(sentence);
      if (!m || (!concept.always && !addressed) || belongsToOthers(sentence, m.index, m[0])) continue;
      return concept;
    }
  }
  return null;
}

/** A rule's match that is about the candidate, not only about people the job serves or the business. */
function ruleMatches(rule: Rule, question: string): boolean {
  return sentencesOf(question).some((sentence) => {
    const m = new RegExp(rule.pattern.source, 'i').exec(sentence);
    return m !== null && !belongsToOthers(sentence, m.index, m[0]);
  });
}

export function checkQuestion(question: string, index?: number): BiasFlag | null {
  const at = index !== undefined ? { index } : {};
  for (const rule of QUESTION_RULES) {
    if (!ruleMatches(rule, question)) continue;
    if (rule.lawful?.test(question) && !otherRuleMatches(question, rule)) continue;
    return { ...at, text: question, category: rule.category, reason: rule.reason, suggestion: rule.suggestion };
  }
  const concept = conceptFlag(question);
  if (!concept) return null;
  const rule = QUESTION_RULES.find((r) => r.category === concept.category)!;
  return { ...at, text: question, category: rule.category, reason: rule.reason, suggestion: rule.suggestion };
}

function otherRuleMatches(question: string, except: Rule): boolean {
  return QUESTION_RULES.some((r) => r !== except && r.pattern.test(question) && !r.lawful?.test(question));
}

export function checkQuestions(questions: string[]): BiasFlag[] {
  return questions.map((q, i) => checkQuestion(q, i)).filter((f): f is BiasFlag => f !== null);
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
