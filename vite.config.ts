import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The manifest is hand-written at the top level; it is copied into the build byte for byte
// and served as is in dev, so what is reviewed is what ships.
function handWrittenManifest(): Plugin {
  const file = new URL('./manifest.webmanifest', import.meta.url);
  return {
    name: 'hand-written-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(file) });
    },
  };
}

// The service worker stays off in `npm run dev` unless PWA_DEV=1 (see README).
const swInDev = process.env.PWA_DEV === '1';
const apiPort = process.env.API_PORT ?? '8081';

export default defineConfig({
  // The client registers the worker in dev only when PWA_DEV=1 asked the plugin to build one.
  define: { 'import.meta.env.VITE_PWA_DEV': JSON.stringify(swInDev ? '1' : '') },
  plugins: [
    react(),
    handWrittenManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // Seed photos and covers are content, not shell: they are cached at runtime, not precached.
        globIgnores: ['media/**'],
      },
      devOptions: { enabled: swInDev, type: 'module' },
    }),
  ],
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
