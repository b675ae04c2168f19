package io.sluice.api.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.trigger.upstream.Dependent;
import io.sluice.functions.trigger.upstream.PartitionMapping;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/** The bundle's options files: {@code dependsOn} read as the local runtime reads it, and a bad one stops the cold start. */
class BundledPipelinesTest {
    private static final String PASS = "{\"StartAt\": \"D\", \"States\": {\"D\": {\"Type\": \"Pass\", \"End\": true}}}";

    @TempDir
    Path dir;

    private BundledPipelines load() {
        return BundledPipelines.load(new PathMatchingResourcePatternResolver(), "file:" + dir + "/*.asl.json");
    }

    @Test
    void dependsOnBecomesTheDependencyGraph() throws Exception {
        Files.writeString(dir.resolve("orders.asl.json"), PASS);
        Files.writeString(dir.resolve("rates.asl.json"), PASS);
        Files.writeString(dir.resolve("report.asl.json"), PASS);
        Files.writeString(dir.resolve("report.pipeline.json"), """
                {"dependsOn": ["orders", {"pipeline": "rates", "partitions": "same-date"}],
                 "schedule": {"expression": "cron(0 3 * * ? *)"}}""");

        BundledPipelines bundle = load();

        assertThat(bundle.dependencyGraph().dependentsOf("rates")).singleElement().satisfies(d -> {
            assertThat(d.pipeline()).isEqualTo("report");
            assertThat(d.dependsOn()).containsExactly(new Dependent.Dependency("orders", PartitionMapping.IDENTITY),
                    new Dependent.Dependency("rates", PartitionMapping.SAME_DATE));
        });
        assertThat(bundle.dependencyGraph().dependentsOf("report")).isEmpty();
    }

    @Test
    void aBadOptionsFileNamesEachProblem() throws Exception {
        Files.writeString(dir.resolve("report.asl.json"), PASS);
        Files.writeString(dir.resolve("report.pipeline.json"), """
                {"dependsOn": ["missing", "report", {"pipeline": "x", "partitions": "weekly"}], "retries": 3}""");

        assertThatThrownBy(this::load).isInstanceOf(IllegalStateException.class).hasMessageContainingAll(
                "report.pipeline.json: /retries: unknown field",
                "report.pipeline.json: /dependsOn/1: a pipeline cannot wait for itself",
                "report.pipeline.json: /dependsOn/2/partitions: expected 'identity' or 'same-date', got 'weekly'",
                "report.pipeline.json: /dependsOn: upstream pipeline 'missing' is not bundled");
    }

    @Test
    void thePriorityOfTheOptionsFileIsThePipelinesChannelAndABadOneIsNamed() throws Exception {
        Files.writeString(dir.resolve("orders.asl.json"), PASS);
        Files.writeString(dir.resolve("orders.pipeline.json"), "{\"priority\": \"P1\"}");
        Files.writeString(dir.resolve("rates.asl.json"), PASS);

        BundledPipelines bundle = load();

        assertThat(bundle.priority("orders")).isEqualTo(Priority.P1);
        assertThat(bundle.priority("rates")).as("no options file: the default channel").isEqualTo(Priority.DEFAULT);

        Files.writeString(dir.resolve("rates.pipeline.json"), "{\"priority\": \"urgent\"}");
        assertThatThrownBy(this::load).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("rates.pipeline.json: /priority: expected one of P0, P1, P2, P3 (P0 highest), such as \"P1\"; got \"urgent\"");
    }

    @Test
    void anUpstreamThatIsNotBundledMayBeAMachineTheDependentsTenantCreatesThroughTheStepFunctionsApi() throws Exception {
        Files.writeString(dir.resolve("report.asl.json"), PASS);
        Files.writeString(dir.resolve("report.pipeline.json"), "{\"dependsOn\": [\"ingest\"]}");
        Map<String, String> owners = Map.of("report", "finance", "ingest", "finance", "other", "ops");
        Tenancy tenancy = p -> Optional.ofNullable(owners.get(p));

        BundledPipelines bundle = BundledPipelines.load(new PathMatchingResourcePatternResolver(), "file:" + dir + "/*.asl.json", tenancy);
        assertThat(bundle.dependencyGraph().dependentsOf("ingest")).extracting(Dependent::pipeline).containsExactly("report");

        Files.writeString(dir.resolve("report.pipeline.json"), "{\"dependsOn\": [\"other\"]}");
        assertThatThrownBy(() -> BundledPipelines.load(new PathMatchingResourcePatternResolver(), "file:" + dir + "/*.asl.json", tenancy))
                .as("another tenant's machine").hasMessageContaining("report.pipeline.json: /dependsOn: upstream pipeline 'other' is not bundled")
                .hasMessageContaining("'other' is not among the pipelines of tenant 'finance'");
        Files.writeString(dir.resolve("report.pipeline.json"), "{\"dependsOn\": [\"ingest\"]}");
        assertThatThrownBy(this::load).as("no tenants: no machine can be created").hasMessageContaining(
                "upstream pipeline 'ingest' is not bundled; expected one of [report], or a state machine created through the Step Functions API")
                .hasMessageContaining("'report' belongs to no tenant in tenants.json");
    }
}
