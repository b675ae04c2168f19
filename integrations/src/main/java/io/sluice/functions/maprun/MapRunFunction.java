package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.ReportsLater;
import io.sluice.functions.harness.TaskContext;
import io.sluice.orchestration.json.Json;

/**
 * The {@value #NAME} function: a distributed Map state's map run, dispatched by the engine with the state's
 * fields rendered. It starts (or, redelivered, resumes) the run and returns; the run reports the Map's result
 * to the task's token when it ends ({@link MapRunCoordinator}).
 */
public final class MapRunFunction implements ReportsLater {
    public static final String NAME = "map-run";

    private final MapRunCoordinator coordinator;

    public MapRunFunction(MapRunCoordinator coordinator) {
        this.coordinator = coordinator;
    }

    @Override
    public boolean reportsLater(TaskContext task) {
        return true;
    }

    @Override
    public JsonNode apply(JsonNode request, TaskContext task) {
        return Json.object().put("MapRunId", coordinator.start(request, task));
    }
}
