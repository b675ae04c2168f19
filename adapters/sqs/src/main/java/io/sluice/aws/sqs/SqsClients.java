package io.sluice.aws.sqs;

import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.SqsClientBuilder;

/** Builds the {@link SqsClient} that {@link SqsQueueSettings} describe. */
public final class SqsClients {
    /**
     * Longer than the longest long poll (20 s), so a receive that waits its full time is not cut
     * off by the socket; short enough that a dead connection is noticed within one Lambda run.
     */
    private static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

    private SqsClients() {}

    /**
     * A client on the JDK's HttpURLConnection, named explicitly so that the SDK does not scan the
     * classpath for an HTTP client at start (which also costs cold-start time).
     */
    public static SqsClient create(SqsQueueSettings settings) {
        SqsClientBuilder builder = SqsClient.builder()
                .region(Region.of(settings.region()))
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .socketTimeout(SOCKET_TIMEOUT)
                        .connectionTimeout(CONNECT_TIMEOUT));
        if (settings.endpoint() != null) {
            builder.endpointOverride(settings.endpoint());
        }
        if (settings.credentials() != null) {
            builder.credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                    settings.credentials().accessKeyId(), settings.credentials().secretAccessKey())));
        } else {
            builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return builder.build();
    }
}
