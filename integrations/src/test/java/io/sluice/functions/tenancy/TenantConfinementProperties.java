package io.sluice.functions.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.integration.IntegrationRegistry;
import io.sluice.functions.integration.Integrations;
import io.sluice.functions.integration.dynamodb.DynamoDbHandler;
import io.sluice.functions.integration.dynamodb.TableSchema;
import io.sluice.functions.integration.http.HttpInvokeHandler;
import io.sluice.functions.integration.http.HttpSettings;
import io.sluice.functions.integration.objects.ObjectStoreHandler;
import io.sluice.functions.integration.publish.PublishHandler;
import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.OwnedBuckets;
import io.sluice.functions.nested.StartExecution;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.task.config.ReadConfig;
import io.sluice.functions.task.export.ExportTargets;
import io.sluice.functions.task.export.PushExport;
import io.sluice.functions.task.warehouse.CopyToWarehouse;
import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.Publisher;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.testkit.fake.InMemoryExecutionLinks;
import io.sluice.testkit.fake.InMemoryExportLedger;
import io.sluice.testkit.fake.InMemoryExporter;
import io.sluice.testkit.fake.InMemoryKeyValueTable;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemoryPublisher;
import io.sluice.testkit.fake.InMemorySecretResolver;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Issue 30's property: whatever a payload names — another tenant's keys, buckets, prefixes, secrets, pipelines, or
 * addresses on loopback, link-local (instance metadata) and private ranges — a run of tenant {@code a} reads, writes,
 * resolves, starts and contacts nothing outside tenant {@code a}. Every task function and integration that reaches data
 * is called with generated payloads over ports that record what they were asked for; after each call every recorded
 * object key is {@code a}'s ({@code tenants/a/...}),
 * every secret name is {@code a/...}, every table and topic namespace is {@code a}, every pipeline started is {@code a}'s,
 * the only export target built is the one {@code a}'s config describes, and the only warehouse table loaded is the one
 * {@code a}'s config names.
 */
class TenantConfinementProperties {
    static final Tenancy TENANTS = pipeline -> pipeline.startsWith("a-") ? Optional.of("a")
            : pipeline.startsWith("b-") ? Optional.of("b") : Optional.empty();
    static final String CONFIGURED_ENDPOINT = "https://partner.example/inbound";
    static final String CONFIGURED_TABLE = "a_sales";

    /** Names a hostile payload would try. */
    static final List<String> HOSTILE = List.of("b/partner", "../b/partner", "b", "tenants", "tenants/b/landing/x.csv", "landing/b/x.csv",
            "landing", "x/../../b/y", "/etc/passwd", "..", ".", "b-export", "b-export:run", "partner", "exports/a/../../b/x.csv",
            "exports/b/x.csv", "b_sales", "a_sales", "http://127.0.0.1:1/steal", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.5/",
            "http://[::1]/", "sftp://root@127.0.0.1:22/", "arn:aws:states:us-east-1:123456789012:stateMachine:b-export",
            "arn:aws:states:us-east-1:123456789012:stateMachine:platform-job", "", "tenants/a/../b/x");

    /** A port call's recorded subject (an object key, a secret name, a namespace, a started pipeline, an endpoint). */
    record Touch(String kind, String subject) {}

    final Set<Touch> touched = ConcurrentHashMap.newKeySet();

    @Provide
    Arbitrary<String> hostile() {
        Arbitrary<String> one = Arbitraries.of(HOSTILE);
        return Arbitraries.oneOf(one, Combinators.combine(one, one).as((x, y) -> x + "/" + y));
    }

    @Provide
    Arbitrary<String> resource() {
        return Arbitraries.of("sluice:function:read-config", "sluice:function:push-export", "sluice:function:copy-to-warehouse", "arn:aws:states:::aws-sdk:s3:getObject",
                "arn:aws:states:::aws-sdk:s3:putObject", "arn:aws:states:::aws-sdk:s3:listObjectsV2", "arn:aws:states:::aws-sdk:s3:copyObject",
                "arn:aws:states:::aws-sdk:s3:deleteObject", "arn:aws:states:::dynamodb:getItem", "arn:aws:states:::dynamodb:putItem",
                "arn:aws:states:::sns:publish", "arn:aws:states:::sqs:sendMessage", "arn:aws:states:::events:putEvents",
                "arn:aws:states:::http:invoke", "arn:aws:states:::states:startExecution", "map-bucket");
    }

    @Property(seed = "20261204", tries = 600)
    void aRunOfTenantAReachesNothingOutsideTenantA(@ForAll("resource") String resource, @ForAll("hostile") String x,
                                                   @ForAll("hostile") String y, @ForAll("hostile") String z) {
        touched.clear();
        Owner a = TENANTS.ownerOf("a-export", "a-export:run");
        TaskContext task = new TaskContext("a-export:run.0.1.0", "a-export:run", "S", TaskResource.parse(resource.equals("map-bucket")
                ? "sluice:function:read-config" : resource).pattern(), null, resource, null, a);
        JsonNode payload = payload(resource, x, y, z);
        try {
            call(resource, payload, task, x, y);
        } catch (RuntimeException refused) {
            // Refusals are answers; what matters is what the ports were asked for.
        }
        assertThat(touched).as("%s with %s", resource, payload).allSatisfy(t -> {
            switch (t.kind()) {
                case "object" -> assertThat(t.subject()).startsWith("tenants/a/");
                case "secret" -> assertThat(t.subject()).startsWith("a/");
                case "namespace" -> assertThat(t.subject()).isEqualTo("a");
                case "started" -> assertThat(t.subject()).startsWith("a-");
                case "endpoint" -> assertThat(t.subject()).isEqualTo(CONFIGURED_ENDPOINT);
                case "table" -> assertThat(t.subject()).isEqualTo(CONFIGURED_TABLE);
                default -> throw new AssertionError("unknown touch " + t);
            }
        });
    }

    private static JsonNode payload(String resource, String x, String y, String z) {
        return switch (resource) {
            case "sluice:function:read-config" -> Json.object().put("name", x);
            case "sluice:function:push-export" -> {
                var p = Json.object().put("BatchId", "a-export:run/" + y).put("Key", z);
                if (x.startsWith("http") || x.startsWith("sftp")) {
                    p.putObject("Target").put("name", "partner").put("kind", "http").put("endpoint", x)
                            .putObject("credentials").put("secret", y);
                } else {
                    p.put("Target", x);
                }
                yield p;
            }
            case "sluice:function:copy-to-warehouse" -> Json.object().put("table", x).put("batchId", "a-export/" + y).put("source", z);
            case "arn:aws:states:::aws-sdk:s3:copyObject" -> Json.object().put("Bucket", x).put("Key", y).put("CopySource", z);
            case "arn:aws:states:::aws-sdk:s3:listObjectsV2" -> Json.object().put("Bucket", x).put("Prefix", y);
            case "arn:aws:states:::dynamodb:getItem", "arn:aws:states:::dynamodb:putItem" -> Json.parse("""
                    {"TableName": "%s", "Key": {"id": {"S": "%s"}}, "Item": {"id": {"S": "%s"}}}""".formatted(x.length() % 2 == 0
                    ? "tickets" : x, y, z));
            case "arn:aws:states:::sns:publish" -> Json.object().put("TopicArn", "arn:aws:sns:us-east-1:123456789012:" + x).put("Message", y);
            case "arn:aws:states:::sqs:sendMessage" -> Json.object().put("QueueUrl", "https://sqs.us-east-1.amazonaws.com/123456789012/" + x)
                    .put("MessageBody", y);
            case "arn:aws:states:::events:putEvents" -> Json.parse("""
                    {"Entries": [{"EventBusName": "%s", "Source": "s", "DetailType": "d", "Detail": {}}]}""".formatted(x));
            case "arn:aws:states:::http:invoke" -> Json.parse("""
                    {"ApiEndpoint": "%s", "Method": "GET", "Authentication": {"ConnectionArn":
                     "arn:aws:events:us-east-1:123456789012:connection/%s"}}""".formatted(x, y));
            case "arn:aws:states:::states:startExecution" -> Json.object().put("StateMachineArn", x.startsWith("arn:") ? x
                    : "arn:aws:states:us-east-1:123456789012:stateMachine:" + x);
            default -> Json.object().put("Bucket", x).put("Key", y).put("Body", "data");
        };
    }

    private void call(String resource, JsonNode payload, TaskContext task, String x, String y) {
        InMemoryObjectStore data = new InMemoryObjectStore();
        for (String key : List.of("tenants/b/landing/x.csv", "landing/b/x.csv", "exports/b/x.csv", "tenants/a/landing/x.csv", "exports/a/x.csv")) {
            data.put(key, "row".getBytes(StandardCharsets.UTF_8));
        }
        ObjectStore objects = recording(data);
        SecretResolver secrets = name -> {
            touched.add(new Touch("secret", name));
            return Optional.of("value-of-" + name);
        };
        if (resource.equals("map-bucket")) {
            ObjectStore bucket = OwnedBuckets.scoping(Buckets.folders(objects)).of(task.owner()).bucket(x);
            bucket.list(y, null, 10);
            bucket.get(y);
            bucket.put(y, new byte[1]);
            return;
        }
        TaskAware function = switch (resource) {
            case "sluice:function:read-config" -> new ReadConfig(configs(), secrets, TENANTS, null);
            case "sluice:function:copy-to-warehouse" -> new CopyToWarehouse((request, now) -> {
                touched.add(new Touch("table", request.table()));
                objects.get(request.source());
                return new LoadResult.Loaded(1, false);
            }, configs(), Clock.systemUTC());
            case "sluice:function:push-export" -> new PushExport(Map.of("wired", new InMemoryExporter()), target -> {
                touched.add(new Touch("endpoint", target.endpoint()));
                return new InMemoryExporter();
            }, configs(), objects, new InMemoryExportLedger(), Clock.systemUTC(), new ScopedSecrets(secrets));
            case "arn:aws:states:::states:startExecution" -> new StartExecution(PipelineDefinitions.of(p -> Optional.of(
                    DefinitionParser.parse(Json.parse("{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"End\": true}}}")))),
                    (pipeline, name, definition, input) -> {
                        touched.add(new Touch("started", pipeline));
                        throw new IllegalStateException("started");
                    }, new InMemoryExecutionLinks(), TENANTS, Clock.systemUTC(), Duration.ofDays(1));
            default -> new Integrations(new IntegrationRegistry(Platform.LOCAL, List.of(
                    new ObjectStoreHandler(objects),
                    new DynamoDbHandler(recording(new InMemoryKeyValueTable()), List.of(new TableSchema("tickets", "id", null))),
                    new PublishHandler(recording(new InMemoryPublisher()), Clock.systemUTC(), Map.of()),
                    new HttpInvokeHandler(HttpInvokeHandler.defaultClient(HttpSettings.none()), HttpSettings.none(), new ScopedSecrets(secrets))),
                    null));
        };
        function.apply(payload, task);
    }

    private static InMemoryConfigStore configs() {
        return new InMemoryConfigStore()
                .put("a-export.json", """
                        {"pipeline": "a-export", "warehouse": {"table": "%s"}, "targets": [{"name": "partner", "kind": "http", "endpoint": "%s", "source": "exports/a/",
                          "credentials": {"secret": "partner"}}]}""".formatted(CONFIGURED_TABLE, CONFIGURED_ENDPOINT))
                .put("a-export.schema.json", "{}")
                .put("b-export.json", "{\"pipeline\": \"b-export\", \"warehouse\": {\"table\": \"b_sales\"}, \"targets\": [{\"name\": \"partner\", \"kind\": \"http\","
                        + " \"endpoint\": \"http://127.0.0.1:1/b\", \"source\": \"exports/b/\"}]}")
                .put("b-export.schema.json", "{}");
    }

    private ObjectStore recording(ObjectStore store) {
        return new ObjectStore() {
            @Override
            public void put(String key, byte[] content) {
                touched.add(new Touch("object", key));
                store.put(key, content);
            }

            @Override
            public Optional<byte[]> get(String key) {
                touched.add(new Touch("object", key));
                return store.get(key);
            }

            @Override
            public List<ObjectInfo> list(String prefix, String startAfter, int max) {
                touched.add(new Touch("object", prefix));
                return store.list(prefix, startAfter, max);
            }

            @Override
            public boolean delete(String key) {
                touched.add(new Touch("object", key));
                return store.delete(key);
            }
        };
    }

    private KeyValueTable recording(KeyValueTable table) {
        return new KeyValueTable() {
            @Override
            public Optional<Stored> get(String namespace, String name, ItemKey key) {
                touched.add(new Touch("namespace", namespace));
                return table.get(namespace, name, key);
            }

            @Override
            public boolean write(String namespace, String name, ItemKey key, long expectedVersion, Write write) {
                touched.add(new Touch("namespace", namespace));
                return table.write(namespace, name, key, expectedVersion, write);
            }

            @Override
            public List<Stored> partition(String namespace, String name, String partition) {
                touched.add(new Touch("namespace", namespace));
                return table.partition(namespace, name, partition);
            }
        };
    }

    private Publisher recording(Publisher publisher) {
        return new Publisher() {
            @Override
            public Published publish(String namespace, Target target, Message message) {
                touched.add(new Touch("namespace", namespace));
                return publisher.publish(namespace, target, message);
            }

            @Override
            public List<Delivered> read(String namespace, Target target, String after, int max) {
                touched.add(new Touch("namespace", namespace));
                return publisher.read(namespace, target, after, max);
            }
        };
    }
}
