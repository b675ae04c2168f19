package io.sluice.cli;

import static io.sluice.cli.CliRun.example;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

    /** The examples' data folder (a folder per bucket) copied aside, so a ResultWriter writes into the copy. */
    private static Path dataCopy(Path into) throws IOException {
        Path from = Path.of(example("real-shapes/data"));
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = into.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return into;
    }

    private static CliRun exec(String name, String testCase, String input, Path data) {
        return CliRun.of("exec", example("real-shapes/" + name + ".asl.json"), "--mocks", example("real-shapes/" + name + ".mocks.json"),
                "--test-case", testCase, "--input", input, "--data", data.toString());
    }

    @Test
    void aDistributedMapOverAListingRunsItsBatchesAndWritesItsResults(@TempDir Path dir) throws IOException {
        Path data = dataCopy(dir);
        CliRun r = exec("distributed-map-s3-listing", "Converted", "{\"bucket\": \"landing\", \"partition\": \"2026-11-29\"}", data);
        assertThat(r.exit()).as(r.err() + r.out()).isZero();
        JsonNode details = Json.parse(r.out()).get("results").get("ResultWriterDetails");
        assertThat(details.get("Bucket").asText()).isEqualTo("results");
        JsonNode manifest = Json.parse(Files.readString(data.resolve("results").resolve(details.get("Key").asText())));
        JsonNode succeeded = manifest.get("ResultFiles").get("SUCCEEDED");
        assertThat(succeeded).hasSize(1);
        JsonNode entries = Json.parse(Files.readString(data.resolve("results").resolve(succeeded.get(0).get("Key").asText())));
        assertThat(entries).hasSize(3); // five objects in batches of two
        JsonNode firstInput = Json.parse(entries.get(0).get("Input").asText());
        assertThat(firstInput.get("Items")).hasSize(2);
        assertThat(firstInput.get("Items").get(0).get("key").asText()).isEqualTo("drops/2026-11-29/orders-1.json");
        assertThat(firstInput.get("BatchInput")).isEqualTo(Json.parse("{\"bucket\": \"landing\"}"));
    }

    @Test
    void aDistributedMapOverCsvRowsToleratesOneRejectedRow(@TempDir Path dir) throws IOException {
        CliRun r = exec("distributed-map-csv", "OneRejected", "{\"file\": \"customers/2026-11-29.csv\"}", dataCopy(dir));
        assertThat(r.exit()).as(r.err() + r.out()).isZero();
        assertThat(Json.parse(r.out())).isEqualTo(Json.parse("{\"upserted\": 3}"));
    }

    @Test
    void nestedExecutionsReadTheirChildrenAndCatchAFailedOne() {
        CliRun loaded = exec("nested-executions", "Loaded", "{\"partition\": \"2026-11-29\"}");
        assertThat(loaded.exit()).as(loaded.err() + loaded.out()).isZero();
        JsonNode out = Json.parse(loaded.out());
        assertThat(out.get("load")).isEqualTo(Json.parse(
                "{\"rows\": 1200, \"child\": \"arn:aws:states:eu-west-1:123456789012:execution:orders-ingest:a1\"}"));
        assertThat(out.get("check")).isEqualTo(Json.parse("{\"verdict\": {\"ok\": true}}"));
        CliRun failed = exec("nested-executions", "ChildFailed", "{\"partition\": \"2026-11-29\"}");
        assertThat(failed.exit()).isEqualTo(1);
        JsonNode failure = Json.parse(failed.out());
        assertThat(failure.get("error").asText()).isEqualTo("Orders.LoadFailed");
        assertThat(Json.parse(failure.get("cause").asText()).get("Error").asText()).isEqualTo("Glue.JobFailed");
    }
}
