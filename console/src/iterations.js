// Inline Map iterations read from an execution's history (pure: the node tests import it). Each iteration runs in a
// frame of its own, which its MAP_ITERATION_STARTED event names with the item's index; a Parallel's branch or a Map's
// iteration inside it gets a frame of its own too, whose parent is the frame its state was entered in.

/** The inline Maps that ran iterations, by state name, each with the indexes it ran (in order). */
export function iterationsOf(events) {
  const maps = new Map();
  for (const e of events) {
    if (e.type !== 'MAP_ITERATION_STARTED') continue;
    const index = e.detail?.index;
    if (!maps.has(e.state)) maps.set(e.state, []);
    if (!maps.get(e.state).includes(index)) maps.get(e.state).push(index);
  }
  for (const list of maps.values()) list.sort((a, b) => a - b);
  return maps;
}

/**
 * The events of the iterations picked, {@code picks} a Map from a Map state's name to the index wanted (a Map not in it:
 * every iteration): an event inside another iteration of a picked Map is left out; the rest stay in order.
 */
export function pickIterations(events, picks) {
  if (!picks.size) return events;
  const parent = new Map(); // frame -> the frame it was started from
  const iteration = new Map(); // frame -> {map, index}, for an iteration's own frame
  const enteredIn = new Map(); // state -> the frame it was last entered in
  const keep = (frame) => {
    for (let f = frame, hops = 0; f != null && hops < 10_000; f = parent.get(f), hops++) {
      const it = iteration.get(f);
      if (it && picks.has(it.map) && picks.get(it.map) !== it.index) return false;
    }
    return true;
  };
  return events.filter((e) => {
    if (e.type === 'STATE_ENTERED') enteredIn.set(e.state, e.frame);
    if (e.type === 'MAP_ITERATION_STARTED' || e.type === 'BRANCH_STARTED') {
      if (enteredIn.has(e.state) && enteredIn.get(e.state) !== e.frame) parent.set(e.frame, enteredIn.get(e.state));
      if (e.type === 'MAP_ITERATION_STARTED') iteration.set(e.frame, { map: e.state, index: e.detail?.index });
      else iteration.delete(e.frame);
    }
    return keep(e.frame);
  });
}
