package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;

/** What can happen to a running execution. Starting one is {@link Interpreter#start}. */
public sealed interface Event {
    /** A task (or a {@code .waitForTaskToken} callback) succeeded with {@code output}. */
    record TaskSucceeded(String token, JsonNode output) implements Event {}

    /** A task (or a callback) failed with an ASL error name and cause. */
    record TaskFailed(String token, String error, String cause) implements Event {}

    /** A running task says it is alive; resets its heartbeat timer. */
    record TaskHeartbeat(String token) implements Event {}

    /** A timer this execution started is due. */
    record TimerFired(String timerId) implements Event {}

    /**
     * The host gives up on the execution (a poison message, a lost definition): it ends FAILED with
     * this error, which no Retry or Catch sees.
     */
    record Fail(String error, String cause) implements Event {}

    /** A user stops the execution. */
    record Stop(String error, String cause) implements Event {}

    /**
     * Resume a FAILED, TIMED_OUT or ABORTED execution from the top-level state where it stopped,
     * keeping its history, as Step Functions' RedriveExecution does. A Parallel or Map that failed
     * runs again whole.
     */
    record Redrive() implements Event {}
}
