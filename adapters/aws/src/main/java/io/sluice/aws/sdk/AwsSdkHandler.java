package io.sluice.aws.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.sdk.SdkServices.Operation;
import io.sluice.aws.sdk.SdkServices.Service;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationCall;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.integration.ServiceErrors;
import io.sluice.orchestration.definition.TaskResource.ServiceAction;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.integration.IntegrationCatalog;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Runs a service action as the AWS SDK v2 call Step Functions makes, on the resources its parameters name, with the
 * function's role: {@code arn:aws:states:::aws-sdk:<service>:<action>} for every service whose SDK module this host
 * carries (the AWS host's generic integration, {@link #generic}), and the optimised forms a host routes here by name
 * ({@code dynamodb:getItem} is DynamoDB's {@code GetItem}, as Step Functions documents it).
 *
 * <p>Parameters and results have Step Functions' shapes ({@link SdkShapes}). A service's error is
 * {@code <Service>.<Error>}: "the resulting Error field will be composed of the service name and error name,
 * separated by a period ... Both the service name and error name are in Pascal case", with {@code Exception} added
 * where the service's own name lacks it ({@code S3.BucketAlreadyExistsException}), per
 * https://docs.aws.amazon.com/step-functions/latest/dg/supported-services-awssdk.html; the service name is the SDK
 * client's ({@code DynamoDb}, {@code AcmPca}), the optimised forms keep theirs ({@code DynamoDB}). The cause is the
 * SDK's message, as Step Functions shows it. A failure to reach the service is {@code <Service>.SdkClientException},
 * retryable.
 *
 * <p>The function's role reaches every tenant's resources alike, so a tenant's run cannot make these calls: it fails
 * with {@value IntegrationCatalog#UNAVAILABLE}, saying why (its DynamoDB calls go to the tenant's own emulated tables,
 * see {@code io.sluice.aws.dynamodb.NamedTables}).
 */
public final class AwsSdkHandler implements IntegrationHandler {
    private final SdkServices services;
    private final Set<String> actions;

    /** @param actions the catalog keys it answers by name; empty for the generic integration */
    public AwsSdkHandler(SdkServices services, Set<String> actions) {
        this.services = services;
        this.actions = Set.copyOf(actions);
    }

    /** The generic integration: every action no other handler names. */
    public static AwsSdkHandler generic(SdkServices services) {
        return new AwsSdkHandler(services, Set.of());
    }

    @Override
    public Set<String> actions() {
        return actions;
    }

    @Override
    public JsonNode call(IntegrationCall call) {
        ServiceAction action = call.action();
        if (call.tenant().isPresent()) {
            throw new TaskError(IntegrationCatalog.UNAVAILABLE, action.key() + " calls AWS with the function's role, which reaches"
                    + " every tenant's resources alike, so a run of tenant '" + call.tenant().get() + "' cannot make it;"
                    + " run it from a pipeline of the platform (no tenant).", false);
        }
        String serviceName = IntegrationCatalog.sdkService(action);
        Service service = services.service(serviceName).orElseThrow(() -> new TaskError(IntegrationCatalog.UNAVAILABLE,
                action.key() + ": this AWS host carries no AWS SDK module for service '" + serviceName + "' (software.amazon.awssdk:"
                        + serviceName + " is not on its classpath), so it cannot call it.", false));
        Operation operation = service.operation(action.action()).orElseThrow(() -> new TaskError(IntegrationCatalog.UNAVAILABLE,
                action.key() + ": the " + service.type().getSimpleName() + " of this host has no action '" + action.action()
                        + "' taking one request (streaming actions are not offered).", false));
        Object request;
        try {
            request = SdkShapes.read(operation.requestBuilder(), call.parameters(), operation.name());
        } catch (SdkShapes.InvalidParameter e) {
            throw new TaskError(ErrorNames.RUNTIME, action.key() + ": " + e.getMessage(), false);
        } catch (SdkException e) {
            throw new TaskError(ErrorNames.RUNTIME, action.key() + ": the parameters make no valid " + operation.name() + " request: "
                    + e.getMessage(), false);
        }
        try {
            return SdkShapes.write(operation.call(request));
        } catch (AwsServiceException e) {
            throw serviceError(action, service, e);
        } catch (SdkClientException e) {
            throw new TaskError(prefix(action, service) + ".SdkClientException", e.getMessage(), true, e);
        }
    }

    private static TaskError serviceError(ServiceAction action, Service service, AwsServiceException e) {
        return new TaskError(prefix(action, service) + "." + SdkErrors.name(e), e.getMessage(), SdkErrors.retryable(e), e);
    }

    private static String prefix(ServiceAction action, Service service) {
        return action.sdk() ? service.errorPrefix() : ServiceErrors.prefix(action);
    }
}
