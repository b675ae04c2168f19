package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PayloadTemplate;

/** A Task state: calls a function and waits for its result. */
public record TaskState(String name, TaskResource resource, Selector inputPath, PayloadTemplate parameters,
                        ResultHandling result, Recovery recovery, Timeouts timeouts, String next,
                        boolean usesContext) implements State {

    /**
     * TimeoutSeconds and HeartbeatSeconds, each a number or a path. Step Functions' default task
     * timeout is effectively none ({@code 99999999} seconds); Sluice keeps no timer then.
     */
    public record Timeouts(Integer timeoutSeconds, DataPath timeoutSecondsPath,
                           Integer heartbeatSeconds, DataPath heartbeatSecondsPath) {
        public static final Timeouts NONE = new Timeouts(null, null, null, null);
    }
}
