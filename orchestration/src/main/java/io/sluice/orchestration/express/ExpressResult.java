package io.sluice.orchestration.express;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.engine.ExecutionStatus;
import java.time.Instant;

/** How an express run ended, on its virtual clock. */
public record ExpressResult(ExecutionStatus status, JsonNode output, String error, String cause,
                            long transitions, Instant startTime, Instant stopTime) {
    public boolean succeeded() {
        return status == ExecutionStatus.SUCCEEDED;
    }
}
