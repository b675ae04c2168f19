package io.sluice.local.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.port.Pipelines;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the API (and its console) is told of the pipelines folder: pattern, schedules with their next fires, definition. */
class FolderPipelinesTest {
    private static final Set<String> FUNCTIONS = Set.of("read-config", "glue-launch", "copy-to-warehouse", "push-export",
            "write-status", "dependency-check", "echo");

    @TempDir
    Path dir;

    private FolderPipelines pipelines() {
        return new FolderPipelines(PipelineCatalog.load(dir, FUNCTIONS, ClasspathPatternResources.patterns()), new PipelineOptionsCatalog(dir));
    }

    @Test
    void aPatternPipelineSaysItsPatternAndIsListed() throws IOException {
        Files.writeString(dir.resolve("orders.config.json"), """
                {"pattern": "ingestion", "pipeline": "orders",
                 "landing": {"job": "orders-landing", "arguments": {}}, "raw": {"job": "orders-raw", "arguments": {}},
                 "enriched": [{"job": "orders-enriched", "arguments": {}}],
                 "warehouse": {"table": "retail.orders", "source": "warehouse/orders/", "format": "csv"}}""");
        Files.writeString(dir.resolve("hello.asl.json"), """
                {"StartAt": "E", "States": {"E": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""");
        FolderPipelines p = pipelines();
        assertThat(p.ids()).containsExactly("hello", "orders");
        assertThat(p.pattern("orders")).hasValue("ingestion");
        assertThat(p.pattern("hello")).isEmpty();
        assertThat(p.definition("orders")).hasValueSatisfying(d -> assertThat(d.path("StartAt").asText()).isEqualTo("Read config"));
        assertThat(p.definition("hello")).hasValueSatisfying(d -> assertThat(d.path("StartAt").asText()).isEqualTo("E"));
        assertThat(p.definition("nope")).isEmpty();
    }

    @Test
    void schedulesComeWithTheirNextFires() throws IOException {
        Files.writeString(dir.resolve("nightly.asl.json"), "{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"End\": true}}}");
        Files.writeString(dir.resolve("nightly.pipeline.json"), """
                {"schedule": [{"label": "early", "expression": "cron(30 2 * * ? *)", "timezone": "Europe/Berlin", "overlap": "queue"},
                              {"label": "hourly", "expression": "rate(1 hour)"}]}""");
        List<Pipelines.Schedule> schedules = pipelines().schedules("nightly", Instant.parse("2026-12-01T12:00:00Z"), 2);
        assertThat(schedules).hasSize(2);
        Pipelines.Schedule early = schedules.get(0);
        assertThat(early.label()).isEqualTo("early");
        assertThat(early.expression()).isEqualTo("cron(30 2 * * ? *)");
        assertThat(early.timezone()).isEqualTo("Europe/Berlin");
        assertThat(early.overlap()).isEqualTo("queue");
        assertThat(early.next()).containsExactly(Instant.parse("2026-12-02T01:30:00Z"), Instant.parse("2026-12-03T01:30:00Z"));
        assertThat(schedules.get(1).next()).hasSize(2).allSatisfy(at -> assertThat(at).isAfter(Instant.parse("2026-12-01T12:00:00Z")));
        assertThat(pipelines().schedules("nope", Instant.now(), 3)).isEmpty();
    }
}
