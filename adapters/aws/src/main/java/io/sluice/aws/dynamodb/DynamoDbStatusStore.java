package io.sluice.aws.dynamodb;

import static io.sluice.aws.dynamodb.StatusTable.CONFIG_HASH;
import static io.sluice.aws.dynamodb.StatusTable.ENDED;
import static io.sluice.aws.dynamodb.StatusTable.ERROR;
import static io.sluice.aws.dynamodb.StatusTable.EXECUTION;
import static io.sluice.aws.dynamodb.StatusTable.JOB_LOG_URL;
import static io.sluice.aws.dynamodb.StatusTable.ORDER;
import static io.sluice.aws.dynamodb.StatusTable.PARTITION;
import static io.sluice.aws.dynamodb.StatusTable.PIPELINE;
import static io.sluice.aws.dynamodb.StatusTable.PIPELINE_PARTITION;
import static io.sluice.aws.dynamodb.StatusTable.REDRIVE;
import static io.sluice.aws.dynamodb.StatusTable.ROWS_IN;
import static io.sluice.aws.dynamodb.StatusTable.ROWS_OUT;
import static io.sluice.aws.dynamodb.StatusTable.STARTED;
import static io.sluice.aws.dynamodb.StatusTable.STATE;

import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * {@link StatusStore} on one DynamoDB table for every pipeline ({@link StatusTable}). An upsert is one
 * UpdateItem whose condition is {@link StatusRecord#replaces} written as an expression — absent, or an older
 * redrive, or the same redrive still RUNNING — and whose SET names only the fields this write knows, so the
 * stored row keeps the rest ({@link StatusRecord#over}). DynamoDB applies it atomically to the one item: no
 * transaction (which dynalite lacks) and no read-modify-write race. A write the condition refuses reads the
 * stored row back (a strongly consistent GetItem) to return it.
 *
 * <p>{@link #get} is strongly consistent. {@link #find} queries a global secondary index, which DynamoDB
 * keeps eventually consistent: a run written a moment ago may be missing from it, or show its previous
 * state, for a fraction of a second (dynalite updates its indexes at once). Runs with the same start time
 * come in descending execution id order.
 */
public final class DynamoDbStatusStore implements StatusStore {
    private static final int MAX_CONDITION_RETRIES = 10;

    private final DynamoDbClient dynamo;
    private final String table;

    public DynamoDbStatusStore(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    @Override
    public Upserted upsert(StatusRecord record) {
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        List<String> sets = new ArrayList<>();
        names.put("#id", EXECUTION);
        set(sets, names, values, PIPELINE, "if_not_exists(#" + PIPELINE + ", :" + PIPELINE + ")", Attributes.s(record.pipeline()));
        set(sets, names, values, STATE, null, Attributes.s(record.state().name()));
        set(sets, names, values, REDRIVE, null, Attributes.n(record.redriveCount()));
        if (record.partition() != null) {
            set(sets, names, values, PARTITION, null, Attributes.s(record.partition()));
            set(sets, names, values, PIPELINE_PARTITION, null, Attributes.s(StatusTable.pipelinePartition(record.pipeline(), record.partition())));
        }
        if (record.started() != null) {
            set(sets, names, values, STARTED, null, Attributes.instant(record.started()));
            set(sets, names, values, ORDER, null, Attributes.s(StatusTable.order(record.started(), record.executionId())));
        } else {
            set(sets, names, values, ORDER, "if_not_exists(#" + ORDER + ", :" + ORDER + ")",
                    Attributes.s(StatusTable.order(null, record.executionId())));
        }
        if (record.ended() != null) {
            set(sets, names, values, ENDED, null, Attributes.instant(record.ended()));
        }
        if (record.rowsIn() != null) {
            set(sets, names, values, ROWS_IN, null, Attributes.n(record.rowsIn()));
        }
        if (record.rowsOut() != null) {
            set(sets, names, values, ROWS_OUT, null, Attributes.n(record.rowsOut()));
        }
        if (record.error() != null) {
            set(sets, names, values, ERROR, null, Attributes.s(record.error()));
        }
        if (record.configHash() != null) {
            set(sets, names, values, CONFIG_HASH, null, Attributes.s(record.configHash()));
        }
        if (record.jobLogUrl() != null) {
            set(sets, names, values, JOB_LOG_URL, null, Attributes.s(record.jobLogUrl()));
        }
        values.put(":running", Attributes.s(RunState.RUNNING.name()));
        // StatusRecord.replaces as a condition: nothing stored, an older redrive, or this redrive still running.
        String condition = "attribute_not_exists(#id) OR #" + REDRIVE + " < :" + REDRIVE
                + " OR (#" + REDRIVE + " = :" + REDRIVE + " AND #" + STATE + " = :running)";
        String update = "SET " + String.join(", ", sets);
        for (int attempt = 0; attempt < MAX_CONDITION_RETRIES; attempt++) {
            try {
                UpdateItemResponse response = dynamo.updateItem(b -> b.tableName(table).key(key(record.executionId()))
                        .updateExpression(update).conditionExpression(condition).expressionAttributeNames(names)
                        .expressionAttributeValues(values).returnValues(ReturnValue.ALL_NEW));
                return new Upserted(fromItem(response.attributes()), true);
            } catch (ConditionalCheckFailedException e) {
                Optional<StatusRecord> stored = get(record.executionId());
                if (stored.isPresent()) {
                    return new Upserted(stored.get(), false);
                }
                // The row was there a moment ago and is gone (deleted by hand): write again.
            }
        }
        throw new IllegalStateException("the status row of " + record.executionId() + " kept changing under "
                + MAX_CONDITION_RETRIES + " conditional writes");
    }

    private static void set(List<String> sets, Map<String, String> names, Map<String, AttributeValue> values, String attribute,
                            String expression, AttributeValue value) {
        names.put("#" + attribute, attribute);
        values.put(":" + attribute, value);
        sets.add("#" + attribute + " = " + (expression == null ? ":" + attribute : expression));
    }

    @Override
    public Optional<StatusRecord> get(String executionId) {
        Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName(table).key(key(executionId)).consistentRead(true)).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(fromItem(item));
    }

    @Override
    public List<StatusRecord> find(String pipeline, String partition, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        String index = partition == null ? StatusTable.BY_PIPELINE : StatusTable.BY_PARTITION;
        String hash = partition == null ? PIPELINE : PIPELINE_PARTITION;
        AttributeValue value = Attributes.s(partition == null ? pipeline : StatusTable.pipelinePartition(pipeline, partition));
        List<StatusRecord> out = new ArrayList<>();
        Map<String, AttributeValue> from = null;
        do {
            Map<String, AttributeValue> start = from;
            int wanted = limit - out.size();
            QueryResponse page = dynamo.query(b -> b.tableName(table).indexName(index).keyConditionExpression("#k = :k")
                    .expressionAttributeNames(Map.of("#k", hash)).expressionAttributeValues(Map.of(":k", value))
                    .scanIndexForward(false).limit(wanted).exclusiveStartKey(start));
            page.items().forEach(item -> out.add(fromItem(item)));
            from = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (from != null && out.size() < limit);
        return out;
    }

    private static Map<String, AttributeValue> key(String executionId) {
        return Map.of(EXECUTION, Attributes.s(executionId));
    }

    static StatusRecord fromItem(Map<String, AttributeValue> item) {
        Long redrive = Attributes.number(item, REDRIVE);
        return new StatusRecord(Attributes.text(item, EXECUTION), Attributes.text(item, PIPELINE), Attributes.text(item, PARTITION),
                RunState.valueOf(Attributes.text(item, STATE)), redrive == null ? 0 : redrive.intValue(),
                Attributes.instant(item, STARTED), Attributes.instant(item, ENDED), Attributes.number(item, ROWS_IN),
                Attributes.number(item, ROWS_OUT), Attributes.text(item, ERROR), Attributes.text(item, CONFIG_HASH),
                Attributes.text(item, JOB_LOG_URL));
    }

    @Override
    public String toString() {
        return "DynamoDbStatusStore[" + table + "]";
    }
}
