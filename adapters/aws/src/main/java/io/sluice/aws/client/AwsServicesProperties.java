package io.sluice.aws.client;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What every AWS adapter's client shares: {@code sluice.region} (on Lambda, {@code AWS_REGION}) and
 * {@code sluice.aws-endpoint}, one endpoint override for every service (LocalStack, tests). A service's own
 * {@code sluice.<service>.endpoint} wins over it; with neither, a client uses the region's endpoint and the
 * default credentials chain.
 */
@ConfigurationProperties("sluice")
public record AwsServicesProperties(String region, URI awsEndpoint) {
    public AwsServicesProperties {
        region = region == null || region.isBlank() ? "us-east-1" : region;
    }

    /** The client settings of a service whose own endpoint override is {@code serviceEndpoint} ({@code null}: none). */
    public AwsClientSettings settings(URI serviceEndpoint) {
        URI endpoint = serviceEndpoint != null ? serviceEndpoint : awsEndpoint;
        return endpoint == null ? AwsClientSettings.aws(region) : AwsClientSettings.local(endpoint, region);
    }
}
