package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;

/** Executions as the API shows them. */
final class ExecutionViews {
    private ExecutionViews() {}

    /** {@code executionId, pipeline, name, status, definitionHash, startTime, stopTime} (the last only once ended). */
    static ObjectNode summary(ExecutionSummary s) {
        ObjectNode o = Json.object();
        o.put("executionId", s.executionId()).put("pipeline", s.pipeline()).put("name", s.name()).put("status", s.status())
                .put("definitionHash", s.definitionHash()).put("startTime", s.startTime().toString());
        if (s.stopTime() != null) {
            o.put("stopTime", s.stopTime().toString());
        }
        if (s.partition() != null) {
            o.put("partition", s.partition());
        }
        return o;
    }

    /**
     * The summary plus input, and output or error and cause once ended; {@code archived} when read from the archive,
     * {@code asleep} while it sleeps in the object store, waiting.
     */
    static ObjectNode described(ExecutionControl.Described d) {
        ObjectNode o = summary(d.summary());
        Execution e = d.execution();
        o.set("input", e.input());
        if (e.output() != null) {
            o.set("output", e.output());
        }
        if (e.error() != null) {
            o.put("error", e.error());
        }
        if (e.cause() != null) {
            o.put("cause", e.cause());
        }
        o.put("transitions", e.transitions()).put("redriveCount", e.redriveCount()).put("priority", d.priority());
        if (d.archived()) {
            o.put("archived", true);
        }
        if (d.asleep()) {
            o.put("asleep", true);
        }
        return o;
    }
}
