import type { BehaviourAnchors } from '../../../contracts/ai';

/**
 * What the built-in engine knows about each industry: words that recognise it, skills and
 * requirements to look for in a description, questions an experienced interviewer would ask (in the
 * industry's own situations, including teamwork and motivation), and the role-specific rubric
 * criteria.
 */
export type IndustryKey = 'tech' | 'retail' | 'restaurant' | 'healthcare' | 'logistics' | 'manufacturing' | 'finance' | 'hospitality' | 'general';

export interface CriterionTemplate {
  name: string;
  description: string;
  /** Words whose presence in a question or answer ties it to this criterion. */
  keywords: string[];
  /** What weak, adequate and strong answers look like (drafted into every rubric with this criterion). */
  anchors: BehaviourAnchors;
}

/** Someone the job works with, named in the teamwork question when the description mentions them. */
export interface Partner {
  /** As said in a question ("dispatch", "a designer"). */
  who: string;
  /** Words in a description that mention them (lower case). */
  words: string[];
}

export interface IndustryProfile {
  label: string;
  /** Words and phrases that recognise the industry (lower case). */
  keywords: string[];
  /** Skills and requirements worth asking about (display form; matched case-insensitively). */
  skills: string[];
  /** Situational and role-knowledge questions, in the order they are used when nothing else ranks them. */
  questions: string[];
  /** People the job works with, in order of preference; the first two the description mentions are used. */
  partners: Partner[];
  /** Named when the description mentions none of the partners. */
  defaultPartners: string[];
  /** Teamwork in the industry's own situations; {partners} is filled from the job. */
  teamwork: string;
  /** Motivation for this kind of work; {role} is the job title. */
  motivation: string;
  /** Phone screens: availability in the industry's terms, used when the description names no schedule. */
  availability: string;
  /** Where skill questions ask for an example from ("from a store"), so a skill two industries share is asked in each one's terms. */
  exampleFrom: string;
  /** Role knowledge criterion. */
  role: CriterionTemplate;
  /** The criterion that matters most after role knowledge (safety, customer care, accuracy…). */
  focus: CriterionTemplate;
}

export const INDUSTRIES: Record<IndustryKey, IndustryProfile> = {
  tech: {
    label: 'Technology / IT',
    keywords: ['software', 'engineer', 'developer', 'frontend', 'backend', 'full stack', 'devops', 'cloud', 'api', 'saas', 'data scientist', 'machine learning', 'it support', 'help desk', 'sysadmin', 'network', 'cybersecurity', 'programming', 'code', 'deploy', 'kubernetes', 'microservices', 'qa engineer', 'product manager', 'agile', 'scrum'],
    skills: ['JavaScript', 'TypeScript', 'React', 'Node.js', 'Python', 'Java', 'Go', 'C#', '.NET', 'SQL', 'PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'AWS', 'Azure', 'GCP', 'Docker', 'Kubernetes', 'Terraform', 'CI/CD', 'Git', 'REST', 'GraphQL', 'microservices', 'Linux', 'networking', 'Active Directory', 'ITIL', 'security', 'testing', 'machine learning', 'data pipelines', 'system design', 'HTML', 'CSS', 'Vue', 'Angular', 'Kafka', 'Spark'],
    questions: [
      'Tell me about a time you debugged a difficult production issue. How did you find the root cause, and what did you change afterwards?',
      'How do you approach designing a feature or system that has to scale? Walk me through a real example.',
      'Describe a technical decision you disagreed with. How did you handle it, and what happened?',
      'How do you make sure the code you ship is reliable? Tell me about your approach to testing and code review.',
      'Tell me about a time you had to learn a new technology quickly to deliver something.',
      'Tell me about a time you helped a frustrated, non-technical user solve a problem. How did you explain it, and what was the result?',
      'How do you make a user interface fast and accessible? Tell me about a screen or component you improved.',
    ],
    partners: [
      { who: 'a designer', words: ['designer', 'designers', 'design team', 'product and design', 'ux'] },
      { who: 'a product manager', words: ['product manager', 'product managers', 'product owner', 'with product', 'product team'] },
      { who: 'a code reviewer', words: ['review code', 'code review', 'code reviews', 'pull request', 'pull requests', 'reviewers'] },
      { who: 'a user you were supporting', words: ['non-technical', 'end users', 'employees', 'staff'] },
      { who: 'another engineer', words: ['engineers', 'developers', 'engineering team'] },
      { who: 'a tester', words: ['qa', 'testers', 'quality assurance'] },
    ],
    defaultPartners: ['a designer', 'a code reviewer'],
    teamwork: 'Tell me about a time you disagreed with {partners} about how something should be built or fixed. How did you work it out together, and what did the team end up doing?',
    motivation: 'What kind of technical work and team keep you motivated, and why does this {role} role fit that?',
    availability: 'When could you start, and which working hours suit you, including any on-call or after-hours work the role may need?',
    exampleFrom: 'from a real project',
    role: {
      name: 'Technical skills',
      description: 'Depth and accuracy of technical knowledge for the role: sound engineering decisions, debugging, testing and the tools the job requires, shown through concrete examples.',
      anchors: {
        weak: "Vague about how things are built or fixed, names tools without showing use, or describes guessing and shipping without testing.",
        adequate: "Describes a sensible approach (read the logs, write tests, review code) in general terms, without a concrete case or its result.",
        strong: "Walks through a real problem: the tools and evidence they used, the decision and trade-off they made themselves, and a measurable result.",
      },
      keywords: ['code', 'bug', 'debug', 'test', 'deploy', 'design', 'system', 'database', 'api', 'performance', 'architecture', 'root cause', 'logs', 'monitoring', 'query', 'service', 'release', 'refactor', 'latency', 'scale'],
    },
    focus: {
      name: 'Problem solving',
      description: 'Breaks down ambiguous problems, weighs trade-offs, and reaches working solutions; explains the reasoning and the outcome.',
      anchors: {
        weak: "Jumps to an answer or gives up, blames others, or cannot say how they would narrow the problem down.",
        adequate: "Breaks the problem into steps and names reasonable options, but stays general or leaves the outcome unclear.",
        strong: "Narrows the problem with evidence, weighs options, explains why they chose one, and shows how it turned out and what they changed afterwards.",
      },
      keywords: ['problem', 'solve', 'approach', 'trade-off', 'tradeoff', 'option', 'decide', 'decision', 'analyse', 'analyze', 'investigate', 'hypothesis', 'root cause', 'fix', 'solution', 'prioritise', 'prioritize'],
    },
  },
  retail: {
    label: 'Retail',
    keywords: ['retail', 'store', 'shop', 'sales associate', 'cashier', 'merchandising', 'merchandise', 'inventory', 'stock', 'point of sale', 'pos', 'customer', 'store manager', 'visual', 'loss prevention', 'shelves', 'checkout', 'boutique', 'supermarket'],
    skills: ['POS systems', 'cash handling', 'customer service', 'merchandising', 'inventory management', 'visual merchandising', 'upselling', 'loss prevention', 'stock replenishment', 'opening and closing procedures', 'returns and exchanges', 'product knowledge', 'sales targets', 'scheduling'],
    questions: [
      'Tell me about a time you turned around an unhappy customer. What did you do, and how did it end?',
      'Walk me through how you handle cash and the register at the end of a shift. What do you do if the drawer does not balance?',
      'A customer wants to return an item without a receipt and it is against policy. What would you do?',
      'How do you keep shelves stocked and the floor looking good during a busy rush?',
      'Tell me about a time you helped a customer find the right product and made a sale.',
      'How do you help the store hit its sales targets while still giving each customer real attention?',
      'Walk me through how you would spot and deal with possible shoplifting, safely and by the store’s policy.',
    ],
    partners: [
      { who: 'your store manager', words: ['store manager', 'manager', 'key holder', 'supervisor'] },
      { who: 'another associate', words: ['associates', 'associate', 'coworkers', 'colleagues'] },
      { who: 'the stockroom team', words: ['stockroom', 'shipments', 'receiving', 'restock'] },
      { who: 'loss prevention', words: ['loss prevention'] },
    ],
    defaultPartners: ['another associate', 'your store manager'],
    teamwork: 'Tell me about a time you disagreed with {partners} about how to handle something on the sales floor. How did you work it out together, and what happened for the customer?',
    motivation: 'What do you enjoy about working in a store with customers, and why does this {role} job suit you?',
    availability: 'When could you start, and which days and shifts can you work, including evenings, weekends and the holiday season?',
    exampleFrom: 'from a store',
    role: {
      name: 'Retail operations',
      description: 'Knows store operations: cash handling and POS, stock and merchandising, returns and policies; follows procedures accurately.',
      anchors: {
        weak: "Unsure of basic store procedures (cash, returns, stock), or would work around policy.",
        adequate: "Knows the usual procedures (count the drawer, follow the returns policy, restock) but describes them in general terms.",
        strong: "Describes store procedures from experience, with specifics such as counts, systems or policies, and how they caught or fixed a problem.",
      },
      keywords: ['register', 'cash', 'drawer', 'pos', 'stock', 'shelf', 'shelves', 'inventory', 'merchandise', 'display', 'return', 'receipt', 'policy', 'till', 'count', 'floor', 'shift', 'sale'],
    },
    focus: {
      name: 'Customer service',
      description: 'Listens to customers, stays calm and friendly under pressure, resolves problems and leaves customers satisfied.',
      anchors: {
        weak: "Dismissive, argues with or ignores the customer, or hands every problem to someone else.",
        adequate: "Stays polite, listens and offers a standard fix or gets a manager, without a concrete example of a customer they helped.",
        strong: "Tells of a real customer: listened, acted within policy to solve it, and the customer left satisfied or came back.",
      },
      keywords: ['customer', 'shopper', 'guest', 'help', 'listen', 'apologise', 'apologize', 'complaint', 'satisfied', 'happy', 'service', 'resolve', 'recommend', 'upset', 'angry'],
    },
  },
  restaurant: {
    label: 'Restaurant and food service',
    keywords: ['restaurant', 'kitchen', 'line cook', 'cook', 'chef', 'server', 'waiter', 'waitress', 'host', 'busser', 'dishwasher', 'food', 'menu', 'barista', 'cafe', 'café', 'bar', 'bartender', 'food safety', 'haccp', 'servsafe', 'front of house', 'back of house', 'prep'],
    skills: ['food safety', 'HACCP', 'ServSafe', 'food prep', 'knife skills', 'line cooking', 'table service', 'POS', 'menu knowledge', 'allergen awareness', 'cleaning and sanitation', 'inventory', 'cash handling', 'bartending', 'teamwork under pressure'],
    questions: [
      'Tell me about the busiest shift you have worked. How did you keep orders moving and quality up?',
      'How do you handle food safety in your station? Walk me through temperatures, storage and cross-contamination.',
      'A guest tells you their dish contains an allergen they said they could not eat. What do you do?',
      'Tell me about a time something went wrong during service and how you fixed it.',
      'How do you work with the rest of the team when the kitchen or the floor falls behind?',
      'Walk me through how you guide a table through the menu and drinks and make sure every order reaches the kitchen right.',
      'How do you set up your station before service so that nothing slows you down once tickets start coming in?',
    ],
    partners: [
      { who: 'the chef', words: ['chef', 'sous chef', 'kitchen manager'] },
      { who: 'another cook', words: ['line cook', 'line cooks', 'cooks'] },
      { who: 'the kitchen', words: ['kitchen', 'back of house'] },
      { who: 'another server', words: ['servers', 'server', 'front of house'] },
      { who: 'a host or busser', words: ['host', 'hosts', 'busser', 'bussers', 'support staff', 'food runner', 'food runners'] },
      { who: 'a bartender', words: ['bartender', 'bartenders', 'bar'] },
    ],
    defaultPartners: ['the kitchen', 'another server'],
    teamwork: 'Tell me about a time you disagreed with {partners} in the middle of a busy service. How did you sort it out together, and how did the rest of the service go?',
    motivation: 'What keeps you going through a long, busy service, and why do you want this {role} job with our team?',
    availability: 'When could you start, and which services can you work: lunch, dinner, late nights or weekends?',
    exampleFrom: 'from a busy service',
    role: {
      name: 'Food safety and service skills',
      description: 'Knows food safety (temperatures, storage, allergens, sanitation) and the station or service routine; keeps quality consistent during rushes.',
      anchors: {
        weak: "Unsure of food safety basics (temperatures, allergens, cross-contamination) or would cut corners in a rush.",
        adequate: "Knows the basics (wash hands, keep food cold, cook meat through, clean the station) but gives few specifics.",
        strong: "Gives specific practice: temperatures, labelling and rotation, allergen handling, station set-up, with an example of keeping standards during a rush.",
      },
      keywords: ['temperature', 'food', 'safety', 'allergen', 'allergy', 'sanitize', 'sanitise', 'clean', 'prep', 'station', 'order', 'ticket', 'plate', 'kitchen', 'table', 'storage', 'label', 'fifo', 'cross-contamination', 'haccp', 'servsafe', 'rush'],
    },
    focus: {
      name: 'Guest experience',
      description: 'Puts guests first: friendly, attentive, handles complaints and mistakes quickly and honestly.',
      anchors: {
        weak: "Defensive or careless with guests, or makes excuses when something goes wrong.",
        adequate: "Friendly and apologises when something goes wrong, with a general idea of how to put it right.",
        strong: "Describes a real guest situation: noticed the need early, fixed it honestly and quickly, and the guest left happy.",
      },
      keywords: ['guest', 'customer', 'diner', 'table', 'complaint', 'apologise', 'apologize', 'manager', 'comp', 'remake', 'happy', 'service', 'friendly'],
    },
  },
  healthcare: {
    label: 'Healthcare',
    keywords: ['patient', 'nurse', 'nursing', 'clinic', 'hospital', 'medical', 'healthcare', 'health care', 'care', 'cna', 'rn', 'lpn', 'caregiver', 'pharmacy', 'physician', 'hipaa', 'ehr', 'emr', 'clinical', 'therapist', 'dental', 'home health'],
    skills: ['patient care', 'HIPAA', 'EHR/EMR documentation', 'vital signs', 'medication administration', 'infection control', 'BLS/CPR', 'care planning', 'patient education', 'triage', 'charting', 'Epic', 'phlebotomy', 'wound care', 'fall prevention'],
    questions: [
      'Tell me about a time a patient was anxious or upset. How did you help them, and what was the outcome?',
      'How do you protect patient privacy day to day? Give me an example involving HIPAA.',
      'Walk me through what you would do if you noticed a possible dosing error, whether it was yours or a colleague’s.',
      'How do you prioritise your patients when several need you at the same time?',
      'Tell me about a time you worked with doctors, nurses or family members to improve a patient’s care.',
      'Walk me through how you hand over a patient at the end of your shift so that nothing is missed.',
      'Tell me about a time you noticed a change in a patient’s condition early. What did you see, and what did you do?',
    ],
    partners: [
      { who: 'a provider', words: ['physician', 'physicians', 'doctor', 'doctors', 'provider', 'providers'] },
      { who: 'a nurse', words: ['nurse', 'nurses', 'rn', 'rns', 'nursing'] },
      { who: 'a CNA', words: ['cna', 'cnas', 'aide', 'aides'] },
      { who: 'a patient’s family', words: ['families', 'family members', 'caregivers'] },
      { who: 'the pharmacy', words: ['pharmacy', 'pharmacist', 'pharmacists'] },
      { who: 'the front office', words: ['front desk', 'front office', 'referrals', 'scheduling'] },
    ],
    defaultPartners: ['a nurse', 'a provider'],
    teamwork: 'Tell me about a time you disagreed with {partners} about a patient’s care or a handoff. How did you raise it and resolve it together, and what happened for the patient?',
    motivation: 'What draws you to patient care, and why does this {role} role, and the team around it, suit the way you like to work?',
    availability: 'When could you start, and which shifts can you work: days, nights, twelve-hour shifts or weekends?',
    exampleFrom: 'from your clinical work',
    role: {
      name: 'Clinical knowledge and safety',
      description: 'Safe, accurate clinical practice for the role: procedures, documentation, infection control, medication safety and escalation.',
      anchors: {
        weak: "Unsafe or unsure: skips checks, would not report an error, or shares patient information carelessly.",
        adequate: "Knows the right steps (check orders, document, escalate, wash hands) but describes them without a concrete case.",
        strong: "Describes a real clinical situation: the checks and protocols they followed, what they documented and escalated, and the outcome for the patient.",
      },
      keywords: ['patient', 'medication', 'chart', 'document', 'vital', 'infection', 'protocol', 'doctor', 'physician', 'nurse', 'escalate', 'report', 'error', 'safety', 'hipaa', 'privacy', 'care plan', 'assess', 'triage', 'dose'],
    },
    focus: {
      name: 'Patient care and empathy',
      description: 'Treats patients with empathy and respect, communicates clearly with patients and families, and advocates for their wellbeing.',
      anchors: {
        weak: "Dismissive of patients' worries, or talks about patients without respect.",
        adequate: "Kind and respectful in general terms; says they would listen and explain.",
        strong: "Tells of a specific patient or family: how they listened, explained in plain words, involved the care team, and what difference it made.",
      },
      keywords: ['patient', 'family', 'listen', 'comfort', 'calm', 'explain', 'empathy', 'respect', 'dignity', 'reassure', 'anxious', 'scared', 'care', 'trust'],
    },
  },
  logistics: {
    label: 'Logistics and trucking',
    keywords: ['truck', 'trucking', 'driver', 'cdl', 'freight', 'logistics', 'warehouse', 'delivery', 'route', 'dispatch', 'dispatcher', 'forklift', 'shipping', 'receiving', 'fleet', 'dot', 'hours of service', 'eld', 'otr', 'haul', 'loading dock', 'supply chain', '3pl'],
    skills: ['CDL Class A', 'DOT regulations', 'hours of service', 'ELD logs', 'pre-trip inspection', 'route planning', 'safe driving record', 'forklift certification', 'load securement', 'hazmat endorsement', 'warehouse management systems', 'inventory control', 'shipping and receiving', 'customer delivery'],
    questions: [
      'Walk me through your pre-trip inspection. What do you check, and what do you do if you find a problem?',
      'Tell me about a time weather, traffic or a breakdown put a delivery at risk. What did you do?',
      'How do you stay within hours-of-service rules on a tight schedule?',
      'Tell me about a time you dealt with a difficult customer or receiver at a delivery.',
      'How do you make sure a load is secured and the paperwork is right before you leave?',
      'Tell me how you keep yourself and the people around you safe when you drive a forklift or pallet jack on a busy floor.',
      'How do you keep your pick and pack accuracy high when you are pushed to move fast?',
    ],
    partners: [
      { who: 'dispatch', words: ['dispatch', 'dispatcher', 'dispatchers'] },
      { who: 'a loader', words: ['loader', 'loaders', 'yard crew', 'dock crew', 'loading dock'] },
      { who: 'a receiver', words: ['receiver', 'receivers', 'shipper', 'shippers', 'consignee'] },
      { who: 'a driver', words: ['driver', 'drivers', 'trailer', 'trailers', 'carrier', 'carriers'] },
      { who: 'the shop', words: ['mechanic', 'mechanics', 'shop', 'maintenance'] },
      { who: 'your shift lead', words: ['supervisor', 'shift lead', 'team lead', 'lead', 'shift'] },
      { who: 'another associate on your shift', words: ['associates', 'associate', 'teammates', 'coworkers'] },
    ],
    defaultPartners: ['dispatch', 'a loader'],
    teamwork: 'Tell me about a time you disagreed with {partners} about a load, a schedule or a delivery. How did you work it out together, and what happened?',
    motivation: 'What do you like about keeping freight moving, and why does this {role} job suit the way you like to work?',
    availability: 'When could you start, and which shifts or routes can you work: days or nights, local, regional or over the road?',
    exampleFrom: 'from your driving or warehouse work',
    role: {
      name: 'Safety and compliance',
      description: 'Follows DOT and company safety rules: inspections, hours of service, load securement and safe operation; reports problems instead of cutting corners.',
      anchors: {
        weak: "Would skip inspections, bend hours-of-service or safety rules, or keep driving with a problem.",
        adequate: "Knows the rules (pre-trip inspection, hours of service, secure the load) and says they follow them, without detail.",
        strong: "Walks through their checks and rules with specifics, and tells of a time they stopped, reported or fixed a problem instead of cutting corners.",
      },
      keywords: ['inspection', 'pre-trip', 'brake', 'tire', 'tyre', 'lights', 'safety', 'dot', 'hours', 'log', 'eld', 'load', 'secure', 'strap', 'chain', 'paperwork', 'bill of lading', 'report', 'mechanic', 'rules', 'speed', 'forklift'],
    },
    focus: {
      name: 'Reliability and planning',
      description: 'Plans routes and time well, communicates delays early with dispatch and customers, and delivers on time.',
      anchors: {
        weak: "Often late or vague about planning; does not tell anyone about delays.",
        adequate: "Plans the route and tells dispatch about delays, in general terms.",
        strong: "Describes how they plan and track a day with specifics, warned dispatch or customers early when something changed, and still delivered.",
      },
      keywords: ['route', 'plan', 'schedule', 'on time', 'late', 'delay', 'dispatch', 'call', 'customer', 'weather', 'traffic', 'delivery', 'reliable', 'communicate', 'eta'],
    },
  },
  manufacturing: {
    label: 'Manufacturing',
    keywords: ['manufacturing', 'production', 'assembly', 'machine operator', 'plant', 'factory', 'cnc', 'quality control', 'lean', 'six sigma', 'osha', 'lockout', 'tagout', 'maintenance technician', 'welder', 'welding', 'fabrication', 'line', 'shift', 'machinist'],
    skills: ['machine operation', 'CNC', 'lockout/tagout', 'OSHA safety', 'quality inspection', 'blueprint reading', 'measuring tools', 'lean manufacturing', '5S', 'Six Sigma', 'preventive maintenance', 'welding', 'forklift', 'GMP', 'root cause analysis'],
    questions: [
      'Walk me through lockout/tagout. When do you use it and what are the steps?',
      'Tell me about a time you found a quality problem on the line. What did you do?',
      'How do you keep up with production targets without cutting corners on safety or quality?',
      'Tell me about an improvement you suggested or made to a process, and what it changed.',
      'A machine starts making an unusual noise mid-shift. What do you do?',
      'Walk me through how you troubleshoot a piece of equipment that keeps stopping. Where do you start, and how do you find the cause?',
      'How do you check that the parts you make are within specification? Walk me through the tools and records you use.',
    ],
    partners: [
      { who: 'a maintenance technician', words: ['maintenance'] },
      { who: 'a machine operator', words: ['operator', 'operators', 'production'] },
      { who: 'a quality inspector', words: ['quality', 'inspector', 'inspectors', 'qc', 'qa'] },
      { who: 'an engineer', words: ['engineer', 'engineers', 'engineering'] },
      { who: 'your supervisor', words: ['supervisor', 'team leader', 'lead'] },
      { who: 'the next shift', words: ['shift', 'shifts'] },
    ],
    defaultPartners: ['your supervisor', 'a quality inspector'],
    teamwork: 'Tell me about a time you disagreed with {partners} about a problem on the line. How did you settle it together, and what did it mean for safety, quality or output?',
    motivation: 'What do you enjoy about making things safely and well, shift after shift, and why does this {role} job suit you?',
    availability: 'When could you start, and which shifts can you work, including rotating shifts or overtime at busy times?',
    exampleFrom: 'from the shop floor',
    role: {
      name: 'Safety and quality',
      description: 'Works safely (lockout/tagout, PPE, OSHA rules) and protects quality: inspects, measures, stops the line when needed and reports defects.',
      anchors: {
        weak: "Would bypass a guard or lockout, keep running a machine producing defects, or not report a problem.",
        adequate: "Knows to wear PPE, follow lockout/tagout and check parts, but without a concrete example.",
        strong: "Describes specific safety and quality checks, a time they stopped the line or reported a defect, and what it prevented.",
      },
      keywords: ['safety', 'lockout', 'tagout', 'ppe', 'osha', 'guard', 'quality', 'defect', 'inspect', 'measure', 'spec', 'tolerance', 'stop', 'report', 'supervisor', 'scrap', 'rework', 'procedure'],
    },
    focus: {
      name: 'Technical and process skills',
      description: 'Operates and troubleshoots equipment, reads specifications, and improves processes with lean or root-cause methods.',
      anchors: {
        weak: "Cannot explain how the equipment works or would guess at a fault.",
        adequate: "Describes a reasonable troubleshooting or set-up routine in general terms.",
        strong: "Explains a real fault or improvement step by step: measurements, specs or root-cause method used, and the result in numbers.",
      },
      keywords: ['machine', 'equipment', 'setup', 'cnc', 'blueprint', 'drawing', 'maintenance', 'troubleshoot', 'process', 'improve', 'lean', '5s', 'kaizen', 'root cause', 'cycle time', 'downtime', 'output'],
    },
  },
  finance: {
    label: 'Financial services',
    keywords: ['bank', 'banking', 'financial', 'finance', 'accounting', 'accountant', 'teller', 'loan', 'credit', 'underwriting', 'underwriter', 'kyc', 'aml', 'compliance', 'audit', 'investment', 'wealth', 'insurance', 'claims', 'reconciliation', 'ledger', 'cpa', 'analyst', 'fintech'],
    skills: ['KYC', 'AML', 'regulatory compliance', 'financial analysis', 'Excel', 'reconciliation', 'risk assessment', 'underwriting', 'accounts payable', 'accounts receivable', 'GAAP', 'financial modelling', 'fraud detection', 'client relationship management', 'cash handling'],
    questions: [
      'Tell me about a time you spotted an error or a discrepancy in financial data. How did you find it and resolve it?',
      'How would you handle a client transaction that looks suspicious under AML rules?',
      'Walk me through how you make sure your work is accurate when you are under deadline pressure.',
      'Tell me about a time you explained a complex financial topic to a client or a colleague without a finance background.',
      'Describe a time you had to follow a compliance procedure that slowed things down. How did you handle it?',
      'Walk me through how you balance your cash drawer and what you do when it is over or short.',
      'Tell me about a time you had to document a review or a decision so that someone else could follow it later. What did you include?',
    ],
    partners: [
      { who: 'a compliance officer', words: ['compliance'] },
      { who: 'an auditor', words: ['audit', 'audits', 'auditor', 'auditors', 'exams'] },
      { who: 'a personal banker', words: ['personal banker', 'personal bankers', 'relationship manager', 'bankers'] },
      { who: 'a client', words: ['client', 'clients', 'customer', 'customers'] },
      { who: 'your manager', words: ['manager', 'supervisor'] },
      { who: 'a colleague on your team', words: ['team', 'colleagues'] },
    ],
    defaultPartners: ['a colleague on your team', 'your manager'],
    teamwork: 'Tell me about a time you disagreed with {partners} about a number, a control or a decision on an account. How did you resolve it together, and what happened?',
    motivation: 'What draws you to careful work with money and rules, and why does this {role} role suit the way you like to work?',
    availability: 'When could you start, and do the working hours of this role, including busy periods such as month end, suit you?',
    exampleFrom: 'from your work with accounts or clients',
    role: {
      name: 'Financial and regulatory knowledge',
      description: 'Knows the products, numbers and rules of the role: KYC/AML, controls, reconciliation and analysis; acts with integrity.',
      anchors: {
        weak: "Unsure of basic rules or controls, or would overlook a red flag to keep things moving.",
        adequate: "Knows the main rules and checks (verify identity, reconcile, escalate suspicious activity) in general terms.",
        strong: "Applies the rules to a real case: the checks and systems used, what they found, how they escalated or documented it, and the outcome.",
      },
      keywords: ['account', 'transaction', 'reconcile', 'reconciliation', 'ledger', 'kyc', 'aml', 'compliance', 'regulation', 'audit', 'risk', 'fraud', 'report', 'control', 'excel', 'model', 'loan', 'credit', 'suspicious', 'escalate', 'policy'],
    },
    focus: {
      name: 'Accuracy and integrity',
      description: 'Careful, accurate work with checks and controls; raises issues honestly and protects clients and the firm.',
      anchors: {
        weak: "Careless with numbers or willing to hide or fudge a mistake.",
        adequate: "Says they double-check their work and would report a mistake, without an example.",
        strong: "Describes their checks and controls, a real error they caught or owned up to, and how they fixed it and prevented it again.",
      },
      keywords: ['accurate', 'accuracy', 'check', 'double-check', 'review', 'error', 'discrepancy', 'detail', 'verify', 'honest', 'integrity', 'escalate', 'deadline', 'mistake', 'correct'],
    },
  },
  hospitality: {
    label: 'Hospitality',
    keywords: ['hotel', 'hospitality', 'front desk', 'guest', 'concierge', 'housekeeping', 'resort', 'reservations', 'check-in', 'pms', 'banquet', 'event', 'room', 'lodging', 'front office', 'night auditor', 'bellhop', 'valet'],
    skills: ['guest service', 'property management systems (PMS)', 'reservations', 'check-in and check-out', 'upselling', 'complaint resolution', 'housekeeping standards', 'cash handling', 'night audit', 'event coordination', 'multilingual communication', 'Opera PMS'],
    questions: [
      'Tell me about a time a guest was unhappy with their stay. What did you do, and how did it end?',
      'Walk me through a smooth check-in when there is a queue at the desk.',
      'A guest arrives and their reservation is missing and the hotel is full. What would you do?',
      'How do you make a guest’s stay memorable? Give me a real example.',
      'Tell me about a time you worked with housekeeping, maintenance or another team to fix a problem for a guest.',
      'Walk me through how you inspect a room before the next guest arrives. What do you look at, and what do you do if it falls short?',
      'How do you keep a team of room attendants on track when the hotel is full and guests are waiting for rooms?',
    ],
    partners: [
      { who: 'a room attendant', words: ['room attendant', 'room attendants', 'house persons'] },
      { who: 'housekeeping', words: ['housekeeping'] },
      { who: 'the front desk', words: ['front desk', 'front office'] },
      { who: 'engineering', words: ['engineering', 'maintenance'] },
      { who: 'the kitchen or banquet team', words: ['banquet', 'banquets', 'kitchen', 'restaurant'] },
      { who: 'your manager on duty', words: ['manager on duty', 'manager', 'supervisor'] },
    ],
    defaultPartners: ['housekeeping', 'the front desk'],
    teamwork: 'Tell me about a time you disagreed with {partners} about how to handle a guest’s request or a room problem. How did you work it out together, and what happened for the guest?',
    motivation: 'What do you enjoy about looking after guests, and why does this {role} role suit you?',
    availability: 'When could you start, and which shifts can you work: mornings, evenings, overnight, weekends or holidays?',
    exampleFrom: 'from a guest-facing job',
    role: {
      name: 'Hospitality operations',
      description: 'Knows the front-of-house routine: reservations and the PMS, check-in and check-out, payments, and coordination with housekeeping and maintenance.',
      anchors: {
        weak: "Unsure of the front-desk routine (check-in, payments, room status) or improvises around procedures.",
        adequate: "Knows the routine (check-in and check-out, the PMS, coordinating with housekeeping) in general terms.",
        strong: "Describes the routine from experience with specifics, including a problem such as an overbooking or wrong charge and how they solved it.",
      },
      keywords: ['reservation', 'booking', 'check-in', 'check in', 'checkout', 'check-out', 'room', 'pms', 'system', 'desk', 'payment', 'key', 'housekeeping', 'maintenance', 'upgrade', 'rate', 'shift', 'audit'],
    },
    focus: {
      name: 'Guest experience',
      description: 'Warm, attentive service: anticipates needs, resolves complaints gracefully and turns problems into good experiences.',
      anchors: {
        weak: "Defensive or careless with guests, or makes excuses when something goes wrong.",
        adequate: "Friendly and apologises when something goes wrong, with a general idea of how to put it right.",
        strong: "Describes a real guest situation: noticed the need early, fixed it honestly and quickly, and the guest left happy.",
      },
      keywords: ['guest', 'customer', 'welcome', 'smile', 'complaint', 'apologise', 'apologize', 'upgrade', 'memorable', 'happy', 'service', 'satisfied', 'review', 'listen', 'name'],
    },
  },
  general: {
    label: 'General',
    keywords: [],
    skills: ['communication', 'organisation', 'teamwork', 'problem solving', 'time management', 'customer focus', 'attention to detail'],
    questions: [
      'Tell me about a challenging situation at work and how you handled it. What was the result?',
      'Describe a time you had to juggle several priorities. How did you decide what to do first?',
      'Tell me about a mistake you made at work and what you learned from it.',
      'How do you make sure the quality of your work stays high?',
      'Tell me about something you improved in a previous role.',
    ],
    partners: [
      { who: 'your manager', words: ['manager', 'supervisor'] },
      { who: 'a teammate', words: ['team', 'teammates', 'colleagues', 'coworkers'] },
      { who: 'a customer', words: ['customer', 'customers', 'client', 'clients'] },
      { who: 'another department', words: ['departments', 'cross-functional', 'other teams', 'stakeholders'] },
      { who: 'a supplier', words: ['vendor', 'vendors', 'supplier', 'suppliers'] },
    ],
    defaultPartners: ['a teammate', 'your manager'],
    teamwork: 'Tell me about a time you disagreed with {partners} about how to get something done. How did you work it out together, and what happened?',
    motivation: 'What draws you to this {role} role, and what kind of team and work environment help you do your best work?',
    availability: 'When could you start, and which days and hours can you work?',
    exampleFrom: 'from a recent job',
    role: {
      name: 'Role knowledge and skills',
      description: 'Knowledge and skills the role requires, shown through concrete examples of doing similar work well.',
      anchors: {
        weak: "Little or no relevant knowledge, or an answer that is wrong for the role.",
        adequate: "Relevant and correct knowledge, described in general terms without a concrete example.",
        strong: "Concrete examples of doing similar work well: what they did themselves, how, and the result.",
      },
      keywords: ['experience', 'skill', 'task', 'process', 'tool', 'system', 'procedure', 'project', 'responsible', 'role'],
    },
    focus: {
      name: 'Problem solving',
      description: 'Handles problems and priorities sensibly, takes ownership and explains the outcome.',
      anchors: {
        weak: "Jumps to an answer or gives up, blames others, or cannot say how they would narrow the problem down.",
        adequate: "Breaks the problem into steps and names reasonable options, but stays general or leaves the outcome unclear.",
        strong: "Narrows the problem with evidence, weighs options, explains why they chose one, and shows how it turned out and what they changed afterwards.",
      },
      keywords: ['problem', 'solve', 'priority', 'prioritise', 'prioritize', 'decide', 'plan', 'mistake', 'learn', 'improve', 'fix', 'result', 'outcome'],
    },
  },
};

/** Criteria every plan has besides the industry's two. */
export const COMMUNICATION: CriterionTemplate = {
  name: 'Communication',
  description: 'Answers clearly and in a logical order, addresses what was asked, and adapts to the listener; structured answers (situation, action, result) score higher.',
  anchors: {
    weak: "Hard to follow, does not address the question, or gives one-line answers with nothing to go on.",
    adequate: "Answers the question clearly enough, but without a clear order or an outcome.",
    strong: "Clear and well ordered: the situation, what they did and the result, adapted to the listener, answering exactly what was asked.",
  },
  keywords: ['explain', 'communicate', 'listen', 'told', 'talk', 'discuss', 'update', 'clear', 'clearly', 'email', 'call', 'meeting', 'feedback', 'present'],
};

export const CULTURE_FIT: CriterionTemplate = {
  name: 'Cultural fit and motivation',
  description: 'Motivation for this role, teamwork, ownership and openness to feedback, judged on what the candidate did and values at work, never on personal characteristics.',
  anchors: {
    weak: "Generic claims (\"I'm a team player\"), blames others, or shows no interest in the work.",
    adequate: "Says they like teamwork and learning, and why the role appeals, in general terms.",
    strong: "Shows with real examples how they work with others, take feedback and own their work, and why this work motivates them.",
  },
  keywords: ['team', 'teammate', 'colleague', 'coworker', 'together', 'help', 'support', 'feedback', 'learn', 'motivate', 'motivation', 'why', 'value', 'culture', 'enjoy', 'passion', 'ownership', 'responsibility', 'grow'],
};

/** The one general question every plan opens with; everything after it comes from the job. */
export const OPENING_QUESTION = 'Thanks for joining today, candidate_name. To start, could you walk me through your background and what draws you to this {title} role?';
export const CLOSING_QUESTION = 'Is there anything about your experience we have not covered that you would like us to know?';

/** Phone screens: short, practical questions a recruiter asks first. */
export const DEFAULT_SCREENING_QUESTIONS = [
  'Could you briefly walk me through your most recent role and what you were responsible for?',
  'What interests you about this position?',
  'What is your availability to start, and which shifts or hours can you work?',
  'Are you legally authorized to work in this country for this employer?',
  'Tell me about an accomplishment from a recent job that you are proud of.',
  'What are you looking for in your next role?',
];
