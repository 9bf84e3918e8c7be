import { describe, expect, it } from 'vitest';
import { draftAnchors } from '../../builtin/anchors';
import { LlmTaskError } from '../call';
import { fastSettings, promptOf, scriptedModel, systemOf } from '../testing';
import { planInterview } from './index';

const job = { title: 'Line Cook', description: 'Busy bistro kitchen, prep and grill station, weekend shifts.', skills: 'knife skills, food safety' };

const questions = [
  'Tell me about a busy service where the tickets piled up. What did you do?',
  'How do you keep your station clean and safe during a rush?',
  'Describe how you would handle a dish sent back by a guest.',
  'How do you work with the chef when you disagree about a recipe?',
  'Tell me about a time you learned a new technique quickly.',
  'What does good teamwork in a kitchen look like to you?',
];
const cookingAnchors = {
  weak: 'Cannot say how they keep up in a rush, or cuts corners on temperatures.',
  adequate: 'Knows the station routine in general terms.',
  strong: 'Describes a real rush: how they set up, called tickets and kept food safe, and how service went.',
};
const rubric = [
  { name: 'Cooking skills', description: 'Prep, grill and timing under pressure', weight: 50, anchors: cookingAnchors },
  { name: 'Communication', description: 'Clear calls with the line and front of house', weight: 30 },
  { name: 'Cultural fit', description: 'Teamwork, reliability, takes feedback', weight: 30 },
];

describe('planInterview', () => {
  it('turns the model output into a plan whose weights total exactly 100', async () => {
    const model = scriptedModel({ questions, rubric });
    const plan = await planInterview({ model, ...fastSettings }, job);
    expect(plan.questions).toEqual(questions);
    expect(plan.rubric.map((c) => c.name)).toEqual(['Cooking skills', 'Communication', 'Cultural fit']);
    expect(plan.rubric.reduce((s, c) => s + c.weight, 0)).toBe(100);
    expect(plan.rubric.map((c) => c.weight)).toEqual([46, 27, 27]);
    // The model's anchors are kept; a criterion it gave none gets drafted ones.
    expect(plan.rubric[0]!.anchors).toEqual(cookingAnchors);
    expect(plan.rubric[1]!.anchors).toEqual(draftAnchors({ name: 'Communication', description: '' }));
    expect(plan.rubric[2]!.anchors?.strong).toMatch(/^A concrete example of cultural fit from their own work/);

    const prompt = promptOf(model.doGenerateCalls[0]);
    expect(prompt).toContain('Line Cook');
    expect(prompt).toContain('food safety');
    expect(systemOf(model.doGenerateCalls[0])).toMatch(/communication/i);
    expect(systemOf(model.doGenerateCalls[0])).toMatch(/cultural fit/i);
  });

  it('trims, drops numbering and duplicates, and clamps the counts', async () => {
    const messy = [
      '1. Tell me about yourself.  ',
      '2) tell me about YOURSELF',
      ...questions,
      'One question too many?',
      'And another one?',
    ];
    const tooMany = [...rubric, ...['A', 'B', 'C', 'communication'].map((name) => ({ name, description: 'x', weight: 10 }))];
    const plan = await planInterview({ model: scriptedModel({ questions: messy, rubric: tooMany }), ...fastSettings }, job);
    expect(plan.questions).toHaveLength(8);
    expect(plan.questions[0]).toBe('Tell me about yourself.');
    expect(plan.questions.filter((q) => /yourself/i.test(q))).toHaveLength(1);
    expect(plan.rubric.map((c) => c.name)).toEqual(['Cooking skills', 'Communication', 'Cultural fit', 'A', 'B', 'C']);
    expect(plan.rubric.reduce((s, c) => s + c.weight, 0)).toBe(100);
  });

  it('asks again when the output fails the schema, then uses the repaired answer', async () => {
    const model = scriptedModel({ questions: questions.slice(0, 2), rubric }, { questions, rubric });
    const plan = await planInterview({ model, ...fastSettings }, job);
    expect(plan.questions).toHaveLength(6);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(promptOf(model.doGenerateCalls[1])).toMatch(/questions: /);
  });

  it('asks again when duplicates leave too few questions, and fails if they still do', async () => {
    const dupes = { questions: ['Why us?', 'why us', 'Why us?!', 'Why US', 'why us.'], rubric };
    const model = scriptedModel(dupes);
    const error = await planInterview({ model, ...fastSettings }, job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmTaskError);
    expect((error as LlmTaskError).reason).toBe('invalid_output');
    expect(promptOf(model.doGenerateCalls[1])).toContain('only 1 distinct questions');
  });
});
