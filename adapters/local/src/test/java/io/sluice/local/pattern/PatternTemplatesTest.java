package io.sluice.local.pattern;

import static io.sluice.local.pattern.PatternExamples.PATTERNS;
import static io.sluice.local.pattern.PatternExamples.config;
import static io.sluice.local.pattern.PatternExamples.render;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.ConfigProblem;
import io.sluice.orchestration.pattern.PipelinePattern;
import io.sluice.orchestration.pattern.Rendering;
import io.sluice.orchestration.pattern.RetrySettings;
import io.sluice.orchestration.validation.DefinitionValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The four real templates and schemas, read from the classpath as the CLI reads them. */
class PatternTemplatesTest {
    private static final Set<String> FUNCTIONS = Set.of("read-config", "glue-launch", "copy-to-warehouse", "push-export",
            "write-status", "dependency-check");

    @ParameterizedTest
    @ValueSource(strings = {"ingestion", "export", "simulation", "manual-upload"})
    void everyExampleRendersADefinitionTheValidatorFindsNothingWrongWith(String pattern) {
        JsonNode definition = render(pattern, config(pattern)).definition();
        assertThat(DefinitionValidator.validate(definition)).isEmpty();
        assertThat(definition.get("StartAt").asText()).isEqualTo("Read config");
        assertThat(definition.at("/States/Failed/Type").asText()).isEqualTo("Fail");
        for (JsonNode resource : definition.findValues("Resource")) {
            String function = resource.asText().replaceFirst("^sluice:function:", "").replaceFirst("\\.(sync|waitForTaskToken)$", "");
            assertThat(FUNCTIONS).as(resource.asText()).contains(function);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ingestion", "export", "simulation", "manual-upload"})
    void renderingIsDeterministicAndIgnoresTheConfigsKeyOrder(String pattern) {
        Rendering.Rendered first = render(pattern, config(pattern));
        Rendering.Rendered again = render(pattern, config(pattern));
        Rendering.Rendered reordered = render(pattern, reversedKeys(config(pattern)));
        assertThat(again.hash()).isEqualTo(first.hash()).isEqualTo(reordered.hash()).startsWith("sha256:");
        assertThat(Json.write(again.definition())).isEqualTo(Json.write(first.definition())).isEqualTo(Json.write(reordered.definition()));
    }

    @Test
    void twoIngestionConfigsThatDifferInPathsAndJobParametersRenderTheSameDefinition() {
        ObjectNode moved = (ObjectNode) config("ingestion").deepCopy();
        moved.withObjectProperty("landing").put("job", "orders-landing-v2").withObjectProperty("arguments")
                .put("--source", "abfss://drop@acme.dfs.core.windows.net/orders/").put("--max-files", "500");
        moved.withObjectProperty("raw").withObjectProperty("arguments").put("--target", "s3://acme-lake-eu/raw/orders/");
        ((ObjectNode) moved.withArray("enriched").get(0)).put("job", "orders-enrich-v3").withObjectProperty("arguments").removeAll();
        moved.withObjectProperty("warehouse").put("table", "analytics.orders_v2").put("source", "s3://acme-lake-eu/enriched/orders/").put("format", "csv");
        assertThat(moved).isNotEqualTo(config("ingestion"));

        Rendering.Rendered before = render("ingestion", config("ingestion"));
        Rendering.Rendered after = render("ingestion", moved);
        assertThat(after.hash()).isEqualTo(before.hash());
        assertThat(Json.write(after.definition())).isEqualTo(Json.write(before.definition()));
        assertThat(Json.write(after.definition())).doesNotContain("orders", "s3://", "analytics");
    }

    @Test
    void theShapeOfAConfigDoesChangeTheDefinition() {
        String base = render("ingestion", config("ingestion")).hash();
        ObjectNode twoEnrichments = (ObjectNode) config("ingestion").deepCopy();
        twoEnrichments.withArray("enriched").add(twoEnrichments.withArray("enriched").get(0).deepCopy());
        JsonNode two = render("ingestion", twoEnrichments).definition();
        assertThat(names(two)).contains("Enriched 1", "Enriched 2").doesNotContain("Enriched");
        assertThat(two.at("/States/Enriched 2/Parameters/JobName.$").asText()).isEqualTo("$.config.enriched[1].job");

        ObjectNode moreRetries = (ObjectNode) config("ingestion").deepCopy();
        moreRetries.withObjectProperty("retry").put("maxAttempts", 6);
        JsonNode retried = render("ingestion", moreRetries).definition();
        assertThat(retried.at("/States/Raw/Retry/0/MaxAttempts").asInt()).isEqualTo(6);

        assertThat(List.of(render("ingestion", twoEnrichments).hash(), render("ingestion", moreRetries).hash()))
                .doesNotContain(base).doesNotHaveDuplicates();

        ObjectNode oneTarget = (ObjectNode) config("export").deepCopy();
        oneTarget.withArray("targets").remove(1);
        JsonNode export = render("export", oneTarget).definition();
        assertThat(names(export)).contains("Push").doesNotContain("Push 1", "Push 2");
    }

    @Test
    void configMistakesAreReportedWithAPointerAndASentence() {
        ObjectNode ingestion = (ObjectNode) config("ingestion").deepCopy();
        ingestion.remove("warehouse");
        ingestion.withObjectProperty("landing").remove("arguments");
        ingestion.withObjectProperty("retry").put("maxAtempts", 5);
        assertThat(problems("ingestion", ingestion)).containsExactly(
                "/landing/arguments: Required field 'arguments' is missing: the job run's arguments, such as source and target paths;"
                        + " every value is a string. Use {} for none.",
                "/retry/maxAtempts: 'maxAtempts' is not a field here; the fields are maxAttempts, intervalSeconds, backoffRate,"
                        + " maxDelaySeconds, jitter.",
                "/warehouse: Required field 'warehouse' is missing: the warehouse load that follows the jobs.");

        ObjectNode export = (ObjectNode) config("export").deepCopy();
        ((ObjectNode) export.withArray("targets").get(1)).put("kind", "ftp").put("credentials", "hunter2");
        ((ObjectNode) export.withArray("targets").get(0)).putObject("credentials").put("secret", "bank-sftp").put("value", "x");
        export.withObjectProperty("dependencies").put("deadlineSeconds", 5);
        assertThat(problems("export", export)).containsExactly(
                "/dependencies/deadlineSeconds: Must be 60 or more, but found number 5.",
                "/targets/0/credentials/value: 'value' is not a field here; the fields are secret.",
                "/targets/1/credentials: Expected an object, but found string \"hunter2\".",
                "/targets/1/kind: Expected one of [\"http\",\"sftp\"], but found string \"ftp\".");

        ObjectNode simulation = (ObjectNode) config("simulation").deepCopy();
        simulation.put("maxConcurrency", 0).putArray("scenarios");
        assertThat(problems("simulation", simulation)).containsExactly(
                "/maxConcurrency: Must be 1 or more, but found number 0.",
                "/scenarios: Needs at least 1 entry, but has 0.");

        ObjectNode upload = (ObjectNode) config("manual-upload").deepCopy();
        upload.withObjectProperty("approval").putArray("approvers");
        upload.put("enriched", "fx-rates-cross");
        assertThat(problems("manual-upload", upload)).containsExactly(
                "/approval/approvers: Needs at least 1 entry, but has 0.",
                "/enriched: Expected an array, but found string \"fx-rates-cross\".");
    }

    @Test
    void theSchemasShareTheirDefinitionsAndTheRetryDefaultsAreTheRenderersDefaults() {
        JsonNode defs = PATTERNS.schema(PipelinePattern.INGESTION).get("$defs");
        for (PipelinePattern p : PipelinePattern.values()) {
            assertThat(PATTERNS.schema(p).get("$defs")).as(p.id()).isEqualTo(defs);
        }
        JsonNode retry = defs.at("/retry/properties");
        assertThat(retry.at("/maxAttempts/default").asInt()).isEqualTo(RetrySettings.DEFAULT_MAX_ATTEMPTS);
        assertThat(retry.at("/intervalSeconds/default").asInt()).isEqualTo(RetrySettings.DEFAULT_INTERVAL_SECONDS);
        assertThat(retry.at("/backoffRate/default").asDouble()).isEqualTo(RetrySettings.DEFAULT_BACKOFF_RATE);
        assertThat(retry.at("/jitter/default").asText()).isEqualTo(RetrySettings.DEFAULT_JITTER);
    }

    private static List<String> problems(String pattern, JsonNode config) {
        Rendering r = PATTERNS.render(pattern, config);
        assertThat(r).isInstanceOf(Rendering.Rejected.class);
        return ((Rendering.Rejected) r).problems().stream().map(ConfigProblem::toString).toList();
    }

    private static List<String> names(JsonNode definition) {
        List<String> names = new ArrayList<>();
        definition.get("States").fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode reversedKeys(JsonNode node) {
        if (node.isObject()) {
            List<String> keys = new ArrayList<>();
            node.fieldNames().forEachRemaining(keys::add);
            ObjectNode out = Json.object();
            for (int i = keys.size() - 1; i >= 0; i--) {
                out.set(keys.get(i), reversedKeys(node.get(keys.get(i))));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = Json.NODES.arrayNode();
            node.forEach(item -> out.add(reversedKeys(item)));
            return out;
        }
        return node;
    }
}
