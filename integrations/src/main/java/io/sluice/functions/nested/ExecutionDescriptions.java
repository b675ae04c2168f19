package io.sluice.functions.nested;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import java.time.Instant;

/**
 * What Step Functions' {@code states:startExecution} integration answers, in its field names:
 * {@code {ExecutionArn, StartDate}} for request-response, and DescribeExecution's shape for
 * {@code .sync} (Input and Output as JSON text) and {@code .sync:2} (as JSON). Dates are epoch
 * milliseconds, as Step Functions serialises timestamps in service integration results.
 */
public final class ExecutionDescriptions {
    private ExecutionDescriptions() {}

    public static ObjectNode started(String executionArn, Instant startDate) {
        ObjectNode o = Json.object();
        o.put("ExecutionArn", executionArn);
        o.put("StartDate", startDate.toEpochMilli());
        return o;
    }

    /**
     * DescribeExecution of an ended execution.
     *
     * @param json {@code .sync:2}: Input and Output as JSON values rather than JSON text
     */
    public static ObjectNode describe(Execution e, String stateMachineArn, String executionArn, boolean json) {
        ObjectNode o = Json.object();
        o.put("ExecutionArn", executionArn);
        data(o, "Input", e.input(), json);
        o.putObject("InputDetails").put("Included", true);
        o.put("Name", e.name());
        if (e.status() == ExecutionStatus.SUCCEEDED) {
            data(o, "Output", e.output(), json);
            o.putObject("OutputDetails").put("Included", true);
        }
        o.put("RedriveCount", e.redriveCount());
        o.put("StartDate", e.startTime().toEpochMilli());
        o.put("StateMachineArn", stateMachineArn);
        o.put("Status", e.status().name());
        if (e.stopTime() != null) {
            o.put("StopDate", e.stopTime().toEpochMilli());
        }
        if (e.error() != null) {
            o.put("Error", e.error());
        }
        if (e.cause() != null) {
            o.put("Cause", e.cause());
        }
        return o;
    }

    /** When the execution is gone from the store: what its completion event said. */
    public static ObjectNode describeGone(String name, ExecutionStatus status, String error, String cause, String stateMachineArn,
                                          String executionArn) {
        ObjectNode o = Json.object();
        o.put("ExecutionArn", executionArn);
        o.put("Name", name);
        o.put("StateMachineArn", stateMachineArn);
        o.put("Status", status.name());
        if (error != null) o.put("Error", error);
        if (cause != null) o.put("Cause", cause);
        return o;
    }

    private static void data(ObjectNode o, String field, JsonNode value, boolean json) {
        JsonNode v = value == null ? Json.NODES.nullNode() : value;
        if (json) {
            o.set(field, v);
        } else {
            o.put(field, Json.write(v));
        }
    }
}
