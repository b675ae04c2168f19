package io.sluice.testkit.aws;

import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * A LocalStack (or any endpoint serving the AWS APIs) that the AWS adapters' contract suites also run
 * against, when {@code SLUICE_TEST_AWS_ENDPOINT} (environment, or the system property
 * {@code sluice.test.aws.endpoint}) names one, such as {@code http://127.0.0.1:4566}. LocalStack needs Docker,
 * which these machines lack, so by default those test classes are skipped, saying so.
 */
public final class LocalStack {
    public static final String VARIABLE = "SLUICE_TEST_AWS_ENDPOINT";
    /** LocalStack's default region and its accepted test keys. */
    public static final String REGION = "us-east-1";

    private LocalStack() {}

    public static Optional<URI> endpoint() {
        String value = System.getProperty("sluice.test.aws.endpoint", System.getenv(VARIABLE));
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(URI.create(value.trim()));
    }

    /** The endpoint; skips the calling test (a JUnit assumption) with the reason when none is named. */
    public static URI assumeEndpoint() {
        Optional<URI> endpoint = endpoint();
        Assumptions.assumeTrue(endpoint.isPresent(), VARIABLE + " names no LocalStack endpoint (LocalStack needs Docker, which "
                + "this machine lacks): set it, e.g. to http://127.0.0.1:4566, to run this suite against LocalStack");
        return endpoint.get();
    }
}
