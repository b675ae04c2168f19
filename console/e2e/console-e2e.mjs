// The console in a real browser against a running Sluice (see adapters/local ConsoleBrowserTest, which starts one
// and runs this). Prints one 'check: <name>' line per thing checked; exits non-zero at the first that fails.
// Env: CONSOLE_URL (…/console/), OPERATOR_KEY, READER_KEY, OTHER_KEY (keys of tenants), SCREENSHOTS (a folder), CHROMIUM.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { T, check, launch } from './browser.mjs';
import { flows } from './flows.mjs';

const url = process.env.CONSOLE_URL;
const origin = new URL(url).origin;
const shots = process.env.SCREENSHOTS;
mkdirSync(shots, { recursive: true });
const browser = await launch(origin);
const { foreign, pageErrors } = browser;
const newPage = () => browser.newPage();

async function signIn(page, key) {
  await page.goto(url);
  await page.getByLabel('API key').waitFor();
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Use key' }).click();
  await page.locator('#pipelines-table').waitFor();
}

/** Starts a pipeline through the API, as the page's own fetch would (same origin, the key it holds). */
async function startByApi(page, pipeline, body) {
  return page.evaluate(async ([p, b]) => {
    const r = await fetch(`/v1/pipelines/${p}/executions`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sessionStorage.getItem('sluice.console.key')}` },
      body: JSON.stringify(b),
    });
    return r.json();
  }, [pipeline, body]);
}

async function statusIs(page, status) {
  await page.locator('#execution-h .badge', { hasText: new RegExp(`^${status}$`) }).waitFor({ timeout: T });
}

/** A screenshot without the last action's passing message over it. */
async function shot(page, name, fullPage = true) {
  await page.evaluate(() => {
    const t = document.getElementById('toast');
    t.style.transition = 'none'; // hidden now, not fading out in the picture
    t.className = 'toast';
  });
  await page.screenshot({ path: join(shots, name), fullPage });
}

const outcomeOf = (page, state) => page.locator(`svg.graph g.state[data-state="${state}"]`).getAttribute('data-outcome');
const { listFlows, graphFlows } = flows({ url, T, check, shot, startByApi, statusIs, outcomeOf });

try {
  const page = await newPage();
  // 1. Tenants are configured: the console asks for a key, and lists the tenant's pipelines only.
  await page.goto(url);
  await page.getByLabel('API key').waitFor();
  check('key asked', true);
  await signIn(page, process.env.OPERATOR_KEY);
  const rows = await page.locator('#pipelines-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.pipeline));
  check('pipelines listed', ['breaks', 'broken', 'hello', 'hold', 'nightly', 'showcase'].every((p) => rows.includes(p)) && !rows.includes('secret-pipe'),
    JSON.stringify(rows));
  const dagEdges = await page.locator('svg.pipelines-dag path.edge').count();
  const dependsOnEdges = await page.locator('svg.pipelines-dag path.edge[data-kind="next"]').count();
  const upstreamEdges = await page.locator('svg.pipelines-dag path.edge[data-kind="upstream"]').count();
  check('dag drawn', await page.locator('svg.pipelines-dag g[data-pipeline="nightly"]').count() === 1 && dependsOnEdges === 2, `${dagEdges} edges`);
  // The export pattern pipeline's upstreams (its config's dependencies.upstream) are edges too, dashed, and named in its row.
  const salesRow = await page.locator('#pipelines-table tr[data-pipeline="sales-export"]').innerText();
  check('pattern upstream edges', upstreamEdges === 2 && dagEdges === 4 && /waits in its run for hello, showcase/.test(salesRow),
    `${upstreamEdges} upstream of ${dagEdges} | ${salesRow}`);
  const nightly = page.locator('#pipelines-table tr[data-pipeline="nightly"]');
  const sched = await nightly.innerText();
  check('schedule next fires', /cron\(0 3 \* \* \? \*\)/.test(sched) && /next: \d{4}-\d\d-\d\d 03:00:00Z/.test(sched) && /breaks \(same-date\)/.test(sched), sched);
  const helloRow = await page.locator('#pipelines-table tr[data-pipeline="hello"]').innerText();
  check('object rules shown', /hello-drops: bucket drops/.test(helloRow) && /prefix 'hello\/' and suffix '\.csv'/.test(helloRow), helloRow);
  const broken = await page.locator('#pipelines-table tr[data-pipeline="broken"]').innerText();
  check('problems shown', /invalid/.test(broken) && /\/StartAt: /.test(broken), broken);
  await shot(page, 'pipelines.png', true);

  // 2. Start hello from its row, land on its page, watch it succeed.
  const hello = page.locator('#pipelines-table tr[data-pipeline="hello"]');
  await hello.getByLabel('Partition').fill('2026-11-29');
  await hello.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL(/#\/executions\/hello%3A2026-11-29-/);
  check('started from page', true);
  await statusIs(page, 'SUCCEEDED');
  check('succeeded', await outcomeOf(page, 'Echo') === 'succeeded' && await outcomeOf(page, 'Greet') === 'succeeded');
  // The pipelines page shows each pipeline's last day from the execution listing: hello's run succeeded.
  await page.goto(`${url}#/pipelines`);
  const helloDay = page.locator('#pipelines-table tr[data-pipeline="hello"] td.last-day');
  await helloDay.getByText(/succeeded \(/).waitFor();
  const dayText = await helloDay.innerText();
  check('last day shown', /[1-9]\d* of \d+ succeeded \(\d+ %\) · mean .+ · longest /.test(dayText), dayText);

  // 2b. Start with an input: the JSON editor says what is wrong and Start waits; a valid object starts hello with it.
  //     Then "new execution with this input" opens the editor with that run's input and starts another run with it.
  await page.goto(`${url}#/pipelines`);
  await page.getByRole('link', { name: 'Start hello with an input' }).click();
  await page.waitForURL(/#\/start\/hello$/);
  const editor = page.getByLabel('Input (JSON object)');
  await editor.fill('{"who": ');
  const badState = await page.locator('#start-input-state').innerText();
  const waits = await page.locator('#start-submit').isDisabled() && await editor.getAttribute('aria-invalid') === 'true';
  await editor.fill('["not", "an object"]');
  const notObject = await page.locator('#start-input-state').innerText();
  await editor.fill('{"who": "Ada", "n": 3}');
  check('input editor validates', waits && /^Not JSON: /.test(badState) && /JSON object/.test(notObject)
    && !await page.locator('#start-submit').isDisabled(), `${badState} | ${notObject}`);
  await page.locator('#start-submit').click();
  await page.waitForURL(/#\/executions\/hello%3A/);
  const firstRun = decodeURIComponent(page.url().replace(/^.*#\/executions\//, ''));
  await statusIs(page, 'SUCCEEDED');
  await page.locator('#execution-input summary').click();
  const shownInput = JSON.parse(await page.locator('#execution-input pre').innerText());
  check('start with input', shownInput.who === 'Ada' && shownInput.n === 3, JSON.stringify(shownInput));
  await page.getByRole('link', { name: 'New execution with this input' }).click();
  await page.waitForURL(/#\/start\/hello\?from=/);
  await page.locator('#start-from').waitFor();
  const prefilled = JSON.parse(await page.getByLabel('Input (JSON object)').inputValue());
  await page.locator('#start-submit').click();
  await page.waitForURL((u) => /#\/executions\/hello%3A/.test(u.hash) && !u.hash.includes(encodeURIComponent(firstRun)));
  await statusIs(page, 'SUCCEEDED');
  await page.locator('#execution-input summary').click();
  const again = JSON.parse(await page.locator('#execution-input pre').innerText());
  check('new execution with this input', prefilled.who === 'Ada' && prefilled.n === 3 && again.who === 'Ada' && again.n === 3
    && !page.url().includes(encodeURIComponent(firstRun)), `${JSON.stringify(prefilled)} ${JSON.stringify(again)}`);

  // 2c. A failure whose cause is JSON (as a Lambda's error arrives): its message pulled up, the JSON pretty, and the
  //     history's cause folded to its message, expanding to the whole.
  const rejected = await startByApi(page, 'rejects', {});
  await page.goto(`${url}#/executions/${encodeURIComponent(rejected.executionId)}`);
  await statusIs(page, 'FAILED');
  const box = page.locator('section > div .error-box').first();
  const pulled = await box.locator('.error-message').innerText();
  await box.locator('details.cause-json summary').click();
  const prettyCause = await box.locator('details.cause-json pre').innerText();
  check('readable errors', await box.locator('.error-name').innerText() === 'Partner.Rejected'
    && pulled === 'the partner refused the file: 3 rows lack an order id'
    && prettyCause.includes('\n  "errorType": "ValidationError"') && JSON.parse(prettyCause).rows.length === 3, `${pulled} | ${prettyCause}`);
  const folded = page.locator('#history-table details.ev-cause').first();
  const foldedSummary = await folded.locator('summary').innerText();
  const hiddenBefore = !await folded.locator('pre').isVisible();
  await folded.locator('summary').click();
  const expanded = await folded.locator('pre').innerText();
  check('history causes expand', hiddenBefore && /Partner\.Rejected: the partner refused the file/.test(foldedSummary)
    && /"stackTrace": \[/.test(expanded) && /partner\.js:12/.test(expanded), `${foldedSummary} | ${expanded}`);

  //     It ended in its Fail state, which a redrive would run again: Redrive is not offered, a re-run with its input is.
  const whyNot = await page.locator('#why-no-redrive').innerText();
  const redriveShown = await page.locator('#redrive').count();
  await page.getByRole('button', { name: 'Re-run with the same input' }).click();
  await page.waitForURL((u) => /#\/executions\/rejects%3A/.test(u.hash) && !u.hash.includes(encodeURIComponent(rejected.executionId)));
  await statusIs(page, 'FAILED');
  check('re-run where a redrive cannot succeed', redriveShown === 0 && /Fail state Reject/.test(whyNot), `${redriveShown} ${whyNot}`);

  // 2d. A failed job run's cause names its log: a link to the log, read through the API.
  const jobFailed = await startByApi(page, 'job-fails', {});
  await page.goto(`${url}#/executions/${encodeURIComponent(jobFailed.executionId)}`);
  await statusIs(page, 'FAILED');
  await page.locator('section > div .error-box a.job-log-link').first().click();
  await page.waitForURL(/#\/job-log\//);
  const logText = await page.locator('#job-log-text', { hasText: 'job failed' }).innerText();
  check('job log a link', /line 3 of returns\.csv: no order id/.test(logText), logText);

  // 3. The showcase: every colour, and a state's details on click (and on Enter).
  await page.goto(`${url}#/pipelines`);
  await page.locator('#pipelines-table tr[data-pipeline="showcase"]').getByRole('button', { name: 'Start' }).click();
  await page.waitForURL(/#\/executions\/showcase%3A/);
  await statusIs(page, 'SUCCEEDED');
  const colours = {};
  for (const s of ['Prepare', 'Flaky', 'Risky', 'Recover', 'Route', 'Skipped', 'Both', 'Left', 'Right', 'Done']) colours[s] = await outcomeOf(page, s);
  const fillOf = (s) => page.locator(`svg.graph g.state[data-state="${s}"] rect`).evaluate((r) => getComputedStyle(r).fill);
  const fills = new Set([await fillOf('Prepare'), await fillOf('Flaky'), await fillOf('Risky'), await fillOf('Skipped')]);
  check('colours', colours.Prepare === 'succeeded' && colours.Flaky === 'retried' && colours.Risky === 'caught' && colours.Recover === 'succeeded'
    && colours.Skipped === 'none' && colours.Left === 'succeeded' && colours.Right === 'succeeded' && colours.Done === 'succeeded'
    && fills.size === 4 && /retried 2×/.test(await page.locator('g.state[data-state="Flaky"]').getAttribute('aria-label')),
  `${JSON.stringify(colours)} ${[...fills]}`);
  await page.locator('g.state[data-state="Flaky"]').click();
  let detail = await page.locator('aside.detail').innerText();
  const detailOk = /Retries\s+2/.test(detail) && /Console\.Flaky/.test(detail) && /"calls": 3/.test(detail);
  await page.locator('g.state[data-state="Risky"]').focus();
  await page.keyboard.press('Enter');
  await page.locator('aside.detail h2', { hasText: 'Risky' }).waitFor();
  detail = await page.locator('aside.detail').innerText();
  check('state detail', detailOk && /caught/.test(detail) && /Demo\.Failed/.test(detail) && /planted/.test(detail), detail);
  await page.locator('g.state[data-state="Flaky"]').click();
  await shot(page, 'execution.png', true);

  // 3b. The history: a timeline of the states (a bar each, coloured by outcome), an event table filtered by kind and
  //     state, and each event's payload expanding to its JSON.
  const bars = await page.locator('#gantt .gantt-row').evaluateAll((rs) => rs.map((r) => [r.dataset.state, r.dataset.outcome]));
  const barOf = Object.fromEntries(bars);
  check('timeline of states', bars[0][0] === 'Prepare' && barOf.Flaky === 'retried' && barOf.Risky === 'caught' && !('Skipped' in barOf)
    && await page.locator('#gantt .gantt-bar').count() === bars.length, JSON.stringify(bars));
  const allEvents = await page.locator('#history-table tbody tr').count();
  await page.getByLabel('Show', { exact: true }).selectOption('errors');
  const errorTypes = await page.locator('#history-table tbody tr').evaluateAll((rs) => rs.map((r) => r.dataset.type));
  await page.getByLabel('Show', { exact: true }).selectOption('all');
  await page.getByLabel('State contains', { exact: true }).fill('flak');
  const flakyStates = await page.locator('#history-table tbody tr td:nth-child(4)').allInnerTexts();
  check('history filters', errorTypes.length > 0 && errorTypes.length < allEvents && errorTypes.every((t) => /FAILED|RETRY|CAUGHT/.test(t))
    && errorTypes.includes('CAUGHT') && flakyStates.length > 0 && flakyStates.every((t) => t === 'Flaky')
    && /\d+ of \d+ events/.test(await page.locator('#history-count').innerText()), `${errorTypes} | ${flakyStates}`);
  const exited = page.locator('#history-table tbody tr[data-type="STATE_EXITED"]').last();
  await exited.locator('details.ev-payload summary').click();
  const exitedPayload = JSON.parse(await exited.locator('details.ev-payload pre').innerText());
  check('event payloads', 'output' in exitedPayload && JSON.stringify(exitedPayload.output).includes('"calls":3'), JSON.stringify(exitedPayload));
  await page.getByLabel('State contains', { exact: true }).fill('');
  await page.locator('#gantt').scrollIntoViewIfNeeded();
  await shot(page, 'history.png', true);

  // 4. A failed run: shown failed, with its error; redriven from its page, it succeeds.
  const failing = await startByApi(page, 'breaks', { partition: '2026-11-28' });
  await page.goto(`${url}#/executions/${encodeURIComponent(failing.executionId)}`);
  await statusIs(page, 'FAILED');
  await page.locator('g.state[data-state="Load"]').click();
  detail = await page.locator('aside.detail').innerText();
  check('failed shown', await outcomeOf(page, 'Load') === 'failed' && /Console\.Once/.test(detail)
    && await outcomeOf(page, 'Done') === 'none', detail);
  await shot(page, 'execution-failed.png', true);
  await page.getByRole('button', { name: 'Redrive' }).click();
  await statusIs(page, 'SUCCEEDED');
  check('redriven from page', await outcomeOf(page, 'Load') === 'succeeded' && /Redriven\s+1/.test(await page.locator('dl.facts').first().innerText()));

  // 5. The list: live updates (server-sent events), the exact partition filter, bulk redrive of a partition's failed runs.
  await page.goto(`${url}#/executions?pipeline=breaks&partition=bulk-1`);
  await page.locator('#executions-live[data-live="stream"]').waitFor();
  const a = await startByApi(page, 'breaks', { partition: 'bulk-1' });
  const b = await startByApi(page, 'breaks', { partition: 'bulk-1' });
  const c = await startByApi(page, 'breaks', { partition: 'bulk-10' }); // its name starts with bulk-1, its partition is another
  const rowOf = (id) => page.locator(`#executions-table tr[data-execution="${id}"]`);
  await rowOf(a.executionId).and(page.locator('[data-status="FAILED"]')).waitFor();
  await rowOf(b.executionId).and(page.locator('[data-status="FAILED"]')).waitFor();
  check('live by events', await page.locator('#executions-live').getAttribute('data-live') === 'stream');
  const listed = await page.locator('#executions-table tbody tr').count();
  check('filters', listed === 2 && await rowOf(c.executionId).count() === 0 && await page.getByLabel('Pipeline').inputValue() === 'breaks',
    `${listed} rows`);
  await page.goto(`${url}#/executions?name=${encodeURIComponent(c.executionId.split(':')[1])}`);
  await rowOf(c.executionId).waitFor();
  const byName = await page.locator('#executions-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.execution));
  check('search by name', JSON.stringify(byName) === JSON.stringify([c.executionId]) && await page.getByLabel('Name contains').inputValue()
    === c.executionId.split(':')[1], JSON.stringify(byName));
  await page.goto(`${url}#/executions?pipeline=breaks&partition=bulk-1`);
  await rowOf(a.executionId).waitFor();
  await page.getByRole('button', { name: 'Select failed' }).click();
  await page.getByRole('button', { name: 'Redrive selected (2)' }).click();
  await rowOf(a.executionId).and(page.locator('[data-status="SUCCEEDED"]')).waitFor();
  await rowOf(b.executionId).and(page.locator('[data-status="SUCCEEDED"]')).waitFor();
  check('bulk redrive', true);
  await listFlows(page, a);

  // 6. A waiting callback, answered from the page.
  const held = await startByApi(page, 'hold', {});
  await page.goto(`${url}#/executions/${encodeURIComponent(held.executionId)}`);
  await page.getByRole('button', { name: 'Send success' }).waitFor();
  check('callback waits', await outcomeOf(page, 'Approve') === 'running');
  await page.getByLabel('Output (JSON)').fill('{"approved": true}');
  await page.getByRole('button', { name: 'Send success' }).click();
  await statusIs(page, 'SUCCEEDED');
  check('callback answered', await outcomeOf(page, 'Approve') === 'succeeded');

  await graphFlows(page);

  // 7. The status table: the tenant's rows with their error and job log link, not another tenant's.
  await page.goto(`${url}#/status?partition=2026-11-29`);
  await page.locator('#status-table tr[data-execution="breaks:2026-11-29-a"]').waitFor();
  const statusRows = await page.locator('#status-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.execution));
  const failedRow = await page.locator('#status-table tr[data-execution="breaks:2026-11-29-a"]').innerText();
  const logLink = await page.locator('#status-table tr[data-execution="breaks:2026-11-29-a"] a', { hasText: 'job log' }).getAttribute('href');
  check('status table', JSON.stringify(statusRows) === '["hello:2026-11-29-b","breaks:2026-11-29-a"]' && /FAILED/.test(failedRow)
    && /bad line 3/.test(failedRow) && /120 \/ —/.test(failedRow) && logLink.startsWith(origin), `${statusRows} ${failedRow} ${logLink}`);
  const writers = await page.locator('#status-writers', { hasText: 'Rows come from' }).innerText();
  check('status table says which pipelines write rows', /has one\): records\./.test(writers)
    && /The others \([^)]*\bhello\b[^)]*\)/.test(writers) && !/secret-pipe/.test(writers), writers);
  await shot(page, 'status.png', false);

  // 7b. The dead letters (two put on the orchestrator's dead-letter queue by the test): queue and messages shown, the
  // password-like value not kept, the whole message redriven from the page and gone from the list.
  await page.goto(`${url}#/dead-letters`);
  const queueRow = page.locator('#dead-letter-queues tbody tr[data-queue$="orchestrator"]');
  await page.locator('#dead-letters-table tbody tr', { hasText: 'breaks:dlq-masked' }).waitFor({ timeout: T });
  await page.locator('#dead-letters-table tbody tr', { hasText: 'breaks:dlq-plain' }).waitFor({ timeout: T });
  const queueText = await queueRow.innerText();
  const letters = await page.locator('#dead-letters-table').innerText();
  const plain = page.locator('#dead-letters-table tbody tr', { hasText: 'breaks:dlq-plain' });
  const masked = page.locator('#dead-letters-table tbody tr', { hasText: 'breaks:dlq-masked' });
  const before = await page.locator('#dead-letters-table tbody tr').count();
  check('dead letters listed', /orchestrator\s+\d+\s+\d{4}-/.test(queueText) && !/hunter2/.test(await page.content())
    && await plain.getByRole('button', { name: /^Redrive message/ }).count() === 1 && await masked.getByRole('button').count() === 0
    && /not redrivable/.test(await masked.innerText()), `${queueText} | ${letters}`);
  await shot(page, 'dead-letters.png', false);
  await plain.getByRole('button', { name: /^Redrive message/ }).click();
  await plain.waitFor({ state: 'detached', timeout: T });
  check('dead letter redriven', await page.locator('#dead-letters-table tbody tr').count() === before - 1);

  // 8. A reader of the same tenant (a new tab: its own session storage): the same pipelines, no action anywhere.
  const reader = await newPage();
  await signIn(reader, process.env.READER_KEY);
  const readerRows = await reader.locator('#pipelines-table tbody tr').count();
  const startButtons = await reader.getByRole('button', { name: 'Start' }).count();
  await reader.goto(`${url}#/executions/${encodeURIComponent(failing.executionId)}`);
  await reader.locator('svg.graph g.state[data-state="Load"]').waitFor();
  const actionButtons = await reader.locator('#redrive, #stop').count();
  await reader.goto(`${url}#/executions?pipeline=breaks`);
  await reader.locator('#executions-table tbody tr').first().waitFor();
  const boxes = await reader.locator('#executions-table input[type=checkbox]').count();
  const bulkButtons = await reader.locator('#bulk-redrive, #bulk-stop').count();
  await reader.goto(`${url}#/dead-letters`);
  await reader.locator('#dead-letters-table tbody tr').first().waitFor();
  const readerRedrives = await reader.locator('#dead-letters-table button').count();
  check('reader sees no action', readerRedrives === 0 && readerRows === rows.length && startButtons === 0 && actionButtons === 0 && boxes === 0 && bulkButtons === 0
    && /team-dashboard · reader/.test(await reader.locator('#who').innerText()),
  `rows ${readerRows}, start ${startButtons}, actions ${actionButtons}, boxes ${boxes}, bulk ${bulkButtons}`);

  // 9. Another tenant's operator sees none of this tenant's pipelines or runs (a run of theirs is 'not found').
  const other = await newPage();
  await signIn(other, process.env.OTHER_KEY);
  const otherRows = await other.locator('#pipelines-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.pipeline));
  await other.goto(`${url}#/executions/${encodeURIComponent(failing.executionId)}`);
  await other.locator('[role=alert]', { hasText: '404' }).waitFor();
  await other.goto(`${url}#/dead-letters`);
  await other.locator('#dead-letter-queues tbody tr').first().waitFor();
  const otherLetters = await other.locator('#dead-letters-table tbody tr').count();
  check('other tenant hidden', JSON.stringify(otherRows) === '["secret-pipe"]' && otherLetters === 0, `${JSON.stringify(otherRows)} letters ${otherLetters}`);
  await shot(reader, 'reader.png', false);

  check('no page errors', pageErrors.length === 0, pageErrors.join('; '));
  check('same origin only', foreign.length === 0, foreign.join(', '));
  console.log('console e2e: all checks passed');
} catch (e) {
  console.log(`console e2e: ${e.stack || e}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
