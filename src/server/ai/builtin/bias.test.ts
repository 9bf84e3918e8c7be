import { describe, expect, it } from 'vitest';
import { loadDataset, NOT_YET_TUNED } from '../eval/dataset';
import { checkQuestion, checkQuestionIssues, checkQuestions } from './bias';
import { checkQuestionsMemoised } from './bias-memo';

// The concept stage (decision 014): a protected topic said of the candidate is flagged however it is
// phrased; the same words about the work, the people it serves or the business are not.
describe('bias check by meaning', () => {
  it('flags protected topics said of the candidate in phrasings no rule lists', () => {
    const unlawful: [string, string][] = [
      ['Would you say you are closer to the start or the end of your career?', 'age'],
      ['Who looks after your little ones while you work?', 'marital_family'],
      ['Is there a Mrs. or Mr. in the picture?', 'marital_family'],
      ['Any chance a baby is on the way?', 'pregnancy'],
      ['Will you need to leave early on Fridays for services?', 'religion'],
      ['Your surname is unusual, where is it from?', 'national_origin'],
      ['Do you still have relatives back home?', 'national_origin'],
      ['Have you ever had surgery?', 'disability_health'],
      ['Have you ever filed a workers comp claim?', 'disability_health'],
      ['Have you ever spent a night in jail?', 'arrest_record'],
      ['What were the circumstances of your separation from the Army?', 'military_discharge'],
      ['Is your home rented or owned?', 'other'],
      ['Would it feel odd to report to a manager half your age?', 'age'],
    ];
    for (const [question, category] of unlawful) expect(checkQuestion(question)?.category, question).toBe(category);
  });

  it('leaves the same words alone when they are about the work, the people it serves or the business', () => {
    const lawful = [
      'Tell me about a time you prevented an injury on site.',
      'Have you owned a project end to end?',
      'How do you handle credit card payments at the register?',
      'Have you built native mobile apps?',
      'How do you celebrate team wins?',
      'Do you act in good faith with clients?',
      'How do you partner with other teams?',
      'How do you assess a loan application?',
      'Do you have experience working with kids? This is a daycare role.',
      'How do you keep older equipment running?',
      'What interests you about working in a hospital?',
      'How would you handle a guest who asks for a religious dietary meal at a banquet?',
      'How do you support a patient’s family when they are anxious?',
      'Tell me about your experience in family medicine clinics.',
      'Tell me about a time you mentored a younger colleague.',
      'Are you involved with any professional associations, like the CFA Institute?',
      'Which services can you work: lunch, dinner or weekends?',
      'Are you legally authorized to work in this country?',
      'Can you perform the essential functions of this job, with or without reasonable accommodation?',
    ];
    for (const question of lawful) expect(checkQuestion(question), question).toBeNull();
  });
});

// Grammar over phrasings: who the topic belongs to, questions put in one word, and the third stage
// (a question about the candidate's own life that names nothing about the work).
describe('bias check by grammar', () => {
  it('gives a topic to the nearest person named before it', () => {
    expect(checkQuestion('What would you do if a student tells you they are being bullied about their religion?')).toBeNull();
    expect(checkQuestion('How would you help a new mother who is struggling with breastfeeding on the ward?')).toBeNull();
    expect(checkQuestion('How do you handle a customer who is rude about your accent?')).toBeNull();
    expect(checkQuestion('Does your religion allow you to shake hands with women?')?.category).toBe('religion');
    expect(checkQuestion('Who would pick the children up from school if you worked until six?')?.category).toBe('marital_family');
  });

  it('reads a bare topic and a follow-on sentence as put to the candidate', () => {
    expect(checkQuestion('Married?')?.category).toBe('marital_family');
    expect(checkQuestion('Any kids?')?.category).toBe('marital_family');
    expect(checkQuestion('Your surname is unusual. What is its origin?')?.category).toBe('national_origin');
  });

  it('knows whole kinds: relatives, health conditions, nationalities', () => {
    expect(checkQuestion('Does your stepdaughter live with you?')?.category).toBe('marital_family');
    expect(checkQuestion('Have you ever had a seizure?')?.category).toBe('disability_health');
    expect(checkQuestion('Would you call yourself Somali?')?.category).toBe('race_ethnicity');
    expect(checkQuestion('How would you support a patient with diabetes who misses meals?')).toBeNull();
  });

  it('flags a question about private life that names nothing about the work, and not one that does', () => {
    for (const q of ['Are you a Labour or Conservative voter?', 'How many drinks do you have a week?', 'Have you ever spent time in prison?']) {
      expect(checkQuestion(q)?.category, q).toBeTruthy();
    }
    expect(checkQuestion('Do you go out clubbing much?')?.category).toBe('private_life');
    for (const q of ['Where do you see yourself in five years?', 'Have you used Kubernetes in production?', 'Do you hold a current first aid certificate?', 'What are you most proud of?']) {
      expect(checkQuestion(q), q).toBeNull();
    }
  });
});

// The third stage (decision 014, 2026-11-25): a protected domain said of the candidate or their
// household, in registers the rules never list, and the lawful framings of the same vocabulary.
describe('bias check by domain', () => {
  it('flags small talk, insinuation, euphemism, the third person, compliments, jokes and slang', () => {
    const unlawful: [string, string][] = [
      ['Lovely weather for it! Will the little ones be okay with you starting at seven?', 'marital_family'],
      ['I suppose you will want to be home for the kids by four?', 'marital_family'],
      ['Would your other half mind the weekend call-outs?', 'marital_family'],
      ['What a gorgeous ring. Is the wedding soon?', 'marital_family'],
      ['You look radiant. Is there happy news on the way for you?', 'pregnancy'],
      ['Between us, is a baby on the cards this year?', 'pregnancy'],
      ['Ha, you must remember typewriters. Which generation are you, boomer or Gen X?', 'age'],
      ['Everyone here is fresh out of college, so would you feel out of place?', 'age'],
      ['How many more working years do you think you have in you?', 'age'],
      ['Your features are striking; which ethnic group would you tick on the form?', 'race_ethnicity'],
      ['Would you be willing to straighten your hair for client meetings?', 'race_ethnicity'],
      ['Your surname sounds Greek. Is it?', 'national_origin'],
      ['Which language do you count in when you are tired?', 'national_origin'],
      ['Do you keep the fast during Ramadan?', 'religion'],
      ['Is that cross on your necklace a church thing?', 'religion'],
      ['Have you ever had your collar felt?', 'arrest_record'],
      ['Is there anything on your record, even if the charges were dropped?', 'arrest_record'],
      ['Did you get out of the Army on good terms?', 'military_discharge'],
      ['Are you a member of a lodge or a union?', 'other'],
      ['Do you have any debts hanging over you?', 'other'],
      ['Is money tight at home at the moment?', 'other'],
      ['Which way do you swing, if you do not mind me asking?', 'sexual_orientation_gender'],
      ['Being a lady, are you tough enough for site work?', 'sexual_orientation_gender'],
      ['Would you wear heels and a bit of makeup on the front desk?', 'sexual_orientation_gender'],
      ['Have you ever been tested for the BRCA gene?', 'genetic'],
      ['Have you ever had a DNA test for health risks?', 'genetic'],
      ['Is there anything physically wrong with you that we should know about?', 'disability_health'],
      ['Do you get dizzy spells or blackouts?', 'disability_health'],
      ['You are quite a big lad, eh? How much do you lift at the gym?', 'appearance'],
      ['What are you on now at your current place, roughly?', 'salary_history'],
      ['Being so petite, do you think the customers would take you seriously?', 'appearance'],
      ['How would you manage the school run on early shifts?', 'marital_family'],
      ['Would our younger customers relate to someone of your vintage?', 'age'],
      ['Is it Mrs. Patel or Ms. Patel?', 'marital_family'],
      ['This is a long role with plenty of travel, and we need someone who can commit, so tell me honestly, would your husband be fine with you being away every other week?', 'marital_family'],
    ];
    for (const [question, category] of unlawful) {
      const flag = checkQuestion(question);
      expect(flag?.category, question).toBe(category);
      expect(flag?.reason.length, question).toBeGreaterThan(30);
      expect(flag?.suggestion?.length, question).toBeGreaterThan(30);
    }
  });

  it('leaves lawful neighbours alone: the job requirement, the candidate asking about policy, work experience', () => {
    const lawful = [
      'Tell me about the years you spent running your family’s bakery.',
      'What did you learn about customers from working in your parents’ shop?',
      'Do you have any relatives currently working for our company?',
      'What is your parental-leave policy?',
      'Does the company offer shared parental leave?',
      'Do you have any questions about our benefits, including the pension and health insurance?',
      'This labour-relations role negotiates with two unions. Tell me about a collective agreement you negotiated.',
      'What experience do you have working with trade unions on rota changes?',
      'This role serves Spanish-speaking customers; how fluent is your Spanish?',
      'The job requires lifting 20 kg; can you do that, with or without reasonable accommodation?',
      'Have you been convicted of a driving offence in the last five years? This is a driving role.',
      'Are you at least 18, as the law requires to serve alcohol?',
      'Are you 18 or older?',
      'The rota includes two Sundays a month; can you work that?',
      'Do you have the right to work in the UK?',
      'Steel-toe boots and a hard hat are required on site; is that a problem?',
      'Would you like a tea or coffee before we begin?',
      'As a genetic counsellor, how do you explain a test result to a worried patient?',
      'As a housing officer, how would you handle a tenant who is behind on rent?',
      'What would you do if a child in your class told you something worrying about home?',
      'How would you respond if a customer asked where you are from while you were serving them?',
      'Have you worked alongside the police on shoplifting incidents?',
      'What skills from your time in the Navy do you use in logistics?',
      'How would you comfort a grieving family at the funeral home?',
      'What training have you had in mental health first aid?',
      'How do you keep technical debt under control?',
      'How would you run a marketing campaign for a product launch?',
      'Do you take pride in your work?',
    ];
    for (const question of lawful) expect(checkQuestion(question), question).toBeNull();
  });

  it('gives the same verdict every time and through the memo', () => {
    const questions = ['Do you keep the fast during Ramadan?', 'What is your parental-leave policy?', 'Ever been nicked?'];
    const first = checkQuestions(questions);
    expect(checkQuestions(questions)).toEqual(first);
    expect(checkQuestionsMemoised(questions)).toEqual(first);
    expect(first.map((f) => f.index)).toEqual([0, 2]);
  });
});

// Fourth pass (decision 014): what a question presupposes about the candidate and who does the work.
describe('bias check by presupposition and role', () => {
  it('flags attitudes, stereotypes and comparisons that name no protected trait of the candidate', () => {
    const unlawful: [string, string][] = [
      ['Are you comfortable taking direction from a woman?', 'sexual_orientation_gender'],
      ['Do you think men are cut out for nursery work?', 'sexual_orientation_gender'],
      ['We put the girls on the tills and the lads on deliveries; which would you prefer?', 'sexual_orientation_gender'],
      ['Which changing room would you use?', 'sexual_orientation_gender'],
      ['How would you feel reporting to a supervisor who is fresh out of college?', 'age'],
      ['Would you mesh with a crew of twenty-somethings?', 'age'],
      ['Are you about my age, roughly?', 'age'],
      ['Are you on the senior discount yet?', 'age'],
      ['Our regulars are mostly white; do you think you would fit in?', 'race_ethnicity'],
      ['Our clients prefer staff who look like them; how would they take to you?', 'race_ethnicity'],
      ['We say a prayer before every shift here; would that be a problem for you?', 'religion'],
      ['How would the lads take your, you know, situation?', 'sexual_orientation_gender'],
    ];
    for (const [question, category] of unlawful) expect(checkQuestion(question)?.category, question).toBe(category);
  });

  it('carries someone else\'s protected fact over to the candidate, and reads form fields', () => {
    expect(checkQuestion('Two of our hires went on maternity leave last year; should we expect the same from you?')?.category).toBe('pregnancy');
    expect(checkQuestion('Staff fill in a family medical history form for our insurer; would you complete one?')?.category).toBe('genetic');
    expect(checkQuestion('Is there anything medical going on that we should know about?')?.category).toBe('disability_health');
    expect(checkQuestion('Weight:')?.category).toBe('appearance');
    expect(checkQuestion('Nationality (optional):')?.category).toBe('national_origin');
    expect(checkQuestion('Were you ever charged with anything, whether or not you were convicted?')?.category).toBe('arrest_record');
    expect(checkQuestion('What were you taking home at your last place?')?.category).toBe('salary_history');
    expect(checkQuestion('Do you have a car payment to keep up with?')?.category).toBe('other');
  });

  it('leaves a topic alone when it is the object of the candidate\'s work or part of a work compound', () => {
    const lawful = [
      'How do you record medication errors?',
      'How do you keep track of food allergies on a busy service?',
      'How do you keep children safe on a school trip?',
      'In payroll, how do you process a child support deduction order?',
      'As an HR adviser, how have you planned maternity cover?',
      'What attracts you to a family-run business?',
      'What signs of postnatal depression would you look for on a home visit?',
      'How do you respond when police arrive at the store after a theft?',
      'How would you diagnose low water pressure in a single bathroom?',
      'Tell me about the most complex system you have deployed to production.',
      'Would you be comfortable in a warehouse where temperatures range from 5 to 30 degrees?',
      'This plant is unionized; how would you brief the bargaining unit on a rota change?',
      'Which industry groups do you follow to stay current?',
      'This role needs a security clearance, which by law is limited to citizens; would you be eligible?',
      'We have a policy against relatives supervising each other; are you related to anyone employed here?',
      'What year did you start at your current company?',
      'What hourly rate are you looking for?',
      'Tell me about a time you gave feedback to someone older than you.',
    ];
    for (const question of lawful) expect(checkQuestion(question), question).toBeNull();
  });
});

describe('bias check on the measured lists', () => {
  const data = loadDataset();

  it('flags at least 95 % of the unlawful questions of every development list it was tuned on, with at most 5 % false alarms', () => {
    for (const list of [data.bias, data.holdout.bias, ...data.biasDev.filter((l) => !NOT_YET_TUNED.has(l.name))]) {
      const flagged = checkQuestions(list.unlawful.map((u) => u.question)).length;
      const alarms = checkQuestions(list.lawful).length;
      expect(flagged / list.unlawful.length).toBeGreaterThanOrEqual(0.95);
      expect(alarms / list.lawful.length).toBeLessThanOrEqual(0.05);
    }
  });

  it('never flags a question the eval’s interviews and answer sets ask', () => {
    const questions = [...data.answers, ...data.holdout.answers].map((a) => a.question).concat(data.interviews.flatMap((i) => i.questions), data.swaps.flatMap((s) => s.questions));
    expect(checkQuestions(questions).map((f) => f.text)).toEqual([]);
  });
});

describe('every issue of a question, with a rewording that keeps its intent (issue 31)', () => {
  it('lists each protected topic a question asks about, not only the first', () => {
    const q = 'How old are you, and do you have young children at home that would make 12-hour shifts difficult?';
    expect(checkQuestionIssues(q, 3).map((f) => [f.index, f.category])).toEqual([
      [3, 'age'],
      [3, 'marital_family'],
    ]);
    expect(checkQuestions(['Tell me about a project you led.', q]).map((f) => f.index)).toEqual([1, 1]);
    expect(checkQuestionIssues('Tell me about a project you led.')).toEqual([]);
  });

  it("suggests asking about the job's hours when a question uses family or religion to get at them", () => {
    expect(checkQuestion('Will your kids make it hard to work weekends?')?.suggestion).toBe('Ask about the schedule itself: "This role involves weekend work. Are you able to work that schedule?"');
    expect(checkQuestion('Does your religion stop you working night shifts?')?.suggestion).toBe('Ask about the schedule itself: "This role involves night shifts. Are you able to work that schedule?"');
    // Without a schedule in the question, the category's own rewording.
    expect(checkQuestion('Do you have children?')?.suggestion).not.toMatch(/overnight travel|schedule itself/);
  });
});
