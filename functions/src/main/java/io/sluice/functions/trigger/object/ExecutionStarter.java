package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Starts an execution of a pipeline under a given name, idempotently by name: starting a name that
 * exists already starts nothing and says so. {@link OrchestratorExecutionStarter} is the one the
 * runtimes use. An exception means "could not start now, try again" (a store is down); the trigger
 * reports it as a retryable failure.
 */
public interface ExecutionStarter {
    StartOutcome start(String pipeline, String executionName, JsonNode input);

    /** How one start ended. */
    sealed interface StartOutcome {}

    /** A new execution runs. */
    record Started() implements StartOutcome {}

    /** An execution of this name exists (running or finished); nothing new started. */
    record AlreadyExists() implements StartOutcome {}

    /** It will never start, whatever is retried: say why (the pipeline is not deployed, say). */
    record Refused(String reason) implements StartOutcome {}
}
