package io.sluice.aws.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationCall;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.orchestration.integration.IntegrationCatalog;
import java.util.Set;

/**
 * {@code dynamodb:*} and {@code aws-sdk:dynamodb:*} on the AWS host: a run of the platform's own pipelines calls the
 * DynamoDB table its Task names ({@code TableName}), with the function's role, as Step Functions does
 * ({@code named}, the SDK call); a tenant's run works in its own emulated tables in the deployment's item table
 * ({@code emulated}, the {@code DynamoDbHandler} over {@link KeyValueItemsTable}, {@code sluice.integrations.item-table}),
 * since the role reaches every tenant's tables alike. Without an item table a tenant's run is refused, saying why.
 */
public final class NamedTables implements IntegrationHandler {
    private final IntegrationHandler named;
    private final IntegrationHandler emulated;

    /** @param emulated the tenants' tables, or {@code null} when the deployment has no item table */
    public NamedTables(IntegrationHandler named, IntegrationHandler emulated) {
        if (emulated != null && !emulated.actions().equals(named.actions())) {
            throw new IllegalArgumentException("the named and the emulated DynamoDB handlers must answer the same actions: "
                    + named.actions() + " and " + emulated.actions());
        }
        this.named = named;
        this.emulated = emulated;
    }

    @Override
    public Set<String> actions() {
        return named.actions();
    }

    @Override
    public JsonNode call(IntegrationCall call) {
        if (call.tenant().isEmpty()) {
            return named.call(call);
        }
        if (emulated == null) {
            throw new TaskError(IntegrationCatalog.UNAVAILABLE, call.action().key() + ": a tenant's run keeps its tables in the"
                    + " deployment's item table, and this deployment has none (set sluice.integrations.item-table).", false);
        }
        return emulated.call(call);
    }
}
