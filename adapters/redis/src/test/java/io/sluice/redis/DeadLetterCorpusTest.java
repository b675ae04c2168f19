package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.json.WireVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The recorded dead letters ({@code src/test/resources/wire-corpus/dead-letter/v<N>}, as the functions module's
 * wire-corpus README describes): every file of a version the store reads decodes to its sample, and the current writer
 * writes exactly the newest version.
 */
class DeadLetterCorpusTest {
    private static final Path ROOT = Path.of("src/test/resources/wire-corpus/dead-letter");

    @Test
    void everyRecordedLetterDecodesToItsSample() throws IOException {
        List<Integer> versions = versions();
        assertThat(versions).as("the writer's version and the one before").contains(RedisDeadLetterStore.FORMAT.current(),
                RedisDeadLetterStore.FORMAT.previous());
        int decoded = 0;
        for (int v : versions) {
            for (Path f : files(v)) {
                String text = Files.readString(f).stripTrailing();
                if (RedisDeadLetterStore.FORMAT.accepts(v)) {
                    assertThat(RedisDeadLetterStore.decode(text)).as(f.toString()).isEqualTo(DeadLetterSamples.letters().get(name(f)));
                    decoded++;
                } else {
                    assertThatThrownBy(() -> RedisDeadLetterStore.decode(text)).isInstanceOf(WireVersion.Unsupported.class);
                }
            }
        }
        assertThat(decoded).isEqualTo(2 * DeadLetterSamples.letters().size());
    }

    @Test
    void theWriterWritesTheNewestVersion() throws IOException {
        assertThat(versions().getLast()).isEqualTo(RedisDeadLetterStore.FORMAT.current());
        for (Path f : files(versions().getLast())) {
            assertThat(RedisDeadLetterStore.encode(DeadLetterSamples.letters().get(name(f))))
                    .as(f + ": the format changed; record it as a new version").isEqualTo(Files.readString(f).stripTrailing());
        }
    }

    @Test
    void aLetterOfAnUnknownVersionIsRefusedNamingTheField() {
        assertThatThrownBy(() -> RedisDeadLetterStore.decode("{\"v\":3,\"id\":\"x\",\"queue\":\"q\"}"))
                .isInstanceOf(WireVersion.Unsupported.class)
                .hasMessageStartingWith("dead letter field v: expected 2, or 1 (written without \"v\"), got 3");
    }

    private static List<Integer> versions() throws IOException {
        try (Stream<Path> dirs = Files.list(ROOT)) {
            return dirs.map(d -> d.getFileName().toString()).filter(n -> n.matches("v[0-9]+")).map(n -> Integer.parseInt(n.substring(1)))
                    .sorted().toList();
        }
    }

    private static List<Path> files(int version) throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve("v" + version))) {
            return files.sorted().toList();
        }
    }

    private static String name(Path f) {
        String n = f.getFileName().toString();
        return n.substring(0, n.indexOf('.'));
    }
}
