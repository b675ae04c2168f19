package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.local.app.LocalAppTest;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice rules ...} against a running app: simulate first, then add, list, read the changes, remove. */
class CliRulesTest extends LocalAppTest {
    @TempDir
    Path dir;

    private CliRun cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SluiceCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("SLUICE_URL", url()));
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private String file(String name, String pipeline, String id) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, """
                {"id": "%s", "effect": "block", "pipeline": "%s", "until": "%s", "reason": "bad rows from the supplier"}"""
                .formatted(id, pipeline, Instant.now().plusSeconds(3600)));
        return p.toString();
    }

    @Test
    void simulateAddListChangesRemove() throws IOException {
        CliRun simulated = cli("rules", "simulate", file("up.json", "up-*", "candidate"), "--hours", "2");
        assertThat(simulated.exit()).as(simulated.err()).isZero();
        List<String> matched = new ArrayList<>();
        Json.parse(simulated.out()).get("pipelines").forEach(p -> matched.add(p.asText()));
        assertThat(matched).containsExactly("up-a", "up-b");

        String id = unique("cli-rule");
        // A pipeline no other test of this shared app runs: the rule holds nothing they wait for.
        CliRun added = cli("rules", "add", file("rule.json", "rules-cli-nothing", id));
        assertThat(added.exit()).as(added.err()).isZero();
        assertThat(Json.parse(added.out()).get("author").asText()).isEqualTo("local");
        assertThat(cli("rules", "list").out()).contains(id);
        assertThat(cli("rules", "remove", id).exit()).isZero();
        assertThat(cli("rules", "list").out()).doesNotContain(id);
        assertThat(cli("rules", "changes", "--limit", "10").out()).contains("\"removed\"").contains(id);

        CliRun again = cli("rules", "remove", id);
        assertThat(again.exit()).isEqualTo(1);
        assertThat(again.err()).startsWith("sluice rules remove: There is no rule");
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"effect\": \"block\", \"reason\": \"x\"}");
        CliRun refused = cli("rules", "add", bad.toString());
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("/until: required");
    }
}
