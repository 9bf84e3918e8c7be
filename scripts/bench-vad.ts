/**
 * End of answer from the audio (issue 32): real speech through Chromium's fake microphone into the
 * candidate room's own voice-activity code (voice/vad.ts: Silero v5 on onnxruntime's WebAssembly),
 * and the room's end-of-answer rule (voice/end-of-answer.ts) run over every frame it scored.
 *   npm run bench:vad [-- --pause=2500] [-- --answers=5]
 * Scripted answers are spoken by espeak-ng in four voices and joined with sox: sentences with
 * pauses of 0.5, 1, 2 and 3 or 4 s inside them, clicks and coughs in the pauses and before the
 * answer, and a silent candidate. Four tracks play at once, each in its own Chromium, with a fifth
 * page that opens the microphone without the detector (the CPU baseline). It prints:
 * - false cut-offs: answers ended inside a pause shorter than the job's setting, out of all pauses
 *   the rule lived through or ended in, by pause length;
 * - the delay from the last word to the end of the answer (median, 95th percentile);
 * - noises (clicks, coughs) counted as speech, and what the silent candidate got;
 * - the CPU the page spends on it: the renderer process's CPU time over the run, with and without
 *   the detector, as a share of one core; and the bytes the detector loads.
 * Needs /usr/bin/chromium, espeak-ng and sox (apt-get install -y chromium espeak-ng sox).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { makeTrack, missingAudioTools, type Piece, type Placed } from '../e2e/speech-audio';
import { DEFAULT_END_OF_ANSWER, FRAME_MS, onFrame, startAnswer, type EndOfAnswerSettings, type EndOfAnswerState } from '../src/client/features/candidate-room/voice/end-of-answer';
import { contentTypeOf, VAD_FILES } from './vad-assets';

const argValue = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const PAUSE_MS = Number(argValue('pause') ?? DEFAULT_END_OF_ANSWER.baseSilenceMs);
const ANSWERS = Number(argValue('answers') ?? 6);
const TRACKS = 4;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const settings: EndOfAnswerSettings = { ...DEFAULT_END_OF_ANSWER, baseSilenceMs: PAUSE_MS };

const SENTENCES = [
  'I started on the night shift at a grocery warehouse.',
  'Most nights we unloaded about twelve trailers.',
  'I checked every pallet against the order sheet.',
  'When a count was wrong I flagged it for the lead.',
  'After a year they asked me to train new starters.',
  'I showed them how to stack and wrap a pallet safely.',
  'Our accuracy went up to ninety nine percent.',
  'I like work where I can see what I got done.',
  'At the clinic I checked patients in at the front desk.',
  'I answered the phones and booked appointments.',
  'If someone was upset I listened first and then helped.',
  'I kept the waiting room calm on busy mornings.',
  'In my last job I drove a box truck around the city.',
  'I planned the route every morning before leaving.',
  'Every stop had a signature on the handheld.',
  'I never had an accident in three years.',
  'I have worked weekends and holidays before.',
  'I can lift fifty pounds and stand all shift.',
  'My manager said I was the most reliable on the team.',
  'I would like to learn to run the forklift here.',
  'I cooked on the line at a busy diner for two years.',
  'On Friday nights we served two hundred covers.',
  'I kept my station clean and labeled everything.',
  'When the ticket printer broke I called orders out loud.',
];
/** Inside each answer: the pauses between its sentences, short ones first, then one at or over the setting. */
const INNER_PAUSES = [0.5, 1, 2, 1, 0.5];
const LONG_PAUSES = [3, 4];

interface Answer {
  /** Seconds in the track. */
  start: number;
  end: number;
  pieces: Placed[];
  silent: boolean;
}

/** One track: `answers` scripted answers, the last of the last track a silent candidate. */
function script(track: number): Piece[][] {
  const answers: Piece[][] = [];
  for (let a = 0; a < ANSWERS; a++) {
    const n = track * ANSWERS + a;
    if (track === TRACKS - 1 && a === ANSWERS - 1) {
      answers.push([{ kind: 'pause', seconds: 2 }, { kind: 'click' }, { kind: 'pause', seconds: 26 }]);
      continue;
    }
    const sentence = (k: number) => ({ kind: 'speech' as const, text: SENTENCES[(n * 7 + k) % SENTENCES.length]! });
    const pieces: Piece[] = [{ kind: 'pause', seconds: 1 }, n % 2 ? { kind: 'cough' } : { kind: 'click' }, { kind: 'pause', seconds: 0.8 }, sentence(0)];
    INNER_PAUSES.forEach((pause, k) => {
      // A noise inside every 1 s and 2 s pause, alternately a click and a cough.
      if (pause >= 1) pieces.push({ kind: 'pause', seconds: pause * 0.4 }, (n + k) % 2 ? { kind: 'cough' } : { kind: 'click' }, { kind: 'pause', seconds: pause * 0.6 });
      else pieces.push({ kind: 'pause', seconds: pause });
      pieces.push(sentence(k + 1));
    });
    pieces.push({ kind: 'pause', seconds: LONG_PAUSES[n % 2]! }, sentence(INNER_PAUSES.length + 1), { kind: 'pause', seconds: 6 });
    answers.push(pieces);
  }
  return answers;
}

const PAGE_SOURCE = (vadModule: string) => `
import { startVoiceActivity } from ${JSON.stringify(vadModule)};
const result = (window.__bench = { frames: [], openedAt: null, error: null });
const baseline = new URLSearchParams(location.search).has('baseline');
navigator.mediaDevices.getUserMedia({ audio: true }).then(async (stream) => {
  result.openedAt = performance.now();
  if (baseline) {
    // The microphone into Web Audio, as the room's level meter does, without the detector.
    const context = new AudioContext();
    context.createMediaStreamSource(stream).connect(context.createAnalyser());
    return;
  }
  await startVoiceActivity(stream, (atMs, probability) => result.frames.push([atMs, probability, performance.now()]));
}).catch((err) => { result.error = String(err && err.stack || err); });
`;

const ROOM_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; object-src 'none'";

async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const bundle = path.join(dir, 'page.js');
  const entry = path.join(dir, 'entry.js');
  writeFileSync(entry, PAGE_SOURCE(path.resolve('src/client/features/candidate-room/voice/vad.ts')));
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    outfile: bundle,
    platform: 'browser',
    define: { 'import.meta.env.VITE_VAD_ASSETS': JSON.stringify('/vad/') },
    logLevel: 'error',
  });
  const server = http.createServer((request, response) => {
    const url = (request.url ?? '/').split('?')[0]!;
    response.setHeader('content-security-policy', ROOM_POLICY);
    if (url === '/') {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><meta charset="utf-8"><title>bench:vad</title><script type="module" src="/page.js"></script>');
    } else if (url === '/page.js') {
      response.setHeader('content-type', 'text/javascript');
      response.end(readFileSync(bundle));
    } else {
      const file = url.startsWith('/vad/') ? VAD_FILES.find((f) => path.basename(f) === url.slice(5)) : undefined;
      if (!file) {
        response.statusCode = 404;
        response.end();
        return;
      }
      response.setHeader('content-type', contentTypeOf(file));
      response.end(readFileSync(file));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface Run {
  frames: Array<[number, number, number]>;
  openedAt: number;
  /** The renderer's CPU seconds over `wallSeconds`. */
  cpuSeconds: number;
  wallSeconds: number;
}

async function rendererCpu(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; cpuTime: number }> };
  await session.detach();
  return info.processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
}

async function play(url: string, wav: string | null, seconds: number): Promise<Run> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...(wav ? [`--use-file-for-fake-audio-capture=${wav}%noloop`] : []),
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(wav ? url : `${url}?baseline`);
    await page.waitForFunction(() => (window as unknown as { __bench: { openedAt: number | null; error: string | null } }).__bench.openedAt !== null || (window as unknown as { __bench: { error: string | null } }).__bench.error !== null, null, { timeout: 30_000 });
    const cpuBefore = await rendererCpu(browser);
    const wallBefore = performance.now();
    await page.waitForTimeout(seconds * 1000 + 1500);
    const cpuSeconds = (await rendererCpu(browser)) - cpuBefore;
    const wallSeconds = (performance.now() - wallBefore) / 1000;
    const result = await page.evaluate(() => (window as unknown as { __bench: { frames: Array<[number, number, number]>; openedAt: number; error: string | null } }).__bench);
    if (result.error) throw new Error(`the page failed: ${result.error}`);
    return { frames: result.frames, openedAt: result.openedAt, cpuSeconds, wallSeconds };
  } finally {
    await browser.close();
  }
}

/**
 * Track seconds of each frame's start. The file starts when the microphone opens; frame i covers
 * [base + atMs, base + atMs + 32 ms) and reaches the page some time after its end (scoring, and the
 * model's first calls queue the frames behind them), so the frames delivered soonest give the base,
 * taken at the start and at the end of the run: counting frames drifts from the audio's real clock
 * (a 44.1 kHz context resamples 1411.2 samples a frame as 1412: 0.06 %, 0.1 s over three minutes).
 */
function alignFrames(run: Run): Array<{ at: number; p: number }> {
  if (run.frames.length < 20) throw new Error(`the detector scored ${run.frames.length} frames`);
  const lag = (from: number, to: number) => {
    const part = run.frames.slice(from, to);
    const best = part.reduce((a, b) => (b[2] - b[0] < a[2] - a[0] ? b : a));
    return { atMs: best[0], base: best[2] - run.openedAt - best[0] - FRAME_MS };
  };
  const tenth = Math.floor(run.frames.length / 10);
  const early = lag(0, tenth);
  const late = lag(run.frames.length - tenth, run.frames.length);
  const slope = late.atMs === early.atMs ? 0 : (late.base - early.base) / (late.atMs - early.atMs);
  return run.frames.map(([atMs, p]) => ({ at: (early.base + slope * (atMs - early.atMs) + atMs) / 1000, p }));
}

interface Outcome {
  pauses: Array<{ seconds: number; endedIn: boolean }>;
  /** Seconds from the last word to the end, when the answer ended after a pause at or over the setting. */
  delay: number | null;
  ended: boolean;
  noises: number;
  noisesAsSpeech: number;
  prompted: number | null;
}

function judge(answer: Answer, frames: Array<{ at: number; p: number }>): Outcome {
  let state: EndOfAnswerState = startAnswer();
  const within = frames.filter((f) => f.at >= answer.start && f.at < answer.end);
  const states: Array<{ at: number; state: EndOfAnswerState }> = [];
  for (const f of within) {
    state = onFrame(state, Math.round((f.at - answer.start) * 1000), f.p, settings);
    states.push({ at: f.at, state });
    if (state.phase === 'ended') break;
  }
  const endedAt = state.phase === 'ended' ? states.at(-1)!.at : null;
  const pauses: Outcome['pauses'] = [];
  let delay: number | null = null;
  const speech = answer.pieces.filter((p) => p.kind === 'speech');
  for (let i = 0; i + 1 < speech.length; i++) {
    const from = speech[i]!.end;
    const to = speech[i + 1]!.start;
    if (endedAt !== null && endedAt < from) break;
    const endedIn = endedAt !== null && endedAt >= from && endedAt < to;
    pauses.push({ seconds: Math.round((to - from) * 10) / 10, endedIn });
    if (endedIn) {
      delay = endedAt - from;
      if (process.argv.includes('--explain') && (to - from) * 1000 < PAUSE_MS) {
        const around = frames.filter((f) => f.at > from - 0.4 && f.at < to + 0.6).map((f) => `${(f.at - from).toFixed(2)}:${f.p.toFixed(2)}`);
        console.log(`cut-off in a ${(to - from).toFixed(2)} s pause, ${(endedAt - from).toFixed(2)} s in, before "${(speech[i + 1] as { text?: string }).text}": ${around.join(' ')}`);
      }
      break;
    }
  }
  const lastWord = speech.at(-1)?.end;
  if (endedAt !== null && lastWord !== undefined && endedAt >= lastWord) delay = endedAt - lastWord;
  // A noise is taken for speech when the rule counts speech while it sounds (or just after: speech is confirmed after 0.5 s).
  const noises = answer.pieces.filter((p) => p.kind === 'click' || p.kind === 'cough');
  let noisesAsSpeech = 0;
  for (const noise of noises) {
    if (endedAt !== null && noise.start > endedAt) continue;
    const before = [...states].reverse().find((s) => s.at < noise.start)?.state.speechMs ?? 0;
    const after = [...states].reverse().find((s) => s.at <= noise.end + 0.6)?.state;
    const nextSpeech = speech.find((s) => s.start >= noise.end)?.start ?? Infinity;
    if (after && after.speechMs > before && nextSpeech > noise.end + 0.6) noisesAsSpeech += 1;
  }
  const prompt = states.find((s) => s.state.prompt);
  return { pauses, delay, ended: endedAt !== null, noises: noises.filter((n) => endedAt === null || n.start <= endedAt).length, noisesAsSpeech, prompted: prompt ? prompt.at - answer.start : null };
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const s2 = (v: number) => `${v.toFixed(2)} s`;

async function main() {
  const missing = [...missingAudioTools(), ...(statSafe(CHROMIUM) ? [] : ['chromium'])];
  if (missing.length > 0) {
    console.error(`bench:vad needs ${missing.join(', ')}: apt-get install -y chromium espeak-ng sox`);
    process.exit(1);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-vad-'));
  try {
    console.log(`Making ${TRACKS} tracks of ${ANSWERS} spoken answers (espeak-ng, sox)…`);
    const tracks = await Promise.all(
      Array.from({ length: TRACKS }, async (_, t) => {
        const answers = script(t);
        const made = await makeTrack(dir, `track${t}`, answers.flat());
        // Cut the timeline back into answers.
        const placed: Answer[] = [];
        let i = 0;
        for (const pieces of answers) {
          const own = made.timeline.slice(i, i + pieces.length);
          i += pieces.length;
          placed.push({ start: own[0]!.start, end: own.at(-1)!.end, pieces: own, silent: !own.some((p) => p.kind === 'speech') });
        }
        return { ...made, answers: placed };
      }),
    );
    const longest = Math.max(...tracks.map((t) => t.seconds));
    const server = await serve(dir);
    console.log(`Playing them at once, ${Math.round(longest)} s, plus a page without the detector…`);
    const [baseline, ...runs] = await Promise.all([play(server.url, null, longest), ...tracks.map((t) => play(server.url, t.file, t.seconds))]);
    await server.close();

    const outcomes = tracks.flatMap((track, t) => {
      const frames = alignFrames(runs[t]!);
      return track.answers.map((answer) => ({ answer, outcome: judge(answer, frames) }));
    });
    const spoken = outcomes.filter((o) => !o.answer.silent);
    const pauses = spoken.flatMap((o) => o.outcome.pauses);
    const upTo3 = pauses.filter((p) => p.seconds <= 3);
    const falseCuts = pauses.filter((p) => p.endedIn && p.seconds * 1000 < PAUSE_MS);
    const delays = spoken.map((o) => o.outcome.delay).filter((d): d is number => d !== null);
    const bySeconds = [...new Set(pauses.map((p) => p.seconds))].sort((a, b) => a - b);

    console.log(`\nEnd of answer, base pause ${PAUSE_MS / 1000} s (Silero v5 in Chromium, ${spoken.length} spoken answers, ${pauses.length} pauses)`);
    console.log('pause   pauses   answer ended in it');
    for (const seconds of bySeconds) {
      const these = pauses.filter((p) => p.seconds === seconds);
      console.log(`${`${seconds} s`.padEnd(8)}${String(these.length).padEnd(9)}${these.filter((p) => p.endedIn).length}${seconds * 1000 < PAUSE_MS ? ' (false cut-offs)' : ''}`);
    }
    console.log(`false cut-offs: ${falseCuts.length} of ${pauses.length} pauses (${falseCuts.filter((p) => p.seconds <= 3).length} of ${upTo3.length} pauses up to 3 s)`);
    console.log(`answers that never ended: ${spoken.filter((o) => !o.outcome.ended).length} of ${spoken.length}`);
    console.log(`delay after the last word: median ${s2(percentile(delays, 0.5))}, 95th percentile ${s2(percentile(delays, 0.95))} (setting ${s2(PAUSE_MS / 1000)}; ${delays.length} answers)`);
    const noises = outcomes.reduce((n, o) => n + o.outcome.noises, 0);
    console.log(`noises under 0.5 s counted as speech: ${outcomes.reduce((n, o) => n + o.outcome.noisesAsSpeech, 0)} of ${noises} (clicks of 30 ms, coughs of 300 ms)`);
    for (const silent of outcomes.filter((o) => o.answer.silent)) {
      console.log(
        `silent candidate (${Math.round(silent.answer.end - silent.answer.start)} s): ${silent.outcome.ended ? 'answer ENDED' : 'answer not ended'}, thinking-time line at ${silent.outcome.prompted === null ? 'never' : s2(silent.outcome.prompted)} (setting ${s2(settings.thinkingMs / 1000)})`,
      );
    }
    const share = (run: Run) => (100 * run.cpuSeconds) / run.wallSeconds;
    const withVad = runs.map(share);
    console.log(
      `\nCPU of the page (renderer process, share of one core): with the detector ${percentile(withVad, 0.5).toFixed(1)} % (median of ${runs.length}; ${Math.min(...withVad).toFixed(1)}-${Math.max(...withVad).toFixed(1)} %), microphone alone ${share(baseline).toFixed(1)} %: the detector costs ${(percentile(withVad, 0.5) - share(baseline)).toFixed(1)} % of one core`,
    );
    const sizes = VAD_FILES.map((file) => ({ name: path.basename(file), bytes: statSync(file).size, br: brotliCompressSync(readFileSync(file), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }).length }));
    console.log(`loaded when the room starts: ${sizes.map((f) => `${f.name} ${(f.br / 1024).toFixed(0)} KiB br`).join(', ')}; ${(sizes.reduce((n, f) => n + f.br, 0) / 1024 / 1024).toFixed(2)} MiB in all`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function statSafe(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

await main();
