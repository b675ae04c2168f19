package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.trigger.schedule.ScheduledRuns;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The bench's {@link ExecutionStarter} (and {@link ScheduledRuns}): records each fire instead of starting an execution. Schedule
 * {@code i} is pipeline {@code <idPrefix><i>}; it records how often each fired and how late the
 * (last) fire was against its scheduled time, on the wall clock.
 */
final class FireLedger implements ExecutionStarter, ScheduledRuns {
    private final String idPrefix;
    private final Clock clock;
    private final AtomicIntegerArray fires;
    private final float[] lagMillis;

    FireLedger(String idPrefix, int schedules, Clock clock) {
        this.idPrefix = idPrefix;
        this.clock = clock;
        this.fires = new AtomicIntegerArray(schedules);
        this.lagMillis = new float[schedules];
    }

    @Override
    public StartResult start(String pipeline, String executionName, JsonNode input) {
        long now = clock.millis();
        int i = Integer.parseInt(pipeline.substring(idPrefix.length()));
        long scheduled = Instant.parse(input.get("scheduledTime").asText()).toEpochMilli();
        lagMillis[i] = now - scheduled;
        ExecutionSummary fired = new ExecutionSummary(pipeline + ":" + executionName, pipeline, executionName, "RUNNING", "bench", null, null);
        return fires.getAndIncrement(i) == 0 ? new StartResult.Started(fired) : new StartResult.AlreadyRunning(fired);
    }

    /** Nothing runs in the bench: skip and queue never wait. */
    @Override
    public boolean anyRunning(String pipeline, String namePrefix) {
        return false;
    }

    int firedCount() {
        int n = 0;
        for (int i = 0; i < fires.length(); i++) {
            n += fires.get(i) > 0 ? 1 : 0;
        }
        return n;
    }

    int missed() {
        return fires.length() - firedCount();
    }

    /** Fires beyond the first, summed over schedules. */
    int doubled() {
        int n = 0;
        for (int i = 0; i < fires.length(); i++) {
            n += Math.max(0, fires.get(i) - 1);
        }
        return n;
    }

    /** Lags of the schedules that fired. */
    double[] lags() {
        double[] out = new double[firedCount()];
        int k = 0;
        for (int i = 0; i < fires.length(); i++) {
            if (fires.get(i) > 0) {
                out[k++] = lagMillis[i];
            }
        }
        return out;
    }
}
