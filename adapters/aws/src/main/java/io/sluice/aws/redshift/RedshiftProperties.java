package io.sluice.aws.redshift;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sluice.redshift.*}: the warehouse, when {@code database} is set.
 *
 * @param workgroup        a Redshift Serverless workgroup, or
 * @param cluster          a provisioned cluster's identifier
 * @param database         the database
 * @param secretArn        a Secrets Manager secret with the database credentials (else the caller's IAM identity, or {@code dbUser})
 * @param dbUser           a database user for temporary credentials (provisioned clusters only)
 * @param schema           the schema of tables named without one ({@code public})
 * @param ledgerSchema     where the load ledger and the staging tables live (the {@code schema})
 * @param batchColumn      the batch column of every target table ({@code sluice_batch})
 * @param copyRoleArn      the IAM role COPY reads S3 with, or {@code default}
 * @param manifestBucket   where loads write their COPY manifests (the {@code sluice.s3.bucket})
 * @param manifestPrefix   under which prefix ({@code sluice/redshift-manifests/})
 * @param sourceBucket     where a source given as a key is (the {@code sluice.s3.bucket}); {@code s3://} URIs need none
 * @param sourcePrefix     under which prefix ({@code ""})
 * @param statementTimeout how long a statement may run before it is cancelled (10 minutes)
 * @param endpoint         an endpoint override for the Data API alone
 */
@ConfigurationProperties("sluice.redshift")
public record RedshiftProperties(String workgroup, String cluster, String database, String secretArn, String dbUser, String schema,
                                 String ledgerSchema, String batchColumn, String copyRoleArn, String manifestBucket,
                                 String manifestPrefix, String sourceBucket, String sourcePrefix, Duration statementTimeout,
                                 URI endpoint) {
    public RedshiftProperties {
        manifestPrefix = manifestPrefix == null ? "sluice/redshift-manifests/" : manifestPrefix;
        sourcePrefix = sourcePrefix == null ? "" : sourcePrefix;
        statementTimeout = statementTimeout == null ? Duration.ofMinutes(10) : statementTimeout;
    }
}
