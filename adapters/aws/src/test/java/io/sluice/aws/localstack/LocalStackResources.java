package io.sluice.aws.localstack;

import io.sluice.aws.dynamodb.DynaliteTables;
import io.sluice.aws.dynamodb.LedgerTables;
import io.sluice.aws.dynamodb.StatusTable;
import io.sluice.aws.s3.S3TestBuckets;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.testkit.aws.LocalStack;
import java.net.URI;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What the {@code LocalStack*Test} classes share: clients, a bucket and tables on the LocalStack that
 * {@code SLUICE_TEST_AWS_ENDPOINT} names, made on first use. Without one, {@link #endpoint()} skips the calling
 * test, saying why. These classes run the same contract suites as against S3Mock, dynalite and ElasticMQ. Glue
 * and the Redshift Data API have none: LocalStack serves them only in its paid edition, and their suites need
 * jobs and a cluster set up beforehand.
 */
final class LocalStackResources {
    private static S3Client s3;
    private static String bucket;
    private static DynamoDbClient dynamo;
    private static String statusTable;
    private static String exportTable;
    private static String upstreamTable;
    private static SqsTaskQueue queue;

    private LocalStackResources() {}

    static URI endpoint() {
        return LocalStack.assumeEndpoint();
    }

    static synchronized S3Client s3() {
        if (s3 == null) {
            s3 = S3TestBuckets.at(endpoint());
            bucket = S3TestBuckets.create(s3, "sluice-contract");
        }
        return s3;
    }

    static synchronized String bucket() {
        s3();
        return bucket;
    }

    static synchronized DynamoDbClient dynamo() {
        if (dynamo == null) {
            dynamo = DynaliteTables.at(endpoint());
            statusTable = DynaliteTables.create(dynamo, "sluice-status", StatusTable::create);
            exportTable = DynaliteTables.create(dynamo, "sluice-exports", LedgerTables::exportLedger);
            upstreamTable = DynaliteTables.create(dynamo, "sluice-upstreams", LedgerTables::upstreamLedger);
        }
        return dynamo;
    }

    static synchronized String statusTable() {
        dynamo();
        return statusTable;
    }

    static synchronized String exportTable() {
        dynamo();
        return exportTable;
    }

    static synchronized String upstreamTable() {
        dynamo();
        return upstreamTable;
    }

    static synchronized SqsTaskQueue queue() {
        if (queue == null) {
            queue = SqsTaskQueue.connect(SqsQueueSettings.local(endpoint(), LocalStack.REGION, 3));
        }
        return queue;
    }
}
