// Vite build of the SPA: React, Mantine's PostCSS preset, /api proxied to the Fastify server in development.
import type { ClientRequest, IncomingMessage } from 'node:http';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';

const API_TARGET = process.env.QUAYLINE_API_URL ?? 'http://localhost:3000';

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside every text file of the build, once at build
 * time; the server sends the one the browser accepts (plugins/web-static.ts, `preCompressed`). Node's zlib only.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'quayline-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(f))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  css: {
    postcss: {
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: API_TARGET,
        ws: true,
        // The server accepts cookie-authenticated writes and sockets only from its own origin (docs/security.md).
        // In development the page comes from Vite, so a request from Vite's own page is passed on as the API's.
        configure: (proxy) => {
          const passOnOrigin = (proxyReq: ClientRequest, req: IncomingMessage) => {
            if (req.headers.origin === `http://${req.headers.host}`) proxyReq.setHeader('origin', new URL(API_TARGET).origin);
          };
          proxy.on('proxyReq', (proxyReq, req) => passOnOrigin(proxyReq, req));
          proxy.on('proxyReqWs', (proxyReq, req) => passOnOrigin(proxyReq, req));
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Vendor code changes less often than ours; separate chunks keep browser caches warm across releases.
        manualChunks: (id) => {
          // zod's eval switch must run before any chunk builds a schema; a chunk runs after the chunks it imports, so
          // in the entry chunk it would come too late. In zod's own chunk it runs before anything that uses zod.
          if (/[\\/]src[\\/]lib[\\/]zod-without-eval\.ts$/.test(id)) return 'vendor';
          if (!id.includes('node_modules')) return undefined;
          // Only the lazily loaded map uses these; left to Rollup they stay in the map route's own chunk.
          if (/[\\/](leaflet|leaflet\.markercluster|topojson-client|world-atlas)[\\/]/.test(id)) return undefined;
          if (id.includes('@mantine') || id.includes('@floating-ui')) return 'mantine';
          if (id.includes('@tabler')) return 'icons';
          if (/[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
          return 'vendor';
        },
      },
      onwarn: (warning, warn) => {
        // zod ships comments rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
