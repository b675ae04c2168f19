package io.sluice.parity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parity suite in CI: examples/parity's cases on the local runtime, the AWS entry points and the Azure entry points,
 * each host in a JVM of its own on the real servers (Redis, PostgreSQL, ElasticMQ, dynalite, S3Mock, Azurite), the three
 * JVMs at the same time (they share no state). Glue, the Redshift Data API, Data Factory and Synapse cannot run here: the
 * retail case reaches the adapters' stubs of them (see AwsParityHost, AzureParityHost). Every case passes on every host,
 * but for those {@link ParitySuite#EXPECTED_FAILURES} lists (printed here), which must fail.
 */
class ParitySuiteTest {
    private static final Path CASES = Path.of("../examples/parity").toAbsolutePath().normalize();

    @Test
    void everyCasePassesOnEveryHost(@TempDir Path logs) throws Exception {
        ParitySuite.Summary s = ParitySuite.run(CASES, ParitySuite.HOSTS, System.out, logs);
        System.out.println(s.line() + " in " + s.millis() / 1000.0 + " s");
        ParitySuite.EXPECTED_FAILURES.forEach((k, why) -> System.out.println("expected failure: " + k + ": " + why));

        assertThat(s.errors()).as("hosts that did not start").isEmpty();
        List<String> failed = new ArrayList<>();
        s.outcomes().values().forEach(list -> list.stream().filter(o -> !o.passed())
                .forEach(o -> failed.add(o.host() + "/" + o.name() + ": " + o.detail())));
        assertThat(failed.stream().map(f -> f.substring(0, f.indexOf(':'))).toList()).as(String.join("\n", failed))
                .containsExactlyInAnyOrderElementsOf(ParitySuite.EXPECTED_FAILURES.keySet());
        for (String host : ParitySuite.HOSTS) {
            assertThat(s.outcomes().get(host)).as(host).hasSize(s.total());
        }
    }
}
