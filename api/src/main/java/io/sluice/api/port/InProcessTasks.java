package io.sluice.api.port;

import io.sluice.orchestration.express.TaskInvoker;

/**
 * The host's task functions, called in the API's own process, for what runs a state machine whole there:
 * {@code StartSyncExecution} of an EXPRESS machine and {@code TestState}. A task that would wait for a callback
 * cannot run so and fails with {@code States.Runtime}, saying why.
 */
public interface InProcessTasks extends TaskInvoker {}
