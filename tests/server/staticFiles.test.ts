/** The built app as the server serves it: its files, client routes, and what is cached for good. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, stopTest, type TestServer } from './helpers';

let server: TestServer | null = null;

afterEach(() => stopTest([], server));

describe('static files', { timeout: 30_000 }, () => {
  it('a missing file under /assets/ is a 404 kept nowhere; a real one is kept for good; routes get index.html', async () => {
    server = await startTestServer();
    mkdirSync(join(server.config.distDir, 'assets'), { recursive: true });
    writeFileSync(join(server.config.distDir, 'assets', 'EditorPage-NEWHASH.js'), 'export {};');

    const real = await fetch(`${server.url}/assets/EditorPage-NEWHASH.js`);
    expect(real.status).toBe(200);
    expect(real.headers.get('content-type')).toContain('text/javascript');
    expect(real.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    for (const path of ['/assets/EditorPage-OLDHASH.js', '/assets/', '/assets/sub/x.css']) {
      const old = await fetch(`${server.url}${path}`);
      expect(old.status, path).toBe(404);
      expect(old.headers.get('content-type'), path).not.toContain('text/html');
      expect(old.headers.get('cache-control'), path).not.toContain('immutable');
      expect(old.headers.get('cache-control'), path).toBe('no-store');
    }

    for (const path of ['/', '/mindmap', '/mindmap/shared/abc', '/no/such/page.js']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toContain('text/html');
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      expect(await page.text(), path).toContain('<title>MindFlow</title>');
    }
  });
});
