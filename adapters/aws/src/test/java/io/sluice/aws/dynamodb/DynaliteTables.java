package io.sluice.aws.dynamodb;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.testkit.aws.DynaliteServer;
import java.net.URI;
import java.util.UUID;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/** DynamoDB clients and tables for tests, on the shared dynalite (without node: skipped, saying why, on a laptop; failed under CI). */
public final class DynaliteTables {
    public static final String REGION = "us-east-1";

    private DynaliteTables() {}

    /** A client of the shared dynalite; skips the calling test when dynalite cannot run here. */
    public static DynamoDbClient dynalite() {
        DynaliteServer.unavailable().ifPresent(reason -> io.sluice.testkit.Requires.tool(false, () -> reason));
        return at(DynaliteServer.shared().endpoint());
    }

    public static DynamoDbClient at(URI endpoint) {
        return AwsClients.build(DynamoDbClient.builder(), AwsClientSettings.local(endpoint, REGION));
    }

    /** Creates a table named {@code <label>-<8 hex>} from {@code definition} and waits until it is ACTIVE. */
    public static String create(DynamoDbClient dynamo, String label, Function<String, CreateTableRequest> definition) {
        String table = label + "-" + UUID.randomUUID().toString().substring(0, 8);
        dynamo.createTable(definition.apply(table));
        dynamo.waiter().waitUntilTableExists(b -> b.tableName(table));
        return table;
    }
}
