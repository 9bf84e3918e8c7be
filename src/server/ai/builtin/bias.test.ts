import { describe, expect, it } from 'vitest';
import { checkQuestion } from './bias';

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
