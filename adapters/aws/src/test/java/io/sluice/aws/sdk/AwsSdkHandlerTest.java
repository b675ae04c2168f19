package io.sluice.aws.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.dynamodb.DynaliteTables;
import io.sluice.aws.dynamodb.NamedTables;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationRegistry;
import io.sluice.functions.integration.Integrations;
import io.sluice.functions.integration.dynamodb.DynamoDbHandler;
import io.sluice.functions.integration.dynamodb.TableSchema;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryKeyValueTable;
import io.sluice.testkit.aws.DynaliteServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The AWS host's integrations that call AWS by name, against real servers of the protocols: DynamoDB on dynalite (two
 * differently named tables: a Task's {@code TableName} is the table it reaches) and SQS on ElasticMQ, through the
 * integrations function and the AWS registry, as a task of the platform's own pipeline runs them. Error names follow
 * "AWS SDK service integrations" (https://docs.aws.amazon.com/step-functions/latest/dg/supported-services-awssdk.html):
 * {@code <Service>.<Error>}, PascalCase, {@code Exception} appended; the optimised {@code dynamodb:*} forms keep
 * {@code DynamoDB.} (https://docs.aws.amazon.com/step-functions/latest/dg/connect-ddb.html).
 */
class AwsSdkHandlerTest {
    private static DynamoDbClient dynamo;
    private static ElasticMqServer elasticMq;
    private static SqsClient sqs;
    private static SdkServices services;
    private static String orders;
    private static String audit;
    private static String queueUrl;
    private static InMemoryKeyValueTable tenantTables;
    private static Integrations integrations;

    @BeforeAll
    static void start() {
        dynamo = DynaliteTables.dynalite();
        orders = DynaliteTables.create(dynamo, "orders", name -> keyed(name, "id", null));
        audit = DynaliteTables.create(dynamo, "audit", name -> keyed(name, "pk", "sk"));
        elasticMq = ElasticMqServer.start();
        sqs = AwsClients.build(SqsClient.builder(), AwsClientSettings.local(elasticMq.endpoint(), "us-east-1"));
        queueUrl = sqs.createQueue(b -> b.queueName("sdk-jobs").attributes(Map.of(
                software.amazon.awssdk.services.sqs.model.QueueAttributeName.DELAY_SECONDS, "3"))).queueUrl();
        java.net.URI dynalite = DynaliteServer.shared().endpoint();
        services = new SdkServices(service -> switch (service) {
            case "sqs" -> AwsClientSettings.local(elasticMq.endpoint(), "us-east-1");
            default -> AwsClientSettings.local(dynalite, "us-east-1");
        });
        Set<String> dynamoActions = IntegrationCatalog.mapped().keySet().stream()
                .filter(k -> k.startsWith("dynamodb:") || k.startsWith("aws-sdk:dynamodb:")).collect(Collectors.toSet());
        tenantTables = new InMemoryKeyValueTable();
        NamedTables tables = new NamedTables(new AwsSdkHandler(services, dynamoActions),
                new DynamoDbHandler(tenantTables, List.of(new TableSchema(orders, "id", null))));
        integrations = new Integrations(new IntegrationRegistry(Platform.AWS, List.of(tables), AwsSdkHandler.generic(services)));
    }

    @AfterAll
    static void stop() {
        services.close();
        dynamo.deleteTable(b -> b.tableName(orders));
        dynamo.deleteTable(b -> b.tableName(audit));
        sqs.close();
        elasticMq.close();
    }

    private static software.amazon.awssdk.services.dynamodb.model.CreateTableRequest keyed(String name, String partition, String sort) {
        var b = software.amazon.awssdk.services.dynamodb.model.CreateTableRequest.builder().tableName(name)
                .billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST);
        if (sort == null) {
            return b.keySchema(k -> k.attributeName(partition).keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName(partition).attributeType(ScalarAttributeType.S)).build();
        }
        return b.keySchema(k -> k.attributeName(partition).keyType(KeyType.HASH), k -> k.attributeName(sort).keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName(partition).attributeType(ScalarAttributeType.S),
                        a -> a.attributeName(sort).attributeType(ScalarAttributeType.N)).build();
    }

    static JsonNode run(String resource, String parameters) {
        return run(resource, parameters, new Owner.Platform("orders", "orders:run-1"));
    }

    static JsonNode run(String resource, String parameters, Owner owner) {
        TaskContext task = new TaskContext("orders:run-1.0.1.0", "orders:run-1", "Call", IntegrationPattern.REQUEST_RESPONSE, null,
                resource, null, owner);
        return integrations.apply(Json.parse(parameters), task);
    }

    static TaskError failure(String resource, String parameters) {
        return catchThrowableOfType(TaskError.class, () -> run(resource, parameters));
    }

    @Test
    void dynamodbActionsReachTheTableTheTaskNames() {
        run("arn:aws:states:::dynamodb:putItem", "{\"TableName\": \"" + orders + "\", \"Item\": {\"id\": {\"S\": \"o-1\"},"
                + " \"amount\": {\"N\": \"12\"}, \"tags\": {\"SS\": [\"a\", \"b\"]}}}");
        run("arn:aws:states:::aws-sdk:dynamodb:putItem", "{\"TableName\": \"" + audit + "\", \"Item\": {\"pk\": {\"S\": \"o-1\"},"
                + " \"sk\": {\"N\": \"1\"}, \"what\": {\"S\": \"created\"}}}");

        var inOrders = dynamo.getItem(b -> b.tableName(orders).key(Map.of("id", AttributeValue.fromS("o-1")))).item();
        assertThat(inOrders.get("amount").n()).isEqualTo("12");
        assertThat(dynamo.scan(b -> b.tableName(audit)).items()).singleElement()
                .satisfies(item -> assertThat(item.get("what").s()).isEqualTo("created"));

        JsonNode got = run("arn:aws:states:::dynamodb:getItem", "{\"TableName\": \"" + orders + "\", \"Key\": {\"id\": {\"S\": \"o-1\"}}}");
        assertThat(got.at("/Item/amount/N").asText()).isEqualTo("12");
        assertThat(got.at("/Item/tags/SS")).hasSize(2);

        JsonNode updated = run("arn:aws:states:::dynamodb:updateItem", "{\"TableName\": \"" + orders + "\", \"Key\": {\"id\": {\"S\": \"o-1\"}},"
                + " \"UpdateExpression\": \"SET amount = amount + :n\", \"ExpressionAttributeValues\": {\":n\": {\"N\": \"5\"}},"
                + " \"ReturnValues\": \"UPDATED_NEW\"}");
        assertThat(updated.at("/Attributes/amount/N").asText()).isEqualTo("17");

        JsonNode queried = run("arn:aws:states:::aws-sdk:dynamodb:query", "{\"TableName\": \"" + audit + "\","
                + " \"KeyConditionExpression\": \"pk = :p\", \"ExpressionAttributeValues\": {\":p\": {\"S\": \"o-1\"}}}");
        assertThat(queried.get("Count").asInt()).isEqualTo(1);
        assertThat(queried.at("/Items/0/what/S").asText()).isEqualTo("created");

        TaskError reserved = failure("arn:aws:states:::dynamodb:updateItem", "{\"TableName\": \"" + orders + "\", \"Key\": {\"id\": {\"S\": \"o-1\"}},"
                + " \"UpdateExpression\": \"SET total = :n\", \"ExpressionAttributeValues\": {\":n\": {\"N\": \"5\"}}}");
        assertThat(reserved.errorName()).as("the service's error code, as DynamoDB gives it").isEqualTo("DynamoDB.ValidationException");
        assertThat(reserved.getMessage()).contains("reserved keyword");

        TaskError conflict = failure("arn:aws:states:::dynamodb:putItem", "{\"TableName\": \"" + orders + "\", \"Item\": {\"id\": {\"S\": \"o-1\"}},"
                + " \"ConditionExpression\": \"attribute_not_exists(id)\"}");
        assertThat(conflict.errorName()).isEqualTo("DynamoDB.ConditionalCheckFailedException");
        assertThat(conflict.retryable()).isFalse();

        run("arn:aws:states:::dynamodb:deleteItem", "{\"TableName\": \"" + orders + "\", \"Key\": {\"id\": {\"S\": \"o-1\"}}}");
        assertThat(dynamo.getItem(b -> b.tableName(orders).key(Map.of("id", AttributeValue.fromS("o-1")))).hasItem()).isFalse();
    }

    @Test
    void aTenantsRunKeepsToItsOwnEmulatedTables() {
        Owner acme = new Owner.Tenant("acme", "orders", "orders:run-1");
        run("arn:aws:states:::dynamodb:putItem", "{\"TableName\": \"" + orders + "\", \"Item\": {\"id\": {\"S\": \"t-1\"}}}", acme);
        assertThat(dynamo.getItem(b -> b.tableName(orders).key(Map.of("id", AttributeValue.fromS("t-1")))).hasItem()).isFalse();
        assertThat(run("arn:aws:states:::dynamodb:getItem", "{\"TableName\": \"" + orders + "\", \"Key\": {\"id\": {\"S\": \"t-1\"}}}", acme)
                .at("/Item/id/S").asText()).isEqualTo("t-1");
        TaskError generic = catchThrowableOfType(TaskError.class, () -> run("arn:aws:states:::aws-sdk:dynamodb:describeTable",
                "{\"TableName\": \"" + orders + "\"}", acme));
        assertThat(generic.errorName()).isEqualTo("Sluice.IntegrationUnavailable");
        assertThat(generic.getMessage()).contains("tenant 'acme'").contains("function's role");
    }

    @Test
    void theGenericIntegrationRunsAnySdkActionByName() {
        JsonNode table = run("arn:aws:states:::aws-sdk:dynamodb:describeTable", "{\"TableName\": \"" + audit + "\"}").get("Table");
        assertThat(table.get("TableName").asText()).isEqualTo(audit);
        assertThat(table.get("TableStatus").asText()).isEqualTo("ACTIVE");
        assertThat(table.get("KeySchema").findValuesAsText("AttributeName")).containsExactly("pk", "sk");
        // UTC with milliseconds, as Step Functions was seen to give SDK timestamps (SdkShapes.TIME).
        assertThat(table.get("CreationDateTime").asText()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");

        JsonNode attributes = run("arn:aws:states:::aws-sdk:sqs:getQueueAttributes", "{\"QueueUrl\": \"" + queueUrl + "\","
                + " \"AttributeNames\": [\"DelaySeconds\", \"VisibilityTimeout\"]}").get("Attributes");
        assertThat(attributes.get("DelaySeconds").asText()).isEqualTo("3");
        assertThat(attributes.has("VisibilityTimeout")).isTrue();

        JsonNode listed = run("arn:aws:states:::aws-sdk:sqs:listQueues", "{\"QueueNamePrefix\": \"sdk-\"}");
        assertThat(listed.get("QueueUrls")).anySatisfy(url -> assertThat(url.asText()).endsWith("/sdk-jobs"));
    }

    @Test
    void serviceErrorsAreNamedAsStepFunctionsNamesThem() {
        TaskError missing = failure("arn:aws:states:::aws-sdk:dynamodb:describeTable", "{\"TableName\": \"no-such-table\"}");
        assertThat(missing.errorName()).isEqualTo("DynamoDb.ResourceNotFoundException");
        assertThat(missing.getMessage()).contains("Service: DynamoDb");
        TaskError optimised = failure("arn:aws:states:::dynamodb:getItem", "{\"TableName\": \"no-such-table\", \"Key\": {\"id\": {\"S\": \"x\"}}}");
        assertThat(optimised.errorName()).isEqualTo("DynamoDB.ResourceNotFoundException");
        TaskError queue = failure("arn:aws:states:::aws-sdk:sqs:getQueueAttributes",
                "{\"QueueUrl\": \"" + elasticMq.endpoint() + "/000000000000/no-such-queue\", \"AttributeNames\": [\"All\"]}");
        assertThat(queue.errorName()).isEqualTo("Sqs.QueueDoesNotExistException");
    }

    @Test
    void parametersTheActionDoesNotTakeAreRefusedNamingThem() {
        TaskError e = failure("arn:aws:states:::aws-sdk:dynamodb:describeTable", "{\"TableName\": \"x-table\", \"Tablename\": \"y\"}");
        assertThat(e.errorName()).isEqualTo("States.Runtime");
        assertThat(e.getMessage()).contains("DescribeTable.Tablename is not a field of DescribeTable").contains("it takes TableName");
        TaskError type = failure("arn:aws:states:::aws-sdk:sqs:getQueueAttributes", "{\"QueueUrl\": \"" + queueUrl + "\", \"AttributeNames\": \"All\"}");
        assertThat(type.getMessage()).contains("GetQueueAttributes.AttributeNames must be an array, not string");
    }

    @Test
    void aServiceOrActionThisHostDoesNotCarryIsUnavailableSayingWhy() {
        TaskError ec2 = failure("arn:aws:states:::aws-sdk:ec2:describeInstances", "{}");
        assertThat(ec2.errorName()).isEqualTo("Sluice.IntegrationUnavailable");
        assertThat(ec2.getMessage()).contains("software.amazon.awssdk:ec2").contains("dynamodb, eventbridge");
        TaskError action = failure("arn:aws:states:::aws-sdk:sqs:fly", "{}");
        assertThat(action.errorName()).isEqualTo("Sluice.IntegrationUnavailable");
        assertThat(action.getMessage()).contains("SqsClient of this host has no action 'fly'");
        assertThat(services.carries("dynamodb")).isTrue();
        assertThat(services.carries("ec2")).isFalse();
        assertThat(services.carries("../x")).isFalse();
    }
}
