package io.sluice.aws.sdk;

import io.sluice.functions.integration.ServiceRefused;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * A service's error as Step Functions names it after the service prefix: the SDK's modelled exception
 * ({@code ResourceNotFoundException}, {@code QueueDoesNotExistException}, {@code NoSuchKeyException}), else the error
 * code the service answered ({@code ValidationException}, {@code AccessDenied} → {@code AccessDeniedException}),
 * always ending in {@code Exception}, as https://docs.aws.amazon.com/step-functions/latest/dg/supported-services-awssdk.html
 * asks ("S3.BucketAlreadyExistsException").
 */
public final class SdkErrors {
    private SdkErrors() {}

    /** The error's name, without the service prefix. */
    public static String name(AwsServiceException e) {
        String name;
        if (e.getClass() != AwsServiceException.class && e.getClass().getSuperclass() != AwsServiceException.class) {
            name = e.getClass().getSimpleName(); // a modelled error, not the service's base exception (DynamoDbException)
        } else {
            String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            name = code == null || code.isBlank() ? "UnknownError" : code.substring(code.lastIndexOf('#') + 1);
            name = name.substring(name.lastIndexOf('.') + 1).replaceAll("[^A-Za-z0-9]", "");
        }
        return name.endsWith("Exception") ? name : name + "Exception";
    }

    /** Whether trying again could help: throttling, a service fault, or what the SDK calls retryable. */
    public static boolean retryable(AwsServiceException e) {
        return e.retryable() || e.isThrottlingException() || e.statusCode() >= 500;
    }

    /** {@code e} as a refusal a handler names for its action ({@link ServiceRefused}). */
    public static ServiceRefused refused(AwsServiceException e) {
        return new ServiceRefused(name(e), e.getMessage(), retryable(e), e);
    }
}
