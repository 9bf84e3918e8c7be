import { fileURLToPath, URL } from 'node:url';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const SHARED_UI = new RegExp(
  [
    String.raw`[\/]node_modules[\/]@radix-ui[\/](primitive|react-(primitive|context|presence|use-[a-z-]+|compose-refs|slot|id|direction|portal|visually-hidden|label|checkbox))[\/]`,
    String.raw`[\/]src[\/]client[\/]components[\/](brand-logo|brand-mark|form-field|ui[\/](label|textarea|input|card|badge|spinner|checkbox|form-message))\.tsx$`,
  ].join('|'),
);

// The client lives in src/client; the API server serves the built files from dist/client.
// Every text file of the build also gets a `.br` and a `.gz` beside it, compressed once here at the
// highest levels, which @fastify/static serves (`preCompressed`) to browsers that accept them (016).
export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: the server preloads a page's chunks in the HTML of the pages a phone opens first (issue 30).
    manifest: true,
    rolldownOptions: {
      output: {
        // The route chunks come from the router's import()s. Left alone, the bundler also makes one
        // chunk per set of routes sharing a module, down to single icons, and every request costs
        // about 1 KiB of response headers and a round trip. So, grouped:
        codeSplitting: {
          groups: [
            // whatever the entry needs (React, react-query, wouter, the session): one file;
            { name: 'app', tags: ['$initial'], priority: 3 },
            // the icons, a few hundred bytes each, used all over;
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // the small primitives most pages share (Radix's base parts, cards, labels, inputs).
            { name: 'ui', test: SHARED_UI, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3001', '/healthz': 'http://127.0.0.1:3001' } },
});
