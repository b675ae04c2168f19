package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.SluiceAwsApplication;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;

/**
 * The whole HTTP API behind API Gateway: events in the shape an HTTP API with payload format 2.0 delivers them
 * ({@code examples/events/aws/http-api-*.json}) through the real Lambda handler ({@code FunctionInvoker},
 * function {@code http-api}, the Sluice application), on real Redis and ElasticMQ, with the bundle and tenants
 * of {@code examples/events/aws/bundle}. Status, headers and bodies are API Gateway's response shape.
 */
@ExtendWith(OutputCaptureExtension.class)
class HttpApiEntryPointTest {
    static final Path EVENTS = Path.of("../../examples/events/aws").toAbsolutePath().normalize();
    static final String HOST = "abc123def4.execute-api.eu-west-1.amazonaws.com";

    private static final LambdaEnvironment ENVIRONMENT = new LambdaEnvironment();
    private static final String KEY_PREFIX = "sluice-http-" + UUID.randomUUID().toString().substring(0, 8);
    private static ElasticMqServer sqs;
    private static RedisAdapters redis;
    private static FunctionInvoker handler;

    @BeforeAll
    static void startTheHttpApiLambda() {
        sqs = ElasticMqServer.start();
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(KEY_PREFIX));
        ENVIRONMENT.stack(redisUrl, KEY_PREFIX, sqs.endpoint().toString());
        ENVIRONMENT.set("sluice.triggers.pipelines", "file:" + EVENTS.resolve("bundle/pipelines") + "/*.asl.json");
        ENVIRONMENT.set("sluice.api.tenants", "file:" + EVENTS.resolve("bundle/pipelines/tenants.json"));
        ENVIRONMENT.set("sluice.api.allowed-hosts", HOST);
        ENVIRONMENT.set("MAIN_CLASS", SluiceAwsApplication.class.getName());
        ENVIRONMENT.set("spring.cloud.function.definition", "http-api");
        ENVIRONMENT.set("spring.main.banner-mode", "off");
        handler = new FunctionInvoker();
    }

    @AfterAll
    static void cleanUp() {
        ENVIRONMENT.restore(redis, KEY_PREFIX);
        if (sqs != null) sqs.close();
    }

    @Test
    void aStartIsCreatedDescribedAndListedAndTheEventsWithoutAKeyOrWithABadPartitionAreRefused() throws Exception {
        JsonNode started = invoke("http-api-start.json");
        assertThat(started.path("statusCode").asInt()).isEqualTo(201);
        assertThat(started.path("headers").path("Content-Type").asText()).startsWith("application/json");
        assertThat(started.path("isBase64Encoded").asBoolean(true)).isFalse();
        JsonNode execution = Json.parse(started.path("body").asText());
        assertThat(execution.path("executionId").asText()).isEqualTo("hello:from-api-gateway");
        assertThat(execution.path("status").asText()).isEqualTo("RUNNING");
        assertThat(redis.executionStore().load("hello:from-api-gateway")).isPresent();

        JsonNode described = invoke("http-api-describe.json");
        assertThat(described.path("statusCode").asInt()).isEqualTo(200);
        JsonNode body = Json.parse(described.path("body").asText());
        assertThat(body.path("executionId").asText()).isEqualTo("hello:from-api-gateway");
        assertThat(body.path("input").path("who").asText()).isEqualTo("ann");
        assertThat(body.path("input").path("partition").asText()).isEqualTo("2026-11-29");

        JsonNode listed = invoke("http-api-list.json");
        assertThat(listed.path("statusCode").asInt()).isEqualTo(200);
        assertThat(Json.parse(listed.path("body").asText()).path("executions").findValuesAsText("executionId"))
                .containsExactly("hello:from-api-gateway");

        JsonNode noKey = invoke("http-api-no-key.json");
        assertThat(noKey.path("statusCode").asInt()).isEqualTo(401);
        assertThat(noKey.path("headers").path("WWW-Authenticate").asText()).startsWith("Bearer");
        assertThat(noKey.path("headers").path("Content-Type").asText()).isEqualTo("application/problem+json");
        assertThat(Json.parse(noKey.path("body").asText()).path("status").asInt()).isEqualTo(401);

        JsonNode bad = invoke("http-api-bad-partition.json");
        assertThat(bad.path("statusCode").asInt()).isEqualTo(400);
        assertThat(bad.path("headers").path("Content-Type").asText()).isEqualTo("application/problem+json");
        JsonNode problem = Json.parse(bad.path("body").asText());
        assertThat(problem.path("status").asInt()).isEqualTo(400);
        assertThat(problem.path("field").asText()).isEqualTo("partition");
        assertThat(problem.path("expected").asText()).isNotBlank();
        assertThat(redis.executionStore().load("hello:bad")).isEmpty();
    }

    @Test
    void theCallersKeyIsNeverLogged(CapturedOutput output) throws Exception {
        assertThat(invoke("http-api-describe.json").path("statusCode").asInt()).isEqualTo(200);
        assertThat(output.getAll()).doesNotContain("sk_ExampleOnly");
    }

    @Test
    void theOpenApiDescriptionIsServedWithoutAKey() throws Exception {
        JsonNode response = invoke("http-api-openapi.json");
        assertThat(response.path("statusCode").asInt()).isEqualTo(200);
        assertThat(Json.parse(response.path("body").asText()).path("openapi").asText()).startsWith("3.1");
    }

    @Test
    void aHostOtherThanTheApisIsMisdirected() throws Exception {
        String event = Files.readString(EVENTS.resolve("http-api-openapi.json")).replace("\"host\": \"" + HOST + "\"", "\"host\": \"evil.example\"");
        JsonNode response = invoke(event.getBytes(StandardCharsets.UTF_8));
        assertThat(response.path("statusCode").asInt()).isEqualTo(421);
    }

    @Test
    void rulesBlocksBackfillsAndLineageAnswerOnAws() throws Exception {
        String until = java.time.Instant.now().plusSeconds(3600).toString();
        JsonNode blocked = invoke(request("POST", "/v1/blocks", "",
                "{\"pipeline\": \"hello\", \"from\": \"2026-01-01\", \"to\": \"2026-01-01\", \"until\": \"" + until
                        + "\", \"reason\": \"bad rows\"}"));
        assertThat(blocked.path("statusCode").asInt()).as(blocked.toString()).isEqualTo(201);
        String blockId = Json.parse(blocked.path("body").asText()).path("id").asText();
        assertThat(blockId).startsWith("blk-");

        JsonNode rules = invoke(request("GET", "/v1/rules", "", null));
        assertThat(rules.path("statusCode").asInt()).isEqualTo(200);
        assertThat(Json.parse(rules.path("body").asText()).path("rules").findValuesAsText("id")).containsExactly(blockId + "-0");

        JsonNode backwards = invoke(request("POST", "/v1/backfills", "",
                "{\"pipeline\": \"hello\", \"from\": \"2026-01-02\", \"to\": \"2026-01-01\"}"));
        assertThat(backwards.path("statusCode").asInt()).as("the backfills are there: a bad range is a 400, not a 404").isEqualTo(400);
        assertThat(Json.parse(backwards.path("body").asText()).path("field").asText()).isEqualTo("to");

        JsonNode lineage = invoke(request("GET", "/v1/lineage", "dataset=warehouse:retail.orders", null));
        assertThat(lineage.path("statusCode").asInt()).isEqualTo(200);
        assertThat(Json.parse(lineage.path("body").asText()).path("producers").isArray()).isTrue();
    }

    /**
     * Each request prints its metrics as it ends, as the other Lambdas do: an EMF line (AWS's embedded metric format, the
     * schema EmfLinesTest checks) with {@code sluice.api.requests} counted and timed by route pattern, method and status
     * class; never the path, whose execution ids are unbounded.
     */
    @Test
    void eachRequestIsCountedAndTimedByRouteAndStatusClassInAnEmfLine(CapturedOutput output) throws Exception {
        assertThat(invoke(request("GET", "/v1/rules", "", null)).path("statusCode").asInt()).isEqualTo(200);
        assertThat(invoke("http-api-no-key.json").path("statusCode").asInt()).isEqualTo(401);
        // A Step Functions API call (X-Amz-Target) through the same function, timed by its operation; this test's caller
        // has no SigV4 signature, so it is refused, and counted as such.
        com.fasterxml.jackson.databind.node.ObjectNode sfn = (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(
                new String(request("POST", "/", "", "{}"), StandardCharsets.UTF_8));
        ((com.fasterxml.jackson.databind.node.ObjectNode) sfn.path("headers")).put("x-amz-target", "AWSStepFunctions.ListStateMachines")
                .put("content-type", "application/x-amz-json-1.0");
        assertThat(invoke(Json.write(sfn).getBytes(StandardCharsets.UTF_8)).path("statusCode").asInt()).isBetween(400, 499);

        List<JsonNode> requests = output.getOut().lines().filter(l -> l.startsWith("{") && l.contains("\"_aws\""))
                .map(Json::parse).filter(l -> l.has("sluice.api.requests.count")).toList();
        assertThat(requests).extracting(l -> l.path("route").asText() + " " + l.path("method").asText() + " " + l.path("status").asText())
                .contains("/v1/rules GET 2xx", "/v1/executions/{id} GET 4xx", "AWSStepFunctions.ListStateMachines POST 4xx");
        assertThat(requests).allSatisfy(l -> {
            assertThat(l.path("status").asText()).matches("[1-5]xx");
            assertThat(l.path("sluice.api.requests.sum").asDouble()).isGreaterThanOrEqualTo(0.0);
            assertThat(l.path("_aws").path("CloudWatchMetrics").get(0).path("Dimensions").get(0))
                    .extracting(JsonNode::asText).containsExactlyInAnyOrder("route", "method", "status");
            assertThat(l.toString()).doesNotContain("hello:from-api-gateway");
        });
    }

    /** The recorded start event, turned into another request of the same caller. */
    private static byte[] request(String method, String path, String query, String body) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode e = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.parse(Files.readString(EVENTS.resolve("http-api-start.json")));
        e.put("rawPath", path).put("rawQueryString", query);
        ((com.fasterxml.jackson.databind.node.ObjectNode) e.path("requestContext").path("http")).put("method", method).put("path", path);
        com.fasterxml.jackson.databind.node.ObjectNode headers = (com.fasterxml.jackson.databind.node.ObjectNode) e.path("headers");
        if (body == null) {
            e.remove("body");
            headers.remove("content-length");
            headers.remove("content-type");
        } else {
            e.put("body", body);
            headers.put("content-length", String.valueOf(body.getBytes(StandardCharsets.UTF_8).length));
        }
        if (!query.isEmpty()) {
            com.fasterxml.jackson.databind.node.ObjectNode q = e.putObject("queryStringParameters");
            for (String pair : query.split("&")) {
                q.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
            }
        }
        return Json.write(e).getBytes(StandardCharsets.UTF_8);
    }

    private static JsonNode invoke(String eventFile) throws Exception {
        return invoke(Files.readAllBytes(EVENTS.resolve(eventFile)));
    }

    private static JsonNode invoke(byte[] event) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new java.io.ByteArrayInputStream(event)) {
            handler.handleRequest(in, out, null);
        }
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }
}
