// What the console's browser scripts share: Debian's chromium, headless, on a fresh profile, with every request to
// another origin recorded, and 'check: <name>' lines for the JUnit test that runs them.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const T = 30_000;

export function check(name, ok, why = '') {
  if (!ok) throw new Error(`check failed: ${name}${why ? `: ${why}` : ''}`);
  console.log(`check: ${name}`);
}

export async function launch(origin) {
  const profile = mkdtempSync(join(tmpdir(), 'sluice-console-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1366, height: 860 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-dev-shm-usage'],
  });
  const foreign = [];
  const pageErrors = [];
  context.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('about:')) foreign.push(u);
  });
  return {
    context, foreign, pageErrors,
    async newPage() {
      const page = await context.newPage();
      page.setDefaultTimeout(T);
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      // The content security policy allows this origin only: anything it refused is a bug of the console.
      page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) pageErrors.push(m.text()); });
      page.on('dialog', (d) => d.accept());
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
