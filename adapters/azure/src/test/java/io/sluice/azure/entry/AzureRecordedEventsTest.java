package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every recorded event of {@code examples/events/azure} ({@code <function>.<case>.json}) run through its function
 * in process, as {@code sluice invoke --platform azure} runs it; the event's {@code expect} must be part of the answer.
 */
class AzureRecordedEventsTest {
    static final Path EVENTS = Path.of("../../examples/events/azure");

    static Stream<Path> events() throws IOException {
        return Files.list(EVENTS).filter(p -> p.getFileName().toString().matches("[a-z-]+\\.[a-z0-9-]+\\.json")).sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("events")
    void runsThroughItsFunction(Path file) throws IOException {
        String name = file.getFileName().toString();
        String function = name.substring(0, name.indexOf('.'));
        JsonNode event = Json.parse(Files.readString(file));

        JsonNode answer = AzureTestApp.host().invoke(function, event);

        JsonNode expect = event.get("expect");
        if (expect != null) {
            assertContains(answer, expect, name);
        }
    }

    /** Every field of {@code expected}, recursively, has the same value in {@code actual}. */
    static void assertContains(JsonNode actual, JsonNode expected, String where) {
        if (!expected.isObject()) {
            assertThat(actual).as(where + ": " + actual).isEqualTo(expected);
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            assertThat(actual.has(e.getKey())).as(where + ": no '" + e.getKey() + "' in " + actual).isTrue();
            assertContains(actual.get(e.getKey()), e.getValue(), where + "/" + e.getKey());
        }
    }
}
