import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { contentTypeOf, VAD_FILES, vadAssetFolder } from './scripts/vad-assets';

const SHARED_UI = new RegExp(
  [
    String.raw`[\/]node_modules[\/]@radix-ui[\/](primitive|react-(primitive|context|presence|use-[a-z-]+|compose-refs|slot|id|direction|portal|visually-hidden|label|checkbox))[\/]`,
    String.raw`[\/]src[\/]client[\/]components[\/](brand-logo|brand-mark|form-field|ui[\/](label|textarea|input|card|badge|spinner|checkbox|form-message))\.tsx$`,
  ].join('|'),
);

/*
 * Voice-activity detection in the candidate room (issue 32, decision 055): Silero's model, the
 * AudioWorklet that cuts the microphone into frames, and onnxruntime's single-threaded WebAssembly,
 * served from our own origin under assets/vad-<hash of the files>/ (so cached as immutable, like
 * every hashed asset) and fetched only when the room starts. The room reads the folder from
 * import.meta.env.VITE_VAD_ASSETS; the dev server serves the same files from node_modules.
 */
const VAD_ASSETS = vadAssetFolder();

function vadAssets(): Plugin {
  return {
    name: 'vad-assets',
    generateBundle() {
      for (const file of VAD_FILES) this.emitFile({ type: 'asset', fileName: `${VAD_ASSETS.slice(1)}${path.basename(file)}`, source: readFileSync(file) });
    },
    configureServer(server) {
      server.middlewares.use(VAD_ASSETS, (request, response, next) => {
        const file = VAD_FILES.find((f) => `/${path.basename(f)}` === request.url?.split('?')[0]);
        if (!file) return next();
        response.setHeader('content-type', contentTypeOf(file));
        response.end(readFileSync(file));
      });
    },
  };
}

// The client lives in src/client; the API server serves the built files from dist/client.
// Every text file of the build also gets a `.br` and a `.gz` beside it, compressed once here at the
// highest levels, which @fastify/static serves (`preCompressed`) to browsers that accept them (016).
export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  define: { 'import.meta.env.VITE_VAD_ASSETS': JSON.stringify(VAD_ASSETS) },
  plugins: [
    react(),
    tailwindcss(),
    vadAssets(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
    // The detector's WebAssembly and model (14 MB and 2.3 MB): brotli 9 is within 15 % of 11 on them
    // and takes 2 s instead of 27 s a build.
    compression({
      include: /\.(wasm|onnx)$/,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }), defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION })],
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
