package io.sluice.aws.dynamodb;

import java.time.Instant;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The layout of the one status table all pipelines share. An item is a run, keyed by {@value #EXECUTION}
 * (so every write is a single-item conditional write); two global secondary indexes serve the port's
 * {@code find}: {@value #BY_PIPELINE} (key {@value #PIPELINE}) and {@value #BY_PARTITION} (key
 * {@value #PIPELINE_PARTITION}, present only on runs with a partition), both sorted by {@value #ORDER}, which
 * sorts started runs by start time and puts the runs not started yet below them. The Terraform module creates
 * the same table; {@link #create} is its definition for tests and LocalStack.
 */
public final class StatusTable {
    static final String EXECUTION = "executionId";
    static final String PIPELINE = "pipeline";
    static final String PARTITION = "partition";
    static final String PIPELINE_PARTITION = "pipelinePartition";
    static final String ORDER = "startOrder";
    static final String STATE = "state";
    static final String REDRIVE = "redriveCount";
    static final String STARTED = "started";
    static final String ENDED = "ended";
    static final String ROWS_IN = "rowsIn";
    static final String ROWS_OUT = "rowsOut";
    static final String ERROR = "error";
    static final String CONFIG_HASH = "configHash";
    static final String JOB_LOG_URL = "jobLogUrl";
    public static final String BY_PIPELINE = "by-pipeline";
    public static final String BY_PARTITION = "by-pipeline-partition";

    private StatusTable() {}

    /** The table's definition (on-demand capacity). */
    public static CreateTableRequest create(String table) {
        return CreateTableRequest.builder().tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key(EXECUTION, KeyType.HASH))
                .attributeDefinitions(string(EXECUTION), string(PIPELINE), string(PIPELINE_PARTITION), string(ORDER))
                .globalSecondaryIndexes(index(BY_PIPELINE, PIPELINE), index(BY_PARTITION, PIPELINE_PARTITION))
                .build();
    }

    /**
     * The index sort key: {@code 1#<seconds, 12 digits><nanoseconds, 9 digits>#<execution>} for a started run,
     * {@code 0#<execution>} for one not started yet, so that newest-first puts those last.
     */
    static String order(Instant started, String executionId) {
        if (started == null) {
            return "0#" + executionId;
        }
        Instant at = started.isBefore(Instant.EPOCH) ? Instant.EPOCH : started;
        return String.format("1#%012d%09d#%s", at.getEpochSecond(), at.getNano(), executionId);
    }

    /** The partition index key: length-prefixed, so that no two (pipeline, partition) pairs share one. */
    static String pipelinePartition(String pipeline, String partition) {
        return pipeline.length() + ":" + pipeline + partition;
    }

    private static GlobalSecondaryIndex index(String name, String hash) {
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(key(hash, KeyType.HASH), key(ORDER, KeyType.RANGE))
                .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition string(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }
}
