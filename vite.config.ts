import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressed } from './scripts/lib/precompressed.ts';

const removeScrollClassNames = fileURLToPath(
  new URL('./src/web/build/remove-scroll-class-names.ts', import.meta.url),
);

/**
 * Mantine's AppShell bars import react-remove-scroll for two class names only; given those names
 * alone (src/web/build/remove-scroll-class-names.ts), every page's first download leaves the
 * library to the dialogs, which use it whole.
 */
function appShellWithoutScrollLock(): Plugin {
  return {
    name: 'app-shell-without-scroll-lock',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromAppShell = importer?.includes('/@mantine/core/esm/components/AppShell/');
      return source === 'react-remove-scroll' && fromAppShell ? removeScrollClassNames : null;
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), appShellWithoutScrollLock(), precompressed()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Read by scripts/bundle-size.ts to check the first routes' size budget.
    manifest: true,
    // Every browser the build targets but Firefox before 115 and Safari 16 preloads a lazy
    // page's modules itself; those two fetch them as they are imported instead. The polyfill
    // was in every page's first download.
    modulePreload: { polyfill: false },
    // Chunks are named by their hash alone: every chunk names the ones it imports, and the entry
    // names them all (to preload a page's), so module names were a tenth of a page's first
    // download (docs/decisions/0017). The manifest maps each file back to its source.
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
