package io.sluice.postgres.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusTableTest {
    static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");

    @Test
    void rowsInAndOutAreColumnsAndAFailedRunLinksItsJobLog() {
        StatusRecord ok = new StatusRecord("ex-1", "orders", "2026-11-29", RunState.SUCCEEDED, 0, T0, T0.plusSeconds(12),
                40_000L, 39_998L, null, "sha256:a", "/runs/jr_1/log.txt");
        StatusRecord failed = new StatusRecord("ex-2", "returns", "2026-11-29", RunState.FAILED, 0, T0, T0.plusSeconds(3),
                null, null, "Glue.JobFailed: Job 'returns-landing' run jr_2 ended FAILED: CSV Error", "sha256:b", "/runs/jr_2/log.txt");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StatusTable.print(List.of(ok, failed), new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines.getFirst()).contains("ROWS IN", "ROWS OUT");
        assertThat(lines.get(1)).contains("40,000", "39,998");
        assertThat(lines.get(2)).startsWith("returns").contains("CSV Error");
        assertThat(lines.get(3)).isEqualTo("  job log: /runs/jr_2/log.txt");
        assertThat(lines).hasSize(4).noneMatch(l -> l.contains("jr_1/log.txt"));
    }
}
