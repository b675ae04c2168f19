package io.sluice.aws.redshift;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.s3.S3Location;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.warehouse.CopyToWarehouse;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.redshiftdata.RedshiftDataClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The Redshift Data API warehouse when {@code sluice.redshift.database} is set, with the {@code copy-to-warehouse}
 * task function on it. Statements are polled from 250 ms doubling to 5 s.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("sluice.redshift.database")
@EnableConfigurationProperties({RedshiftProperties.class, AwsServicesProperties.class})
public class RedshiftConfiguration {
    private static final Backoff POLLING = new Backoff(Duration.ofMillis(250), 2.0, Duration.ofSeconds(5), 0);

    @Bean(destroyMethod = "close")
    public RedshiftDataClient sluiceRedshiftDataClient(RedshiftProperties redshift, AwsServicesProperties aws) {
        return AwsClients.build(RedshiftDataClient.builder(), aws.settings(redshift.endpoint()));
    }

    @Bean
    public RedshiftDataWarehouse warehouse(RedshiftDataClient data, S3Client s3, RedshiftProperties redshift, Clock clock,
                                           @Value("${sluice.s3.bucket:}") String deploymentBucket) {
        RedshiftTarget target = redshift.workgroup() != null
                ? RedshiftTarget.workgroup(redshift.workgroup(), redshift.database(), redshift.secretArn())
                : RedshiftTarget.cluster(redshift.cluster(), redshift.database(), redshift.secretArn(), redshift.dbUser());
        String manifestBucket = or(redshift.manifestBucket(), deploymentBucket);
        if (manifestBucket == null) {
            throw new IllegalStateException("sluice.redshift.manifest-bucket (or sluice.s3.bucket) must name the bucket where loads write "
                    + "their COPY manifests");
        }
        String sourceBucket = or(redshift.sourceBucket(), deploymentBucket);
        RedshiftWarehouseSettings settings = new RedshiftWarehouseSettings(redshift.schema(), redshift.ledgerSchema(),
                redshift.batchColumn(), redshift.copyRoleArn(), new S3Location(manifestBucket, redshift.manifestPrefix()),
                sourceBucket == null ? null : new S3Location(sourceBucket, redshift.sourcePrefix()));
        return RedshiftDataWarehouse.create(data, target, s3, settings, POLLING, redshift.statementTimeout(), clock, Sleeper.REAL);
    }

    @Bean(CopyToWarehouse.NAME)
    public Function<JsonNode, JsonNode> copyToWarehouse(RedshiftDataWarehouse warehouse, Clock clock,
                                                        org.springframework.beans.factory.ObjectProvider<io.sluice.aws.s3.S3ConfigStore> configs) {
        return new CopyToWarehouse(warehouse, io.sluice.aws.glue.GlueConfiguration.configsOf(configs), clock);
    }

    private static String or(String value, String otherwise) {
        return value != null && !value.isBlank() ? value : otherwise == null || otherwise.isBlank() ? null : otherwise;
    }
}
