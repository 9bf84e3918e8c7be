import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client lives in src/client; the API server serves the built files from dist/client.
export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: fileURLToPath(new URL('./dist/client', import.meta.url)), emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3001', '/healthz': 'http://127.0.0.1:3001' } },
});
