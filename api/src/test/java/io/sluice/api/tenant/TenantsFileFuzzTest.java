package io.sluice.api.tenant;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Test;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Coverage-guided fuzzing (Jazzer) of the tenants file, read as the API reads it ({@link Tenants#load}):
 * either it is loaded, or it is refused with {@link Tenants.InvalidTenantsException}, every problem of which
 * starts with the JSON pointer of its field and says what was expected. No other exception.
 *
 * <p>{@code mvn test} replays {@code src/test/resources/io/sluice/api/tenant/TenantsFileFuzzTestInputs/load/};
 * a fuzzing run: {@code JAZZER_FUZZ=1 mvn -B -o test -pl api -Dtest=TenantsFileFuzzTest}.
 */
class TenantsFileFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void load(String text) throws IOException {
        Path file = Files.createTempFile("tenants", ".json");
        try {
            Files.writeString(file, text == null ? "" : text);
            try {
                Tenants tenants = Tenants.load(file);
                assertThat(tenants.configured()).isTrue();
            } catch (Tenants.InvalidTenantsException e) {
                assertThat(e.problems()).isNotEmpty();
                for (String p : e.problems()) {
                    assertThat(p).as("a problem starts with the pointer of its field").matches("(?s)/.*: .+"); // a field name may hold ':'

                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * Every kept input is in the form Jazzer reads a {@code String} argument from: a byte 1 (not null), the length as a
     * big-endian int, then the UTF-8 text. A plain text file would lose its first five bytes (a CI fuzz run found the
     * hand-written seeds had: {@code {"type":...} was replayed as {@code e":...}). To add a seed, prefix it so.
     */
    @Test
    void everyKeptInputIsInJazzersStringForm() throws java.io.IOException {
        java.nio.file.Path inputs = java.nio.file.Path.of("src/test/resources/io/sluice/api/tenant/TenantsFileFuzzTestInputs");
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(inputs)) {
            java.util.List<java.nio.file.Path> all = files.filter(java.nio.file.Files::isRegularFile).toList();
            org.assertj.core.api.Assertions.assertThat(all).isNotEmpty();
            for (java.nio.file.Path f : all) {
                byte[] b = java.nio.file.Files.readAllBytes(f);
                org.assertj.core.api.Assertions.assertThat(b.length >= 5 && b[0] == 1
                        && java.nio.ByteBuffer.wrap(b, 1, 4).getInt() == b.length - 5).as(f.toString()).isTrue();
            }
        }
    }
}
