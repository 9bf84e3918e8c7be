import type { InterviewPlan, RubricCriterion } from '../../../contracts/ai';
import { normaliseWeights, type JobInput, type ScreeningInput } from '../engine';
import {
  CLOSING_QUESTION,
  COMMUNICATION,
  CULTURE_FIT,
  DEFAULT_SCREENING_QUESTIONS,
  INDUSTRIES,
  MOTIVATION_QUESTION,
  OPENING_QUESTION,
  TEAMWORK_QUESTION,
  type IndustryKey,
} from './industries';

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
 * Skills and requirements: the recruiter's own list first, then known skills of any industry that
 * the description names, then phrases after "experience with", "knowledge of" and the like.
 */
export function extractSkills(description: string, skills = '', industry: IndustryKey = 'general'): string[] {
  const found: string[] = [];
  const add = (s: string) => {
    const clean = s.trim().replace(/\s+/g, ' ').replace(/[.;:,]+$/, '');
    if (clean.length < 2 || clean.length > 60) return;
    if (!found.some((f) => f.toLowerCase() === clean.toLowerCase())) found.push(clean);
  };
  skills.split(/[,;\n]/).forEach(add);
  const d = ` ${description.toLowerCase()} `;
  const ordered = [INDUSTRIES[industry], ...Object.values(INDUSTRIES).filter((p) => p !== INDUSTRIES[industry])];
  for (const profile of ordered) for (const s of profile.skills) if (phraseRe(s).test(d)) add(s);
  for (const m of description.matchAll(/(?:experience (?:with|in)|knowledge of|proficien(?:t|cy) (?:in|with)|familiar(?:ity)? with|skilled in|certified in|expertise in)\s+([^.;\n]+)/gi)) {
    m[1]!
      .split(/,|\band\b|\bor\b/)
      .map((s) => s.replace(/^(a|an|the)\s+/i, ''))
      .filter((s) => s.trim().split(/\s+/).length <= 4)
      .forEach(add);
  }
  return found.slice(0, 12);
}

function skillQuestion(skill: string, index: number): string {
  const templates = [
    `Tell me about your hands-on experience with ${skill}. Walk me through a specific situation and how it turned out.`,
    `Describe a time when ${skill} really mattered in your work. What did you do, and what was the result?`,
  ];
  return templates[index % templates.length]!;
}

function rubricFor(industry: IndustryKey, skills: string[]): RubricCriterion[] {
  const profile = INDUSTRIES[industry];
  const named = skills.slice(0, 4).join(', ');
  const role: RubricCriterion = {
    name: profile.role.name,
    description: named ? `${profile.role.description} Key requirements: ${named}.` : profile.role.description,
    weight: 35,
  };
  const criteria: RubricCriterion[] = [
    role,
    { name: profile.focus.name, description: profile.focus.description, weight: 25 },
    { name: COMMUNICATION.name, description: COMMUNICATION.description, weight: 20 },
    { name: CULTURE_FIT.name, description: CULTURE_FIT.description, weight: 20 },
  ];
  return normaliseWeights(criteria);
}

export function planInterview(job: JobInput): InterviewPlan {
  const { industry } = recogniseIndustry(job.title, `${job.description} ${job.skills ?? ''}`);
  const skills = extractSkills(job.description, job.skills, industry);
  const profile = INDUSTRIES[industry];
  const title = job.title.trim() || 'this';
  const questions = [OPENING_QUESTION.replace('{title}', title)];
  const situational = profile.questions.slice(0, 3);
  // Skills the situational questions already cover are not asked about twice.
  const flat = (text: string) => text.toLowerCase().replace(/[-/]/g, ' ');
  const covered = flat(situational.join(' '));
  const skillQuestions = skills
    .filter((s) => !covered.includes(flat(s)))
    .slice(0, 2)
    .map((s, i) => skillQuestion(s, i));
  questions.push(...skillQuestions, ...situational.slice(0, 5 - skillQuestions.length));
  questions.push(TEAMWORK_QUESTION, MOTIVATION_QUESTION);
  return { questions: questions.slice(0, 8), rubric: rubricFor(industry, skills) };
}

export function screeningQuestions(input: ScreeningInput): string[] {
  const title = input.jobTitle?.trim() ?? '';
  const description = input.jobDescription?.trim() ?? '';
  const skillsText = input.skills?.trim() ?? '';
  if (!title && !description && !skillsText) return [...DEFAULT_SCREENING_QUESTIONS];
  const { industry } = recogniseIndustry(title, `${description} ${skillsText}`);
  const skills = extractSkills(description, skillsText, industry);
  const role = title || 'this role';
  const questions = [
    `Could you briefly walk me through your background and your most recent role relevant to ${role}?`,
    `What interests you about ${title ? `the ${title} position` : 'this position'}?`,
  ];
  skills.slice(0, 2).forEach((s) => questions.push(`How much hands-on experience do you have with ${s}? Give me a quick example.`));
  questions.push(INDUSTRIES[industry].questions[0]!);
  questions.push('What is your availability to start, and which shifts or hours can you work?');
  questions.push('Are you legally authorized to work in this country for this employer?');
  return questions.slice(0, 8);
}

export { CLOSING_QUESTION };
