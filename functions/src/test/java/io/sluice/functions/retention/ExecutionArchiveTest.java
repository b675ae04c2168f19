package io.sluice.functions.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** The archive's codec reads a record's state as the line holds it, wherever the state stands among its fields. */
class ExecutionArchiveTest {
    private static final ExecutionSummary SUMMARY = new ExecutionSummary("orders:run-1", "orders", "run-1", "RUNNING",
            "h".repeat(64), Instant.parse("2026-12-06T10:00:00.123Z"), null, "2026-12-06");

    @Test
    void aStateWithBracesQuotesAndLineSeparatorsInItsStringsComesBackAsWritten() {
        String state = Json.write(Json.object().put("id", "orders:run-1").put("text", "} ] \" \\ {\u2028\u00e9\ud83d\ude00")
                .set("nested", Json.parse("[1,{\"a\":null,\"b\":[{}]},\"x\"]")));
        ArchivedExecution e = new ArchivedExecution(SUMMARY, 7, state, List.of("{\"type\":\"ExecutionStarted\"}", "{\"type\":\"x\"}"));

        ArchivedExecution back = ExecutionArchive.decode(ExecutionArchive.encode(e));

        assertThat(back).isEqualTo(e);
        assertThat(Json.parse(back.state())).isEqualTo(Json.parse(state));
    }

    @Test
    void aRecordWhoseStateComesBeforeItsOtherFieldsReadsWhole() throws IOException {
        String line = "{\"state\": {\"a\": [1, 2]}, \"v\": 2, \"executionId\": \"orders:run-1\", \"pipeline\": \"orders\", \"name\": \"run-1\","
                + " \"status\": \"RUNNING\", \"definitionHash\": \"" + "h".repeat(64) + "\", \"startTime\": \"2026-12-06T10:00:00.123Z\","
                + " \"stopTime\": null, \"version\": 7, \"partition\": \"2026-12-06\"}";

        ArchivedExecution back = ExecutionArchive.decode(gzip(line + "\n{\"type\":\"x\"}\n"));

        assertThat(back.summary()).isEqualTo(SUMMARY);
        assertThat(back.version()).isEqualTo(7);
        assertThat(Json.parse(back.state())).isEqualTo(Json.parse("{\"a\":[1,2]}"));
        assertThat(back.history()).containsExactly("{\"type\":\"x\"}");
    }

    @Test
    void aRecordWithoutAStateIsRefusedSayingSo() throws IOException {
        String line = "{\"v\":2,\"executionId\":\"orders:run-1\",\"version\":7}";

        assertThatThrownBy(() -> ExecutionArchive.decode(gzip(line + "\n"))).hasMessageContaining("has no state");
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }
}
