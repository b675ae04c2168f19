package io.sluice.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.HistoryEvent;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The runtime's meters as CloudWatch embedded metric format lines ({@link EmfLines}), each checked against a JSON schema
 * written from AWS's "Specification: Embedded metric format"
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html;
 * {@code src/test/resources/emf/emf-document.schema.json}) and against the spec's rule the schema cannot state: every
 * dimension and metric a directive names is a member of the root, a dimension's value a string, a metric's a number.
 */
class EmfLinesTest {
    static final Instant NOW = Instant.parse("2026-12-05T10:00:00Z");
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final MicrometerObserver observer = new MicrometerObserver(registry, p -> p.equals("orders") ? Optional.of("acme") : Optional.empty(),
            QueueNames.DEFAULT);
    final EmfLines emf = new EmfLines(registry, "Sluice");

    @Test
    void eachLineIsAValidEmfDocumentCarryingWhatChangedSinceTheLastFlush() throws IOException {
        run("orders", "load", false);
        run("orders", "load", true);
        run("payroll", "pay", false);
        List<JsonNode> first = documents(emf.flush(NOW));
        assertThat(first).isNotEmpty().allSatisfy(this::valid);

        JsonNode ordersLoad = only(first, "orders", "load", "failed");
        assertThat(ordersLoad.get("tenant").asText()).isEqualTo("acme");
        assertThat(ordersLoad.get(SluiceMeters.TASK_DURATION + ".count").asDouble()).isEqualTo(1.0);
        JsonNode directive = ordersLoad.get("_aws").get("CloudWatchMetrics").get(0);
        assertThat(directive.get("Namespace").asText()).isEqualTo("Sluice");
        assertThat(directive.get("Dimensions").get(0)).extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("pipeline", "tenant", "channel", "function", "outcome");
        assertThat(ordersLoad.get("_aws").get("Timestamp").asLong()).isEqualTo(NOW.toEpochMilli());
        JsonNode started = first.stream().filter(d -> d.has(SluiceMeters.EXECUTIONS_STARTED) && d.path("pipeline").asText().equals("payroll"))
                .findFirst().orElseThrow();
        assertThat(started.get("tenant").asText()).isEqualTo(SluiceMeters.NO_TENANT);
        assertThat(started.get(SluiceMeters.EXECUTIONS_STARTED).asDouble()).isEqualTo(1.0);

        assertThat(emf.flush(NOW.plusSeconds(1))).as("nothing changed, nothing printed").isEmpty();

        run("orders", "load", false);
        List<JsonNode> second = documents(emf.flush(NOW.plusSeconds(2)));
        assertThat(second).allSatisfy(this::valid);
        assertThat(only(second, "orders", "load", "succeeded").get(SluiceMeters.TASK_DURATION + ".count").asDouble())
                .as("the increase, not the total").isEqualTo(1.0);
        assertThat(second).noneSatisfy(d -> assertThat(d.path("pipeline").asText()).isEqualTo("payroll"));
    }

    @Test
    void theSchemaRefusesWhatTheSpecRefuses() {
        String good = "{\"_aws\":{\"Timestamp\":1,\"CloudWatchMetrics\":[{\"Namespace\":\"Sluice\",\"Dimensions\":[[\"pipeline\"]],"
                + "\"Metrics\":[{\"Name\":\"m\",\"Unit\":\"Count\"}]}]},\"pipeline\":\"p\",\"m\":1}";
        assertThat(SCHEMA.validate(Json.parse(good))).isEmpty();
        assertThat(SCHEMA.validate(Json.parse(good.replace("\"Count\"", "\"Widgets\"")))).as("a unit not in the list").isNotEmpty();
        assertThat(SCHEMA.validate(Json.parse(good.replace("\"Timestamp\":1,", "")))).as("no Timestamp").isNotEmpty();
        assertThat(SCHEMA.validate(Json.parse(good.replace("\"Namespace\":\"Sluice\"", "\"Namespace\":\"\"")))).as("an empty namespace")
                .isNotEmpty();
    }

    @Test
    void aNamespaceCloudWatchRefusesIsRefusedHere() {
        assertThatThrownBy(() -> new EmfLines(registry, " ")).hasMessageContaining("EMF namespace: expected 1-255 characters");
    }

    /** A run of {@code pipeline}: started, one task of {@code function}, and its end. */
    private void run(String pipeline, String function, boolean failed) {
        io.sluice.orchestration.engine.Execution e = null;
        observer.committed(pipeline, Priority.P2, e, List.of(new HistoryEvent(NOW, HistoryEvent.Type.EXECUTION_STARTED, 0, null, null),
                new HistoryEvent(NOW, HistoryEvent.Type.STATE_ENTERED, 0, "A", null)));
        TaskMessage task = new TaskMessage(pipeline + ":run.1.1.0", "sluice:function:" + function, function, IntegrationPattern.REQUEST_RESPONSE,
                Json.object(), "A", 0, null, null, null);
        observer.taskRan(task, QueueNames.DEFAULT.tasks(function), failed, 2_000_000L);
    }

    private static JsonNode only(List<JsonNode> docs, String pipeline, String function, String outcome) {
        List<JsonNode> found = docs.stream().filter(d -> d.path("pipeline").asText().equals(pipeline) && d.path("function").asText().equals(function)
                && d.path("outcome").asText().equals(outcome)).toList();
        assertThat(found).hasSize(1);
        return found.getFirst();
    }

    private static List<JsonNode> documents(List<String> lines) {
        List<JsonNode> docs = new ArrayList<>();
        for (String line : lines) {
            assertThat(line).as("one log event: one line").doesNotContain("\n");
            docs.add(Json.parse(line));
        }
        return docs;
    }

    private void valid(JsonNode doc) {
        assertThat(SCHEMA.validate(doc)).as(doc.toString()).isEmpty();
        for (JsonNode directive : doc.get("_aws").get("CloudWatchMetrics")) {
            for (JsonNode set : directive.get("Dimensions")) {
                set.forEach(k -> assertThat(doc.path(k.asText()).isTextual()).as("dimension %s is a string member of the root", k).isTrue());
            }
            directive.get("Metrics").forEach(m -> assertThat(doc.path(m.get("Name").asText()).isNumber())
                    .as("metric %s is a number member of the root", m.get("Name")).isTrue());
        }
    }

    static final Schema SCHEMA = schema();

    private static Schema schema() {
        try (InputStream in = EmfLinesTest.class.getResourceAsStream("/emf/emf-document.schema.json")) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(Json.parse(new String(in.readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
