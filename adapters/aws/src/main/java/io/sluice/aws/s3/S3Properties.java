package io.sluice.aws.s3;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sluice.s3.*}: the deployment's bucket.
 *
 * @param bucket       the bucket of the object store and the config store; without it there are neither
 * @param prefix       the object store's key prefix ({@code ""}: the whole bucket)
 * @param configPrefix where pipelines' configs and schemas are ({@code configs/})
 * @param endpoint     an endpoint override for S3 alone (S3Mock in tests)
 */
@ConfigurationProperties("sluice.s3")
public record S3Properties(String bucket, String prefix, String configPrefix, URI endpoint) {
    public S3Properties {
        prefix = prefix == null ? "" : prefix;
        configPrefix = configPrefix == null ? "configs/" : configPrefix;
    }
}
