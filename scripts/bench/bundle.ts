// The bundle baseline: the smallest app with the same foundations as Grantwell's web app
// (React, React Router, TanStack Query and Mantine with its styles), built by Vite the same way.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { firstRouteBytes } from '../bundle-size.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const MAIN = `import '@mantine/core/styles.css';
import { Button, MantineProvider, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';

function Home() {
  const hello = useQuery({ queryKey: ['hello'], queryFn: async () => 'Hello' });
  return (
    <>
      <Title>{hello.data}</Title>
      <Button component={Link} to="/about">About</Button>
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <MantineProvider>
    <QueryClientProvider client={new QueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Home />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </MantineProvider>,
);
`;

/** Builds the bare app and answers its first route's gzipped JavaScript bytes. */
export async function buildBareApp() {
  // Inside the project, so the packages resolve from its node_modules.
  const dir = join(root, 'node_modules/.cache/grantwell-bench-bare');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
  );
  writeFileSync(join(dir, 'main.tsx'), MAIN);
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, manifest: true },
  });
  return firstRouteBytes(join(dir, 'dist'));
}
