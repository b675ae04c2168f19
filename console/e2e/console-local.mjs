// The console of a runtime in local mode (no tenants file): no key is asked, every action is offered.
// Env: CONSOLE_URL, CHROMIUM. See adapters/local ConsoleLocalModeTest.
import { check, launch } from './browser.mjs';

const url = process.env.CONSOLE_URL;
const browser = await launch(new URL(url).origin);
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.locator('#pipelines-table').waitFor();
  check('no key asked', await page.getByLabel('API key').count() === 0 && /Local mode/.test(await page.locator('#who').innerText()));
  const row = page.locator('#pipelines-table tr[data-pipeline="shout"]');
  await row.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL(/#\/executions\/shout%3A/);
  await page.locator('#execution-h .badge', { hasText: /^SUCCEEDED$/ }).waitFor();
  check('started and succeeded', await page.locator('g.state[data-state="Shout"]').getAttribute('data-outcome') === 'succeeded');
  const broken = await page.goto(`${url}#/pipelines`).then(() => page.locator('#pipelines-table tr[data-pipeline="broken"]').innerText());
  check('problems shown', /invalid/.test(broken), broken);
  await page.goto(`${url}#/dead-letters`);
  await page.locator('#dead-letter-queues tbody tr').first().waitFor();
  check('dead letters page', /No dead letters/.test(await page.locator('#dead-letter-queues').innerText()));
  check('no page errors', browser.pageErrors.length === 0, browser.pageErrors.join('; '));
  check('same origin only', browser.foreign.length === 0, browser.foreign.join(', '));
  console.log('console local e2e: all checks passed');
} catch (e) {
  console.log(`console local e2e: ${e.stack || e}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
