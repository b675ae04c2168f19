package io.sluice.functions.integration;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/**
 * Runs the service actions of one family (DynamoDB's, the object store's, ...) over a port, with Step
 * Functions' request and result shapes. A failure is a {@link io.sluice.functions.harness.TaskError} with
 * the name AWS gives it ({@link ServiceErrors}), so Retry and Catch written for AWS behave the same.
 */
public interface IntegrationHandler {

    /** The actions it answers, as {@link io.sluice.orchestration.integration.IntegrationCatalog} keys ({@code sns:publish}). */
    Set<String> actions();

    /** The action's result, as Step Functions returns it. */
    JsonNode call(IntegrationCall call);
}
