package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of two corpora through {@code sluice validate} and {@code sluice exec} as a user runs
 * them: realistic Step Functions definitions (service integrations, JSONata, Assign, distributed
 * Map) and hostile files (broken JSON, wrong types, deep nesting). None may escape as an
 * exception; each ends with exit 0 or 2 and one {@code FILE: /pointer: sentence} line per problem.
 */
class ValidateCorpusTest {
    static final Path REAL_SHAPES = Path.of("../orchestration/src/test/resources/definitions/real-shapes")
            .toAbsolutePath().normalize();
    static final Path HOSTILE = Path.of("src/test/resources/validate").toAbsolutePath();

    static Stream<String> files() throws IOException {
        return Stream.concat(list(REAL_SHAPES), list(HOSTILE));
    }

    private static Stream<String> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(Path::toString).filter(f -> f.endsWith(".json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void validateReportsInsteadOfThrowing(String file) {
        CliRun r = CliRun.of("validate", file);
        assertThat(r.exit()).as(r.err()).isIn(0, 2);
        for (String line : r.err().lines().toList()) {
            assertThat(line).startsWith(file + ": /").matches("\\Q" + file + "\\E: /.*: \\S.*")
                    .doesNotContain("bug in Sluice");
        }
        if (r.exit() == 2) {
            assertThat(r.err()).as("an invalid file says why").isNotBlank();
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void execReportsInsteadOfThrowing(String file) {
        CliRun r = CliRun.of("exec", file);
        assertThat(r.exit()).as(r.err()).isIn(0, 1, 2);
    }
}
