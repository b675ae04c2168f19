package io.sluice.orchestration.engine;

import java.util.List;

/**
 * The outcome of one event: the execution as it now is, the commands to carry out after it is
 * committed, and the history lines it adds. {@code dropped} explains an event that changed nothing
 * (a late or duplicate result, a stale timer); such an event still has a history line.
 */
public record Transition(Execution execution, List<Command> commands, List<HistoryEvent> history, String dropped) {

    public boolean wasDropped() {
        return dropped != null;
    }
}
