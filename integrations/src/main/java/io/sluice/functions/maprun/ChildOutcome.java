package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.json.Json;
import java.time.Instant;

/**
 * How one child of a map run ended (or that it is still running): what its result entry is made of. A durable
 * child's comes from its stored execution; an in-process (EXPRESS) child's is kept in the run's store.
 */
record ChildOutcome(long index, String name, String status, JsonNode input, JsonNode output, String error, String cause,
                    Instant startDate, Instant stopDate) {

    boolean succeeded() {
        return status.equals("SUCCEEDED");
    }

    static ChildOutcome of(long index, Execution e) {
        return new ChildOutcome(index, e.name(), e.status().name(), e.input(), e.output(), e.error(), e.cause(), e.startTime(),
                e.stopTime());
    }

    /** The compact form kept for an EXPRESS child. */
    String encode() {
        ObjectNode o = Json.object();
        o.put("n", name).put("s", status);
        o.set("i", input);
        if (output != null) o.set("o", output);
        if (error != null) o.put("e", error);
        if (cause != null) o.put("c", cause);
        o.put("t0", startDate.toEpochMilli());
        if (stopDate != null) o.put("t1", stopDate.toEpochMilli());
        return Json.write(o);
    }

    static ChildOutcome decode(long index, String text) {
        JsonNode o = Json.parse(text);
        return new ChildOutcome(index, o.get("n").asText(), o.get("s").asText(), o.get("i"), o.get("o"),
                o.hasNonNull("e") ? o.get("e").asText() : null, o.hasNonNull("c") ? o.get("c").asText() : null,
                Instant.ofEpochMilli(o.get("t0").asLong()), o.has("t1") ? Instant.ofEpochMilli(o.get("t1").asLong()) : null);
    }

    /**
     * The entry Step Functions writes for a child execution (WriterConfig Transformation NONE): Input and Output as
     * JSON text, dates as ISO-8601 text.
     */
    ObjectNode entry(String executionArn, String stateMachineArn) {
        ObjectNode o = Json.object();
        o.put("ExecutionArn", executionArn);
        o.put("Input", Json.write(input == null ? Json.NODES.nullNode() : input));
        o.putObject("InputDetails").put("Included", true);
        o.put("Name", name);
        if (succeeded()) {
            o.put("Output", Json.write(output == null ? Json.NODES.nullNode() : output));
            o.putObject("OutputDetails").put("Included", true);
        }
        o.put("RedriveCount", 0);
        o.put("StartDate", startDate.toString());
        o.put("StateMachineArn", stateMachineArn);
        o.put("Status", status);
        if (stopDate != null) o.put("StopDate", stopDate.toString());
        if (error != null) o.put("Error", error);
        if (cause != null) o.put("Cause", cause);
        return o;
    }
}
