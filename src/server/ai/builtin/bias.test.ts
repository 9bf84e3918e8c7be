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
