package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.sluice.aws.dynamodb.DynaliteTables;
import io.sluice.aws.dynamodb.DynamoDbStatusStore;
import io.sluice.aws.dynamodb.LedgerTables;
import io.sluice.aws.dynamodb.StatusTable;
import io.sluice.aws.invoke.EventSourceMapping;
import io.sluice.aws.s3.S3TestBuckets;
import io.sluice.aws.sqs.SqsClients;
import io.sluice.aws.AwsPorts;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.stubs.aws.GlueStub;
import io.sluice.stubs.aws.RedshiftDataStub;
import io.sluice.stubs.aws.SnsStub;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.PatternResources;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.pattern.Rendering;
import io.sluice.orchestration.port.RunState;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisDeadLetterStore;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.aws.DynaliteServer;
import io.sluice.testkit.aws.S3MockServer;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * Issue 12's "done means", in one test: the retail demo's {@code orders} and {@code customers} ingestions and the
 * {@code daily-sales} export that waits for both (dependency-check, woken by their completion events) run end to end
 * through the AWS Lambda entry points in process: the ingestions start when their drop files land in S3 (S3's
 * notifications reach {@code object-trigger} through SQS), the export is started first and waits. {@link EventSourceMapping} pumps the real ElasticMQ FIFO queues into
 * the orchestrator, task-worker, events, delayed-forwarder and dlq-handler functions as Lambda's event source mapping
 * does, honouring partial batch failures, and delivers every task batch twice (SQS's at-least-once, made certain).
 * S3 is S3Mock (configs, the lake, manifests, the archive), the status table and the export ledger are on dynalite,
 * state on Redis. Glue, the Redshift Data API and SNS cannot run here: they are HTTP stubs of their protocols
 * reached through endpointOverride ({@link GlueStub}, whose runs stand in for the jobs by writing the files the
 * real jobs would; {@link RedshiftDataStub}, which runs the SQL it receives on PostgreSQL; {@link SnsStub}). The
 * partner's API is a plain HTTP server on loopback. A planted failure — a message no function can read, put on the
 * orchestrator queue — is refused on each delivery, dead-lettered by SQS after its receives, and reaches the
 * dlq-handler, which raises exactly one alert on SNS.
 */
class AwsDemoPipelinesEndToEndTest {
    private static final Path RETAIL = Path.of("../../examples/retail").toAbsolutePath().normalize();
    private static final String PARTITION = "2026-11-29";
    private static final String ALERTS = "arn:aws:sns:us-east-1:000000000000:sluice-alerts";
    private static final int MAX_RECEIVES = 3;
    private static final List<String> JOBS = List.of("orders-landing", "orders-raw", "orders-enriched", "customers-landing",
            "customers-raw", "customers-enriched", "daily-sales-unload", "daily-sales-extract");

    private final LambdaEnvironment environment = new LambdaEnvironment();
    private final String id = UUID.randomUUID().toString().substring(0, 8);
    private final String keyPrefix = "sluice-aws-e2e-" + id;
    private final QueueNames names = new QueueNames("e2e-" + id);
    private final List<String> received = new CopyOnWriteArrayList<>();
    private ElasticMqServer elasticMq;
    private RedisAdapters redis;
    private io.sluice.orchestration.port.ExecutionStore hostExecutions;
    private SqsTaskQueue queue;
    private GlueStub glue;
    private RedshiftDataStub redshift;
    private SnsStub sns;
    private TestDatabase warehouse;
    private HttpServer partner;

    @AfterEach
    void cleanUp() {
        environment.restore(redis, keyPrefix);
        if (queue != null) queue.close();
        if (elasticMq != null) elasticMq.close();
        if (glue != null) glue.close();
        if (redshift != null) redshift.close();
        if (sns != null) sns.close();
        if (warehouse != null) warehouse.close();
        if (partner != null) partner.stop(0);
    }

    @Test
    void theDemosIngestionsAndTheExportThatWaitsForThemRunThroughTheLambdaEntryPointsAndAPoisonMessageAlertsOnce(@TempDir Path bundle)
            throws Exception {
        DynamoDbClient dynamo = DynaliteTables.dynalite();
        String statusTable = DynaliteTables.create(dynamo, "status", StatusTable::create);
        String exportLedger = DynaliteTables.create(dynamo, "exports", LedgerTables::exportLedger);
        S3Client s3 = S3TestBuckets.s3Mock();
        String lake = S3TestBuckets.create(s3, "lake");
        warehouse = PostgresTestServer.shared().createDatabase("AwsDemoPipelinesEndToEnd");
        execute(Files.readString(RETAIL.resolve("warehouse.sql")));
        elasticMq = ElasticMqServer.start();
        glue = new GlueStub();
        JOBS.forEach(job -> glue.job(job, "SUCCEEDED", null, 2));
        glue.onStart((job, arguments) -> runJob(s3, lake, job, arguments));
        redshift = new RedshiftDataStub(warehouse.jdbcUrl(), s3, 1);
        sns = new SnsStub().topic(ALERTS);
        partner = partnerApi();

        Map<String, JsonNode> configs = new LinkedHashMap<>();
        for (String pipeline : List.of("orders", "customers", "daily-sales")) {
            configs.put(pipeline, Json.parse(Files.readString(RETAIL.resolve("pipelines/" + pipeline + ".config.json"))));
        }
        // The partner's SFTP server cannot be a Lambda target (no SSH client in the bundle): the export pushes to its API.
        ((ObjectNode) configs.get("daily-sales")).set("targets", Json.parse("""
                [{"name": "partner-api", "kind": "http", "endpoint": "http://127.0.0.1:%d/inbound/daily-sales",
                  "source": "exports/daily-sales/", "rateLimitPerSecond": 5}]""".formatted(partner.getAddress().getPort())));
        Patterns patterns = new Patterns(AwsDemoPipelinesEndToEndTest::patternResource);
        Map<String, JsonNode> definitions = new LinkedHashMap<>();
        for (var e : configs.entrySet()) {
            Rendering rendering = patterns.render(e.getValue().get("pattern").asText(), e.getValue());
            assertThat(rendering).as(e.getKey()).isInstanceOf(Rendering.Rendered.class);
            definitions.put(e.getKey(), ((Rendering.Rendered) rendering).definition());
            Files.writeString(bundle.resolve(e.getKey() + ".asl.json"), Json.write(definitions.get(e.getKey())));
            s3.putObject(b -> b.bucket(lake).key("configs/" + e.getKey() + ".json"), RequestBody.fromString(Json.write(e.getValue())));
        }

        Files.writeString(bundle.resolve("object-rules.json"), """
                {"rules": [
                  {"id": "orders-drop", "store": "s3", "bucket": "%1$s", "prefix": "drop/orders/", "suffix": ".csv", "pipeline": "orders",
                   "partition": {"pattern": "drop/orders/{yyyy}-{MM}-{dd}"}, "input": {"partition": "${partition}", "file": "s3://${bucket}/${key}"}},
                  {"id": "customers-drop", "store": "s3", "bucket": "%1$s", "prefix": "drop/customers/", "suffix": ".csv", "pipeline": "customers",
                   "partition": {"pattern": "drop/customers/{yyyy}-{MM}-{dd}"}, "input": {"partition": "${partition}", "file": "s3://${bucket}/${key}"}}
                ]}""".formatted(lake));
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        // Read as the deployment's functions read them: a waiting execution may sleep in the bucket (issue 37).
        hostExecutions = io.sluice.functions.hibernate.HibernatingStore.over(redis.executionStore(),
                new io.sluice.aws.s3.S3ObjectStore(s3, io.sluice.aws.s3.S3Location.of(lake)));
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(elasticMq.endpoint(), ElasticMqServer.REGION, MAX_RECEIVES)
                .withDelayedQueue(AwsPorts.delayedQueue(names.prefix()))); // as the functions' own queue
        Map.ofEntries(Map.entry("sluice.redis-url", redisUrl), Map.entry("sluice.redis-key-prefix", keyPrefix),
                Map.entry("sluice.sqs-endpoint", elasticMq.endpoint().toString()), Map.entry("sluice.queue-prefix", names.prefix()),
                Map.entry("sluice.max-receives", String.valueOf(MAX_RECEIVES)), Map.entry("sluice.region", ElasticMqServer.REGION),
                Map.entry("MAIN_CLASS", EntryPointTestApplication.class.getName()), Map.entry("spring.main.banner-mode", "off"),
                Map.entry("sluice.triggers.pipelines", bundle.toUri() + "*.asl.json"),
                Map.entry("sluice.triggers.rules", bundle.resolve("object-rules.json").toUri().toString()),
                Map.entry("sluice.s3.bucket", lake), Map.entry("sluice.s3.endpoint", S3MockServer.shared().endpoint().toString()),
                Map.entry("sluice.dynamodb.status-table", statusTable), Map.entry("sluice.dynamodb.export-ledger-table", exportLedger),
                Map.entry("sluice.dynamodb.endpoint", DynaliteServer.shared().endpoint().toString()),
                Map.entry("sluice.glue.enabled", "true"), Map.entry("sluice.glue.endpoint", glue.endpoint().toString()),
                Map.entry("sluice.glue.poll-initial", "50ms"), Map.entry("sluice.glue.poll-max", "200ms"),
                Map.entry("sluice.redshift.database", "dev"), Map.entry("sluice.redshift.workgroup", "sluice-e2e"),
                Map.entry("sluice.redshift.copy-role-arn", "arn:aws:iam::000000000000:role/sluice-redshift-copy"),
                Map.entry("sluice.redshift.endpoint", redshift.endpoint().toString()),
                Map.entry("sluice.sns.alert-topic-arn", ALERTS), Map.entry("sluice.sns.endpoint", sns.endpoint().toString()),
                // push-export reaches the partner on loopback only because the allow-list names its address and port
                Map.entry("sluice.integrations.http.allowed-hosts", "127.0.0.1:" + partner.getAddress().getPort()))
                .forEach(environment::set);

        Clock clock = Clock.systemUTC();
        Orchestrator starter = new Orchestrator(redis.executionStore(), new DefinitionCache(redis.definitionStore()),
                new OutboxDispatcher(redis.executionStore(), queue, redis.timerIndex(), names, clock), clock, Boundary.Probe.NONE);
        // The export starts first, as the demo starts it, and waits for its upstreams.
        String export = starter.start("daily-sales", PARTITION, DefinitionParser.parse(definitions.get("daily-sales")),
                Json.parse("{\"partition\": \"" + PARTITION + "\"}")).execution().executionId();

        try (SqsClient raw = SqsClients.create(SqsQueueSettings.local(elasticMq.endpoint(), ElasticMqServer.REGION, MAX_RECEIVES))) {
            // The ingestions start as on AWS: their drop files land in S3, whose notifications reach object-trigger through SQS.
            String objectEvents = raw.createQueue(b -> b.queueName(names.prefix() + "-object-events")).queueUrl();
            for (String source : List.of("orders", "customers")) {
                String key = "drop/" + source + "/" + PARTITION + ".csv";
                s3.putObject(b -> b.bucket(lake).key(key), RequestBody.fromString("the day's " + source + "\n"));
                var head = s3.headObject(b -> b.bucket(lake).key(key));
                raw.sendMessage(b -> b.queueUrl(objectEvents).messageBody(s3Notification(lake, key, head.contentLength(), head.eTag())));
            }
            // The planted failure: a message on the orchestrator queue that no function can read, in a group of its own.
            assertThat(queue.receive(names.orchestrator(), 1, Duration.ofSeconds(1), Duration.ZERO)).as("creates the queue").isEmpty();
            String orchestratorUrl = raw.getQueueUrl(b -> b.queueName(names.orchestrator() + ".fifo")).queueUrl();
            String poison = raw.sendMessage(b -> b.queueUrl(orchestratorUrl).messageBody("{\"type\": \"resu").messageGroupId("planted")
                    .messageDeduplicationId("planted-1").messageAttributes(Map.of("origin",
                            MessageAttributeValue.builder().dataType("String").stringValue("a truncated producer").build()))).messageId();

            EventSourceMapping lambda = new EventSourceMapping(raw, names.prefix(), environment::set, 2).deliveringTasksTwice();
            Map<String, String> executions = new LinkedHashMap<>();
            executions.put("daily-sales", export);
            await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofMillis(50)).until(() -> {
                lambda.round();
                for (String pipeline : List.of("orders", "customers")) {
                    redis.executionStore().list(pipeline, null, 10).forEach(e -> executions.put(pipeline, e.executionId()));
                }
                return executions.size() == 3 && executions.values().stream().allMatch(e -> status(e).filter(s -> !s.equals("RUNNING")).isPresent())
                        && !sns.published().isEmpty();
            });
            for (String pipeline : List.of("orders", "customers")) {
                assertThat(redis.executionStore().list(pipeline, null, 10)).as("one run per drop file").hasSize(1);
            }
            assertThat(lambda.deliveries()).filteredOn(d -> d.function().equals("object-trigger")).isNotEmpty()
                    .allSatisfy(d -> assertThat(d.failed()).isEmpty());

            for (var e : executions.entrySet()) {
                JsonNode state = Json.parse(hostExecutions.load(e.getValue()).orElseThrow().state());
                assertThat(state.get("status").asText()).as(e.getKey() + ": " + state.path("error") + " " + state.path("cause"))
                        .isEqualTo("SUCCEEDED");
            }

            // Glue: every job of the three pipelines ran, once, although each task was delivered twice.
            for (String job : JOBS) {
                assertThat(glue.runsOf(job)).as(job).isEqualTo(1);
            }
            assertThat(glue.calls("StartJobRun")).allSatisfy(c -> assertThat(c.body().get("Arguments").has("--sluice-task-token")).isTrue());
            assertThat(lambda.deliveries()).as("every task batch went to the task worker twice")
                    .filteredOn(d -> d.function().equals("task-worker")).hasSizeGreaterThanOrEqualTo(2 * JOBS.size());

            // Redshift: one COPY per loaded table, from the enriched jobs' extracts, and the rows reached the tables.
            List<String> sql = redshift.received().stream().map(RedshiftDataStub.Received::sql).toList();
            assertThat(sql.stream().filter(s -> s.strip().toUpperCase().startsWith("COPY"))).as(String.join("\n", sql)).hasSize(2)
                    .anySatisfy(s -> assertThat(s).contains("s3://")).allSatisfy(s -> assertThat(s).contains("IAM_ROLE"));
            assertThat(sql).as("each batch replaces its rows once, in each table").filteredOn(s -> s.startsWith("INSERT INTO \"retail\"."))
                    .extracting(s -> s.substring(0, s.indexOf(" (")))
                    .containsExactlyInAnyOrder("INSERT INTO \"retail\".\"orders\"", "INSERT INTO \"retail\".\"customers\"");
            assertThat(count("select count(*) from retail.orders")).isEqualTo(3);
            assertThat(count("select count(*) from retail.customers")).isEqualTo(2);
            assertThat(count("select count(distinct sluice_batch) from retail.orders")).isEqualTo(1);

            // The export waited for both upstreams and pushed its extract to the partner once.
            assertThat(received).singleElement().satisfies(body -> assertThat(body).startsWith("store_id,").contains("S-01"));

            // The status table on DynamoDB has the three runs.
            DynamoDbStatusStore status = new DynamoDbStatusStore(dynamo, statusTable);
            for (String pipeline : executions.keySet()) {
                assertThat(status.find(pipeline, PARTITION, 10)).as(pipeline).singleElement()
                        .satisfies(r -> assertThat(r.state()).isEqualTo(RunState.SUCCEEDED));
            }

            // The planted failure: refused on each of its receives (a partial batch failure), dead-lettered, alerted once.
            assertThat(lambda.deliveries()).filteredOn(d -> d.function().equals("orchestrator") && d.failed().contains(poison))
                    .hasSize(MAX_RECEIVES);
            assertThat(lambda.deliveries()).filteredOn(d -> d.function().equals("dlq-handler"))
                    .singleElement().satisfies(d -> assertThat(d.bodies()).containsExactly("{\"type\": \"resu"));
            assertThat(sns.published()).singleElement().satisfies(alert -> {
                assertThat(alert).containsEntry("TopicArn", ALERTS);
                assertThat(alert.get("Subject") + " " + alert.get("Message")).contains("dead-lettered", names.orchestrator(), poison);
            });
            // ... and kept as a dead letter, for /v1/dead-letters and the console to list and redrive.
            assertThat(new RedisDeadLetterStore(redis.redisson(), keyPrefix).list(null, null, 0, 10)).singleElement()
                    .satisfies(letter -> {
                        assertThat(letter.message().messageId()).isEqualTo(poison);
                        assertThat(letter.message().body()).isEqualTo("{\"type\": \"resu");
                    });
        }
    }

    /** The notification S3 sends to an SQS queue for an object created by PutObject. */
    private static String s3Notification(String bucket, String key, long size, String eTag) {
        ObjectNode record = Json.object().put("eventVersion", "2.1").put("eventSource", "aws:s3").put("awsRegion", "us-east-1")
                .put("eventTime", "2026-11-29T05:00:01.250Z").put("eventName", "ObjectCreated:Put");
        ObjectNode s3 = record.putObject("s3").put("s3SchemaVersion", "1.0").put("configurationId", "sluice-object-trigger");
        s3.putObject("bucket").put("name", bucket).put("arn", "arn:aws:s3:::" + bucket);
        s3.putObject("object").put("key", key).put("size", size).put("eTag", eTag.replace("\"", "")).put("sequencer", "0067495B1E9F2A3C41");
        ObjectNode event = Json.object();
        event.putArray("Records").add(record);
        return Json.write(event);
    }

    /** What the Glue jobs would write that the next steps read: the enriched jobs' warehouse extracts, the export's extract. */
    private static void runJob(S3Client s3, String lake, String job, JsonNode arguments) {
        String partition = arguments.path("--partition").asText();
        String csv = switch (job) {
            case "orders-enriched" -> """
                    order_id,customer_id,ordered_at,order_date,store_id,sku,quantity,unit_price,currency,line_total
                    O-1,C-1,2026-11-29T09:15:00Z,2026-11-29,S-01,SKU-1,2,9.50,EUR,19.00
                    O-1,C-1,2026-11-29T09:15:00Z,2026-11-29,S-01,SKU-2,1,4.25,EUR,4.25
                    O-2,C-2,2026-11-29T10:40:00Z,2026-11-29,S-02,SKU-1,3,9.50,EUR,28.50
                    """;
            case "customers-enriched" -> """
                    customer_id,name,email,email_domain,city,country,signup_date,segment
                    C-1,Ann Lee,ann@example.com,example.com,Lyon,FR,2024-02-01,retail
                    C-2,Bo Chen,bo@example.org,example.org,Porto,PT,2025-06-12,business
                    """;
            case "daily-sales-extract" -> """
                    store_id,order_date,orders,revenue
                    S-01,2026-11-29,1,23.25
                    S-02,2026-11-29,1,28.50
                    """;
            default -> null;
        };
        String prefix = job.endsWith("-enriched") ? arguments.path("--extract").asText() : arguments.path("--target").asText();
        if (csv != null) {
            s3.putObject(b -> b.bucket(lake).key(prefix + partition + ".csv"), RequestBody.fromString(csv));
        }
    }

    private HttpServer partnerApi() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        server.createContext("/inbound/daily-sales", exchange -> {
            try (exchange) {
                received.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                exchange.sendResponseHeaders(200, -1);
            }
        });
        server.start();
        return server;
    }

    private Optional<String> status(String executionId) {
        return hostExecutions.load(executionId).map(s -> Json.parse(s.state()).get("status").asText());
    }

    private void execute(String sql) throws Exception {
        try (Connection c = warehouse.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private long count(String sql) throws Exception {
        try (Connection c = warehouse.dataSource().getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static String patternResource(String name) {
        try (InputStream in = PatternResources.class.getResourceAsStream("/" + PatternResources.ROOT + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
