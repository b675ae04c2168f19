// A few DOM helpers: the console has no framework, it builds elements and replaces a page's content.
import { fmtMs } from './health.js';
const SVG = 'http://www.w3.org/2000/svg';

/** An element: h('a', {href: '#/x', onclick: fn}, 'text', child). A tag 'svg:rect' makes an SVG element. */
export function h(tag, attrs, ...children) {
  const svg = tag.startsWith('svg:');
  const el = svg ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value' && !svg) el.value = v;
    else if (k === 'checked' && !svg) el.checked = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
}

/** Replaces what {@code el} holds. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export function fmtTime(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

export function duration(fromIso, toIso) {
  if (!fromIso) return '';
  return fmtMs((toIso ? new Date(toIso) : new Date()) - new Date(fromIso));
}

export function pretty(json) {
  return json === undefined ? '' : JSON.stringify(json, null, 2);
}

let toastTimer;
/** A short message read out by screen readers (role=status). */
export function toast(text, kind = 'info') {
  const t = document.getElementById('toast');
  t.textContent = text;
  t.className = `toast show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.className = 'toast'; }, 6000);
}

export function statusBadge(status) {
  return h('span', { class: `badge st-${String(status).toLowerCase()}` }, status);
}
