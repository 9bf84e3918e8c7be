import { cleanAnchors, interviewPlan, type InterviewPlan } from '../../../../contracts/ai';
import { draftAnchors } from '../../builtin/anchors';
import { normaliseWeights, type JobInput } from '../../engine';
import { InvalidOutputError, runLlmTask, type LlmCallSettings } from '../call';
import { cleanLine, uniqueLines } from '../text';
import { SYSTEM_PROMPT, userPrompt } from './prompt';
import { planInterviewOutput, type PlanInterviewOutput } from './schema';

export const MAX_QUESTIONS = 8;
export const MAX_CRITERIA = 6;

export function planInterview(settings: LlmCallSettings, job: JobInput): Promise<InterviewPlan> {
  return runLlmTask(settings, {
    name: 'interview_plan',
    schema: planInterviewOutput,
    schemaDescription: 'Interview questions and a weighted evaluation rubric for one job',
    system: SYSTEM_PROMPT,
    prompt: userPrompt(job),
    postProcess: toPlan,
  });
}

const oneParagraph = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);

export function toPlan(output: PlanInterviewOutput): InterviewPlan {
  const questions = uniqueLines(output.questions).slice(0, MAX_QUESTIONS);
  const seen = new Set<string>();
  const criteria = output.rubric
    .map((c) => {
      const criterion = { name: cleanLine(c.name).slice(0, 120), description: c.description.replace(/\s+/g, ' ').trim().slice(0, 1000), weight: c.weight };
      // Anchors the model left blank are drafted, so every criterion of a plan has them.
      const anchors = cleanAnchors(c.anchors && { weak: oneParagraph(c.anchors.weak), adequate: oneParagraph(c.anchors.adequate), strong: oneParagraph(c.anchors.strong) });
      const complete = anchors && anchors.weak && anchors.adequate && anchors.strong ? anchors : draftAnchors(criterion);
      return { ...criterion, anchors: complete };
    })
    .filter((c) => {
      const key = c.name.toLowerCase();
      if (key === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_CRITERIA);
  if (questions.length < 5) throw new InvalidOutputError(`only ${questions.length} distinct questions; write 5 to 8 different questions`);
  if (criteria.length < 3) throw new InvalidOutputError(`only ${criteria.length} distinct criteria; write 3 to 6 criteria with different names`);

  const parsed = interviewPlan.safeParse({ questions, rubric: normaliseWeights(criteria) });
  if (!parsed.success) throw new InvalidOutputError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}
