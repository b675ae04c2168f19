// A state machine drawn as a graph: dagre lays it out (Parallel branches and Map iterations as boxes
// around their states), SVG draws it. Each state is a focusable button; the caller says what a click does.
import dagre from '@dagrejs/dagre';
import { h } from './dom.js';

const NODE_W = 168;
const NODE_H = 44;

/** The graph of an ASL definition: nodes {id, name, type, cluster?}, edges {from, to, kind}, clusters {id, label, parent?}. */
export function aslGraph(definition) {
  const nodes = [];
  const edges = [];
  const clusters = [];
  nodes.push({ id: '⊙start', name: 'Start', type: 'start' });
  const exits = addMachine(definition, '', null, nodes, edges, clusters);
  nodes.push({ id: '⊙end', name: 'End', type: 'end' });
  edges.push({ from: '⊙start', to: exits.start, kind: 'next' });
  for (const e of exits.ends) edges.push({ from: e, to: '⊙end', kind: 'next' });
  return { nodes, edges, clusters };
}

// Adds the states of one machine (the top level, a branch, an item processor); answers its start node and the
// nodes that end it.
function addMachine(machine, prefix, cluster, nodes, edges, clusters) {
  const states = machine?.States || {};
  const id = (name) => `${prefix}${name}`;
  const ends = [];
  for (const [name, st] of Object.entries(states)) {
    const node = { id: id(name), name, type: st.Type, cluster };
    if (st.Type === 'Parallel' || st.Type === 'Map') {
      const box = `▣${id(name)}`;
      clusters.push({ id: box, label: `${st.Type} ${name}`, parent: cluster, state: name });
      node.cluster = box;
      nodes.push(node);
      const join = { id: `${id(name)}⋯join`, name: `${name} joins`, type: 'join', cluster: box, of: name };
      const inner = st.Type === 'Parallel' ? (st.Branches || []) : [st.ItemProcessor || st.Iterator].filter(Boolean);
      inner.forEach((branch, i) => {
        const sub = `▣${id(name)}/${i}`;
        clusters.push({ id: sub, label: st.Type === 'Parallel' ? `branch ${i + 1}` : 'each item', parent: box });
        const got = addMachine(branch, `${id(name)}/${i}/`, sub, nodes, edges, clusters);
        if (got.start) edges.push({ from: node.id, to: got.start, kind: 'next' });
        for (const e of got.ends) edges.push({ from: e, to: join.id, kind: 'next' });
      });
      nodes.push(join);
      outgoing(st, join.id, id, edges, ends, states);
    } else {
      nodes.push(node);
      outgoing(st, node.id, id, edges, ends, states);
    }
  }
  return { start: machine?.StartAt != null ? id(machine.StartAt) : null, ends };
}

function outgoing(st, from, id, edges, ends, states) {
  const to = (name) => (name in states ? id(name) : null);
  const add = (name, kind, label) => {
    const target = to(name);
    if (target) edges.push({ from, to: target, kind, label });
  };
  if (st.Type === 'Choice') {
    (st.Choices || []).forEach((c, i) => add(c.Next, 'choice', `rule ${i + 1}`));
    if (st.Default) add(st.Default, 'choice', 'default');
  } else if (st.Next) {
    add(st.Next, 'next');
  }
  if (st.End || st.Type === 'Succeed' || st.Type === 'Fail') ends.push(from);
  for (const c of st.Catch || []) add(c.Next, 'catch', (c.ErrorEquals || []).join(', '));
}

/**
 * Lays out and draws {@code graph}; {@code decorate(node)} answers {cls, label, detail} for a state node, and
 * {@code onSelect(node)} runs on a click or Enter/Space.
 */
export function drawGraph(graph, { decorate = () => ({}), onSelect = () => {}, title = 'State machine' } = {}) {
  const g = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 36, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const c of graph.clusters) g.setNode(c.id, { label: c.label, clusterLabelPos: 'top', paddingTop: 22 });
  for (const c of graph.clusters) if (c.parent) g.setParent(c.id, c.parent);
  for (const n of graph.nodes) {
    const small = n.type === 'start' || n.type === 'end' || n.type === 'join';
    g.setNode(n.id, { width: small ? 72 : NODE_W, height: small ? 26 : NODE_H });
    if (n.cluster) g.setParent(n.id, n.cluster);
  }
  graph.edges.forEach((e, i) => g.setEdge(e.from, e.to, { label: e.label, kind: e.kind }, `e${i}`));
  dagre.layout(g);
  const size = g.graph();
  const svg = h('svg:svg', {
    class: 'graph', role: 'group', 'aria-label': title,
    viewBox: `0 0 ${Math.ceil(size.width)} ${Math.ceil(size.height)}`,
    width: Math.ceil(size.width), height: Math.ceil(size.height),
  });
  svg.append(h('svg:defs', {}, ['next', 'choice', 'catch'].map((k) => h('svg:marker', {
    id: `arrow-${k}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse',
  }, h('svg:path', { d: 'M 0 0 L 10 5 L 0 10 z', class: `arrowhead ${k}` })))));
  for (const c of graph.clusters) {
    const b = g.node(c.id);
    svg.append(h('svg:g', { class: 'cluster' },
      h('svg:rect', { x: b.x - b.width / 2, y: b.y - b.height / 2, width: b.width, height: b.height, rx: 6 }),
      h('svg:text', { x: b.x - b.width / 2 + 8, y: b.y - b.height / 2 + 15 }, c.label)));
  }
  for (const edge of g.edges()) {
    const e = g.edge(edge);
    const d = e.points.map((p, i) => `${i ? 'L' : 'M'} ${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
    svg.append(h('svg:path', { d, class: `edge ${e.kind}`, 'marker-end': `url(#arrow-${e.kind})` }));
    if (e.label && e.kind === 'catch') {
      const mid = e.points[Math.floor(e.points.length / 2)];
      svg.append(h('svg:text', { x: mid.x + 4, y: mid.y - 3, class: 'edge-label' }, `catch ${e.label}`));
    }
  }
  for (const n of graph.nodes) {
    const b = g.node(n.id);
    const x = b.x - b.width / 2;
    const y = b.y - b.height / 2;
    if (n.type === 'start' || n.type === 'end' || n.type === 'join') {
      svg.append(h('svg:g', { class: `terminal ${n.type}` },
        h('svg:rect', { x, y, width: b.width, height: b.height, rx: b.height / 2 }),
        h('svg:text', { x: b.x, y: b.y + 4, 'text-anchor': 'middle' }, n.type === 'join' ? 'join' : n.name)));
      continue;
    }
    const look = decorate(n) || {};
    const node = h('svg:g', {
      class: `state ${look.cls || ''}`, tabindex: 0, role: 'button', 'data-state': n.name, 'data-outcome': look.outcome || '',
      'aria-label': `${n.name}, ${n.type}${look.label ? `, ${look.label}` : ''}`,
      onclick: () => onSelect(n), onkeydown: (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onSelect(n); } },
    },
    h('svg:title', {}, `${n.name} (${n.type})${look.label ? `: ${look.label}` : ''}`),
    h('svg:rect', { x, y, width: b.width, height: b.height, rx: 5 }),
    h('svg:text', { x: x + 10, y: y + 18, class: 'name' }, clip(n.name, 22)),
    h('svg:text', { x: x + 10, y: y + 35, class: 'sub' }, look.label ? `${n.type} · ${look.label}` : n.type));
    svg.append(node);
  }
  return svg;
}

function clip(text, n) {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

/** The pipelines and which waits for which (dependsOn), drawn left to right. */
export function pipelineGraph(pipelines, { onSelect }) {
  const graph = { nodes: [], edges: [], clusters: [] };
  const ids = new Set(pipelines.map((p) => p.id));
  for (const p of pipelines) graph.nodes.push({ id: p.id, name: p.id, type: p.pattern || (p.valid ? 'pipeline' : 'invalid') });
  for (const p of pipelines) {
    for (const d of p.dependsOn || []) {
      if (ids.has(d.pipeline)) graph.edges.push({ from: d.pipeline, to: p.id, kind: 'next' });
    }
    // A pattern pipeline's upstreams (its config's dependencies.upstream): it waits for them inside its run.
    for (const u of p.waitsFor || []) {
      if (ids.has(u)) graph.edges.push({ from: u, to: p.id, kind: 'upstream' });
    }
  }
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 16, ranksep: 48, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { width: NODE_W, height: 38 });
  graph.edges.forEach((e, i) => g.setEdge(e.from, e.to, { kind: e.kind }, `e${i}`));
  dagre.layout(g);
  const size = g.graph();
  const svg = h('svg:svg', {
    class: 'graph pipelines-dag', role: 'group', 'aria-label': 'Pipelines and the upstreams they wait for',
    viewBox: `0 0 ${Math.ceil(size.width)} ${Math.ceil(size.height)}`, width: Math.ceil(size.width), height: Math.ceil(size.height),
  });
  svg.append(h('svg:defs', {}, h('svg:marker', { id: 'arrow-dag', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' },
    h('svg:path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead next' }))));
  for (const edge of g.edges()) {
    const e = g.edge(edge);
    const d = e.points.map((p, i) => `${i ? 'L' : 'M'} ${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
    // dependsOn (a finished upstream starts it) solid; a pattern's upstream (it waits for it inside its run) dashed.
    svg.append(h('svg:path', {
      d, class: `edge ${e.kind === 'upstream' ? 'next waits' : 'next'}`, 'marker-end': 'url(#arrow-dag)', 'data-kind': e.kind,
    }, h('svg:title', {}, e.kind === 'upstream' ? `${edge.w} waits for ${edge.v} inside its run` : `${edge.v} starts ${edge.w} (dependsOn)`)));
  }
  for (const n of graph.nodes) {
    const b = g.node(n.id);
    const p = pipelines.find((x) => x.id === n.id);
    svg.append(h('svg:g', {
      class: `state ${p.valid ? 'o-succeeded-soft' : 'o-failed'}`, tabindex: 0, role: 'link', 'data-pipeline': n.id,
      'aria-label': `Pipeline ${n.id}${p.valid ? '' : ', invalid'}: show its executions`,
      onclick: () => onSelect(n.id), onkeydown: (ev) => { if (ev.key === 'Enter') onSelect(n.id); },
    },
    h('svg:rect', { x: b.x - b.width / 2, y: b.y - b.height / 2, width: b.width, height: b.height, rx: 5 }),
    h('svg:text', { x: b.x - b.width / 2 + 10, y: b.y - 2, class: 'name' }, clip(n.id, 22)),
    h('svg:text', { x: b.x - b.width / 2 + 10, y: b.y + 13, class: 'sub' }, p.valid ? (p.pattern || 'state machine') : 'invalid')));
  }
  return svg;
}
