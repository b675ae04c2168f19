package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;

/**
 * The bench's no-op task: records, per execution (its input's {@code bench} index), the
 * {@link System#nanoTime()} at which the first task function was invoked. A redelivered task keeps
 * the first instant.
 */
public final class FirstTaskRecorder implements Function<JsonNode, JsonNode> {
    public static final String FUNCTION = "bench-first-task";
    private final AtomicLongArray invokedAt;

    public FirstTaskRecorder(int executions) {
        this.invokedAt = new AtomicLongArray(executions);
    }

    @Override
    public JsonNode apply(JsonNode input) {
        long now = System.nanoTime();
        int i = input.path("bench").asInt(-1);
        if (i >= 0 && i < invokedAt.length()) {
            invokedAt.compareAndSet(i, 0L, now);
        }
        return input;
    }

    /** The instant execution {@code i}'s first task was invoked, or {@code 0} if it was not (yet). */
    public long invokedAt(int i) {
        return invokedAt.get(i);
    }

    public int size() {
        return invokedAt.length();
    }
}
