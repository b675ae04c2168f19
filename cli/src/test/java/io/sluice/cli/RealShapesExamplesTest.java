package io.sluice.cli;

import static io.sluice.cli.CliRun.example;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every definition under examples/real-shapes validates, and each test case of its mocks runs as expected. */
class RealShapesExamplesTest {

    static Stream<String> definitions() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(example("real-shapes")))) {
            return files.map(Path::toString).filter(f -> f.endsWith(".asl.json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("definitions")
    void validatesWithoutErrors(String file) {
        CliRun r = CliRun.of("validate", file);
        assertThat(r.exit()).as(r.err()).isZero();
    }

    /** On each platform too; which states cannot run where, and the runs against real backends: RealShapesIntegrationsTest. */
    @ParameterizedTest
    @MethodSource("definitions")
    void validatesWithoutErrorsOnEveryPlatform(String file) {
        for (String platform : new String[] {"local", "aws", "azure"}) {
            CliRun r = CliRun.of("validate", "--platform", platform, file);
            assertThat(r.exit()).as(platform + ": " + r.err()).isZero();
            assertThat(r.err().lines()).as(platform).allSatisfy(line -> assertThat(line).contains(": warning: "));
        }
    }

    private static CliRun exec(String name, String testCase, String input) {
        return CliRun.of("exec", example("real-shapes/" + name + ".asl.json"),
                "--mocks", example("real-shapes/" + name + ".mocks.json"), "--test-case", testCase, "--input", input);
    }

    @Test
    void orderFulfilmentInJsonataChargesOrReportsTheDecline() {
        String order = "{\"orderId\": \"o-1\", \"lines\": [{\"sku\": \"A\", \"qty\": 1}, {\"sku\": \"B\", \"qty\": 2}]}";
        CliRun paid = exec("order-fulfilment", "Paid", order);
        assertThat(paid.exit()).as(paid.err() + paid.out()).isZero();
        assertThat(Json.parse(paid.out())).isEqualTo(Json.parse(
                "{\"orderId\": \"o-1\", \"charge\": \"ch_42\", \"reservations\": [\"r-1\", \"r-1\"], \"review\": true}"));
        CliRun declined = exec("order-fulfilment", "Declined", order);
        assertThat(declined.exit()).isEqualTo(1);
        assertThat(Json.parse(declined.out())).isEqualTo(Json.parse(
                "{\"error\": \"Order.PaymentDeclined\", \"cause\": \"order o-1: insufficient funds\"}"));
    }

    @Test
    void nightlyLoadReadsItsVariablesInBranchesAndChoices() {
        CliRun r = exec("nightly-load-variables", "Loaded", "{\"pipeline\": \"orders\", \"partition\": \"2026-11-29\"}");
        assertThat(r.exit()).as(r.err() + r.out()).isZero();
        assertThat(Json.parse(r.out())).isEqualTo(Json.parse("{\"loaded\": 1200, \"table\": \"sales.orders\"}"));
    }

    @Test
    void perStateJsonataInAJsonPathMachine() {
        CliRun approved = exec("approval-mixed-languages", "Approved", "{\"upload\": \"u-7\"}");
        assertThat(approved.exit()).as(approved.err() + approved.out()).isZero();
        assertThat(Json.parse(approved.out())).isEqualTo(Json.parse("{\"upload\": \"u-7\", \"approvedBy\": \"ana\"}"));
        CliRun later = exec("approval-mixed-languages", "Later", "{\"upload\": \"u-7\"}");
        assertThat(later.exit()).isEqualTo(1);
        assertThat(Json.parse(later.out())).isEqualTo(Json.parse(
                "{\"error\": \"Upload.NotDecided\", \"cause\": \"upload u-7 was not approved\"}"));
    }
}
