package io.sluice.functions.maprun;

import io.sluice.functions.events.FinishedExecution;
import io.sluice.orchestration.engine.ExecutionStatus;
import java.util.function.Consumer;

/**
 * The completion handler of map runs: a durable child's end advances its run; a parent's end other than
 * SUCCEEDED aborts the runs it still waits for. Idempotent, as every completion handler must be.
 */
public final class MapRunEvents implements Consumer<FinishedExecution> {
    private final MapRunCoordinator coordinator;

    public MapRunEvents(MapRunCoordinator coordinator) {
        this.coordinator = coordinator;
    }

    @Override
    public void accept(FinishedExecution e) {
        coordinator.childEnded(e);
        if (e.status() != ExecutionStatus.SUCCEEDED) {
            coordinator.parentEnded(e);
        }
    }
}
