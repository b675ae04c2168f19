package io.sluice.orchestration.express.mock;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.express.TaskOutcome;
import java.util.ArrayList;
import java.util.List;

/** One mocked response: outcomes by invocation number, with keys such as {@code "0"} and {@code "1-2"}. */
final class MockedResponse {
    private record Range(int from, int to, TaskOutcome outcome) {}

    private final List<Range> ranges;

    private MockedResponse(List<Range> ranges) {
        this.ranges = ranges;
    }

    /** Parses one response; a problem is an {@link IllegalArgumentException} whose message starts with a pointer suffix. */
    static MockedResponse parse(JsonNode node) {
        if (!node.isObject() || node.isEmpty()) {
            throw new IllegalArgumentException(": expected an object keyed by invocation number (\"0\", \"1-2\")");
        }
        List<Range> ranges = new ArrayList<>();
        node.fields().forEachRemaining(e -> {
            String key = e.getKey();
            int from;
            int to;
            try {
                int dash = key.indexOf('-');
                from = Integer.parseInt(dash < 0 ? key : key.substring(0, dash));
                to = dash < 0 ? from : Integer.parseInt(key.substring(dash + 1));
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException("/" + key + ": expected an invocation number such as \"0\" or a range such as \"1-2\"");
            }
            if (from < 0 || to < from) {
                throw new IllegalArgumentException("/" + key + ": a range must run from a smaller number to a larger one");
            }
            ranges.add(new Range(from, to, outcome(e.getValue(), key)));
        });
        return new MockedResponse(ranges);
    }

    private static TaskOutcome outcome(JsonNode value, String key) {
        if (value.has("Return") == value.has("Throw")) {
            throw new IllegalArgumentException("/" + key + ": expected exactly one of Return or Throw");
        }
        if (value.has("Return")) {
            return TaskOutcome.success(value.get("Return"));
        }
        JsonNode t = value.get("Throw");
        if (!t.path("Error").isTextual()) {
            throw new IllegalArgumentException("/" + key + "/Throw/Error: expected the error name as a string");
        }
        return TaskOutcome.failure(t.get("Error").asText(), t.path("Cause").asText(""));
    }

    /** The outcome for invocation {@code n} (0-based), or {@code null} when the response does not cover it. */
    TaskOutcome forInvocation(int n) {
        for (Range r : ranges) {
            if (n >= r.from && n <= r.to) {
                return r.outcome;
            }
        }
        return null;
    }

}
