package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.port.MapRunStore;
import java.util.Optional;

/**
 * UpdateMapRun's effect on a durable map run: its limits (MaxConcurrency, ToleratedFailureCount and
 * ToleratedFailurePercentage) are fields of the request its record holds, which the coordinator reads again at each
 * step, so a change applies from the run's next step on: more or fewer children started as others end, the failure
 * threshold checked against the new figures. A compare-and-set on the record, retried when the coordinator wrote in
 * between. A map run run in one process ({@link InProcessMapRuns}) keeps no record and cannot be updated.
 */
public final class MapRunUpdates {
    private static final int ATTEMPTS = 16;

    /** What a map run's limits are now; a field left {@code null} in an update is kept. */
    public record Limits(Integer maxConcurrency, Double toleratedFailurePercentage, Long toleratedFailureCount) {}

    public enum Outcome { UPDATED, NO_SUCH_RUN, ENDED }

    private MapRunUpdates() {}

    /** The limits of run {@code runId} of {@code pipeline}'s executions, as its record holds them now. */
    public static Optional<Limits> current(MapRunStore store, String pipeline, String runId) {
        return store.load(runId).map(v -> MapRunRecord.decode(v.record())).filter(r -> r.pipeline().equals(pipeline))
                .map(r -> limitsOf(r.request()));
    }

    /** Changes the limits {@code change} gives of run {@code runId}, if it is one of {@code pipeline}'s and still running. */
    public static Outcome update(MapRunStore store, String pipeline, String runId, Limits change) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Optional<MapRunStore.Versioned> loaded = store.load(runId);
            if (loaded.isEmpty()) {
                return Outcome.NO_SUCH_RUN;
            }
            MapRunRecord rec = MapRunRecord.decode(loaded.get().record());
            if (!rec.pipeline().equals(pipeline)) {
                return Outcome.NO_SUCH_RUN;
            }
            if (!rec.running()) {
                return Outcome.ENDED;
            }
            ObjectNode request = (ObjectNode) rec.request().deepCopy();
            if (change.maxConcurrency() != null) {
                request.put("MaxConcurrency", change.maxConcurrency());
            }
            if (change.toleratedFailurePercentage() != null) {
                request.put("ToleratedFailurePercentage", change.toleratedFailurePercentage());
            }
            if (change.toleratedFailureCount() != null) {
                request.put("ToleratedFailureCount", (int) Math.min(Integer.MAX_VALUE, change.toleratedFailureCount()));
            }
            MapRunRecord next = new MapRunRecord(rec.runId(), rec.parentExecutionId(), rec.pipeline(), rec.token(), rec.mapRunArn(),
                    rec.processorHash(), rec.startedAt(), request, rec.page(), rec.nextChild(), rec.total(), rec.status(), rec.error(),
                    rec.cause(), rec.reported());
            if (store.update(runId, loaded.get().version(), next.encode())) {
                return Outcome.UPDATED;
            }
        }
        throw new java.util.ConcurrentModificationException("map run " + runId + " changed under " + ATTEMPTS + " attempts to update it");
    }

    private static Limits limitsOf(JsonNode request) {
        return new Limits(request.path("MaxConcurrency").asInt(0),
                request.has("ToleratedFailurePercentage") ? request.get("ToleratedFailurePercentage").asDouble() : 0.0,
                request.has("ToleratedFailureCount") ? request.get("ToleratedFailureCount").asLong() : 0L);
    }
}
