package io.sluice.functions.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The mark a task held back by the worker's gate carries on its held copy: when it was first held ({@value #HELD_SINCE}),
 * so the task's later asks are not announced as new holds and its release knows how long it waited.
 */
final class HeldTask {
    static final String HELD_SINCE = "heldSince";

    private HeldTask() {}

    /** When the task in {@code body} was first held, or null for a task never held (read without parsing most bodies). */
    static Instant since(String body) {
        if (!body.contains(HELD_SINCE)) {
            return null;
        }
        JsonNode held = Json.parse(body).get(HELD_SINCE);
        try {
            return held != null && held.isTextual() ? Instant.parse(held.asText()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** {@code body} marked as first held at {@code now}. */
    static String mark(String body, Instant now) {
        ObjectNode o = (ObjectNode) Json.parse(body);
        o.put(HELD_SINCE, now.toString());
        return Json.write(o);
    }
}
