package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.local.config.PipelineConfigStore;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.Patterns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pipelines written as pattern configs ({@code <id>.config.json}), rendered when the catalog reads them. */
class PatternPipelinesTest {
    private static final Patterns PATTERNS = ClasspathPatternResources.patterns();
    private static final Set<String> FUNCTIONS = Set.of("read-config", "glue-launch", "copy-to-warehouse", "push-export",
            "write-status", "dependency-check", "echo");
    private static final String ORDERS = """
            {"pattern": "ingestion", "pipeline": "orders",
             "landing": {"job": "orders-landing", "arguments": {}}, "raw": {"job": "orders-raw", "arguments": {}},
             "enriched": [{"job": "orders-enriched", "arguments": {}}],
             "warehouse": {"table": "retail.orders", "source": "warehouse/orders/", "format": "csv"}}""";

    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Files.writeString(dir.resolve(name), text);
    }

    @Test
    void aPatternConfigIsAPipelineRenderedByItsPattern() throws IOException {
        write("orders.config.json", ORDERS);
        write("hello.asl.json", """
                {"StartAt": "E", "States": {"E": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""");
        PipelineCatalog catalog = PipelineCatalog.load(dir, FUNCTIONS, PATTERNS);
        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.pipelines()).extracting(PipelineCatalog.Pipeline::id).containsExactly("hello", "orders");
        PipelineCatalog.Pipeline orders = ((PipelineCatalog.Lookup.Found) catalog.find("orders")).pipeline();
        assertThat(orders.definition().root().startAt()).isEqualTo("Read config");
        assertThat(orders.file()).isEqualTo(dir.resolve("orders.config.json"));
        assertThat(PipelineCatalog.load(dir, FUNCTIONS).pipelines()).as("without patterns, configs are no pipelines")
                .extracting(PipelineCatalog.Pipeline::id).containsExactly("hello");
        assertThat(catalog.ids()).as("listed as the API lists pipelines").containsExactly("hello", "orders");
        assertThat(PipelineCatalog.load(dir, FUNCTIONS).ids()).containsExactly("hello");
    }

    @Test
    void aConfigThatCannotBeRenderedIsReportedWithPointersAndLeftOut() throws IOException {
        write("no-pattern.config.json", ORDERS.replace("\"pattern\": \"ingestion\", ", "").replace("\"orders\"", "\"no-pattern\""));
        write("elsewhere.config.json", ORDERS);
        write("broken.config.json", ORDERS.replace("\"pipeline\": \"orders\"", "\"pipeline\": \"broken\"").replace("\"format\": \"csv\"", "\"format\": \"xml\""));
        write("unknown.config.json", ORDERS.replace("ingestion", "etl").replace("\"orders\"", "\"unknown\""));
        write("twice.config.json", ORDERS.replace("\"orders\"", "\"twice\""));
        write("twice.asl.json", "{}");
        PipelineCatalog catalog = PipelineCatalog.load(dir, FUNCTIONS, PATTERNS);
        assertThat(catalog.pipelines()).isEmpty();
        assertThat(catalog.problems()).extracting(PipelineProblem::toString).containsExactlyInAnyOrder(
                dir.getFileName() + "/no-pattern.config.json: /pattern: A pipeline config names its pattern: \"pattern\": one of "
                        + "ingestion, export, simulation, manual-upload.",
                dir.getFileName() + "/elsewhere.config.json: /pipeline: The config is for pipeline 'orders' but its file makes it"
                        + " pipeline 'elsewhere'; rename the file orders.config.json or correct the field.",
                dir.getFileName() + "/broken.config.json: /warehouse/format: Expected one of [\"parquet\",\"csv\",\"json\"], but found"
                        + " string \"xml\".",
                dir.getFileName() + "/unknown.config.json: /pattern: There is no pattern 'etl'; the patterns are ingestion, export,"
                        + " simulation, manual-upload.");
        assertThat(catalog.find("twice")).isInstanceOfSatisfying(PipelineCatalog.Lookup.Invalid.class, i -> assertThat(i.problems())
                .extracting(PipelineProblem::message).containsExactly("Pipeline 'twice' has both twice.asl.json and"
                        + " twice.config.json; keep one of them."));
    }

    @Test
    void readConfigFindsAPatternPipelinesConfigByItsIdUnlessTheConfigFolderHasOne() throws IOException {
        write("orders.config.json", ORDERS);
        Path configs = Files.createDirectories(dir.resolve("configs"));
        Files.writeString(configs.resolve("fx.json"), "{\"rates\": []}");
        PipelineConfigStore store = new PipelineConfigStore(configs, dir);
        assertThat(store.read("orders.json").map(Json::parse)).hasValue(Json.parse(ORDERS));
        assertThat(store.read("fx.json")).hasValue("{\"rates\": []}");
        assertThat(store.read("orders.schema.json")).isEmpty();
        assertThat(store.read("absent.json")).isEmpty();
        Files.writeString(configs.resolve("orders.json"), "{}");
        assertThat(store.read("orders.json")).hasValue("{}");
    }
}
