import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The entry chunk is what every page downloads before anything else, the candidate's ready page on a
// phone included (decision 016; Lighthouse's mobile preset, issue 30). zod (about 25 KiB compressed)
// belongs to the pages that validate forms: it came into the entry once through an innocent-looking
// import (contracts/ids.ts for `recordIdFrom`), and the ready page's mobile score fell from 94 to 88.
// This walks the entry's static imports (dynamic `import()` starts another chunk) and names the path.

const SRC = path.resolve(__dirname, '..', '..');
const ENTRY = path.join(SRC, 'client', 'main.tsx');
/** Packages the entry must never load: each is for some pages only, and loads with them. */
const NOT_IN_ENTRY = ['zod', 'date-fns', '@radix-ui/react-dialog', '@radix-ui/react-dropdown-menu'];

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? path.join(SRC, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Value imports and re-exports of a module: not `import type`, not `export type`, not `import()`. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** Every package the entry loads, with the chain of modules that brings it. */
function entryPackages(): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.') || spec.startsWith('@/')) {
        const next = resolveLocal(file, spec);
        if (next) walk(next, [...chain, path.relative(SRC, next)]);
        continue;
      }
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (!packages.has(name)) packages.set(name, chain);
    }
  };
  walk(ENTRY, [path.relative(SRC, ENTRY)]);
  return packages;
}

describe('the entry chunk', () => {
  it('loads React, the router, react-query and the session, and none of the heavy packages', () => {
    const packages = entryPackages();
    // The walk itself works: what the entry must have, it finds.
    for (const name of ['react', 'react-dom', 'wouter', '@tanstack/react-query']) expect(packages.has(name), name).toBe(true);
    for (const name of NOT_IN_ENTRY) {
      expect(packages.get(name), `${name} is in the entry chunk through ${packages.get(name)?.join(' → ')}`).toBeUndefined();
    }
  });
});
