package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.sluice.orchestration.definition.MapState;
import io.sluice.orchestration.definition.ParallelState;
import io.sluice.orchestration.definition.ResultHandling;
import io.sluice.orchestration.definition.State;
import io.sluice.orchestration.definition.StateMachine;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;
import java.util.Arrays;

/** Parallel and Map: start children, gather their outputs in order, fail fast when one fails. */
final class ForkJoin {
    private ForkJoin() {}

    static void startParallel(Step s, Frame f, ParallelState p) {
        JsonNode ctx = ContextObject.ifUsed(s, f, p.usesContext());
        JsonNode effective = p.inputPath().apply(f.rawInput(), ctx, Variables.visible(s.execution, f));
        if (p.parameters() != null) {
            effective = p.parameters().render(Dataflow.scope(s, f, effective, ctx));
        }
        Join join = new Join(p.branches().size(), p.branches().size(), null, null);
        ForkEvents.parallelStarted(s, f, p);
        f.waiting = Frame.Waiting.CHILDREN;
        f.join = join;
        JsonNode input = effective;
        for (int i = 0; i < p.branches().size(); i++) {
            StateMachine branch = p.branches().get(i);
            Frame child = s.execution.newFrame(f.id(), i, branch.key());
            join.outstanding++;
            ForkEvents.branchStarted(s, f, child, p, i);
            s.later(child, () -> Flow.enter(s, child, branch.startAt(), input));
        }
    }

    static void startMap(Step s, Frame f, MapState m) {
        JsonNode ctx = ContextObject.ifUsed(s, f, m.usesContext());
        JsonNode effective = m.inputPath().apply(f.rawInput(), ctx, Variables.visible(s.execution, f));
        Scope scope = Dataflow.scope(s, f, effective, ctx);
        JsonNode items = MapFields.items(m, scope, effective);
        int limit = MapFields.concurrency(m, scope);
        ForkEvents.mapStarted(s, f, m, items.size());
        Join join = new Join(items.size(), limit == 0 ? Math.max(1, items.size()) : limit, items, effective);
        f.waiting = Frame.Waiting.CHILDREN;
        f.join = join;
        if (items.isEmpty()) {
            joined(s, f, m, join);
            return;
        }
        while (join.nextItem < join.size() && join.outstanding < join.limit) {
            startItem(s, f, m, join);
        }
    }

    private static void startItem(Step s, Frame f, MapState m, Join join) {
        int index = join.nextItem++;
        JsonNode value = join.items.get(index);
        JsonNode input = value;
        if (m.itemSelector() != null) {
            JsonNode ctx = ContextObject.withMapItem(ContextObject.of(s, f), index, value);
            input = m.itemSelector().render(Dataflow.scope(s, f, join.mapInput, ctx));
        }
        Frame child = s.execution.newFrame(f.id(), index, m.processor().key());
        join.outstanding++;
        ForkEvents.iterationStarted(s, f, child, m, index);
        JsonNode childInput = input;
        s.later(child, () -> Flow.enter(s, child, m.processor().startAt(), childInput));
    }

    /** {@code child}, a frame of {@code parent}'s, ended with {@code output} (and is gone from the execution). */
    static void childSucceeded(Step s, Frame parent, Frame child, JsonNode output) {
        Join join = parent.join();
        State state = s.stateOf(parent);
        int index = child.indexInParent();
        join.results[index] = output;
        join.outstanding--;
        if (join.isMap()) {
            ForkEvents.iterationSucceeded(s, parent, child.id(), (MapState) state, index);
        }
        try {
            if (join.isMap()) {
                while (join.nextItem < join.size() && join.outstanding < join.limit) {
                    startItem(s, parent, (MapState) state, join);
                }
            }
            if (join.allDone()) {
                joined(s, parent, state, join);
            }
        } catch (AslException e) {
            Errors.raised(s, parent, state, e);
        }
    }

    /** A child of {@code parent} failed (its events are recorded, {@link ForkEvents#childFailed}): the state fails. */
    static void childFailed(Step s, Frame parent, String error, String cause) {
        Errors.joinFailed(s, parent, s.stateOf(parent), error, cause, true);
    }

    private static void joined(Step s, Frame f, State state, Join join) {
        ForkEvents.succeeded(s, f, state);
        ArrayNode results = Json.NODES.arrayNode(join.size());
        results.addAll(Arrays.asList(join.results));
        ResultHandling handling = state instanceof ParallelState p ? p.result() : ((MapState) state).result();
        JsonNode ctx = ContextObject.ifUsed(s, f, state.usesContext());
        String next = state instanceof ParallelState p ? p.next() : ((MapState) state).next();
        Flow.exit(s, f, next, Dataflow.withResult(s, f, state.name(), state.exit(), handling, results, ctx));
    }
}
