package io.sluice.orchestration.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** validate --platform: exactly the states that cannot run on the platform are warnings, each naming state, resource and platform. */
class PlatformValidationTest {
    private static final String DEFINITION = """
            {"StartAt": "Load", "States": {
              "Load": {"Type": "Task", "Resource": "arn:aws:states:::glue:startJobRun.sync", "Parameters": {"JobName": "raw"}, "Next": "Scale"},
              "Scale": {"Type": "Task", "Resource": "arn:aws:states:::ecs:runTask.sync", "Next": "Notify"},
              "Notify": {"Type": "Task", "Resource": "arn:aws:states:::sns:publish",
                         "Parameters": {"TopicArn": "arn:aws:sns:eu-west-1:123456789012:done", "Message": "ok"},
                         "Credentials": {"RoleArn": "arn:aws:iam::123456789012:role/notify"}, "End": true}}}""";

    private static List<Problem> on(Platform platform) {
        return DefinitionValidator.validate(Json.parse(DEFINITION), platform);
    }

    @Test
    void localWarnsOfTheUnmappedStateOnlyAndOfCredentials() {
        List<Problem> problems = on(Platform.LOCAL);
        assertThat(DefinitionValidator.isValid(problems)).isTrue();
        assertThat(problems).extracting(Problem::pointer).containsExactly("/States/Notify/Credentials", "/States/Scale/Resource");
        assertThat(problems.get(1).message()).startsWith("State 'Scale' cannot run on platform local: Resource"
                + " 'arn:aws:states:::ecs:runTask.sync'.").contains("Sluice.IntegrationUnavailable");
    }

    @Test
    void awsActsOnCredentialsAndWarnsOnlyOfAServiceItsHostCarriesNoSdkFor() {
        assertThat(on(Platform.AWS)).singleElement().satisfies(p -> {
            assertThat(p.pointer()).isEqualTo("/States/Scale/Resource");
            assertThat(p.message()).contains("platform aws").contains("software.amazon.awssdk:ecs");
        });
    }

    @Test
    void azureNamesItself() {
        assertThat(on(Platform.AZURE)).filteredOn(p -> p.pointer().endsWith("Resource"))
                .singleElement().satisfies(p -> assertThat(p.message()).contains("platform azure"));
    }

    @Test
    void credentialsMustBeAnObject() {
        List<Problem> problems = DefinitionValidator.validate(Json.parse("""
                {"StartAt": "T", "States": {"T": {"Type": "Task", "Resource": "sluice:function:f", "Credentials": "role", "End": true}}}"""));
        assertThat(problems).filteredOn(Problem::isError).singleElement()
                .satisfies(p -> assertThat(p.message()).startsWith("Credentials must be an object"));
    }
}
