/**
 * Where a `node --cpu-prof` profile spends its time: self time per owner (the nearest package or
 * project file up the stack, so a socket write counts for pg or fastify, WebAssembly for PGlite),
 * self and inclusive time per module and per function.
 *   npx tsx scripts/cpu-profile-summary.ts <file.cpuprofile> [--top 25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: cpu-profile-summary <file.cpuprofile> [--top N]');
const topIndex = process.argv.indexOf('--top');
const top = topIndex === -1 ? 25 : Number(process.argv[topIndex + 1]) || 25;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

/** node_modules/<package> (scoped too), a project path under src/, node: internals, or the V8 tag. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const clean = url.replace(/^file:\/\//, '');
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = clean.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (clean.startsWith('node:')) return clean;
  const src = clean.indexOf('/src/');
  return src !== -1 ? clean.slice(src + 1) : clean;
}
const label = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${moduleOf(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfUs].filter(([id]) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id)!.callFrame.functionName));

/** Node internals, native tags and WebAssembly belong to whichever package called them. */
const isGeneric = (mod: string) => (mod.startsWith('node:') && !mod.startsWith('node:internal/modules')) || mod.startsWith('wasm://') || (mod.startsWith('(') && !['((idle))', '((garbage collector))', '((program))'].includes(mod));
function ownerOf(id: number): string {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at)!;
    const mod = moduleOf(n.callFrame.url, n.callFrame.functionName);
    if (mod.startsWith('node:internal/modules') || mod === 'tsx' || mod === 'esbuild') return '(module loading)';
    if (!isGeneric(mod)) return mod;
  }
  return '(native, no JS caller)';
}

const selfByOwner = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const selfByModule = new Map<string, number>();
const inclusiveByFunction = new Map<string, number>();
const inclusiveByModule = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const owner = ownerOf(id);
  selfByOwner.set(owner, (selfByOwner.get(owner) ?? 0) + us);
  selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + us);
  const mod = moduleOf(node.callFrame.url, node.callFrame.functionName);
  selfByModule.set(mod, (selfByModule.get(mod) ?? 0) + us);
  // Inclusive: each sample counts once for every distinct function and module on its stack.
  const fns = new Set<string>();
  const mods = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at)!;
    if (n.callFrame.functionName === '(root)') continue;
    fns.add(label(n));
    mods.add(moduleOf(n.callFrame.url, n.callFrame.functionName));
  }
  for (const f of fns) inclusiveByFunction.set(f, (inclusiveByFunction.get(f) ?? 0) + us);
  for (const m of mods) inclusiveByModule.set(m, (inclusiveByModule.get(m) ?? 0) + us);
}

function print(title: string, map: Map<string, number>): void {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(6)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
}

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled; ${idle.map(([id, us]) => `${byId.get(id)!.callFrame.functionName} ${((100 * us) / total).toFixed(1)} %`).join(', ')}`);
print('Self time by owner (nearest package or project file up the stack)', selfByOwner);
print('Self time by module', selfByModule);
print('Self time by function', selfByFunction);
print('Inclusive time by module', inclusiveByModule);
print('Inclusive time by function', inclusiveByFunction);
