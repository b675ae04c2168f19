package io.sluice.orchestration.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import org.junit.jupiter.api.Test;

/** What validate --platform aws lists: the IAM action and resource each service integration of a definition needs. */
class IamNeedsTest {

    @Test
    void eachIntegrationNeedsItsIamActionOnTheResourceItsParametersName() {
        var needs = IamNeeds.of(Json.parse("""
                {"StartAt": "Save", "States": {
                  "Save": {"Type": "Task", "Resource": "arn:aws:states:::dynamodb:putItem",
                    "Parameters": {"TableName": "orders", "Item": {"id": {"S.$": "$.id"}}}, "Next": "Any table"},
                  "Any table": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:dynamodb:describeTable",
                    "Parameters": {"TableName.$": "$.table"}, "Next": "Both"},
                  "Both": {"Type": "Parallel", "Next": "Files", "Branches": [
                    {"StartAt": "Tell", "States": {"Tell": {"Type": "Task", "Resource": "arn:aws:states:::sqs:sendMessage.waitForTaskToken",
                      "Parameters": {"QueueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/picks", "MessageBody": "x"}, "End": true}}},
                    {"StartAt": "Bus", "States": {"Bus": {"Type": "Task", "Resource": "arn:aws:states:::events:putEvents",
                      "Parameters": {"Entries": [{"EventBusName": "analytics", "Source": "s"}, {"Source": "t"}]}, "Next": "Topic"},
                      "Topic": {"Type": "Task", "Resource": "arn:aws:states:::sns:publish",
                        "Parameters": {"TopicArn": "arn:aws:sns:eu-west-1:123456789012:done", "Message": "m"}, "End": true}}}]},
                  "Files": {"Type": "Map", "Next": "Load",
                    "ItemReader": {"Resource": "arn:aws:states:::s3:listObjectsV2", "Parameters": {"Bucket": "landing", "Prefix": "in/"}},
                    "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED"}, "StartAt": "Read", "States": {
                      "Read": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:s3:getObject",
                        "Arguments": {"Bucket": "landing", "Key": "{% $states.input.Key %}"}, "End": true}}}},
                  "Load": {"Type": "Task", "Resource": "arn:aws:states:::glue:startJobRun.sync", "Parameters": {"JobName": "raw"}, "Next": "Secret"},
                  "Secret": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:secretsmanager:getSecretValue",
                    "Parameters": {"SecretId": "partner"}, "Next": "Inside Sluice"},
                  "Inside Sluice": {"Type": "Task", "Resource": "arn:aws:lambda:eu-west-1:123456789012:function:read-config", "Next": "Child"},
                  "Child": {"Type": "Task", "Resource": "arn:aws:states:::states:startExecution.sync:2",
                    "Parameters": {"StateMachineArn": "arn:aws:states:eu-west-1:123456789012:stateMachine:child"}, "Next": "Call"},
                  "Call": {"Type": "Task", "Resource": "arn:aws:states:::http:invoke", "Parameters": {"ApiEndpoint": "https://x", "Method": "GET"}, "End": true}}}
                """));
        assertThat(needs).extracting(IamNeeds.Need::toString).containsExactly(
                "dynamodb:PutItem on arn:aws:dynamodb:*:*:table/orders (state 'Save')",
                "dynamodb:DescribeTable on arn:aws:dynamodb:*:*:table/* (state 'Any table')",
                "sqs:SendMessage on arn:aws:sqs:eu-west-1:123456789012:picks (state 'Tell')",
                "sqs:GetQueueUrl on arn:aws:sqs:eu-west-1:123456789012:picks (state 'Tell')",
                "events:PutEvents on arn:aws:events:*:*:event-bus/analytics (state 'Bus')",
                "events:PutEvents on arn:aws:events:*:*:event-bus/default (state 'Bus')",
                "sns:Publish on arn:aws:sns:eu-west-1:123456789012:done (state 'Topic')",
                "s3:GetObject on arn:aws:s3:::landing/* (state 'Read')",
                "s3:ListBucket on arn:aws:s3:::landing (state 'Files')",
                "glue:StartJobRun on arn:aws:glue:*:*:job/raw (state 'Load')",
                "glue:GetJobRun on arn:aws:glue:*:*:job/raw (state 'Load')",
                "secretsmanager:GetSecretValue on arn:aws:secretsmanager:*:*:secret:partner-* (state 'Secret')");
    }

    @Test
    void dynamoDbCallsNameTheirIndexesAndEveryTableOfABatchOrTransaction() {
        var needs = IamNeeds.of(Json.parse("""
                {"StartAt": "ByDay", "States": {
                  "ByDay": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:dynamodb:query",
                    "Parameters": {"TableName": "orders", "IndexName": "by-day", "KeyConditionExpression": "d = :d"}, "Next": "Batch"},
                  "Batch": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:dynamodb:batchGetItem",
                    "Parameters": {"RequestItems": {"orders": {"Keys": []}, "rates": {"Keys": []}}}, "Next": "Move"},
                  "Move": {"Type": "Task", "Resource": "arn:aws:states:::aws-sdk:dynamodb:transactWriteItems",
                    "Parameters": {"TransactItems": [{"Put": {"TableName": "archive"}}, {"Delete": {"TableName.$": "$.from"}}]}, "End": true}}}
                """));
        assertThat(needs).extracting(IamNeeds.Need::toString).containsExactly(
                "dynamodb:Query on arn:aws:dynamodb:*:*:table/orders/index/by-day (state 'ByDay')",
                "dynamodb:BatchGetItem on arn:aws:dynamodb:*:*:table/orders (state 'Batch')",
                "dynamodb:BatchGetItem on arn:aws:dynamodb:*:*:table/rates (state 'Batch')",
                "dynamodb:TransactWriteItems on arn:aws:dynamodb:*:*:table/archive (state 'Move')",
                "dynamodb:TransactWriteItems on arn:aws:dynamodb:*:*:table/* (state 'Move')");
    }

    /**
     * A Lambda function outside the bundle is invoked with the role: {@code lambda:InvokeFunction} on it, and on its versions
     * and aliases when unqualified, as the IAM policy Step Functions generates for {@code lambda:invoke} grants
     * ("IAM Policies for Integrated Services", https://docs.aws.amazon.com/step-functions/latest/dg/service-integration-iam-templates.html, its Lambda templates: the function's
     * ARN and {@code <ARN>:*}). A call of one of the bundle's own functions needs nothing.
     */
    @Test
    void aLambdaFunctionOutsideTheBundleNeedsInvokeFunctionOnItAndItsVersionsWhenUnqualified() {
        var needs = IamNeeds.of(Json.parse("""
                {"StartAt": "Score", "States": {
                  "Score": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                    "Parameters": {"FunctionName": "scorer", "Qualifier": "prod", "Payload.$": "$"}, "Next": "Tag"},
                  "Tag": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke.waitForTaskToken",
                    "Parameters": {"FunctionName": "123456789012:function:tagger", "Payload": {"t.$": "$$.Task.Token"}}, "Next": "Partner"},
                  "Partner": {"Type": "Task", "Resource": "arn:aws:lambda:eu-west-1:210987654321:function:partner-check:live", "Next": "Any"},
                  "Any": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName.$": "$.fn"}, "Next": "Own"},
                  "Own": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "read-config"}, "End": true}}}
                """));
        assertThat(needs).extracting(IamNeeds.Need::toString).containsExactly(
                "lambda:InvokeFunction on arn:aws:lambda:*:*:function:scorer:prod (state 'Score')",
                "lambda:InvokeFunction on arn:aws:lambda:*:123456789012:function:tagger (state 'Tag')",
                "lambda:InvokeFunction on arn:aws:lambda:*:123456789012:function:tagger:* (state 'Tag')",
                "lambda:InvokeFunction on arn:aws:lambda:eu-west-1:210987654321:function:partner-check:live (state 'Partner')",
                "lambda:InvokeFunction on arn:aws:lambda:*:*:function:* (state 'Any')");
    }

    @Test
    void aDefinitionOfFunctionsAloneNeedsNothing() {
        assertThat(IamNeeds.of(Json.parse("""
                {"StartAt": "A", "States": {"A": {"Type": "Task", "Resource": "sluice:function:read-config", "End": true}}}"""))).isEmpty();
    }
}
