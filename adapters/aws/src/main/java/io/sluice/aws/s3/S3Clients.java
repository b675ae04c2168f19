package io.sluice.aws.s3;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import software.amazon.awssdk.services.s3.S3Client;

/** The S3 client of the adapters: {@link AwsClients}' settings, plus path-style access at an endpoint override. */
public final class S3Clients {
    private S3Clients() {}

    /**
     * Path-style at an endpoint override ({@code http://127.0.0.1:9090/bucket/key}): S3Mock serves nothing else, and
     * LocalStack and other S3-compatible servers take it too; on AWS the SDK's virtual-hosted default stays.
     */
    public static S3Client create(AwsClientSettings settings) {
        return AwsClients.configure(S3Client.builder(), settings).forcePathStyle(settings.overridden()).build();
    }
}
