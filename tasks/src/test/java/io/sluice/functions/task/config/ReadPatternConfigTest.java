package io.sluice.functions.task.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.definition.ContentHash;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.PatternResources;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.testkit.fake.InMemorySecretResolver;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** read-config as the pattern templates call it: by pipeline, checked against the pattern's own schema. */
class ReadPatternConfigTest {
    /** The platform's own call outside any execution (the local function emulator's): trusted to name the config. */
    static final TaskContext PLATFORM = TaskContext.outside(IntegrationPattern.REQUEST_RESPONSE, new Owner.Platform(null, null));

    static final String EXPORT = """
            {"pattern": "export", "pipeline": "daily-sales",
             "dependencies": {"upstream": ["orders", "customers"], "deadlineSeconds": 600},
             "unload": {"job": "unload", "arguments": {}},
             "transform": [{"job": "to-csv", "arguments": {"--target": "exports/daily-sales/"}}],
             "targets": [{"name": "partner", "kind": "sftp", "endpoint": "sftp://demo@127.0.0.1:2222/inbound",
                          "source": "exports/daily-sales/", "credentials": {"secret": "partner-password"}}]}""";
    static final JsonNode INPUT = Json.parse("{\"pattern\": \"export\", \"pipeline\": \"daily-sales\", \"partition\": \"2026-11-29\"}");

    final InMemoryConfigStore store = new InMemoryConfigStore().put("daily-sales.json", EXPORT);
    final InMemorySecretResolver secrets = new InMemorySecretResolver().put("partner-password", "s3cret-Value");
    final ReadConfig readConfig = new ReadConfig(store, secrets, new Patterns(ReadPatternConfigTest::resource));

    static String resource(String name) {
        try (InputStream in = PatternResources.class.getResourceAsStream("/" + PatternResources.ROOT + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private TaskError failure(JsonNode input) {
        return catchThrowableOfType(TaskError.class, () -> readConfig.apply(input, PLATFORM));
    }

    @Test
    void thePipelinesConfigIsCheckedAsWrittenAndComesBackWithItsSecretReferences() {
        JsonNode out = readConfig.apply(INPUT, PLATFORM);
        assertThat(out.get("name").asText()).isEqualTo("daily-sales");
        assertThat(out.at("/config/targets/0/credentials")).isEqualTo(Json.parse("{\"secret\": \"partner-password\"}"));
        assertThat(Json.write(out)).doesNotContain("s3cret-Value");
        assertThat(out.at("/config/dependencies/upstream/1").asText()).isEqualTo("customers");
        assertThat(out.get("configHash").asText()).isEqualTo(ContentHash.of(Json.parse(EXPORT)));
    }

    @Test
    void aConfigThatBreaksThePatternsSchemaIsInvalidWithEveryProblemAndNoSecret() {
        store.put("daily-sales.json", EXPORT.replace("\"deadlineSeconds\": 600", "\"deadlineSeconds\": 5")
                .replace("\"kind\": \"sftp\"", "\"kind\": \"ftp\""));
        TaskError e = failure(INPUT);
        assertThat(e.errorName()).isEqualTo("Config.Invalid");
        assertThat(e.getMessage()).startsWith("Config 'daily-sales' does not match the export pattern's schema (2 problems): ")
                .contains("/dependencies/deadlineSeconds: Must be 60 or more").contains("/targets/0/kind: ")
                .doesNotContain("s3cret");
    }

    @Test
    void aConfigOfAnotherPatternOrPipelineIsInvalid() {
        TaskError wrongPattern = failure(Json.parse("{\"pattern\": \"ingestion\", \"pipeline\": \"daily-sales\"}"));
        assertThat(wrongPattern.errorName()).isEqualTo("Config.Invalid");
        assertThat(wrongPattern.getMessage()).contains("ingestion pattern's schema").contains("/pattern: ");

        store.put("other.json", EXPORT);
        TaskError wrongPipeline = failure(Json.parse("{\"pattern\": \"export\", \"pipeline\": \"other\"}"));
        assertThat(wrongPipeline.getMessage()).isEqualTo("Config 'other' belongs to pipeline 'daily-sales', not to 'other', which"
                + " read it: correct its \"pipeline\" field, or the config's name.");

        assertThat(failure(Json.parse("{\"pattern\": \"etl\", \"pipeline\": \"daily-sales\"}")).getMessage())
                .contains("pattern 'etl'").contains("ingestion, export, simulation, manual-upload");
    }

    @Test
    void withoutPatternsAPatternConfigIsCheckedAgainstItsSiblingSchemaAsAnyOther() {
        ReadConfig plain = new ReadConfig(store.put("daily-sales.schema.json", "{\"required\": [\"pipeline\"]}"), secrets);
        assertThat(plain.apply(INPUT, PLATFORM).at("/config/pipeline").asText()).isEqualTo("daily-sales");
    }
}
