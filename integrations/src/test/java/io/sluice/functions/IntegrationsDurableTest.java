package io.sluice.functions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.integration.IntegrationRegistry;
import io.sluice.functions.integration.Integrations;
import io.sluice.functions.integration.dynamodb.DynamoDbHandler;
import io.sluice.functions.integration.dynamodb.TableSchema;
import io.sluice.functions.integration.objects.ObjectStoreHandler;
import io.sluice.functions.integration.publish.PublishHandler;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.testkit.fake.InMemoryKeyValueTable;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemoryPublisher;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Service integrations through the durable loop: dispatched to the integrations function like any task, run
 * once by the worker harness, their AWS error names caught by Catch; lambda:invoke's response built by the
 * harness; what no function runs failed at dispatch with a named error.
 */
class IntegrationsDurableTest {
    final InMemoryKeyValueTable table = new InMemoryKeyValueTable();
    final InMemoryPublisher topics = new InMemoryPublisher();
    final InMemoryObjectStore objects = new InMemoryObjectStore();
    final Map<String, Function<JsonNode, JsonNode>> functions = new HashMap<>();
    final Pump pump = new Pump(name -> Optional.ofNullable(functions.get(name)), Set.of("integrations", "score"));

    IntegrationsDurableTest() {
        functions.put(Integrations.NAME, new Integrations(new IntegrationRegistry(Platform.LOCAL, List.of(
                new DynamoDbHandler(table, List.of(new TableSchema("runs", "id", null))),
                new PublishHandler(topics, Clock.systemUTC(), Map.of()), new ObjectStoreHandler(objects)), null)));
        functions.put("score", input -> Json.object().put("score", input.path("n").asInt() * 2));
    }

    Execution run(String name, String definition, String input) {
        Definition d = DefinitionParser.parse(Json.parse(definition));
        pump.orchestrator.start("orders", name, d, Json.parse(input));
        while (pump.once() > 0) {
            // until quiet
        }
        return ExecutionCodec.decode(Json.parse(pump.store.load("orders:" + name).orElseThrow().state()));
    }

    @Test
    void aDefinitionOfServiceIntegrationsRunsDurablyAndItsAwsErrorsAreCaught() {
        String definition = """
                {"StartAt": "Claim", "States": {
                  "Claim": {"Type": "Task", "Resource": "arn:aws:states:::dynamodb:putItem",
                            "Parameters": {"TableName": "runs", "Item": {"id": {"S.$": "$.run"}, "state": {"S": "RUNNING"}},
                                           "ConditionExpression": "attribute_not_exists(id)"},
                            "ResultPath": null,
                            "Catch": [{"ErrorEquals": ["DynamoDB.ConditionalCheckFailedException"], "ResultPath": "$.claim", "Next": "AlreadyRunning"}],
                            "Next": "Score"},
                  "Score": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                            "Parameters": {"FunctionName": "arn:aws:lambda:eu-west-1:123456789012:function:score", "Payload": {"n": 21}},
                            "ResultSelector": {"score.$": "$.Payload.score", "code.$": "$.StatusCode"}, "ResultPath": "$.scored", "Next": "Save"},
                  "Save": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:s3:putObject",
                           "Parameters": {"Bucket": "results", "Key.$": "States.Format('{}.json', $.run)", "Body.$": "$.scored"},
                           "ResultPath": null, "Next": "Notify"},
                  "Notify": {"Type": "Task", "Resource": "arn:aws:states:::sns:publish",
                             "Parameters": {"TopicArn": "arn:aws:sns:eu-west-1:123456789012:runs", "Message.$": "$.scored"},
                             "ResultSelector": {"sent.$": "$.MessageId"}, "ResultPath": "$.notified", "End": true},
                  "AlreadyRunning": {"Type": "Pass", "Result": "duplicate", "ResultPath": "$.outcome", "End": true}}}""";
        Execution first = run("first", definition, "{\"run\": \"r-1\"}");
        assertThat(first.error()).as(first.cause()).isNull();
        assertThat(first.output().get("scored")).isEqualTo(Json.parse("{\"score\": 42, \"code\": 200}"));
        assertThat(new String(objects.get("results/r-1.json").orElseThrow())).isEqualTo("{\"score\":42,\"code\":200}");
        assertThat(topics.read("", new Target(Target.Kind.TOPIC, "runs"), null, 10)).singleElement()
                .satisfies(d -> assertThat(d.message().id()).isEqualTo(first.output().at("/notified/sent").asText()));
        Execution second = run("second", definition, "{\"run\": \"r-1\"}");
        assertThat(second.output().get("outcome").asText()).isEqualTo("duplicate");
        assertThat(second.output().at("/claim/Error").asText()).isEqualTo("DynamoDB.ConditionalCheckFailedException");
    }

    @Test
    void whatNoFunctionRunsFailsWithANamedError() {
        Execution unmapped = run("ecs", """
                {"StartAt": "Scale", "States": {"Scale": {"Type": "Task", "Resource": "arn:aws:states:::ecs:runTask.sync",
                   "Catch": [{"ErrorEquals": ["Sluice.IntegrationUnavailable"], "Next": "Caught"}], "End": true},
                  "Caught": {"Type": "Pass", "End": true}}}""", "{}");
        assertThat(unmapped.output().get("Error").asText()).isEqualTo("Sluice.IntegrationUnavailable");
        assertThat(unmapped.output().get("Cause").asText()).contains("platform local");
        Execution placeholder = run("placeholder", """
                {"StartAt": "Call", "States": {"Call": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                   "Parameters": {"FunctionName": "${ScoreFunctionArn}"}, "End": true}}}""", "{}");
        assertThat(placeholder.error()).isEqualTo("States.Runtime");
        assertThat(placeholder.cause()).contains("names no function");
    }
}
