import { describe, expect, it } from 'vitest';
import type { JobInput } from '../engine';
import { loadDataset } from '../eval/dataset';
import { checkQuestions } from './bias';
import { INDUSTRIES, type IndustryKey } from './industries';
import { extractDuties, extractExperience, extractPhysical, extractTools, planInterview, recogniseIndustry, screeningQuestions } from './plan';

const data = loadDataset();

const truckDriver: JobInput = {
  title: 'Truck Driver',
  description: [
    'We are hiring long-haul OTR truck drivers for our dry van fleet running coast to coast. Expect 2-3 weeks out at a time and about 2,800 miles a week.',
    '',
    "What you'll do:",
    '- Safely operate a tractor-trailer and deliver freight on time across the lower 48',
    '- Complete pre-trip and post-trip inspections and report defects to our shop',
    '- Keep accurate ELD logs and stay within hours of service rules',
    '- Communicate with dispatch about ETAs, delays and breakdowns',
    '- Secure loads with straps and chains and check the bill of lading at every pickup',
    '',
    'Requirements:',
    '- Valid CDL Class A',
    '- 12 months of verifiable OTR experience',
    '- Clean driving record',
  ].join('\n'),
};

const frontendDeveloper: JobInput = {
  title: 'Frontend Developer',
  description: [
    'We are looking for a Frontend Developer to build the customer dashboard of our SaaS product in React and TypeScript.',
    '',
    'Responsibilities:',
    '- Build accessible, responsive UI components with React and TypeScript',
    '- Work with designers to turn Figma mockups into polished features',
    '- Write unit and end-to-end tests and review pull requests from other engineers',
    '- Improve page load performance and track it in production',
    '',
    'Requirements: 3+ years with React; strong TypeScript, HTML and CSS; experience with REST APIs and Git.',
  ].join('\n'),
};

const localDriver: JobInput = {
  title: 'Truck Driver',
  description: [
    'Local delivery driver for a building supply yard, home every night.',
    '',
    'Responsibilities: load the truck with the yard crew each morning; deliver lumber and drywall to job sites across the metro area; operate a truck-mounted forklift to unload at the site; collect signatures on delivery tickets; keep the truck clean and report maintenance needs.',
    '',
    'Requirements: CDL Class B, forklift certification, clean driving record.',
  ].join('\n'),
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The question with the job title (and its short form without a suffix or brackets) replaced by {title}. */
function withoutTitle(question: string, title: string): string {
  const short = title.replace(/\([^)]*\)/g, ' ').split(/\s[-–—|]\s|,\s/)[0]!.replace(/\s+/g, ' ').trim();
  let out = question;
  for (const t of [title.trim(), short].filter(Boolean).sort((a, b) => b.length - a.length)) out = out.replace(new RegExp(escapeRe(t), 'gi'), '{title}');
  return out;
}

function shared(a: JobInput, qa: string[], b: JobInput, qb: string[]) {
  const whole = qa.filter((q) => qb.includes(q));
  const na = qa.map((q) => withoutTitle(q, a.title));
  const nb = new Set(qb.map((q) => withoutTitle(q, b.title)));
  return { whole, templated: na.filter((q) => nb.has(q)) };
}

const datasetJobs: (JobInput & { id: string; industry: string })[] = data.jobs;
/** One job per industry key, from its title alone, so every profile is drafted at least once. */
const titleOnly: JobInput[] = [
  { title: 'Software Engineer', description: '' },
  { title: 'Retail Cashier', description: '' },
  { title: 'Restaurant Line Cook', description: '' },
  { title: 'Hospital Nurse', description: '' },
  { title: 'Delivery Driver', description: '' },
  { title: 'Production Machine Operator', description: '' },
  { title: 'Bank Teller', description: '' },
  { title: 'Hotel Front Desk Agent', description: '' },
  { title: 'Office Coordinator', description: '' },
];
const allJobs: JobInput[] = [truckDriver, frontendDeveloper, localDriver, ...datasetJobs, ...titleOnly];

/** Whether a question (title taken out) comes from the industry profile, whoever the teamwork question names. */
function isIndustryQuestion(industry: IndustryKey, question: string): boolean {
  const p = INDUSTRIES[industry];
  const teamwork = new RegExp(`^${escapeRe(p.teamwork).replace(escapeRe('{partners}'), '.+')}$`);
  return [...p.questions, p.motivation.replace('{role}', '{title}')].includes(question) || teamwork.test(question);
}

describe('plans per job', () => {
  it('titles used in the fixtures are recognised as the industry they are meant for', () => {
    expect(titleOnly.map((j) => recogniseIndustry(j.title).industry).sort()).toEqual(
      (Object.keys(INDUSTRIES) as IndustryKey[]).sort(),
    );
    expect(recogniseIndustry(truckDriver.title, truckDriver.description).industry).toBe('logistics');
    expect(recogniseIndustry(frontendDeveloper.title, frontendDeveloper.description).industry).toBe('tech');
  });

  it('a truck driver and a frontend developer share at most the opening question', () => {
    const a = planInterview(truckDriver).questions;
    const b = planInterview(frontendDeveloper).questions;
    const { whole, templated } = shared(truckDriver, a, frontendDeveloper, b);
    expect(whole.length).toBeLessThanOrEqual(1);
    expect(templated.length).toBeLessThanOrEqual(1);
  });

  it('jobs of different industries share at most one question, even with the titles taken out', () => {
    // The sixteen jobs of the evaluation set (eight industries), and every profile from a title alone.
    // Each job's plan drafted once, not once per pair.
    const jobs = [...datasetJobs, ...titleOnly].map((j) => ({ ...j, industry: recogniseIndustry(j.title, j.description).industry, questions: planInterview(j).questions }));
    for (const a of jobs) {
      for (const b of jobs) {
        if (a.industry === b.industry) continue;
        const { whole, templated } = shared(a, a.questions, b, b.questions);
        expect(whole.length, `${a.title} / ${b.title}: ${whole.join(' | ')}`).toBeLessThanOrEqual(1);
        expect(templated.length, `${a.title} / ${b.title}: ${templated.join(' | ')}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('jobs of the same industry with different descriptions differ in the questions drawn from the description', () => {
    const pairs: [JobInput, JobInput][] = [[truckDriver, localDriver]];
    const byIndustry = new Map<string, JobInput[]>();
    for (const j of datasetJobs) byIndustry.set(j.industry, [...(byIndustry.get(j.industry) ?? []), j]);
    for (const jobs of byIndustry.values()) pairs.push([jobs[0]!, jobs[1]!]);
    for (const [a, b] of pairs) {
      const industry = recogniseIndustry(a.title, a.description).industry;
      expect(recogniseIndustry(b.title, b.description).industry).toBe(industry);
      const fromDescription = (job: JobInput) =>
        planInterview(job)
          .questions.slice(1)
          .map((q) => withoutTitle(q, job.title))
          .filter((q) => !isIndustryQuestion(industry, q));
      const da = fromDescription(a);
      const db = fromDescription(b);
      expect(da.length, a.title).toBeGreaterThanOrEqual(3);
      expect(db.length, b.title).toBeGreaterThanOrEqual(3);
      expect(da.filter((q) => db.includes(q)), `${a.title} / ${b.title}`).toEqual([]);
    }
  });

  it('makes the teamwork question the industry’s own, with the people the description names', () => {
    const driver = planInterview(truckDriver).questions.join('\n');
    const developer = planInterview(frontendDeveloper).questions.join('\n');
    expect(driver).toMatch(/dispatch/);
    expect(developer).toMatch(/designer/);
    expect(developer).not.toMatch(/dispatch/);
  });

  it('turns duties from the description into questions', () => {
    const driver = planInterview(truckDriver).questions.join('\n');
    expect(driver).toMatch(/you to safely operate a tractor-trailer and deliver freight on time, and to complete pre-trip and post-trip inspections/);
    const developer = planInterview(frontendDeveloper).questions.join('\n');
    expect(developer).toMatch(/build accessible, responsive UI components/);
  });

  it('drafts 5-8 distinct questions, deterministically, none of which the bias check flags', () => {
    for (const job of allJobs) {
      const plan = planInterview(job);
      expect(plan.questions.length, job.title).toBeGreaterThanOrEqual(5);
      expect(plan.questions.length, job.title).toBeLessThanOrEqual(8);
      expect(new Set(plan.questions).size, job.title).toBe(plan.questions.length);
      expect(planInterview({ ...job })).toEqual(plan);
      expect(checkQuestions(plan.questions), job.title).toEqual([]);
    }
  });

  it('every question an industry profile can contribute passes the bias check', () => {
    for (const profile of Object.values(INDUSTRIES)) {
      const teamwork = profile.partners.map((p) => profile.teamwork.replace('{partners}', p.who));
      const texts = [...profile.questions, ...teamwork, profile.motivation.replace('{role}', 'Shift Lead'), profile.availability];
      expect(checkQuestions(texts), profile.label).toEqual([]);
    }
  });
});

describe('screening questions per job', () => {
  const screen = (job: JobInput) => screeningQuestions({ jobTitle: job.title, jobDescription: job.description, skills: job.skills });

  it('jobs of different industries share at most the opening question, and the schedule when both descriptions name the same one', () => {
    // Each job's screening drafted once, not once per pair.
    const jobs = [truckDriver, frontendDeveloper, ...datasetJobs].map((j) => ({ ...j, industry: recogniseIndustry(j.title, j.description).industry, questions: screen(j) }));
    for (const a of jobs) {
      for (const b of jobs) {
        if (a === b || a.industry === b.industry) continue;
        const { templated } = shared(a, a.questions, b, b.questions);
        const beyondSchedule = templated.filter((q) => !/^This job involves .+\. Can you work that schedule/.test(q));
        expect(beyondSchedule.length, `${a.title} / ${b.title}: ${templated.join(' | ')}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('drafts 5-8 distinct questions, deterministically, none of which the bias check flags', () => {
    for (const job of allJobs) {
      const questions = screen(job);
      expect(questions.length, job.title).toBeGreaterThanOrEqual(5);
      expect(questions.length, job.title).toBeLessThanOrEqual(8);
      expect(new Set(questions).size).toBe(questions.length);
      expect(screen({ ...job })).toEqual(questions);
      expect(checkQuestions(questions), job.title).toEqual([]);
    }
  });

  it('asks about the schedule and the licences the description names', () => {
    const driver = screen(truckDriver).join('\n');
    expect(driver).toMatch(/CDL Class A/);
    const nurse = screen(datasetJobs.find((j) => j.id === 'healthcare-rn')!).join('\n');
    expect(nurse).toMatch(/night shifts/);
    expect(nurse).toMatch(/RN license/);
  });
});

describe('questions drafted from the job itself (issue 31, item 2)', () => {
  const warehouse: JobInput = {
    title: 'Warehouse Associate',
    description: [
      'Our distribution center is hiring warehouse associates for a fast-paced 3PL operation.',
      '',
      "What you'll do:",
      '- Pick and pack customer orders accurately using a handheld RF scanner',
      '- Load and unload trailers by hand and with a pallet jack',
      '- Count inventory and flag damaged product',
      '',
      'What we need:',
      '- Able to lift up to 50 lb repeatedly and stand for a full 10-hour shift',
      '- Available for overtime in peak season',
      '- Forklift certification a plus',
    ].join('\n'),
  };
  const driver: JobInput = {
    title: 'CDL-A Regional Driver',
    description: [
      'Regional dry van routes across the Southeast, out Monday through Friday.',
      '',
      'Requirements:',
      "- Valid Class A commercial driver's license (CDL-A)",
      '- Current DOT medical card',
      '',
      'Responsibilities:',
      '- Complete pre-trip and post-trip inspections and report any defects',
      '- Log hours of service accurately on the ELD',
    ].join('\n'),
  };

  it('asks first, after the opening, whether the candidate holds each licence the description requires', () => {
    const { questions } = planInterview(driver);
    expect(questions[1]).toBe(
      "The job lists these requirements: valid Class A commercial driver's license; current DOT medical card. Do you hold each of them now, and are they current?",
    );
  });

  it("asks a warehouse job about the warehouse's own work, never a driver's, and not about what is only a plus", () => {
    const text = planInterview(warehouse).questions.join('\n').toLowerCase();
    for (const duty of ['rf scanner', 'trailers', 'count inventory']) expect(text).toContain(duty);
    for (const driverWork of [/pre-trip/, /hours[- ]of[- ]service/, /\broutes?\b/, /\beld\b/, /forklift/]) expect(text).not.toMatch(driverWork);
  });

  it('asks about the schedule and the physical demands as stated, with or without a reasonable accommodation', () => {
    const practical = planInterview(warehouse).questions.find((q) => q.includes('physical demands'));
    expect(practical).toBe(
      'This job involves 10-hour shifts and overtime at busy times. Its physical demands, as the job lists them: lift up to 50 lb repeatedly and stand for a full 10-hour shift. Can you work that schedule and meet those demands, with or without a reasonable accommodation?',
    );
    expect(checkQuestions([practical!])).toEqual([]);
  });

  it('says no question twice and leaves no stray space before a stop', () => {
    const job: JobInput = {
      title: 'Registered Nurse',
      description: [
        'Med-surg unit, nights.',
        "What you'll do:",
        '- Recognise early signs of deterioration .',
        '- Recognise the early signs of deterioration and escalate',
        '- Administer medications safely',
      ].join('\n'),
    };
    const { questions } = planInterview(job);
    for (const q of questions) expect(q).not.toMatch(/\s[.,;:?!]|\s{2}/);
    expect(questions.filter((q) => /deterioration/.test(q))).toHaveLength(1);
  });
});

describe("the job's experience and tools (issue 31, item 2)", () => {
  const callCenter = `Clearpath Energy is hiring Customer Service Representatives for our inbound call center in Tempe.

What the job looks like:
- Answer inbound calls and chats, verify account holders and resolve issues on first contact
- Navigate our systems: Salesforce Service Cloud for cases, Genesys for calls, and our billing platform
- De-escalate upset callers

What you bring:
- 1 year of customer service experience (phones, retail or hospitality all count)
- Availability for any 8-hour shift between 7am and 8pm, Monday-Saturday`;

  it('reads the experience asked for and the tools named, not places, the employer or what is only preferred', () => {
    expect(extractExperience(callCenter)).toBe('1 year of customer service experience');
    expect(extractTools(callCenter, 'Customer Service Representative')).toEqual(['Salesforce Service Cloud', 'Genesys']);
    expect(extractExperience('We need someone with at least 1 year of line experience in a high-volume kitchen, and a current food handler card is required.')).toBe('at least 1 year of line experience in a high-volume kitchen');
    expect(extractExperience('Two years of forklift experience preferred.')).toBeNull();
    expect(extractTools('Acme Freight in Irving, TX is hiring. You will pick orders using a handheld RF scanner and move pallets with a pallet jack.')).toEqual(['scanner', 'pallet jack']);
  });

  it('asks in the opening how the background matches them, and the phone screening too', () => {
    const plan = planInterview({ title: 'Customer Service Representative', description: callCenter });
    expect(plan.questions[0]).toBe(
      'Thanks for joining today, candidate_name. To start, could you walk me through your background? The job asks for 1 year of customer service experience, and uses Salesforce Service Cloud and Genesys: how does your experience match that?',
    );
    expect(screeningQuestions({ jobTitle: 'Customer Service Representative', jobDescription: callCenter })[0]).toBe(
      'Could you briefly walk me through your background? The job asks for 1 year of customer service experience, and uses Salesforce Service Cloud and Genesys: how does your experience match that?',
    );
    // Without either, the plain opening.
    expect(planInterview({ title: 'Barista', description: '' }).questions[0]).toBe('Thanks for joining today, candidate_name. To start, could you walk me through your background and what draws you to this Barista role?');
  });

  it("reads a 'Duties:' line one duty per verb, and the work's verbs are not physical demands", () => {
    const electrician = 'Brightwire Electric is hiring apprentices.\n\nDuties: bending and running EMT conduit, pulling wire, installing boxes, devices and panels, reading basic blueprints, and loading material.\n\nMust have:\n- Able to lift 50 lb, climb ladders and work at heights';
    expect(extractDuties(electrician)).toEqual(['bending and running EMT conduit, pulling wire, installing boxes, devices and panels', 'reading basic blueprints, and loading material']);
    expect(extractPhysical(electrician)).toEqual(['lift 50 lb', 'climb ladders and work at heights']);
  });

  it('reads duties, demands and experience where descriptions put them, and not what only looks like them', () => {
    const attendant = [
      'Room Attendant - Parkside Lodge',
      '',
      'Help every guest walk into a spotless room.',
      '',
      'The job: turn over 15 rooms per shift to our standards - strip and make beds, scrub bathrooms, restock amenities. Report damage through the work-order app, and follow key control rules.',
      '',
      'Required',
      '- Able to pass a background check',
      '- 1+ year of housekeeping experience, resort experience a plus',
      '- Able to push a loaded cart and lift 30 lbs',
    ].join('\n');
    // A paragraph under "The job:" is read for its duties, a shift named in passing included, and "Required" ends the list.
    expect(extractDuties(attendant)).toEqual(['turn over 15 rooms per shift to our standards', 'strip and make beds, scrub bathrooms, restock amenities', 'report damage through the work-order app', 'follow key control rules']);
    // "walk into a spotless room" is not a demand; what is required is, and "a plus" qualifies only its own clause.
    expect(extractPhysical(attendant)).toEqual(['push a loaded cart and lift 30 lbs']);
    expect(extractExperience(attendant)).toBe('1+ year of housekeeping experience');
    const forklift = 'Coldline Foods, Joliet.\n\nResponsibilities:\n- Operate stand-up reach trucks and put away pallets\n- Room pallets: wrap them and label them for the pre-shift count\n\nRequirements:\n- Must pass a drug screen';
    // Words joined by a hyphen belong to a name ("stand-up reach trucks", "pre-shift"), not a demand or a tool of their own.
    expect(extractTools(forklift)).toEqual(['reach trucks']);
    expect(extractPhysical(forklift)).toEqual([]);
    // A two-word lead before a colon reads with its detail.
    expect(extractDuties(forklift)).toContain('room pallets and wrap them and label them for the pre-shift count');
  });

  it('groups duties two or three to a question when the description lists more than there is room for, each cut short', () => {
    const cashier = {
      title: 'Overnight Cashier',
      description: [
        'Quickstop Fuel, Reno.',
        '',
        "What you'll do:",
        '- Ring up fuel, snacks and lottery on the register',
        '- Check ID for every tobacco and alcohol sale',
        '- Keep the coffee bar and restrooms clean and stocked through the night',
        '- Count the drawer at the start and end of every shift with the manager',
        '- Take in deliveries and check them against the invoice before the driver leaves',
        '- Face and restock the coolers and shelves',
        '- Call the police and the manager on duty when a customer becomes threatening',
      ].join('\n'),
    };
    const plan = planInterview(cashier).questions.join('\n');
    for (const duty of [/ring up fuel/i, /check id/i, /coffee bar/i, /count the drawer/i, /take in deliveries/i, /restock the coolers/i, /call the police/i]) expect(plan).toMatch(duty);
    expect(plan).toMatch(/This job asks you to [^.]+, to [^.]+, and to [^.]+\. /);
    expect(plan).not.toMatch(/ (?:with|in|on|at|for) (?:a|an|the)\. /);
  });
});
