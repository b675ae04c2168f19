package io.sluice.local.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.functions.trigger.object.InMemoryTriggerMetrics;
import io.sluice.functions.trigger.object.LocalFolderEvent;
import io.sluice.functions.trigger.object.ObjectCreated;
import io.sluice.functions.trigger.object.StoreKind;
import io.sluice.functions.trigger.object.TriggerReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectRulesFileTest {
    @TempDir
    Path dir;

    private final Map<String, String> started = new ConcurrentHashMap<>();
    private final ExecutionStarter starter = (pipeline, name, input) -> started.putIfAbsent(pipeline + ":" + name, input.toString()) == null
            ? new StartResult.Started(summary(pipeline, name)) : new StartResult.AlreadyRunning(summary(pipeline, name));

    private static ExecutionSummary summary(String pipeline, String name) {
        return new ExecutionSummary(pipeline + ":" + name, pipeline, name, "RUNNING", "test", null, null);
    }

    @Test
    void everyProblemIsALineNamingFileAndField() throws Exception {
        Path file = Files.writeString(dir.resolve("triggers.json"), """
                {"rules": [{"id": "a", "prefix": "x/", "pipeline": "p"},
                           {"id": "b", "bucket": "landing", "pipeline": "p", "minSize": -1, "colour": "red"}]}""");
        assertThatThrownBy(() -> ObjectRulesFile.read(file)).isInstanceOfSatisfying(ObjectRulesFile.Invalid.class, e -> assertThat(e.problems())
                .containsExactlyInAnyOrder(file + ": /rules/0/bucket: missing",
                        file + ": /rules/1/colour: unknown field; a rule has [bucket, container, glob, id, input, maxSize, minSize, partition, "
                                + "pipeline, prefix, store, suffix]",
                        file + ": /rules/1/minSize: should be a whole number of bytes ≥ 0 but is -1"));
        Files.writeString(file, "{\"rules\": [");
        assertThatThrownBy(() -> ObjectRulesFile.read(file)).isInstanceOfSatisfying(ObjectRulesFile.Invalid.class,
                e -> assertThat(e.problems()).singleElement().asString().startsWith(file + ": /: "));
    }

    @Test
    void anEditedFileReplacesTheRulesAndABrokenEditKeepsTheOldOnes() throws Exception {
        Path file = Files.writeString(dir.resolve("triggers.json"), rule("orders"));
        ObjectRulesFile rules = ObjectRulesFile.load(file, starter, new InMemoryTriggerMetrics());
        assertThat(announce(rules, "a.csv").started()).singleElement().satisfies(s -> assertThat(s.pipeline()).isEqualTo("orders"));

        rewrite(file, rule("sales"));
        assertThat(announce(rules, "b.csv").started()).singleElement().satisfies(s -> assertThat(s.pipeline()).isEqualTo("sales"));

        rewrite(file, "{\"rules\": [{\"bucket\": \"landing\"}]}");
        assertThat(announce(rules, "c.csv").started()).singleElement().satisfies(s -> assertThat(s.pipeline()).isEqualTo("sales"));
        assertThat(announce(rules, "c.csv").duplicates()).hasSize(1);
    }

    private static String rule(String pipeline) {
        return "{\"rules\": [{\"bucket\": \"landing\", \"suffix\": \".csv\", \"pipeline\": \"" + pipeline + "\"}]}";
    }

    private static TriggerReport announce(ObjectRulesFile rules, String key) {
        return rules.apply(LocalFolderEvent.write(List.of(new ObjectCreated(StoreKind.LOCAL, "landing", key, 3,
                "0123456789abcdef0123456789abcdef", null, "0000000000000001", Instant.EPOCH))));
    }

    private static void rewrite(Path file, String content) throws Exception {
        FileTime before = Files.getLastModifiedTime(file);
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.fromMillis(before.toMillis() + 10_000));
    }
}
