package io.sluice.aws.client;

import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;

/**
 * Builds the SDK clients of the adapters the way {@code SqsClients} builds SQS's: on the JDK's
 * HttpURLConnection (the one HTTP client on the Lambda classpath, named explicitly so the SDK does not scan
 * for one at cold start), in the configured region, with the endpoint override and test keys of
 * {@link AwsClientSettings} when it has one.
 */
public final class AwsClients {
    private static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

    private AwsClients() {}

    /** {@code builder} configured from {@code settings}, built; e.g. {@code AwsClients.build(S3Client.builder(), settings)}. */
    public static <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C build(B builder, AwsClientSettings settings) {
        return configure(builder, settings).build();
    }

    /** {@code builder} configured from {@code settings}, for a caller that sets service options (S3's path style) before building. */
    public static <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> B configure(B builder, AwsClientSettings settings) {
        builder.region(Region.of(settings.region()))
                .httpClientBuilder(UrlConnectionHttpClient.builder().socketTimeout(SOCKET_TIMEOUT).connectionTimeout(CONNECT_TIMEOUT));
        if (settings.overridden()) {
            builder.endpointOverride(settings.endpoint())
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(AwsClientSettings.LOCAL_KEY,
                            AwsClientSettings.LOCAL_KEY)));
        } else {
            builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return builder;
    }
}
