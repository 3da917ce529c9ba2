/**
 * Serves the built app: files under the build folder, and index.html for every other GET so that
 * the client-side routes (/mindmap, /mindmap/shared/…, the 404 page) load the app. A missing file
 * under /assets/ is a 404, never index.html.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

async function fileAt(path: string): Promise<number | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

export function staticFiles(root: string) {
  const base = normalize(root + sep);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }
    let path = normalize(join(base, pathname));
    if (!path.startsWith(base)) {
      res.writeHead(403).end('Forbidden');
      return;
    }
    let size = pathname.endsWith('/') ? null : await fileAt(path);
    const asset = pathname.startsWith('/assets/');
    if (size === null && asset) {
      // A build's file that is not (or no longer) here: an old tab asking for the chunks of the
      // build it started with. index.html would be taken for the script, and kept for a year.
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found');
      return;
    }
    if (size === null) {
      // A client-side route: the app decides (including its own 404 page).
      path = join(base, 'index.html');
      size = await fileAt(path);
      if (size === null) {
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('The app is not built: run npm run build');
        return;
      }
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': size,
      // Only a file served from assets/ (its name holds its content's hash) is kept for good.
      'Cache-Control': asset ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(path).pipe(res);
  };
}
