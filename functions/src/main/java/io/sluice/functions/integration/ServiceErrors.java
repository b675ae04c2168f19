package io.sluice.functions.integration;

import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.TaskResource.ServiceAction;
import java.util.Map;

/**
 * The error names Step Functions gives a service's failures: {@code <Service>.<Error>}. The optimised
 * integrations use the service's own spelling ({@code DynamoDB.ConditionalCheckFailedException},
 * {@code SNS.NotFoundException}); the AWS SDK ones the SDK client's, in PascalCase, always ending in
 * {@code Exception} ({@code S3.NoSuchKeyException}, {@code DynamoDb.ConditionalCheckFailedException}).
 */
public final class ServiceErrors {
    private static final Map<String, String> OPTIMISED = Map.of("dynamodb", "DynamoDB", "sns", "SNS", "sqs", "SQS",
            "events", "EventBridge", "glue", "Glue", "http", "States.Http");
    private static final Map<String, String> SDK = Map.of("dynamodb", "DynamoDb", "sns", "Sns", "sqs", "Sqs",
            "eventbridge", "EventBridge", "s3", "S3", "glue", "Glue");

    private ServiceErrors() {}

    /** {@code DynamoDB} for {@code dynamodb:putItem}, {@code DynamoDb} for {@code aws-sdk:dynamodb:putItem}. */
    public static String prefix(ServiceAction action) {
        String known = (action.sdk() ? SDK : OPTIMISED).get(action.service());
        if (known != null) {
            return known;
        }
        String s = action.service();
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** A failure of {@code action} named as AWS names it, with {@code Exception} added for the SDK forms. */
    public static TaskError of(ServiceAction action, String name, String cause, boolean retryable) {
        String error = action.sdk() && !name.endsWith("Exception") ? name + "Exception" : name;
        return new TaskError(prefix(action) + "." + error, cause, retryable);
    }

    /** A request the service would refuse as malformed: {@code <Service>.ValidationException} (for S3, its InvalidRequest). */
    public static TaskError invalid(ServiceAction action, String cause) {
        return of(action, action.service().equals("s3") ? "InvalidRequestException" : "ValidationException", cause, false);
    }
}
