import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// The colours of style.css that carry text keep WCAG AA contrast (4.5:1) against what they stand on.
const css = readFileSync(new URL('../src/style.css', import.meta.url), 'utf8');
const vars = Object.fromEntries([...css.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]));

function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('text colours against their backgrounds', () => {
  const pairs = [['fg', 'bg'], ['muted', 'bg'], ['muted', 'panel'], ['accent', 'bg'], ['fail', 'bg'],
    ['ok', 'ok-bg'], ['retry', 'retry-bg'], ['caught', 'caught-bg'], ['fail', 'fail-bg'], ['run', 'run-bg'], ['none', 'none-bg']];
  for (const bg of ['ok-bg', 'retry-bg', 'caught-bg', 'fail-bg', 'run-bg', 'none-bg']) pairs.push(['fg', bg], ['muted', bg]);
  for (const [fg, bg] of pairs) {
    assert.ok(vars[fg] && vars[bg], `--${fg} and --${bg} are defined`);
    const r = ratio(vars[fg], vars[bg]);
    assert.ok(r >= 4.5, `--${fg} ${vars[fg]} on --${bg} ${vars[bg]}: ${r.toFixed(2)}:1, expected at least 4.5:1`);
  }
});

test('the outcome fills tell apart from one another', () => {
  const fills = ['ok-bg', 'retry-bg', 'caught-bg', 'fail-bg', 'run-bg', 'none-bg'].map((v) => vars[v]);
  assert.equal(new Set(fills).size, fills.length);
});
