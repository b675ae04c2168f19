package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.dynamodb.DynaliteTables;
import io.sluice.aws.dynamodb.KeyValueItemsTable;
import io.sluice.aws.invoke.EventSourceMapping;
import io.sluice.aws.s3.S3TestBuckets;
import io.sluice.aws.sqs.SqsClients;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.stubs.aws.EventBridgeStub;
import io.sluice.stubs.aws.SnsStub;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.aws.DynaliteServer;
import io.sluice.testkit.aws.S3MockServer;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The {@code integrations}, {@code executions} and {@code map-run} task functions and the retention reaper on
 * Lambda, through the real entry points fed by {@link EventSourceMapping} from a real ElasticMQ: a definition
 * written for Step Functions puts and reads a DynamoDB item in the table it names (dynalite), publishes to SNS and EventBridge (HTTP
 * stubs of their protocols through endpointOverride, since nothing serves them here), runs a bundled pipeline as a
 * child execution ({@code states:startExecution.sync:2}), a distributed Map over an S3 listing (S3Mock) and two calls of the
 * generic integration ({@code aws-sdk:dynamodb:describeTable}, {@code aws-sdk:sqs:listQueues}), all on
 * the deployment's Redis; the {@code http-api} function counts the map run's children from the deployment's map-run store;
 * then the schedule tick archives the finished execution to S3 and drops it from Redis.
 */
class AwsIntegrationsEntryPointTest {
    private final LambdaEnvironment environment = new LambdaEnvironment();
    private final String id = UUID.randomUUID().toString().substring(0, 8);
    private final String keyPrefix = "sluice-aws-int-" + id;
    private final QueueNames names = new QueueNames("int-" + id);
    private ElasticMqServer elasticMq;
    private RedisAdapters redis;
    private io.sluice.orchestration.port.ExecutionStore hostExecutions;
    private SqsTaskQueue queue;
    private SnsStub sns;
    private EventBridgeStub eventBridge;

    @AfterEach
    void cleanUp() {
        environment.restore(redis, keyPrefix);
        if (queue != null) queue.close();
        if (elasticMq != null) elasticMq.close();
        if (sns != null) sns.close();
        if (eventBridge != null) eventBridge.close();
    }

    @Test
    void aStepFunctionsDefinitionCallingDynamoDbSnsEventBridgeAChildAndADistributedMapRunsOnLambdaAndIsArchivedToS3() throws Exception {
        DynamoDbClient dynamo = DynaliteTables.dynalite();
        String itemTable = DynaliteTables.create(dynamo, "items", KeyValueItemsTable::definition);
        String orders = DynaliteTables.create(dynamo, "orders", name -> CreateTableRequest.builder().tableName(name)
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S))
                .billingMode(BillingMode.PAY_PER_REQUEST).build());
        S3Client s3 = S3TestBuckets.s3Mock();
        String deployment = S3TestBuckets.create(s3, "deployment");
        String landing = S3TestBuckets.create(s3, "landing");
        for (String key : List.of("drops/a.csv", "drops/b.csv", "drops/c.csv", "other/ignored.csv")) {
            s3.putObject(b -> b.bucket(landing).key(key), RequestBody.fromString("x"));
        }
        elasticMq = ElasticMqServer.start();
        sns = new SnsStub().topic("arn:aws:sns:us-east-1:000000000000:orders-done");
        eventBridge = new EventBridgeStub();
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        // Read as the deployment's functions read them: a waiting execution may sleep in the bucket (issue 37).
        hostExecutions = io.sluice.functions.hibernate.HibernatingStore.over(redis.executionStore(),
                new io.sluice.aws.s3.S3ObjectStore(s3, io.sluice.aws.s3.S3Location.of(deployment)));
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(elasticMq.endpoint(), ElasticMqServer.REGION, 5));
        Map.ofEntries(Map.entry("sluice.redis-url", redisUrl), Map.entry("sluice.redis-key-prefix", keyPrefix),
                Map.entry("sluice.sqs-endpoint", elasticMq.endpoint().toString()), Map.entry("sluice.queue-prefix", names.prefix()),
                Map.entry("sluice.region", ElasticMqServer.REGION), Map.entry("MAIN_CLASS", EntryPointTestApplication.class.getName()),
                Map.entry("spring.main.banner-mode", "off"), Map.entry("sluice.triggers.pipelines", "classpath*:integrations/*.asl.json"),
                Map.entry("sluice.integrations.enabled", "true"), Map.entry("sluice.integrations.item-table", itemTable),
                Map.entry("sluice.integrations.tables.orders.partition-key", "id"), Map.entry("sluice.integrations.account-id", "000000000000"),
                Map.entry("sluice.integrations.events-endpoint", eventBridge.endpoint().toString()),
                Map.entry("sluice.sns.endpoint", sns.endpoint().toString()),
                Map.entry("sluice.dynamodb.endpoint", DynaliteServer.shared().endpoint().toString()),
                Map.entry("sluice.s3.bucket", deployment), Map.entry("sluice.s3.endpoint", S3MockServer.shared().endpoint().toString()),
                Map.entry("sluice.retention", "0s"),
                // The http-api behind API Gateway's IAM authorization (no tenants file): the caller is the platform's operator.
                Map.entry("sluice.api.platform-auth", "iam"), Map.entry("sluice.api.allowed-hosts", HttpApiPlatformAuthTest.DOCS_DOMAIN))
                .forEach(environment::set);

        Clock clock = Clock.systemUTC();
        Orchestrator starter = new Orchestrator(redis.executionStore(), new DefinitionCache(redis.definitionStore()),
                new OutboxDispatcher(redis.executionStore(), queue, redis.timerIndex(), names, clock), clock, Boundary.Probe.NONE);
        String executionId = starter.start("orders", "o-17", DefinitionParser.parse(Json.parse(definition(landing, orders))),
                Json.parse("{\"order\": \"o-17\"}")).execution().executionId();

        try (SqsClient raw = SqsClients.create(SqsQueueSettings.local(elasticMq.endpoint(), ElasticMqServer.REGION, 5))) {
            EventSourceMapping lambda = new EventSourceMapping(raw, names.prefix(), environment::set, 2);
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(50)).until(() -> {
                lambda.round();
                return status(executionId).filter(s -> !s.equals("RUNNING")).isPresent();
            });
            JsonNode state = Json.parse(hostExecutions.load(executionId).orElseThrow().state());
            assertThat(state.get("status").asText()).as(state.toPrettyString()).isEqualTo("SUCCEEDED");
            JsonNode output = state.get("output");

            Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName(orders).key(Map.of("id", AttributeValue.fromS("o-17")))).item();
            assertThat(item.get("id").s()).as("in the table the Task names").isEqualTo("o-17");
            assertThat(dynamo.scan(b -> b.tableName(itemTable)).items()).as("not in the tenants' item table").isEmpty();
            assertThat(item.get("qty").n()).as("a DynamoDB number, not a string").isEqualTo("3");
            assertThat(output.get("read").get("qty").asText()).isEqualTo("3");
            // The generic integration through the same wiring: DynamoDB at sluice.dynamodb.endpoint, SQS at sluice.sqs-endpoint.
            assertThat(output.at("/table/status").asText()).isEqualTo("ACTIVE");
            assertThat(output.at("/queues/urls")).isNotEmpty().allSatisfy(u -> assertThat(u.asText()).contains("/" + names.prefix()));

            assertThat(sns.published()).singleElement().satisfies(p -> {
                assertThat(p).containsEntry("TopicArn", "arn:aws:sns:us-east-1:000000000000:orders-done").containsEntry("Message", "o-17");
            });
            assertThat(output.get("sns").get("MessageId").asText()).isNotBlank();
            assertThat(eventBridge.calls("PutEvents")).singleElement().satisfies(c -> {
                JsonNode entry = c.body().get("Entries").get(0);
                assertThat(entry.get("EventBusName").asText()).isEqualTo("orders-bus");
                assertThat(Json.parse(entry.get("Detail").asText()).get("order").asText()).isEqualTo("o-17");
            });

            assertThat(output.get("child").get("summary").asText()).isEqualTo("order o-17");
            assertThat(output.get("drops")).extracting(d -> d.get("key").asText())
                    .containsExactlyInAnyOrder("drops/a.csv", "drops/b.csv", "drops/c.csv");

            // The http-api counts the map run's children from the deployment's one map-run store (AwsPorts' RedisMapRunStore,
            // the one the map-run function wrote), not by listing the child executions.
            JsonNode mapRuns = lambda.invoke("http-api", get("/v1/executions/" + executionId + "/map-runs"));
            assertThat(mapRuns.path("statusCode").asInt()).as(mapRuns.toString()).isEqualTo(200);
            JsonNode children = Json.parse(mapRuns.path("body").asText()).path("mapRuns").path(0).path("children");
            assertThat(children.path("counted").asText()).as(mapRuns.toString()).isEqualTo("store");
            assertThat(children.path("total").asInt()).isEqualTo(3);
            assertThat(children.path("SUCCEEDED").asInt()).isEqualTo(3);
            assertThat(children.path("PENDING").asInt()).isZero();

            JsonNode tick = lambda.invoke("schedule-tick", fixture("events/eventbridge-scheduled-event.json"));
            assertThat(tick.asText()).contains("expired=Report[archived=");
            assertThat(redis.executionStore().load(executionId)).as("reaped from Redis").isEmpty();
            List<String> archived = s3.listObjectsV2(b -> b.bucket(deployment).prefix("archive/executions/")).contents().stream()
                    .map(o -> o.key()).toList();
            assertThat(archived).as("archived to the deployment's bucket").anyMatch(k -> k.contains("o-17"));
        }
    }

    private Optional<String> status(String executionId) {
        return hostExecutions.load(executionId).map(s -> Json.parse(s.state()).get("status").asText());
    }

    private String definition(String landing, String orders) {
        return """
                {"StartAt": "Save", "States": {
                  "Save": {"Type": "Task", "Resource": "arn:aws:states:::dynamodb:putItem",
                    "Parameters": {"TableName": "%2$s", "Item": {"id": {"S.$": "$.order"}, "qty": {"N": "3"}},
                                   "ConditionExpression": "attribute_not_exists(id)"},
                    "ResultPath": null, "Next": "Announce"},
                  "Announce": {"Type": "Task", "Resource": "arn:aws:states:::sns:publish",
                    "Parameters": {"TopicArn": "arn:aws:sns:us-east-1:000000000000:orders-done", "Message.$": "$.order"},
                    "ResultPath": "$.sns", "Next": "Tell the bus"},
                  "Tell the bus": {"Type": "Task", "Resource": "arn:aws:states:::events:putEvents",
                    "Parameters": {"Entries": [{"EventBusName": "orders-bus", "Source": "shop", "DetailType": "OrderSaved",
                                                "Detail": {"order.$": "$.order"}}]},
                    "ResultPath": null, "Next": "Summarise"},
                  "Summarise": {"Type": "Task", "Resource": "arn:aws:states:::states:startExecution.sync:2",
                    "Parameters": {"StateMachineArn": "arn:aws:states:us-east-1:000000000000:stateMachine:order-summary",
                                   "Input": {"order.$": "$.order"}},
                    "ResultSelector": {"summary.$": "$.Output.summary"}, "ResultPath": "$.child", "Next": "Every drop"},
                  "Every drop": {"Type": "Map",
                    "ItemReader": {"Resource": "arn:aws:states:::s3:listObjectsV2", "Parameters": {"Bucket": "%1$s", "Prefix": "drops/"}},
                    "ItemSelector": {"key.$": "$$.Map.Item.Value.Key"},
                    "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "STANDARD"},
                      "StartAt": "Seen", "States": {"Seen": {"Type": "Pass", "End": true}}},
                    "ResultPath": "$.drops", "Next": "Read back"},
                  "Read back": {"Type": "Task", "Resource": "arn:aws:states:::dynamodb:getItem",
                    "Parameters": {"TableName": "%2$s", "Key": {"id": {"S.$": "$.order"}}, "ConsistentRead": true},
                    "ResultSelector": {"qty.$": "$.Item.qty.N"}, "ResultPath": "$.read", "Next": "Describe"},
                  "Describe": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:dynamodb:describeTable",
                    "Parameters": {"TableName": "%2$s"}, "ResultSelector": {"status.$": "$.Table.TableStatus"}, "ResultPath": "$.table", "Next": "Queues"},
                  "Queues": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:sqs:listQueues",
                    "Parameters": {"QueueNamePrefix": "%3$s"}, "ResultSelector": {"urls.$": "$.QueueUrls"}, "ResultPath": "$.queues", "End": true}}}
                """.formatted(landing, orders, names.prefix());
    }

    /** API Gateway's payload 2.0 event of the documentation (HttpApiPlatformAuthTest's, IAM-authorized) as a GET of {@code path}. */
    private static String get(String path) throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode event;
        try (InputStream in = AwsIntegrationsEntryPointTest.class.getResourceAsStream(HttpApiPlatformAuthTest.DOCS_SAMPLE)) {
            event = (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        event.put("rawPath", path).put("rawQueryString", "").remove("queryStringParameters");
        ((com.fasterxml.jackson.databind.node.ObjectNode) event.get("requestContext").get("http")).put("path", path);
        return Json.write(event);
    }

    private String fixture(String path) throws IOException {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
