package io.sluice.local.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.local.tenant.ApiKeys;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ApiKeyCommandTest {
    @Test
    void printsTheKeyOnceAndTheEntryWithItsHashOnly() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = new ApiKeyCommand(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(new String[] {"--id", "ci", "--role", "reader"});
        assertThat(exit).isZero();
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
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
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new ApiKeyCommand(sink).run(new String[] {"--role", "admin"})).hasMessageContaining("'operator' or 'reader'");
        assertThatThrownBy(() -> new ApiKeyCommand(sink).run(new String[] {"--id", "has space"})).hasMessageContaining("--id");
    }
}
