package io.sluice.aws.client;

import java.net.URI;
import java.util.Objects;

/**
 * How an adapter reaches one AWS service: its region and, for tests and LocalStack, an endpoint override.
 * With an endpoint override the client signs with fixed test keys (LocalStack, S3Mock, dynalite and the
 * stubs accept any); without one it uses the SDK's default credentials chain (on Lambda, the execution role).
 *
 * @param region   the AWS region, such as {@code eu-west-1}
 * @param endpoint an endpoint override, or {@code null} for the region's endpoint of the service
 */
public record AwsClientSettings(String region, URI endpoint) {
    /** The keys a client signs with when it talks to an endpoint override. */
    public static final String LOCAL_KEY = "test";

    public AwsClientSettings {
        Objects.requireNonNull(region, "region");
        if (region.isBlank()) {
            throw new IllegalArgumentException("region must name an AWS region, such as eu-west-1");
        }
    }

    /** The service's endpoint in {@code region}, default credentials. */
    public static AwsClientSettings aws(String region) {
        return new AwsClientSettings(region, null);
    }

    /** A local or test endpoint (LocalStack, S3Mock, dynalite, a stub), fixed test keys. */
    public static AwsClientSettings local(URI endpoint, String region) {
        return new AwsClientSettings(region, Objects.requireNonNull(endpoint, "endpoint"));
    }

    /** {@code override} if given, else this settings' endpoint: a service's own endpoint wins over the deployment's. */
    public AwsClientSettings withEndpoint(URI override) {
        return override == null ? this : new AwsClientSettings(region, override);
    }

    public boolean overridden() {
        return endpoint != null;
    }
}
