package io.sluice.aws.s3;

import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.orchestration.port.ConfigStore;
import io.sluice.orchestration.port.ObjectStore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * S3 behind the ports when {@code sluice.s3.bucket} is set: the {@link ObjectStore} (under {@code sluice.s3.prefix})
 * and the {@link ConfigStore} (under {@code sluice.s3.config-prefix}). The S3 client is also there for the Redshift
 * warehouse (its sources and COPY manifests) when only {@code sluice.redshift.database} is set.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({S3Properties.class, AwsServicesProperties.class})
public class S3Configuration {

    @Bean(destroyMethod = "close")
    @ConditionalOnExpression("'${sluice.s3.bucket:}' != '' or '${sluice.redshift.database:}' != ''")
    public S3Client sluiceS3Client(S3Properties s3, AwsServicesProperties aws) {
        return S3Clients.create(aws.settings(s3.endpoint()));
    }

    @Bean
    @ConditionalOnProperty("sluice.s3.bucket")
    public S3ObjectStore objectStore(S3Client client, S3Properties s3) {
        return new S3ObjectStore(client, new S3Location(s3.bucket(), s3.prefix()));
    }

    @Bean
    @ConditionalOnProperty("sluice.s3.bucket")
    public S3ConfigStore configStore(S3Client client, S3Properties s3) {
        return new S3ConfigStore(client, new S3Location(s3.bucket(), s3.configPrefix()));
    }
}
