package io.sluice.parity.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.dynamodb.DynamoDbStatusStore;
import io.sluice.aws.dynamodb.LedgerTables;
import io.sluice.aws.dynamodb.StatusTable;
import io.sluice.aws.invoke.EventSourceMapping;
import io.sluice.aws.s3.S3Clients;
import io.sluice.aws.s3.S3Location;
import io.sluice.aws.s3.S3ObjectStore;
import io.sluice.aws.sqs.SqsClients;
import io.sluice.aws.AwsPorts;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.stubs.aws.GlueStub;
import io.sluice.stubs.aws.RedshiftDataStub;
import io.sluice.stubs.aws.SecretsManagerStub;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.parity.ParityBundle;
import io.sluice.parity.ParityHost;
import io.sluice.parity.Receiver;
import io.sluice.parity.WarehouseTables;
import io.sluice.testkit.aws.DynaliteServer;
import io.sluice.testkit.aws.S3MockServer;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The AWS entry points in this JVM: every Lambda of the bundle behind its real handler, fed by SQS's event source
 * mapping ({@link EventSourceMapping}), with the suite's pipelines as the bundle's, on ElasticMQ (SQS, started here),
 * S3Mock (the lake, the configs), dynalite (the status table, the export ledger) and the shared Redis. The HTTP API is the
 * {@code http-api} Lambda called with API Gateway's payload-format-2.0 events; the schedule tick (EventBridge on AWS) is
 * invoked every half second while pumping.
 *
 * <p>Glue and the Redshift Data API cannot run here: they are the HTTP stubs of their protocols the AWS adapter's tests
 * use ({@link GlueStub}, whose runs write the files the retail jobs would, {@link ParityBundle#jobOutputs}; and
 * {@link RedshiftDataStub}, which runs the statements it receives on a PostgreSQL database holding the example's
 * warehouse tables), reached through the adapters' endpoint overrides. Nor can Secrets Manager: the webhook secrets are
 * read by the adapter's resolver from {@link SecretsManagerStub}.
 */
public final class AwsParityHost implements ParityHost {
    private static final String HOST = "parity.execute-api.us-east-1.amazonaws.com";
    private static final int MAX_RECEIVES = 3;
    private static final String SECRETS_PREFIX = "sluice/parity/";
    private static final long TICK_NANOS = Duration.ofMillis(500).toNanos();

    private final String id = UUID.randomUUID().toString().substring(0, 8);
    private final String prefix = "parity-aws-" + id;
    private final QueueNames names = new QueueNames("parity-" + id);
    private final ElasticMqServer elasticMq;
    private final SqsClient sqs;
    private final SqsTaskQueue queue;
    private final S3ObjectStore objects;
    private final DynamoDbStatusStore status;
    private final EventSourceMapping lambda;
    private final GlueStub glue;
    private final RedshiftDataStub redshift;
    private final SecretsManagerStub secrets = new SecretsManagerStub();
    private final TestDatabase warehouse;
    private long lastTick;

    public AwsParityHost(ParityBundle bundle, Receiver receiver) {
        String redis = RedisTestServer.shared().url();
        RedisCleanup.deleteOnExit(redis, prefix);
        elasticMq = ElasticMqServer.start();
        DynamoDbClient dynamo = AwsClients.build(DynamoDbClient.builder(),
                AwsClientSettings.local(DynaliteServer.shared().endpoint(), ElasticMqServer.REGION));
        String statusTable = "parity-status-" + id;
        String exportLedger = "parity-exports-" + id;
        dynamo.createTable(StatusTable.create(statusTable));
        dynamo.createTable(LedgerTables.exportLedger(exportLedger));
        dynamo.waiter().waitUntilTableExists(b -> b.tableName(statusTable));
        dynamo.waiter().waitUntilTableExists(b -> b.tableName(exportLedger));
        S3Client s3 = S3Clients.create(AwsClientSettings.local(S3MockServer.shared().endpoint(), ElasticMqServer.REGION));
        String bucket = "parity-lake-" + id;
        s3.createBucket(b -> b.bucket(bucket));
        objects = new S3ObjectStore(s3, new S3Location(bucket, ""));
        status = new DynamoDbStatusStore(dynamo, statusTable);
        bundle.configs().forEach((pipeline, config) -> objects.put("configs/" + pipeline + ".json", Json.write(config).getBytes(StandardCharsets.UTF_8)));
        glue = new GlueStub();
        bundle.jobNames().forEach(job -> glue.job(job, "SUCCEEDED", null, 2));
        glue.onStart((job, arguments) -> {
            ParityBundle.JobOutput output = bundle.jobOutputs().get(job);
            if (output != null) {
                objects.put(output.key(), output.text().getBytes(StandardCharsets.UTF_8));
            }
        });
        warehouse = PostgresTestServer.shared().createDatabase("parity_redshift");
        bundle.warehouseSql().ifPresent(sql -> WarehouseTables.create(warehouse.dataSource(), sql));
        redshift = new RedshiftDataStub(warehouse.jdbcUrl(), s3, 1);

        Map<String, String> env = new LinkedHashMap<>();
        env.put("MAIN_CLASS", ParityAwsApplication.class.getName());
        env.put("spring.main.banner-mode", "off");
        env.put("sluice.redis-url", redis);
        env.put("sluice.redis-key-prefix", prefix);
        env.put("sluice.sqs-endpoint", elasticMq.endpoint().toString());
        env.put("sluice.queue-prefix", names.prefix());
        env.put("sluice.max-receives", String.valueOf(MAX_RECEIVES));
        env.put("sluice.region", ElasticMqServer.REGION);
        env.put("sluice.triggers.pipelines", bundle.cloud().toUri() + "*.asl.json");
        env.put("sluice.api.allowed-hosts", HOST);
        env.put("sluice.api.platform-auth", "iam"); // no tenants file: the API as it serves behind IAM, the module's default
        env.put("sluice.s3.bucket", bucket);
        env.put("sluice.s3.endpoint", S3MockServer.shared().endpoint().toString());
        env.put("sluice.dynamodb.status-table", statusTable);
        env.put("sluice.dynamodb.export-ledger-table", exportLedger);
        env.put("sluice.dynamodb.endpoint", DynaliteServer.shared().endpoint().toString());
        env.put("sluice.glue.enabled", "true");
        env.put("sluice.glue.endpoint", glue.endpoint().toString());
        env.put("sluice.glue.poll-initial", "50ms");
        env.put("sluice.glue.poll-max", "200ms");
        env.put("sluice.redshift.database", "dev");
        env.put("sluice.redshift.workgroup", "sluice-parity");
        env.put("sluice.redshift.copy-role-arn", "arn:aws:iam::000000000000:role/sluice-redshift-copy");
        env.put("sluice.redshift.endpoint", redshift.endpoint().toString());
        bundle.secrets().forEach((name, value) -> secrets.put(SECRETS_PREFIX + name, value)); // the webhook secrets
        env.put("sluice.secrets.enabled", "true");
        env.put("sluice.secrets.prefix", SECRETS_PREFIX);
        env.put("sluice.secrets.endpoint", secrets.endpoint().toString());
        env.put("parity.alerts-url", receiver.alertsUrl());
        env.put("sluice.events.event-bus", "parity-bus"); // the execution events, to EventBridge as the receiver answers it
        env.put("sluice.events.endpoint", receiver.eventsUrl("aws"));
        env.put("sluice.integrations.http.allowed-hosts", receiver.allowListEntry()); // the export's partner, on loopback
        env.forEach(System::setProperty); // where a Lambda's environment reaches Spring; this JVM runs this host only

        SqsQueueSettings settings = SqsQueueSettings.local(elasticMq.endpoint(), ElasticMqServer.REGION, MAX_RECEIVES);
        queue = SqsTaskQueue.connect(settings.withDelayedQueue(AwsPorts.delayedQueue(names.prefix()))); // as the functions' own queue
        sqs = SqsClients.create(settings);
        lambda = new EventSourceMapping(sqs, names.prefix(), System::setProperty, 2);
    }

    @Override
    public String name() {
        return "aws";
    }

    @Override
    public Answer api(String method, String path, String body, Map<String, String> headers) {
        int q = path.indexOf('?');
        String raw = q < 0 ? path : path.substring(0, q);
        ObjectNode event = Json.object().put("version", "2.0").put("routeKey", "$default").put("rawPath", raw)
                .put("rawQueryString", q < 0 ? "" : path.substring(q + 1));
        ObjectNode h = event.putObject("headers").put("host", HOST).put("content-type", "application/json").put("accept", "application/json");
        headers.forEach((name, value) -> h.put(name.toLowerCase(Locale.ROOT), value)); // API Gateway sends header names in lower case
        ObjectNode context = event.putObject("requestContext").put("accountId", "000000000000").put("apiId", "parity")
                .put("domainName", HOST).put("requestId", UUID.randomUUID().toString()).put("stage", "$default").put("routeKey", "$default");
        context.putObject("http").put("method", method).put("path", raw).put("protocol", "HTTP/1.1").put("sourceIp", "127.0.0.1")
                .put("userAgent", "sluice-parity");
        if (body != null) {
            event.put("body", body);
        }
        event.put("isBase64Encoded", false);
        JsonNode answer = lambda.invoke("http-api", Json.write(event));
        String text = answer.path("body").asText("");
        return new Answer(answer.path("statusCode").asInt(), text.isBlank() ? Json.NODES.nullNode() : Json.parse(text));
    }

    @Override
    public int pump() {
        if (System.nanoTime() - lastTick > TICK_NANOS) {
            lambda.invoke("schedule-tick", "{\"source\": \"aws.scheduler\", \"detail-type\": \"Scheduled Event\", \"detail\": {}}");
            lastTick = System.nanoTime();
        }
        return lambda.round();
    }

    @Override
    public void putObject(String key, byte[] bytes) {
        objects.put(key, bytes);
    }

    @Override
    public Optional<String> object(String key) {
        return objects.get(key).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    @Override
    public long jobRuns(String job) {
        return glue.runsOf(job);
    }

    @Override
    public Loads warehouse(String table) {
        return WarehouseTables.loads(warehouse.dataSource(), table);
    }

    @Override
    public List<StatusRecord> statusRows(String pipeline, String partition) {
        return status.find(pipeline, partition, 10);
    }

    @Override
    public String plant(String body) {
        queue.send(names.orchestrator(), TaskQueue.OutgoingMessage.of(body).inGroup("planted", "planted-" + UUID.randomUUID()), Duration.ZERO);
        return names.orchestrator();
    }

    @Override
    public void close() {
        queue.close();
        sqs.close();
        elasticMq.close();
        glue.close();
        redshift.close();
        secrets.close();
        warehouse.close();
    }
}
