package io.sluice.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DemoProgressTest {
    static final Instant T0 = Instant.parse("2026-11-30T03:00:00Z");

    private static Optional<ExecutionControl.Described> running() {
        JsonNode input = Json.object().put("pipeline", "orders");
        Execution e = new Execution("orders:x", "x", "sha256:1", input, T0);
        return Optional.of(new ExecutionControl.Described(new ExecutionSummary("orders:x", "orders", "x", "RUNNING", "sha256:1", T0, null), e));
    }

    private static String render(boolean redraw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DemoProgress progress = new DemoProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), redraw, List.of("orders", "returns"), T0);
        Map<String, Optional<ExecutionControl.Described>> now = new LinkedHashMap<>();
        now.put("orders", Optional.empty());
        now.put("returns", Optional.empty());
        progress.update(now, T0.plusMillis(100));
        progress.update(now, T0.plusMillis(200));
        now.put("orders", running());
        progress.update(now, T0.plusMillis(1500));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void plainOutputPrintsALinePerChangeWithTheTimeAndNoEscapeCodes() {
        String plain = render(false);
        assertThat(plain).doesNotContain("\033");
        assertThat(plain.lines()).containsExactly(
                "[  0.1s] orders   waiting to start",
                "[  0.1s] returns  waiting to start",
                "[  1.5s] orders   RUNNING");
    }

    @Test
    void onATerminalTheBlockIsRedrawnInPlace() {
        String redrawn = render(true);
        assertThat(redrawn).contains("\033[2F").contains("\033[2K");
        assertThat(redrawn.split("\033\\[2F")).hasSize(3);
    }

    @Test
    void aJobFailureShowsWhatFailedWithoutTheRunIdAndLog() {
        assertThat(DemoProgress.essence("{\"Id\":\"jr_0a1b\",\"JobName\":\"returns-landing\",\"JobRunState\":\"FAILED\","
                + "\"ErrorMessage\":\"Invalid Input Error: CSV Error on Line: 402; Original Line: R-1,O-2,2026-11-29T10:00:00Z,1,"
                + "too small, wrong colour; Expected Number of Columns: 5 Found: 6\",\"LogLocation\":\"/tmp/x/log.txt\"}"))
                .isEqualTo("Invalid Input Error: CSV Error on Line: 402; Expected Number of Columns: 5 Found: 6");
        assertThat(DemoProgress.essence("Warehouse.BadData: no")).isEqualTo("Warehouse.BadData: no");
    }
}
