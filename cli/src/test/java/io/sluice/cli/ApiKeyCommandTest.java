package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.tenant.ApiKeys;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ApiKeyCommandTest {
    @Test
    void printsTheKeyOnceAndTheEntryWithItsHashOnly() {
        CliRun run = CliRun.of("api-key", "--id", "ci", "--role", "reader");
        assertThat(run.exit()).isZero();
        String[] lines = run.out().split("\n");
        String key = lines[0].substring(lines[0].lastIndexOf(' ') + 1);
        assertThat(key).startsWith("sk_");
        JsonNode entry = Json.parse(lines[2]);
        assertThat(entry.get("id").asText()).isEqualTo("ci");
        assertThat(entry.get("role").asText()).isEqualTo("reader");
        assertThat(entry.get("sha256").asText()).isEqualTo(ApiKeys.hashHex(key));
        assertThat(lines[2]).doesNotContain(key);
    }

    @Test
    void refusesWhatIsNotAnIdOrARole() {
        CliRun role = CliRun.of("api-key", "--role", "admin");
        assertThat(role.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(role.err()).contains("'operator' or 'reader'");
        CliRun id = CliRun.of("api-key", "--id", "has space");
        assertThat(id.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(id.err()).contains("--id");
    }
}
