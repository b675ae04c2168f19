package io.sluice.aws.lean;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The handler of the {@code orchestrator} Lambda ({@code io.sluice.aws.lean.OrchestratorHandler::handleRequest}), the
 * function every transition goes through and so the one whose cold start users feel. It is {@code FunctionInvoker}'s
 * invocation of the orchestrator without the Spring Boot application {@code FunctionInvoker} starts before it: the same
 * function, over the same Redis and SQS wiring as {@link OrchestratorLambda} registers (and the full application's
 * {@code orchestrator}), invoked through Spring Cloud Function's registry and its AWS adapter's conversions
 * ({@link LeanFunction}), with the settings and {@code logging.level.*} of the same environment ({@link LeanEnvironment}).
 *
 * <p>Lambda makes one instance per execution environment, during its init phase: the wiring starts there on its own
 * thread, settings bound and all ({@link SnapStartHooks}, registered for SnapStart), while this thread sets up the
 * function's conversions; the first event waits for whatever of the wiring is left.
 */
public final class OrchestratorHandler implements RequestStreamHandler {
    /** What a deployment names as the orchestrator Lambda's handler. */
    public static final String HANDLER = OrchestratorHandler.class.getName() + "::handleRequest";

    private final SnapStartHooks hooks;
    private final LeanFunction function;

    public OrchestratorHandler() {
        this(LeanEnvironment.current());
    }

    OrchestratorHandler(ConfigurableEnvironment env) {
        LogLevels.apply(env); // before anything is logged, the events above all
        hooks = SnapStartHooks.register(new SnapStartHooks(() -> OrchestratorSettings.wire(env)));
        function = LeanFunction.of(OrchestratorLambda.FUNCTION, hooks.handler(), SQSEvent.class, SQSBatchResponse.class);
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        function.handle(input, output, context);
    }

    /** The Redis and SQS clients closed (as a test ends; on Lambda the environment is frozen, then dropped). */
    void close() throws Exception {
        hooks.close();
    }
}
