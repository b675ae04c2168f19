package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.ValueTemplate;

/**
 * A Task state: calls a function and waits for its result. {@code parameters} is Parameters in
 * JSONPath and Arguments in JSONata ({@code null}: the effective input is sent). {@code credentials}
 * is the state's Credentials ({@code null}: none), computed like the parameters and handed to the host,
 * which decides what it means there (an assumed role on AWS; nothing locally).
 */
public record TaskState(String name, TaskResource resource, Selector inputPath, ValueTemplate parameters,
                        ResultHandling result, Recovery recovery, Timeouts timeouts, String next,
                        boolean usesContext, Exit exit, ValueTemplate credentials) implements State {

    public TaskState(String name, TaskResource resource, Selector inputPath, ValueTemplate parameters, ResultHandling result,
                     Recovery recovery, Timeouts timeouts, String next, boolean usesContext, Exit exit) {
        this(name, resource, inputPath, parameters, result, recovery, timeouts, next, usesContext, exit, null);
    }

    /**
     * TimeoutSeconds and HeartbeatSeconds, each a number or computed (a path, or a JSONata
     * expression). Step Functions' default task timeout is effectively none ({@code 99999999}
     * seconds); Sluice keeps no timer then.
     */
    public record Timeouts(Integer timeoutSeconds, PathOrIntrinsic timeoutSecondsPath,
                           Integer heartbeatSeconds, PathOrIntrinsic heartbeatSecondsPath) {
        public static final Timeouts NONE = new Timeouts(null, null, null, null);
    }
}
