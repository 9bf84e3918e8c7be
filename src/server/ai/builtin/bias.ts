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
    pattern: /\b(how old|your age|what age|age are you|year (were )?you born|when were you born|date of birth|birth ?date|birthday|graduate(d)? (from )?high school|when did you graduate|too old|too young|retire|close to retirement|generation|millennial|boomer|finish(ed)? (high )?school|class of|what year did you (graduate|finish|leave)|years on (that|your|this) (resume|cv)|winding down|slow(ing)? down|kids your age|young for|old for|how long until you retire|over the hill)\b/i,
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
    pattern: /\b(where (are|were) you (originally |really )?from|where('s| is) (that|your) accent|your accent|(what|which) country (are|were|do|did|is|was) (you|your)|born in|birthplace|where were you born|nationality|native (language|tongue|country)|first language|mother tongue|citizen(ship)?|green card|immigra\w*|ethnic background|your heritage|your roots|back home|(that|this|an?) (\w+ )?accent\b(?!s)|parents (were )?born|(long|since when) have you (been|lived) in (this|the) country|in this country\?|where did you grow up|born here|move(d)? (over|here)|what kind of name|(your|that) name from|where does (your|that) name come from|first generation|your people|how('s| is) your english|english (is|your) (first|second)|go back to)\b/i,
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

/**
 * Word lists of whole kinds, not phrasings: the candidate's relatives, health conditions and
 * nationalities or ethnic groups. Put to the candidate ("your mum", "are you Polish?", "have you
 * ever had a seizure?"), any member of the kind is the protected topic.
 */
const KIN =
  "mother|mum|mom|mommy|mummy|father|dad|daddy|parents?|step-?(mother|father|son|daughter|child|children|kids?)|in-laws?|(mother|father|sister|brother)-in-law|brothers?|sisters?|siblings?|grand(parents?|mother|father|ma|pa|kids?|children|child|sons?|daughters?)|gran|nan|nana|aunt|auntie|uncle|cousins?|nieces?|nephews?|fianc[eé]e?|partner|spouse|husband|wife|kids?|children|child|sons?|daughters?|twins|toddlers?|bab(y|ies)|relatives?|folks|other half|better half";
const CONDITIONS =
  "asthma|diabet\\w*|epilep\\w*|seizures?|fits|cancer|tumou?r|heart (conditions?|problems?|disease|attack|surgery)|strokes?|blood pressure|migraines?|arthritis|(bad|dodgy|weak) (back|knees?|hips?|heart)|back (problems?|pain|injury|trouble)|hip replacement|your memory|memory (problems?|loss)|dementia|alzheimer\\w*|hiv|hepatitis|(in|any|chronic) pain|unwell|(long-term|chronic|serious|any) (illness|sickness|condition)s?|(fully|physically|medically) fit|fit (enough|and healthy|and well)|mobility (aids?|problems?|issues?)|walking (aids?|stick|frame)|crutches|prosthe\\w*|amputee|stammer|stutter|dyslexi\\w*|learning (difficult|disabilit)\\w*|neurodiver\\w*|ocd|eating disorders?|anorexi\\w*|bulimi\\w*|alcoholi\\w*|addict\\w*|substance (abuse|misuse)|overdose|burn-?out|(stress|anxiety)-related|off with stress|treated for|panic attacks?|insomnia|sleep (problems?|disorders?)|operations?|sick (leave|notes?|days)|doctor'?s notes?|(see|seeing|seen) (a|your) (gp|psychiatrist|psychologist|counsel+or|specialist)";
const DEMONYMS =
  "african|african[- ]american|american|arab|arabic|asian|bangladeshi|black|brazilian|british|caribbean|caucasian|chinese|colombian|cuban|dutch|eastern european|english|eritrean|ethiopian|european|filipin[oa]|french|german|ghanaian|greek|hispanic|indian|indigenous|iranian|iraqi|irish|italian|jamaican|japanese|jewish|kenyan|korean|kurdish|latin[oa]|latinx|lebanese|mexican|middle eastern|mixed|moroccan|native american|nigerian|pakistani|persian|polish|portuguese|puerto rican|romanian|romany|roma|russian|scottish|somali|south asian|spanish|sri lankan|syrian|tamil|traveller|turkish|ukrainian|vietnamese|welsh|white|west indian";

const CONCEPTS: Concept[] = [
  { category: 'pregnancy', topic: /\b(pregnan\w*|expecting (a|your)|on the way|maternity|paternity|leave to have|have a (child|baby)|time off for a baby|start(ing)? a family|trying for|are you expecting|expecting\?|breastfe\w*|ivf|fertility|the baby|baby (is )?due)\b/i, always: true },
  { category: 'marital_family', topic: new RegExp(`\\b(your (own )?(${KIN})|(are|were) you (a|an) (single |working |stay-at-home |new )?(mother|father|parent|mum|mom|dad|grandparent|grandmother|grandfather|carer))(?![a-z])`, 'i') },
  { category: 'disability_health', topic: new RegExp(`\\b(${CONDITIONS})\\b`, 'i') },
  {
    category: 'race_ethnicity',
    topic: new RegExp(`\\b(((are|were) you|(call|describe|consider|see) yourself( as)?|identify as) (\\w+ )?(${DEMONYMS})\\b(?! (speaker|food|cuisine|market|law|tax|language))|your (background|family|parents|people|ancestors|roots|heritage) (is|are|were) (\\w+ )?(${DEMONYMS})|(is|was) your (background|family|heritage) (${DEMONYMS})|(${DEMONYMS}) (descent|origin|heritage|ancestry|extraction|blood))\\b`, 'i'),
    always: true,
  },
  {
    category: 'age',
    topic:
      /\b(how old|your age|what age|age (are|were) you|aged|born|birth\w*|decades? (of|did|have|ago)|what decade|generation|retir\w*|eighties|nineties|seventies|sixties|(fifty|forty|sixty|seventy|thirty)(-something|-ish| or so)|in your (thirties|forties|fifties|sixties)|\w+-something|\d0s|grandkids?|grandchild\w*|(start|end) of (your|their) career|many more years|last job before|stop working|been around|you('re| are) (too |quite |very |a bit |pretty |so )?(old|young|older|younger|mature)|(old|young) (for|enough to)|(what|which) year (did|were) you (graduate|finish|leave|start|go to|born)\w*( (school|high school|college|university|secondary|your a-levels|your gcses))?|what year you (started|left|finished) school|started school|school leaver|stage of (your )?life|later in life|call it a day|pension\w*|digital native|remember (when|the days)|before you (retire|stop|call it)|^(your )?age\b|your years|working life|years (younger|older) than you|over (forty|fifty|sixty|thirty|\d0)|under (thirty|forty|\d0))\b/i,
  },
  {
    category: 'marital_family',
    topic:
      /\b(married|marriage|spouse|wife|husband|(your|a) partner (do|does|work|mind)|what does your partner|fianc[eé]e?|boyfriend|girlfriend|kids?|children|child|sons?|daughters?|babies|baby|little ones?|dependents?|family|families|childcare|daycare|nanny|babysit\w*|single (parent|mom|dad|mother|father)|home life|household|little '?uns|depends? on you|dependants|caring responsibilit\w*|elderly (parent|mother|father|relative)s?|live with (anyone|someone|somebody)|who do you live with|settl(e|ing) down|honeymoon|wedding|engaged|dating|seeing (anyone|someone|somebody)|(care|caring) for (anyone|someone|somebody|a relative|relatives)|time off (for|during|in) (the )?school holidays|school run|half[- ]term)\b/i,
  },
  // Said without "you" but of nobody else.
  { category: 'marital_family', topic: /\b(mrs\.? or (a )?mr\.?|mr\.? or (a )?mrs\.?|significant other|someone special|in the picture)\b/i, always: true },
  {
    category: 'religion',
    topic:
      /\b(religio\w*|believer|your beliefs|(?<!good )faith|church|mosque|synagogue|temple|congregation|parish|pray\w*|worship|(attend|go to|going to|leave early for|leave for|for) (religious )?services|sabbath|holy days?|which holidays|holidays? (do|does) (you|your family) (celebrate|observe)|celebrate (christmas|easter|eid|diwali|hanukkah|passover|ramadan)|head ?covering|headscarf|hijab|turban|spiritual|\bgod\b|atheist|diwali|eid|hanukkah|passover|ramadan|yom kippur|rosh hashanah|vaisakhi|denomination)\b/i,
  },
  {
    category: 'national_origin',
    topic:
      /\b((surname|last name|name)[^.?!]{0,30}\b(from|background|origin|mean)|ancestry|ancestors|heritage|descent|your roots|background there|(that|this|an?) (\w+ )?accent\b(?!s)|by birth|born (in|abroad|here|overseas)|native (language|tongue|country|speaker)|are you (a )?native|mother tongue|first language|parents speak|speak at home|(relatives|family|born|lived?|grew up|from) (overseas|abroad|back home)|back home|relatives|(come|came|move|moved) to this country|in this country|immigra\w*|citizen\w*|nationality|grew up|(its|your|family's|name's) origins?|(what|which) passports?|passport do you hold|your english|english is (very |really |so )?good|(learn|learned|learnt) (your )?english|where .{0,20}\bfrom\b)/i,
  },
  { category: 'race_ethnicity', topic: /\b(race|racial|racially|person of colou?r|people of colou?r|ethnic\w*|skin colou?r|box do you tick|minority|cultural background|what culture|are you (\w+ )?(asian|black|white|hispanic|latin[oa]|caucasian|arab|mixed|pacific islander|african[- ]american|native american))\b/i, always: true },
  {
    category: 'disability_health',
    topic:
      /\b(your (health|medical|mental|physical)|are you healthy|in good health|(any|a) (medical|health|mental|physical) (conditions?|issues?|problems?|history|impairments?)|illness(es)?|sick|disab\w*|impair\w*|surgery|had an operation|(seeing|see|seen) a doctor|hospitali[sz]\w*|in (the )?hospital for|medications?|\bmeds\b|(your|any|on) prescri\w*|prescribed (you|to you)|therapy|therapist|(you|you've|you have) (ever )?(been |got )?injur\w*|injur\w* (claims?|before|history)|claim for an injury|(filed|file|made) (a|any) (workers'? comp(ensation)? )?claims?|workers'? comp\w*|hearing aid|wheelchair|chronic|diagnos\w*|treatment for|breakdown|bad back|signed off (work|sick)|(sick|fit) notes?|hear (properly|well|clearly)|(your|good) hearing|back (problems?|pain|trouble)|(your )?(vision|eyesight)|glasses|allerg\w*|flare[- ]?ups?|conditions? that|claim(ed|s)? for (an )?injur\w*)/i,
  },
  { category: 'arrest_record', topic: /\b(arrest\w*|police|cops|jail|detained|charged with|custody|locked up|picked you up|pressed charges|charges against|run-ins? with the law|trouble with the law|on the wrong side of the law)\b/i, always: true },
  {
    category: 'sexual_orientation_gender',
    topic:
      /\b(gay|lesbian|lgbt\w*|queer|bisexual|transgender|your gender|gender identity|your pronouns|boyfriend or (a )?girlfriend|sexual\w*|orientation|given at birth|born (a )?(male|female|boy|girl)|(a )?(woman|women|man|men|girl|guy|lady|ladies) (really )?(could|can|would)? ?(really )?(handle|do|cope|manage)|short for \w+ or \w+|always (been )?a (woman|man|girl|boy|female|male)|(a )?(woman|man|girl|lady|guy) like you|(the )?only (woman|man|female|male|girl|guy|lady)|as an? (\w+ )?(woman|man|girl|lady|female|male|mother|father|mum|dad))\b/i,
    always: true,
  },
  { category: 'military_discharge', topic: /\b(discharg\w*|(thrown|kicked|booted) out|separation from (the )?(army|navy|military|air force|marines|service|forces))\b/i, always: true },
  { category: 'genetic', topic: /\b(genetic\w*|hereditar\w*|runs? in (your|the) family|family (medical )?history|parents? (have|had|has|ever had) (cancer|diabetes|heart|alzheimer\w*|dementia)|illnesses run)\b/i, always: true },
  {
    category: 'other',
    topic:
      /\b(your credit|credit (score|history|report|check|rating)|(your|any|student|personal) loans?|debts?|judge?ments against you|ccjs?|county court|behind on|owe money|bankrupt\w*|garnish\w*|(own|rent) (a |your )?(car|home|house|apartment|place)|(home|house|place) (rented|owned)|rented or owned|owned or rented|mortgage|your finances)\b/i,
  },
  { category: 'salary_history', topic: /\b(earning|pay(ing)? you|paid you|(hourly |day |daily )?rate (at|in|with) your (last|previous|current)|paying you|your (annual |current |base |last |previous |present )?(salary|pay|bonus|income|earnings|wages?)|bonus last year|annual salary|earn(ed)? in|pay ?slips?|pay ?stubs?|(current|last|previous|base) (package|salary|pay|wage|compensation)|what you (made|earned))\b/i },
  { category: 'other', topic: /\b(smok\w*|vap(e|ing)|dress size|shoe size|clothes size|your (size|weight|height))\b/i },
  { category: 'other', topic: /\b(political|politically|politics|activis\w*|member of any (\w+ )?(groups?|organi[sz]ations?|clubs?|part(y|ies)|movements?)|party did you|vote|voted|voting|election|union members?|join (a|the) union|in a union|unions?|clubs?|societ(y|ies))\b/i },
];

const YOU = /\b(you|your|yours|yourself|you're|you've|you'll|you'd)\b/i;
const YOU_WORD = /^(you|your|yours|yourself|you're|you've|you'll|you'd|u|ur)$/i;
/** Pronouns of someone other than the candidate: "bullied about their religion". */
const THIRD_PERSON = /^(they|their|theirs|them|themselves|he|his|him|himself|she|her|hers|herself)$/i;
/** People the job serves or works beside: a topic that belongs to them is about the work. */
const OTHERS = /^(customers?|guests?|patients?|clients?|callers?|passengers?|residents?|visitors?|shoppers?|users?|students?|pupils?|learners?|coworkers?|co-workers?|colleagues?|teammates?|employees?|staff|crew|members?|public|drivers?|doctors?|nurses?|physicians?|pharmacists?|caregivers?|carers?|managers?|supervisors?|vendors?|suppliers?|chefs?|designers?|engineers?|teams?|tenants?|officers?|applicants?|candidates?|hires?|workers?|reports?|diners?|travell?ers?|buyers?|borrowers?|account ?holders?|service users?|children's|kids'|individuals?)('s|s'|’s)?$/i;
/** A topic word that names a business or service, not the candidate ("family medicine", "childcare centres"). */
const BUSINESS = /^(medicine|practice|clinics?|centres?|centers?|facilit(y|ies)|business(es)?|compan(y|ies)|firms?|restaurants?|owned|style|dining|products?|services?|programs?|sector|industry|agenc(y|ies)|providers?|schemes?|funds?|units?|wards?|plans?|policy|policies|roles?|jobs?|positions?|settings?|environments?|law|laws|rules|regulations?|negotiations?|agreements?|reps?|representatives?|checks?|applications?|reports?|products?|accounts?)\b/i;
/**
 * A question about how the candidate does the work ("How would you handle…", "Tell me about a time
 * you…"): when it also names someone else, the protected words in it are that person's situation.
 */
const SCENARIO = /^(how (would|do|did|will|should|can|could|might) you|what (would|do|did|will|should|could) you (do|say)|describe|tell (me|us) about (a time|an occasion|your experience|how)|give (me |us )?an example|walk (me|us) through|talk (me|us) through|have you (ever )?(had to|handled|dealt|worked|supported|managed|helped|cared))\b/i;

/** Lawful questions on neighbouring topics: the job's own requirements, asked of everyone. */
const LAWFUL_NEIGHBOURS =
  /\b((legally )?(authori[sz]ed|eligible|permitted|entitled) to work|right to work|(visa )?sponsorship|essential functions|reasonable (accommodation|adjustment)s?|at least (18|eighteen|21|twenty-one)|convicted|conviction|can you lift|able to lift|languages? (do|can) you (speak|work)|valid driver'?s licen[cs]e|reliable transportation|(able|available) to work (weekends|holidays|nights|evenings|overtime)|work (weekends|holidays) (and|or) (holidays|weekends)|prepared you|in the military that|professional (associations?|bodies|body|societ(y|ies))|(finance|accounting|industry|trade|engineering|nursing) (associations?|societ(y|ies)|bodies)|institute|safeguarding|salary expectations|salary range|(work(ed|ing)?|liais\w+|cooperat\w+) with (the )?police|(call(ed|ing)?|report(ed|ing)?( it)? to) (the )?police|pay range|(work(ing)?|experience|teach(ing)?|car(e|ing)|deal(ing)?) (with|for) (kids|children|families|babies|infants|toddlers|young people))\b/i;

const sentencesOf = (question: string) => question.split(/(?<=[.?!])\s+/);
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).map((w) => w.replace(/^["'(“‘]+|[,.;:?!"')”’]+$/g, ''));

/**
 * Whether the topic word at `at` belongs to someone the job serves or works beside ("a guest who
 * asks for a religious meal", "bullied about their religion", "a younger colleague"), or names a
 * business ("childcare centres"). The owner is the nearest person named before the topic: "your"
 * makes it the candidate's, "a patient who…" or "their" someone else's.
 */
function belongsToOthers(sentence: string, at: number, word: string): boolean {
  // "half your age": the topic is the candidate's whoever else the sentence names.
  const before = wordsOf(sentence.slice(0, at));
  if (/\b(you|your|you're|you've)\b/i.test(word)) return inSomeonesScenario(sentence, before);
  const after = sentence.slice(at + word.length).trim();
  // "a mostly white team": the group is what the question is about.
  if (/^(mostly|mainly|all|predominantly|largely|only|same)\b/i.test(word)) return false;
  if (wordsOf(after).slice(0, 2).some((w) => OTHERS.test(w) && !YOU_WORD.test(w))) return true;
  if (BUSINESS.test(after)) return true;
  for (let i = before.length - 1; i >= 0; i--) {
    const w = before[i]!;
    if (YOU_WORD.test(w)) {
      // "How would you support a patient's family…", "a customer who is rude about your accent": a
      // scenario naming someone else is about them, unless the topic is the candidate's own ("your family").
      if (!SCENARIO.test(sentence.trim()) || !mentionsOthers(sentence)) return false;
      return i < before.length - 1 || inSomeonesScenario(sentence, before.slice(0, i));
    }
    if (THIRD_PERSON.test(w) || OTHERS.test(w)) return true;
    // "a new mother who is struggling with…": the relative clause describes someone else.
    if (/^(who|whose)$/i.test(w) && i > 0 && !YOU_WORD.test(before[i - 1]!)) return true;
  }
  return false;
}

/** The topic sits in a clause describing someone else in a scenario: "a customer who is rude about your accent". */
const inSomeonesScenario = (sentence: string, before: string[]) => SCENARIO.test(sentence.trim()) && RELATIVE_CLAUSE.test(before.join(' '));

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
    const bare = /\?\s*$/.test(sentence) && (wordsOf(sentence).length <= 2 || /^any\b/i.test(sentence.trim()));
    const addressed = YOU.test(sentence) || bare || (previous && !mentionsOthers(sentence));
    previous = addressed;
    return { sentence, addressed };
  });
}

function conceptFlag(question: string): Concept | null {
  if (LAWFUL_NEIGHBOURS.test(question)) return null;
  for (const { sentence, addressed } of addressedSentences(question)) {
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

/**
 * The third stage: a question about the candidate's own life that says nothing about the work.
 * Lawful interview questions talk about the job: its tasks, hours, tools, people and requirements,
 * or the candidate's experience, skills and way of working. A question put to the candidate about
 * themselves that names none of that ("Are you seeing anyone?", "How many drinks do you have a
 * week?") asks about private life, which is where the protected characteristics are.
 */
const PERSONAL =
  /^((and|so|just|also|now|out of interest|by the way|tell me|be honest|honestly|quick question)[,:]?\s+)*((are|were|do|did|have|has|had|is|was|will|would|can|could|should|any|got)\s+(\w+\s+)?(you|your)\b|(what|which|how many|how much|how often|how long|where|when|who|whose)\b[^?]*\b(you|your)\b|any\s+\w+)/i;
const WORK =
  /\b(work\w*|job|jobs|role|roles|position|career|team\w*|projects?|customers?|clients?|patients?|guests?|shifts?|rota|schedul\w*|hours|overtime|weekends?|nights?|travel\w*|relocat\w*|commut\w*|licen[cs]es?|certif\w*|qualif\w*|degree|diploma|training|trained|skills?|experience\w*|manag\w*|employ\w*|compan(y|ies)|business|office|site|store|shop|warehouse|kitchen|ward|classroom|tasks?|deadlines?|tools?|software|systems?|equipment|machines?|machinery|vehicles?|forklift|safety|polic(y|ies)|procedures?|process\w*|reports?|data|code|coding|sales|targets?|budgets?|service|products?|menu|orders?|stock|inventory|meetings?|colleagues?|co-?workers?|boss|supervis\w*|staff|industry|field|trade|profession\w*|hire|hiring|hired|interview\w*|notice|start|starting|references?|portfolio|resume|cv|feedback|mistakes?|conflicts?|pressure|stress|goals?|achiev\w*|strengths?|weakness\w*|motivat\w*|learn\w*|improv\w*|lead\w*|decisions?|problems?|challeng\w*|situation|example|handle|approach|promot\w*|fired|dismissed|resign\w*|quit|leav(e|ing) (your|the|this)|previous|available|availability|willing|able to|capable|comfortable|confident|happy to|prepared to|organi[sz]\w*|priorit\w*|deliver\w*|results?|clean\w*|cook\w*|driv\w*|lift\w*|typ(e|ing)|excel|spreadsheets?|till|cash|phones?|calls?|emails?|sell\w*|teach\w*|nurs\w*|care|caring|serv(e|ing)|build\w*|repair\w*|install\w*|design\w*|plan\w*|writ(e|ing)|spanish|french|german|languages?|speak|fluent|spare time|hobbies|interests|free time|questions for us|gap in your|day-to-day|public|people|numbers|morning person|early riser|early starts?|punctual|uniform|standards|hygiene|valid|cdl|cards?|permits?|certificates?|registration|dbs|visas?|sponsor\w*|legal\w*|require\w*|eighteen|benefits|leave policy|stud(y|ied|ies)|university|college|course|day to day|day-to-day|name would you like|expect\w*|rates?|quality|defects?|parts?|bugs?|proud|see yourself|handovers?|briefings?|look like to you|means? to you|first \d+ days|a time (when )?you|what (did|would|do|will) you do|us(e|ed|ing)|built|made|ran|run|created|developed|wrote|written|fix(ed|ing)?|test(s|ed|ing)?|deploy\w*|ship(ped)?|sold|apps?|api|sql|cloud|platform|servers?|networks?|databases?|pipelines?|steps|walk (me|us) through|talk (me|us) through|explain|describe|tell (me|us) about|how (did|would|do|will) you (handle|deal|respond|approach|react|cope|manage))\b/i;

function asksAboutPrivateLife(question: string): boolean {
  if (LAWFUL_NEIGHBOURS.test(question) || WORK.test(question)) return false;
  return sentencesOf(question.trim()).some((s) => /\?\s*$/.test(s) && PERSONAL.test(s.trim()) && !mentionsOthers(s));
}

const PRIVATE_LIFE: Rule = {
  category: 'private_life',
  pattern: PERSONAL,
  reason: 'Asks about the candidate\'s private life rather than the work, which can reveal protected characteristics (family, health, age, religion, origin).',
  suggestion: 'Ask about what the job requires: its tasks, hours, skills and experience.',
};

export function checkQuestion(question: string, index?: number): BiasFlag | null {
  const at = index !== undefined ? { index } : {};
  for (const rule of QUESTION_RULES) {
    if (!ruleMatches(rule, question)) continue;
    if (rule.lawful?.test(question) && !otherRuleMatches(question, rule)) continue;
    return { ...at, text: question, category: rule.category, reason: rule.reason, suggestion: rule.suggestion };
  }
  const concept = conceptFlag(question);
  const rule = concept ? QUESTION_RULES.find((r) => r.category === concept.category)! : asksAboutPrivateLife(question) ? PRIVATE_LIFE : null;
  if (!rule) return null;
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
