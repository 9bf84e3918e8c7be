/** Times the built-in evaluation of a 60-minute interview transcript. */
import { performance } from 'node:perf_hooks';
import type { TranscriptEntry } from '../src/contracts/ai';
import { createBuiltinEngine } from '../src/server/ai/builtin';
import { loadDataset } from '../src/server/ai/eval/dataset';

const engine = createBuiltinEngine();
const { answers } = loadDataset();

// Questions and answers at about 130 spoken words a minute, until the interview has run 60 minutes.
const transcript: TranscriptEntry[] = [];
let words = 0;
let ms = 0;
for (let i = 0; ms < 60 * 60_000; i++) {
  const group = answers[i % answers.length]!;
  const answer = [group.answers.strong, group.answers.adequate, group.answers.weak][i % 3]!;
  transcript.push({ speaker: 'AI', text: group.question, startMs: ms });
  ms += 8000;
  transcript.push({ speaker: 'Candidate', text: answer, startMs: ms });
  const n = answer.split(/\s+/).length;
  words += n;
  ms += (n / 130) * 60_000;
}
const plan = await engine.planInterview({ title: 'Operations Associate', description: 'Customer service, safety and teamwork.' });
const input = { questions: plan.questions, rubric: plan.rubric, transcript };

await engine.evaluate(input); // warm-up
const times: number[] = [];
for (let i = 0; i < 15; i++) {
  const t0 = performance.now();
  await engine.evaluate(input);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(`Transcript: ${transcript.length} turns, ${words} candidate words, ${Math.round(ms / 60000)} minutes`);
console.log(`Built-in evaluation: median ${median.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms, worst ${times[times.length - 1]!.toFixed(1)} ms over ${times.length} runs (target < 200 ms)`);
console.log(`Heap used: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(1)} MiB`);
