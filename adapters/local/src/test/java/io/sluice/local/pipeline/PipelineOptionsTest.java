package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineProblem;
import io.sluice.functions.pipeline.PipelineOptions;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.trigger.upstream.Dependent.Dependency;
import io.sluice.functions.trigger.upstream.PartitionMapping;
import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PipelineOptionsTest {
    private static PipelineOptions.Parsed parse(String json) {
        return PipelineOptions.parse("export", Json.parse(json), "export.pipeline.json");
    }

    @Test
    void dependenciesAndAWebhookAreRead() {
        PipelineOptions o = parse("""
                {"dependsOn": ["orders", {"pipeline": "rates"}, {"pipeline": "hourly", "partitions": "same-date"}],
                 "webhook": {"secret": "export-hook", "toleranceSeconds": 30}}""").options();
        assertThat(o.dependsOn()).containsExactly(new Dependency("orders", PartitionMapping.IDENTITY),
                new Dependency("rates", PartitionMapping.IDENTITY), new Dependency("hourly", PartitionMapping.SAME_DATE));
        assertThat(o.webhook()).isEqualTo(new PipelineOptions.Webhook("export-hook", Duration.ofSeconds(30)));
        assertThat(parse("{\"webhook\": {\"secret\": \"h\"}}").options().webhook().tolerance()).isEqualTo(Duration.ofMinutes(5));
        assertThat(parse("{}").options()).isEqualTo(PipelineOptions.NONE);
    }

    @Test
    void problemsMakeTheOptionsUnusableAndSayWhere() {
        PipelineOptions.Parsed p = parse("""
                {"dependsOn": ["export", "orders", "orders", {"pipeline": "x", "partitions": "weekly"}, 7],
                 "webhook": {"secret": "a", "toleranceSeconds": 0}, "retries": 3}""");
        assertThat(p.options()).isNull();
        assertThat(p.problems()).extracting(PipelineProblem::pointer).containsExactlyInAnyOrder("/dependsOn/0", "/dependsOn/2",
                "/dependsOn/3/partitions", "/dependsOn/4", "/webhook/toleranceSeconds", "/retries");
        assertThat(parse("{\"webhook\": {\"secret\": \"plain text secret!\"}}").problems()).singleElement()
                .satisfies(pr -> assertThat(pr.message()).contains("never the secret itself"));
        assertThat(parse("[]").options()).isNull();
        assertThat(parse("{\"dependsOn\": \"orders\"}").problems()).extracting(PipelineProblem::pointer).containsExactly("/dependsOn");
    }

    @Test
    void aRetentionIsAnIsoDurationAndAnythingElseIsAProblemAtItsPointer() {
        assertThat(parse("{\"retention\": \"P7D\"}").options().retention()).isEqualTo(Duration.ofDays(7));
        assertThat(parse("{\"retention\": \"PT6H\"}").options().retention()).isEqualTo(Duration.ofHours(6));
        assertThat(parse("{}").options().retention()).isNull();
        for (String bad : new String[] {"\"7 days\"", "604800", "\"-P1D\"", "\"P4000D\""}) {
            assertThat(parse("{\"retention\": " + bad + "}").problems()).as(bad).singleElement().satisfies(p -> {
                assertThat(p.pointer()).isEqualTo("/retention");
                assertThat(p.message()).contains("ISO-8601 duration");
            });
        }
    }

    @Test
    void hibernateAfterIsAnIsoDurationOrNeverAndAnythingElseIsAProblemAtItsPointer() {
        assertThat(parse("{\"hibernateAfter\": \"PT30M\"}").options().hibernateAfter()).isEqualTo(Duration.ofMinutes(30));
        assertThat(parse("{\"hibernateAfter\": \"never\"}").options().hibernateAfter())
                .isEqualTo(io.sluice.functions.pipeline.PipelineOptions.NEVER_HIBERNATE);
        assertThat(parse("{}").options().hibernateAfter()).as("the runtime's default").isNull();
        for (String bad : new String[] {"\"soon\"", "600", "\"-PT1M\"", "\"P400D\"", "\"Never\""}) {
            assertThat(parse("{\"hibernateAfter\": " + bad + "}").problems()).as(bad).singleElement().satisfies(p -> {
                assertThat(p.pointer()).isEqualTo("/hibernateAfter");
                assertThat(p.message()).contains("ISO-8601 duration").contains("\"never\"");
            });
        }
    }

    @Test
    void aPriorityIsP0ToP3DefaultP2AndAnythingElseIsAProblemNamingTheField() {
        assertThat(parse("{\"priority\": \"P1\"}").options().priority()).isEqualTo(io.sluice.functions.priority.Priority.P1);
        assertThat(parse("{\"priority\": \"P0\"}").options().priority()).isEqualTo(io.sluice.functions.priority.Priority.P0);
        assertThat(parse("{}").options().priority()).isEqualTo(io.sluice.functions.priority.Priority.P2);
        for (String bad : new String[] {"\"P4\"", "\"urgent\"", "0", "[\"P1\"]"}) {
            assertThat(parse("{\"priority\": " + bad + "}").problems()).as(bad).singleElement().satisfies(p -> {
                assertThat(p.pointer()).isEqualTo("/priority");
                assertThat(p.message()).contains("P0, P1, P2, P3").contains(bad);
            });
        }
    }

    @Test
    void schedulesAreReadInEachFormWithTheirDefaults() {
        assertThat(parse("{\"schedule\": \"cron(0 3 * * ? *)\"}").options().schedules()).singleElement().satisfies(s -> {
            assertThat(s.label()).isNull();
            assertThat(s.key("export").scheduleId()).isEqualTo("export");
            assertThat(s.shape().encode()).isEqualTo("cron(0 3 * * ? *)|UTC|skip|latest");
        });
        assertThat(parse("""
                {"schedule": {"expression": "0 3 * * *", "timezone": "Europe/Berlin", "overlap": "queue", "catchUp": "all:3"}}""")
                .options().schedules()).singleElement().satisfies(s -> assertThat(s.shape().encode())
                        .isEqualTo("0 3 * * *|Europe/Berlin|queue|all:3"));
        assertThat(parse("""
                {"schedule": [{"label": "morning", "expression": "0 6 * * *"}, {"label": "evening", "expression": "rate(12 hours)"}]}""")
                .options().schedules()).extracting(s -> s.key("export").scheduleId()).containsExactly("export/morning", "export/evening");
    }

    @Test
    void scheduleProblemsNameTheirField() {
        PipelineOptions.Parsed p = parse("""
                {"schedule": [{"label": "a", "expression": "cron(0 25 * * ? *)"}, {"expression": "rate(1 hour)"},
                              {"label": "c", "expression": "rate(1 hour)", "timezone": "Mars/Olympus", "every": 2},
                              {"label": "d", "expression": "rate(1 hour)", "overlap": "sometimes"},
                              {"label": "a", "expression": "rate(2 hours)", "catchUp": "most"}]}""");
        assertThat(p.options()).isNull();
        assertThat(p.problems()).extracting(PipelineProblem::pointer).containsExactlyInAnyOrder("/schedule/0/expression",
                "/schedule/1/label", "/schedule/2/timezone", "/schedule/2/every", "/schedule/3/overlap", "/schedule/4/catchUp");
        assertThat(p.problems().getFirst().message()).contains("hours");
        assertThat(parse("{\"schedule\": \"daily\"}").problems()).extracting(PipelineProblem::pointer).containsExactly("/schedule");
        assertThat(parse("{\"schedule\": {\"timezone\": \"UTC\"}}").problems()).extracting(PipelineProblem::pointer)
                .containsExactly("/schedule/expression");
        assertThat(parse("{\"schedule\": [{\"label\": \"a\", \"expression\": \"rate(1 hour)\"}, {\"label\": \"a\", "
                + "\"expression\": \"rate(2 hours)\"}]}").problems()).extracting(PipelineProblem::pointer).containsExactly("/schedule/1/label");
    }

    @Test
    void theCatalogReadsFilesAgainWhenTheyChangeAndTheGraphFollows(@TempDir Path dir) throws Exception {
        PipelineOptionsCatalog catalog = new PipelineOptionsCatalog(dir);
        LocalDependencyGraph graph = new LocalDependencyGraph(catalog, (a, b) -> !b.equals("foreign"));
        assertThat(catalog.find("export").options()).isEqualTo(PipelineOptions.NONE);
        Files.writeString(dir.resolve("export.pipeline.json"), "{\"dependsOn\": [\"orders\", \"foreign\"]}");
        Files.writeString(dir.resolve("broken.pipeline.json"), "{\"dependsOn\": [\"orders\"");
        assertThat(catalog.ids()).containsExactly("broken", "export");
        assertThat(graph.dependentsOf("orders")).extracting(d -> d.pipeline()).containsExactly("export");
        assertThat(graph.dependentsOf("foreign")).as("across tenants").isEmpty();
        assertThat(catalog.find("broken").problems()).isNotEmpty();
        Files.writeString(dir.resolve("export.pipeline.json"), "{\"dependsOn\": [\"rates\"]}");
        Files.setLastModifiedTime(dir.resolve("export.pipeline.json"),
                java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        assertThat(graph.dependentsOf("orders")).isEmpty();
        assertThat(graph.dependentsOf("rates")).extracting(d -> d.upstreams()).containsExactly(java.util.Set.of("rates"));
        assertThat(List.of(catalog.find("../etc").options())).containsExactly(PipelineOptions.NONE);
    }
}
