import type { BehaviourAnchors, RubricCriterion } from '../../../contracts/ai';
import { COMMUNICATION, CULTURE_FIT, INDUSTRIES } from './industries';

const templates = [COMMUNICATION, CULTURE_FIT, ...Object.values(INDUSTRIES).flatMap((i) => [i.role, i.focus])];

/**
 * Anchors for a criterion that has none (a rubric written before anchors, or one a model or a
 * recruiter wrote without them): the built-in template's when the name is one of ours, else anchors
 * made from the criterion's own name, in the words of the score scale.
 */
export function draftAnchors(criterion: Pick<RubricCriterion, 'name' | 'description'>): BehaviourAnchors {
  const known = templates.find((t) => t.name.toLowerCase() === criterion.name.trim().toLowerCase());
  if (known) return known.anchors;
  const topic = criterion.name.trim().toLowerCase();
  return {
    weak: `Says little that is relevant to ${topic}, stays vague or generic, or describes an approach that is wrong or careless.`,
    adequate: `Relevant and correct about ${topic}, but in general terms: few specifics and no clear example of their own actions or results.`,
    strong: `A concrete example of ${topic} from their own work: what they did, with specifics such as numbers, tools or procedures, and the result.`,
  };
}

/** The criterion's anchors, drafted where it has none. */
export const anchorsOf = (criterion: Pick<RubricCriterion, 'name' | 'description' | 'anchors'>): BehaviourAnchors => criterion.anchors ?? draftAnchors(criterion);
