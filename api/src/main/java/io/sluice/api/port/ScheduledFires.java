package io.sluice.api.port;

import java.time.Instant;
import java.util.List;

/** When the host's schedules will start pipelines, for a rule's simulation: every fire in a window, earliest first. */
public interface ScheduledFires {
    record Fire(String pipeline, Instant at) {}

    /** The fires in {@code [from, to)}, at most {@code limit}. */
    List<Fire> between(Instant from, Instant to, int limit);
}
