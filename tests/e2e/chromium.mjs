/**
 * How the tests and the frame bench launch the system Chromium: headless, software WebGL
 * (SwiftShader), nothing that reaches the network.
 */
import { existsSync } from 'node:fs';
import process from 'node:process';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** CHROMIUM_PATH, else Debian's chromium. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => !!p && existsSync(p));
  if (!found) throw new Error("Chromium not found: install Debian's chromium or set CHROMIUM_PATH");
  return found;
}
