package io.sluice.orchestration.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.integration.IntegrationCatalog.Support;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IntegrationCatalogTest {

    private static Support on(String resource, Platform platform) {
        return IntegrationCatalog.support(TaskResource.parse(resource), platform);
    }

    @ParameterizedTest
    @ValueSource(strings = {"arn:aws:states:::dynamodb:putItem", "arn:aws:states:::aws-sdk:dynamodb:query",
            "arn:aws:states:::sns:publish", "arn:aws:states:::sqs:sendMessage.waitForTaskToken",
            "arn:aws:states:::events:putEvents", "arn:aws:states:::aws-sdk:eventbridge:putEvents",
            "arn:aws:states:::aws-sdk:s3:listObjectsV2", "arn:aws:states:::glue:startJobRun.sync",
            "arn:aws:states:::http:invoke", "arn:aws-us-gov:states:::sns:publish", "sluice:function:read-config",
            "arn:aws:states:::lambda:invoke", "arn:aws:states:::states:startExecution", "arn:aws:states:::states:startExecution.sync:2",
            "arn:aws:states:::states:startExecution.waitForTaskToken"})
    void mappedResourcesRunOnEveryPlatform(String resource) {
        for (Platform p : Platform.values()) {
            assertThat(on(resource, p)).as(resource + " on " + p).isInstanceOf(Support.Runs.class);
        }
    }

    @Test
    void theLongTailRunsOnAwsOnlyAndSaysWhereElse() {
        assertThat(on("arn:aws:states:::aws-sdk:sqs:getQueueAttributes", Platform.AWS)).isInstanceOfSatisfying(Support.Runs.class,
                r -> assertThat(r.on()).contains("generic integration"));
        assertThat(on("arn:aws:states:::aws-sdk:dynamodb:describeTable.waitForTaskToken", Platform.AWS)).isInstanceOf(Support.Runs.class);
        Support local = on("arn:aws:states:::batch:submitJob.sync", Platform.LOCAL);
        assertThat(local).isInstanceOfSatisfying(Support.Unavailable.class,
                u -> assertThat(u.reason()).contains("batch:submitJob").contains("platform local").contains("AWS"));
        assertThat(on("arn:aws:states:::aws-sdk:s3:headObject", Platform.AZURE)).isInstanceOf(Support.Unavailable.class);
        assertThat(on("arn:aws:states:::aws-sdk:sqs:getQueueAttributes", Platform.LOCAL)).isInstanceOfSatisfying(Support.Unavailable.class,
                u -> assertThat(u.reason()).contains("it runs on AWS (the AWS host's generic integration)"));
        assertThat(on("arn:aws:states:::aws-sdk:sagemaker:createTrainingJob", Platform.LOCAL)).isInstanceOfSatisfying(Support.Unavailable.class,
                u -> assertThat(u.reason()).contains("the AWS host does not run it either").contains("runs only under exec --mocks"));
    }

    @Test
    void onAwsTheGenericIntegrationCallsOnlyTheServicesWhoseSdkTheHostCarries() {
        assertThat(on("arn:aws:states:::aws-sdk:sagemaker:createTrainingJob", Platform.AWS)).isInstanceOfSatisfying(Support.Unavailable.class,
                u -> assertThat(u.reason()).contains("sagemaker is none of them").contains("software.amazon.awssdk:sagemaker")
                        .contains("dynamodb, eventbridge, glue"));
        assertThat(on("arn:aws:states:::ecs:runTask.sync", Platform.AWS)).isInstanceOf(Support.Unavailable.class);
        assertThat(on("arn:aws:states:::aws-sdk:eventbridge:listRules", Platform.AWS)).isInstanceOf(Support.Runs.class);
        assertThat(on("arn:aws:states:::events:listRules", Platform.AWS)).as("events is eventbridge's SDK").isInstanceOf(Support.Runs.class);
    }

    @Test
    void theEmulationsAreNamedAsEmulationsAndAwsNamesTheResource() {
        for (String resource : java.util.List.of("arn:aws:states:::dynamodb:putItem", "arn:aws:states:::sns:publish",
                "arn:aws:states:::aws-sdk:s3:getObject", "arn:aws:states:::glue:startJobRun.sync")) {
            for (Platform p : java.util.List.of(Platform.LOCAL, Platform.AZURE)) {
                assertThat(on(resource, p)).isInstanceOfSatisfying(Support.Runs.class, r -> assertThat(r.on()).startsWith("an emulation"));
            }
            assertThat(on(resource, Platform.AWS)).isInstanceOfSatisfying(Support.Runs.class,
                    r -> assertThat(r.on()).doesNotContain("an emulation").contains("the Task names"));
        }
    }

    @Test
    void aPatternStepFunctionsDoesNotOfferIsUnavailable() {
        assertThat(on("arn:aws:states:::dynamodb:putItem.waitForTaskToken", Platform.LOCAL))
                .isInstanceOfSatisfying(Support.Unavailable.class, u -> assertThat(u.reason()).contains("request-response"));
    }

    @Test
    void activitiesAndOtherStepFunctionsActionsAreNotInThisRegistry() {
        for (Platform p : Platform.values()) {
            assertThat(on("arn:aws:states:::states:startExecution.sync:2", p)).isInstanceOf(Support.Runs.class); // a child execution
            assertThat(on("arn:aws:states:::aws-sdk:sfn:startSyncExecution", p)).as("the AWS host carries no SFN SDK")
                    .isInstanceOf(Support.Unavailable.class);
            // Activities run wherever workers can poll for them: every host serves the Step Functions API.
            assertThat(on("arn:aws:states:eu-west-1:123456789012:activity:approve", p)).isInstanceOf(Support.Runs.class);
        }
    }

    @Test
    void theCauseNamesTheStateTheResourceAndThePlatform() {
        String cause = IntegrationCatalog.unavailableCause("Scale", TaskResource.parse("arn:aws:states:::ecs:runTask.sync"), Platform.LOCAL);
        assertThat(cause).startsWith("Task state 'Scale' calls 'arn:aws:states:::ecs:runTask.sync', which cannot run on platform local");
    }
}
