package io.sluice.aws.entry;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.aws.invoke.EventSourceMapping;
import io.sluice.aws.sqs.SqsClients;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.messaging.LambdaRouting;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * A Step Functions definition calling Lambda functions that are not the bundle's, through the real entry points fed from
 * ElasticMQ: the deployment has task queues only for its {@code sluice.task-functions} (the Terraform module's
 * {@code task_functions}), so the orchestrator sends each call to {@code integrations}, which makes it with the Lambda
 * SDK. Lambda's Invoke API is WireMock (nothing serves Lambda here; {@code AwsLambdaCallerTest} says what it answers and
 * where AWS documents it). The three Resource forms of "Invoke an AWS Lambda function with Step Functions"
 * (https://docs.aws.amazon.com/step-functions/latest/dg/connect-lambda.html): {@code lambda:invoke} of a qualified ARN
 * (its result the response, {@code ExecutedVersion} the version the alias ran), a Lambda ARN as the Resource (the
 * function's result itself), and a function error caught by its {@code errorType}.
 */
class AwsLambdaInvokeEntryPointTest {
    private final LambdaEnvironment environment = new LambdaEnvironment();
    private final String id = UUID.randomUUID().toString().substring(0, 8);
    private final String keyPrefix = "sluice-aws-lambda-" + id;
    private final QueueNames names = new QueueNames("lam-" + id);
    private ElasticMqServer elasticMq;
    private RedisAdapters redis;
    private SqsTaskQueue queue;
    private WireMockServer lambda;

    @AfterEach
    void cleanUp() {
        environment.restore(redis, keyPrefix);
        if (queue != null) queue.close();
        if (elasticMq != null) elasticMq.close();
        if (lambda != null) lambda.stop();
    }

    @Test
    void lambdaFunctionsOutsideTheBundleAreCalledThroughTheIntegrationsFunctionWithStepFunctionsResultsAndErrors() {
        lambda = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
        lambda.start();
        lambda.stubFor(post(urlPathMatching(path("scorer(:|%3A)prod"))).willReturn(aResponse().withStatus(200)
                .withHeader("X-Amz-Executed-Version", "7").withBody("{\"score\": 42}")));
        lambda.stubFor(post(urlPathMatching(path("tagger"))).willReturn(aResponse().withStatus(200)
                .withHeader("X-Amz-Executed-Version", "$LATEST").withBody("[\"vip\"]")));
        lambda.stubFor(post(urlPathMatching("/2015-03-31/functions/breaker/invocations")).willReturn(aResponse().withStatus(200)
                .withHeader("X-Amz-Function-Error", "Unhandled")
                .withBody("{\"errorType\":\"CustomError\",\"errorMessage\":\"This is a custom error!\",\"trace\":[]}")));
        elasticMq = ElasticMqServer.start();
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(elasticMq.endpoint(), ElasticMqServer.REGION, 5));
        Map.ofEntries(Map.entry("sluice.redis-url", redisUrl), Map.entry("sluice.redis-key-prefix", keyPrefix),
                Map.entry("sluice.sqs-endpoint", elasticMq.endpoint().toString()), Map.entry("sluice.queue-prefix", names.prefix()),
                Map.entry("sluice.region", ElasticMqServer.REGION), Map.entry("MAIN_CLASS", EntryPointTestApplication.class.getName()),
                Map.entry("spring.main.banner-mode", "off"), Map.entry("sluice.triggers.pipelines", "classpath*:integrations/*.asl.json"),
                Map.entry("sluice.integrations.enabled", "true"), Map.entry("sluice.task-functions", "integrations,executions,map-run"),
                Map.entry("sluice.integrations.sdk-endpoints.lambda", "http://127.0.0.1:" + lambda.port()))
                .forEach(environment::set);

        Clock clock = Clock.systemUTC();
        OutboxDispatcher dispatcher = new OutboxDispatcher(redis.executionStore(), queue, redis.timerIndex(), names, clock);
        dispatcher.routeLambdas(LambdaRouting.outside(Set.of("integrations", "executions", "map-run")));
        Orchestrator starter = new Orchestrator(redis.executionStore(), new DefinitionCache(redis.definitionStore()), dispatcher, clock,
                Boundary.Probe.NONE);
        String executionId = starter.start("orders", "o-17", DefinitionParser.parse(Json.parse(DEFINITION)),
                Json.parse("{\"order\": \"o-17\"}")).execution().executionId();

        try (SqsClient raw = SqsClients.create(SqsQueueSettings.local(elasticMq.endpoint(), ElasticMqServer.REGION, 5))) {
            EventSourceMapping mapping = new EventSourceMapping(raw, names.prefix(), environment::set, 2);
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(50)).until(() -> {
                mapping.round();
                return status(executionId).filter(s -> !s.equals("RUNNING")).isPresent();
            });
            assertThat(mapping.describe()).as("no queue for a function outside the bundle").doesNotContain("task-tagger", "task-breaker");
        }
        JsonNode state = Json.parse(redis.executionStore().load(executionId).orElseThrow().state());
        assertThat(state.get("status").asText()).as(state.toPrettyString()).isEqualTo("SUCCEEDED");
        JsonNode output = state.get("output");
        assertThat(output.get("scored")).isEqualTo(Json.parse("{\"score\": 42, \"version\": \"7\", \"status\": 200}"));
        assertThat(output.get("tags")).as("a Lambda ARN's result is the function's own").isEqualTo(Json.parse("[\"vip\"]"));
        assertThat(output.at("/caught/Error").asText()).isEqualTo("CustomError");
        assertThat(Json.parse(output.at("/caught/Cause").asText()).get("errorMessage").asText()).isEqualTo("This is a custom error!");
        lambda.verify(1, postRequestedFor(urlPathMatching(path("scorer(:|%3A)prod"))).withRequestBody(equalToJson("{\"order\": \"o-17\"}")));
        lambda.verify(1, postRequestedFor(urlPathMatching(path("tagger"))));
    }

    /** The Invoke API's path for a function of account 123456789012's ARN, its colons escaped or not. */
    private static String path(String function) {
        return "/2015-03-31/functions/arn(:|%3A)aws(:|%3A)lambda(:|%3A)us-east-1(:|%3A)123456789012(:|%3A)function(:|%3A)" + function
                + "/invocations";
    }

    private java.util.Optional<String> status(String executionId) {
        return redis.executionStore().load(executionId).map(s -> Json.parse(s.state()).get("status").asText());
    }

    private static final String DEFINITION = """
            {"StartAt": "Score", "States": {
              "Score": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                "Parameters": {"FunctionName": "arn:aws:lambda:us-east-1:123456789012:function:scorer:prod", "Payload": {"order.$": "$.order"}},
                "ResultSelector": {"score.$": "$.Payload.score", "version.$": "$.ExecutedVersion", "status.$": "$.StatusCode"},
                "ResultPath": "$.scored", "Next": "Tag"},
              "Tag": {"Type": "Task", "Resource": "arn:aws:lambda:us-east-1:123456789012:function:tagger", "ResultPath": "$.tags",
                "Next": "Break"},
              "Break": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "breaker", "Payload.$": "$"},
                "Catch": [{"ErrorEquals": ["CustomError"], "ResultPath": "$.caught", "Next": "Done"}], "ResultPath": null, "Next": "Done"},
              "Done": {"Type": "Succeed"}}}
            """;
}
