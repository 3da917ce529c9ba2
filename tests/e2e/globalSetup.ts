import { preview, type PreviewServer } from 'vite';

let server: PreviewServer | undefined;

export async function setup({ provide }: { provide: (key: 'baseURL', value: string) => void }) {
  server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('preview server did not start');
  provide('baseURL', url.replace(/\/$/, ''));
}

export async function teardown() {
  await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()) ?? resolve());
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
