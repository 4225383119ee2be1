import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { markTemplate } from './src/server/platform/http/page-template';

// The build id travels into the client so translation files can be cache-busted per build.
const buildId = process.env.BUILD_ID ?? new Date().toISOString().replace(/\D/g, '').slice(0, 14);

// React Router's package points every import condition at its development build (warnings about
// routes and a developer's error page, checked at run time); the built client takes the production
// build, which differs only there.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  resolve: command === 'build' ? { alias: { 'react-router': reactRouterProduction } } : {},
  plugins: [
    react(),
    {
      // The server reads it to announce the translation file of the visitor's language (`?v=` the same).
      name: 'planport-build-id',
      transformIndexHtml: () => [
        { tag: 'meta', attrs: { name: 'planport-build', content: buildId }, injectTo: 'head' },
      ],
    },
    {
      // The regions the server fills per page (src/server/platform/http/page-template.ts), marked in
      // the finished page; a page not shaped as they need fails the build.
      name: 'planport-page-template',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler: (html, context) => {
          if (!context.chunk) throw new Error('page template: the page has no entry chunk');
          return markTemplate(html, `/${context.chunk.fileName}`);
        },
      },
    },
  ],
  root: '.',
  publicDir: 'public',
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // Small shared chunks are merged where that loads nothing extra: the first page needs a few
      // requests instead of eighty (each a round trip on a mobile connection). At 60 kB the first
      // screen comes in 5 chunks instead of 11 (198.6 instead of 203.1 KB gzipped). The field
      // measurements (src/client/lib/web-vitals.ts) stay a chunk of their own, loaded after the
      // start: merged, they came with the entry's chunks.
      output: {
        experimentalMinChunkSize: 60_000,
        manualChunks: (id) => (id.includes('/node_modules/web-vitals/') ? 'web-vitals' : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/Account': 'http://localhost:3000',
      '/manuals': 'http://localhost:3000',
      '/manifest.webmanifest': 'http://localhost:3000',
    },
  },
}));
