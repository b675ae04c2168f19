package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher.Delivered;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.redis.RedisTopics;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import io.sluice.testkit.redis.RedisTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.options.KeysScanOptions;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The local runtime runs service integrations durably: a pipeline of the real-shapes examples (DynamoDB
 * on PostgreSQL) and one that sends an SQS message and waits for its task token (a Redis topic, a callback
 * through the API) are loaded by the catalog, dispatched to the integrations function through the queue and
 * the worker harness, and finish; an unmapped integration keeps its pipeline out of the catalog, naming why.
 */
class IntegrationsAppTest {
    static final Path EXAMPLES = Path.of("../../examples/real-shapes").toAbsolutePath().normalize();
    @TempDir
    Path folder;
    TestDatabase database;
    ConfigurableApplicationContext app;
    final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void start() throws Exception {
        database = PostgresTestServer.shared().createDatabase("integ_app_" + run);
        Path pipelines = Files.createDirectories(folder.resolve("pipelines"));
        Files.copy(EXAMPLES.resolve("ticket-dedupe-dynamodb.asl.json"), pipelines.resolve("tickets.asl.json"));
        Files.copy(EXAMPLES.resolve("fargate-report-unmapped.asl.json"), pipelines.resolve("fargate.asl.json"));
        Files.writeString(pipelines.resolve("picks.asl.json"), """
                {"StartAt": "Ask warehouse", "States": {"Ask warehouse": {"Type": "Task",
                  "Resource": "arn:aws:states:::sqs:sendMessage.waitForTaskToken",
                  "Parameters": {"QueueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/picks",
                                 "MessageBody": {"order.$": "$.order", "taskToken.$": "$$.Task.Token"}},
                  "ResultPath": "$.picked", "End": true}}}""");
        app = SluiceLocalApplication.run("--server.port=0", "--spring.main.register-shutdown-hook=false",
                "--server.tomcat.basedir=" + folder.resolve("tomcat"), "--sluice.state-dir=" + folder.resolve("state"),
                "--sluice.redis.persistence=none", "--sluice.redis.url=" + RedisTestServer.shared().url(),
                "--sluice.redis.key-prefix=sluice-test:integ-app:" + run, "--sluice.queue-prefix=ia" + run,
                "--sluice.pipelines-dir=" + pipelines, "--sluice.demo-functions=false", "--sluice.pg.url=" + database.jdbcUrl(),
                "--sluice.data-dir=" + folder.resolve("data"), "--sluice.config-dir=" + folder.resolve("configs"),
                "--sluice.scripts-dir=" + folder.resolve("jobs"), "--sluice.job-runs-dir=" + folder.resolve("job-runs"),
                "--sluice.triggers.schedules.enabled=false",
                "--sluice.integrations.tables.tickets.partition-key=customer", "--sluice.integrations.tables.tickets.sort-key=ticket",
                "--sluice.integrations.tables.customers.partition-key=customer");
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
            // The runtime's keys (executions, queues, topics) under this test's prefix go with it.
            var client = io.sluice.redis.RedisAdapters.client(RedisTestServer.shared().url());
            List<String> keys = new java.util.ArrayList<>();
            client.getKeys().getKeys(KeysScanOptions.defaults().pattern("sluice-test:integ-app:" + run + ":*")).forEach(keys::add);
            if (!keys.isEmpty()) {
                client.getKeys().delete(keys.toArray(String[]::new));
            }
            client.shutdown();
        }
        database.close();
    }

    Http http() {
        return new Http("http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port"));
    }

    JsonNode finished(String id) {
        return await().atMost(Duration.ofSeconds(60)).until(() -> http().get("/v1/executions/" + id).body(),
                b -> !b.get("status").asText().equals("RUNNING"));
    }

    @Test
    void dynamoDbTasksRunDurablyOnPostgresql() {
        String first = http().post("/v1/pipelines/tickets/executions",
                "{\"input\": {\"customer\": \"c-9\", \"ticket\": \"t-1\", \"stale\": \"t-0\"}}").body().get("executionId").asText();
        JsonNode done = finished(first);
        assertThat(done.get("status").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        assertThat(done.at("/output/counted/tickets").asText()).isEqualTo("1");
        String again = http().post("/v1/pipelines/tickets/executions",
                "{\"input\": {\"customer\": \"c-9\", \"ticket\": \"t-1\", \"stale\": \"t-0\"}}").body().get("executionId").asText();
        assertThat(finished(again).at("/output/outcome").asText()).isEqualTo("duplicate");
        // What runs here is what IntegrationCatalog says runs locally: every mapped action, and no generic integration.
        assertThat(((io.sluice.functions.integration.Integrations) app.getBean(io.sluice.functions.integration.Integrations.NAME))
                .registry().disagreementsWithCatalog()).isEmpty();
    }

    @Test
    void anSqsMessageCarriesTheTaskTokenAndTheCallbackFinishesTheState() {
        String id = http().post("/v1/pipelines/picks/executions", "{\"input\": {\"order\": \"o-5\"}}").body().get("executionId").asText();
        RedisTopics topics = app.getBean(RedisTopics.class);
        Delivered message = await().atMost(Duration.ofSeconds(30))
                .until(() -> topics.read("", new Target(Target.Kind.QUEUE, "picks"), null, 10), m -> !m.isEmpty()).getFirst();
        JsonNode body = Json.parse(message.message().body());
        assertThat(body.get("order").asText()).isEqualTo("o-5");
        assertThat(http().get("/v1/executions/" + id).body().get("status").asText()).isEqualTo("RUNNING");
        http().post("/v1/tasks/" + body.get("taskToken").asText() + "/success", "{\"picker\": \"ana\"}");
        JsonNode done = finished(id);
        assertThat(done.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(done.at("/output/picked/picker").asText()).isEqualTo("ana");
    }

    @Test
    void aPipelineWithAnUnmappedIntegrationStaysOutOfTheCatalogSayingWhy() {
        Http.Response r = http().post("/v1/pipelines/fargate/executions", "{}");
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.body().toString()).contains("/States/Render report/Resource").contains("ecs:runTask").contains("AWS");
    }
}
