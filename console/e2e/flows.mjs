// More of the console's browser flows (console-e2e.mjs runs them in order): the executions list paged and sorted on the
// server, a distributed Map's run and its children, an inline Map's iteration picker, the graph scrolling to the
// current state.

/** What the flows need of the script: its url, check, and helpers. */
export function flows({ url, T, check, shot, startByApi, statusIs, outcomeOf }) {
  const rowOf = (page, id) => page.locator(`#executions-table tr[data-execution="${id}"]`);
  const idsShown = (page) => page.locator('#executions-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.execution));

  /** {@code a}: a run of breaks started for partition bulk-1. */
  async function listFlows(page, a) {
  // 5b. Pages from the server, sorting by a column, and the partition column.
  await page.goto(`${url}#/executions?pipeline=breaks&limit=2`);
  await page.locator('#executions-table tbody tr').nth(1).waitFor();
  const page1 = await idsShown(page);
  await page.getByRole('button', { name: 'Next page →' }).click();
  await page.waitForFunction((first) => document.querySelector('#executions-table tbody tr')?.dataset.execution !== first, page1[0]);
  const page2 = await idsShown(page);
  const counted = await page.locator('#executions-count').innerText();
  await page.getByRole('button', { name: '← Previous page' }).click();
  await page.waitForFunction((first) => document.querySelector('#executions-table tbody tr')?.dataset.execution === first, page1[0]);
  check('paging', page1.length === 2 && page2.length === 2 && !page2.some((id) => page1.includes(id)) && /^Executions 3–4/.test(counted),
    `${page1} | ${page2} | ${counted}`);
  await page.goto(`${url}#/executions?pipeline=breaks&partition=bulk-1`);
  await rowOf(page, a.executionId).waitFor();
  const partitionCell = await rowOf(page, a.executionId).locator('td.partition').innerText();
  await page.goto(`${url}#/executions?pipeline=breaks`);
  await page.locator('#executions-table tbody tr').first().waitFor();
  await page.locator('th button.sort[data-sort="name"]').click();
  await page.locator('th[aria-sort="ascending"] button[data-sort="name"]').waitFor();
  await page.locator('#executions-table tbody tr').nth(2).waitFor();
  const names = await page.locator('#executions-table tbody th a').allInnerTexts();
  check('sort and partition column', partitionCell === 'bulk-1' && names.length > 2
    && JSON.stringify(names) === JSON.stringify([...names].sort()), `${partitionCell} ${names}`);
  await page.goto(`${url}#/executions`);
  await page.locator('#executions-table tbody tr').nth(4).waitFor();
  await shot(page, 'executions.png', false);

  // 5c. A distributed Map: its children out of the list, its run on the execution's page and in a view of its own with
  //     the children counted by status, each count a link to those children.
  const fan = await startByApi(page, 'fan', { input: { items: [1, 2, 3] } });
  await page.goto(`${url}#/executions/${encodeURIComponent(fan.executionId)}`);
  await statusIs(page, 'SUCCEEDED');
  const runLine = page.locator('#execution-map-runs li[data-run]');
  await runLine.locator('[data-count="SUCCEEDED"]', { hasText: '3 succeeded' }).waitFor({ timeout: T });
  const runText = await runLine.innerText();
  const countedTitle = await runLine.locator('.child-counts').getAttribute('title');
  await page.locator('#map-runs-link').click();
  await page.waitForURL(/#\/map-runs\//);
  const runRow = page.locator('#map-runs-table tbody tr[data-status="SUCCEEDED"]');
  await runRow.waitFor();
  const runRowText = await runRow.innerText();
  await shot(page, 'map-runs.png', false);
  await runRow.locator('a.children-link').click();
  await page.locator('#map-run-note').waitFor();
  await page.locator('#executions-table tbody tr').nth(2).waitFor();
  const childIds = await idsShown(page);
  await page.goto(`${url}#/executions?pipeline=fan`);
  await rowOf(page, fan.executionId).waitFor();
  const fanRows = await idsShown(page);
  check('map run view', /3 children of 3 items/.test(runText) && /Items/.test(runRowText) && /3 succeeded/.test(runRowText)
    && childIds.length === 3 && childIds.every((id) => id.startsWith('fan:') && id.split(':').length === 3)
    && JSON.stringify(fanRows) === JSON.stringify([fan.executionId])
    && countedTitle === 'counted by the map run itself' && !/pending/.test(runText),
    `${runText} | ${runRowText} | ${childIds} | ${fanRows} | ${countedTitle}`);

  }

  async function graphFlows(page) {
  // 6a. An inline Map's iterations: all by default (both paths taken), one item's when picked (the other path not reached).
  const loop = await startByApi(page, 'loop', { input: { items: [{ n: 1 }, { n: 2 }, { n: 3 }] } });
  await page.goto(`${url}#/executions/${encodeURIComponent(loop.executionId)}`);
  await statusIs(page, 'SUCCEEDED');
  const picker = page.getByLabel('Map Each: iteration');
  await picker.waitFor();
  const allPaths = [await outcomeOf(page, 'Odd'), await outcomeOf(page, 'Even')];
  await picker.selectOption('1');
  await page.locator('svg.graph g.state[data-state="Odd"][data-outcome="none"]').waitFor();
  const second = [await outcomeOf(page, 'Odd'), await outcomeOf(page, 'Even')];
  await picker.selectOption('0');
  await page.locator('svg.graph g.state[data-state="Even"][data-outcome="none"]').waitFor();
  const first = [await outcomeOf(page, 'Odd'), await outcomeOf(page, 'Even')];
  const options = await picker.locator('option').allInnerTexts();
  check('iteration picker', JSON.stringify(allPaths) === '["succeeded","succeeded"]' && JSON.stringify(second) === '["none","succeeded"]'
    && JSON.stringify(first) === '["succeeded","none"]' && JSON.stringify(options) === '["all 3","item 0","item 1","item 2"]',
  `${allPaths} | ${second} | ${first} | ${options}`);

  // 6b. A long definition waiting at its end: the graph's box scrolls to the waiting state, which is in view.
  const longRun = await startByApi(page, 'long-wait', {});
  await page.goto(`${url}#/executions/${encodeURIComponent(longRun.executionId)}`);
  await page.locator('.graph-box[data-current="Approve"]').waitFor({ timeout: T });
  const inView = await page.locator('.graph-box').evaluate((box) => {
    const g = box.querySelector('g.state[data-state="Approve"]').getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return { scrolled: box.scrollTop, within: g.top >= b.top && g.bottom <= b.bottom, taller: box.scrollHeight > box.clientHeight };
  });
  check('graph scrolls to the current state', inView.taller && inView.scrolled > 0 && inView.within, JSON.stringify(inView));
  // Waiting for its callback, it sleeps in the object store: the page says so (the API's "asleep").
  await page.locator('#asleep-badge').waitFor({ timeout: T });
  check('asleep badge', (await page.locator('#asleep-badge').innerText()).trim() === 'asleep');
  await page.evaluate(async (id) => {
    const key = sessionStorage.getItem('sluice.console.key');
    await fetch(`/v1/executions/${encodeURIComponent(id)}/stop`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` }, body: '{}' });
  }, longRun.executionId);

  }

  return { listFlows, graphFlows };
}
