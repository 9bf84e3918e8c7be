import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * index.html with the page's own chunks preloaded, for the pages a phone opens first (issue 30:
 * Lighthouse's mobile preset). Without it a page's chunk is asked for only once the entry chunk has
 * downloaded and run (the router's `import()`), a round trip and a download after it; with
 * `<link rel="modulepreload">` it downloads beside the entry. The chunks come from Vite's manifest
 * (`build.manifest`): the page module's file and its static imports, less what the entry loads.
 */

/** What Vite's manifest says of one module. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The pages preloaded, by their address, and their module (relative to src/client, as the manifest names it). */
const PAGES: { matches: (pathname: string, search: URLSearchParams) => boolean; module: string }[] = [
  // The candidate's room: /interview/{id}?token=… or /candidate/{id}?token=… (without a token, /interview/{id} is the recruiter's report).
  { matches: (p, q) => /^\/(interview|candidate)\/[^/]+\/?$/.test(p) && q.has('token'), module: 'app/pages/candidate-interview-page.tsx' },
  { matches: (p) => p === '/auth', module: 'features/auth/components/auth-page.tsx' },
];

/** The files a module needs that the entry does not already load, in load order. */
export function chunkFiles(manifest: Manifest, module: string): string[] {
  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles);
  const files = new Set<string>();
  collect(module, files);
  return [...files].filter((file) => !entryFiles.has(file));
}

/**
 * For a built client (`clientDir` with index.html and .vite/manifest.json): the HTML to send for an
 * address, or null when the address has no preloads (index.html is then sent as it is). Without a
 * manifest, nothing is preloaded.
 */
export function clientPreloads(clientDir: string): (url: string) => string | null {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const indexHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const pages = PAGES.map((page) => {
    const links = chunkFiles(manifest, page.module)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    return { matches: page.matches, html: links ? indexHtml.replace('</head>', `${links}</head>`) : null };
  });
  return (url) => {
    const parsed = new URL(url, 'http://localhost');
    return pages.find((page) => page.matches(parsed.pathname, parsed.searchParams))?.html ?? null;
  };
}
