package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.local.app.LocalAppTest;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code sluice backfill ...} against a running app: block {@code up-a} and its downstream ({@code down} depends on it)
 * for a date, then backfill them in order and wait; the block is gone after. Bad input exits non-zero naming what was wrong.
 */
class CliBackfillTest extends LocalAppTest {

    private CliRun cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SluiceCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("SLUICE_URL", url()));
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void blockThenBackfillDownstreamAndWait() {
        // Dates no other test of this shared app uses, so the block holds nothing they wait for.
        CliRun blocked = cli("backfill", "up-a", "--from", "2025-08-01", "--to", "2025-08-02", "--block",
                "--until", Instant.now().plusSeconds(3600).toString(), "--reason", "bad rows from the supplier");
        assertThat(blocked.exit()).as(blocked.err()).isZero();
        JsonNode block = Json.parse(blocked.out());
        assertThat(texts(block.get("pipelines"))).containsExactly("up-a", "down");
        assertThat(block.get("rules")).hasSize(4);
        String blockId = block.get("id").asText();
        assertThat(cli("rules", "list").out()).contains(blockId + "-0");

        CliRun run = cli("backfill", "up-a", "--from", "2025-08-01", "--to", "2025-08-02", "--downstream", "--wait", "--timeout", "60");
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        JsonNode b = Json.parse(run.out());
        assertThat(b.get("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(b.get("runs")).hasSize(4);
        assertThat(b.get("chain").get("down").toString()).as("up-b is outside the chain").isEqualTo("[\"up-a\"]");
        assertThat(cli("rules", "list").out()).doesNotContain(blockId);

        CliRun alone = cli("backfill", "up-a", "--from", "2025-08-03", "--to", "2025-08-03", "--block", "--downstream=false",
                "--until", Instant.now().plusSeconds(60).toString(), "--reason", "only the source");
        assertThat(alone.exit()).as(alone.err()).isZero();
        assertThat(texts(Json.parse(alone.out()).get("pipelines"))).containsExactly("up-a");
    }

    @Test
    void badInputIsRefusedNamingIt() {
        CliRun unknown = cli("backfill", "no-such-pipeline", "--from", "2025-08-01", "--to", "2025-08-01");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).startsWith("sluice backfill: pipeline:").contains("no-such-pipeline");
        CliRun backwards = cli("backfill", "up-a", "--from", "2025-08-02", "--to", "2025-08-01");
        assertThat(backwards.exit()).isEqualTo(1);
        assertThat(backwards.err()).contains("to: expected a date on or after from");
        CliRun missing = cli("backfill", "up-a", "--from", "2025-08-01");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("--to");
        CliRun stray = cli("backfill", "up-a", "--from", "2025-08-01", "--to", "2025-08-01", "--reason", "x");
        assertThat(stray.exit()).isEqualTo(2);
        assertThat(stray.err()).contains("--block");
    }
}
