package io.sluice.api.tenant;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
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
                    assertThat(p).as("a problem starts with the pointer of its field").matches("(?s)/[^:]*: .+");
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
