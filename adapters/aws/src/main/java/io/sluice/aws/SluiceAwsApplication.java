package io.sluice.aws;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The Spring application behind every Sluice Lambda but the orchestrator's ({@link #handlerOf}). Lambda's handler is
 * Spring Cloud Function's {@code org.springframework.cloud.function.adapter.aws.FunctionInvoker}; it finds this class
 * through {@code MAIN_CLASS} and selects the function ({@code orchestrator}, {@code task-worker},
 * {@code schedule-tick}, {@code events}, {@code dlq-handler}, the triggers) by {@code spring.cloud.function.definition}.
 */
@SpringBootApplication
public class SluiceAwsApplication {
    /** The {@code MAIN_CLASS} of the {@code orchestrator} Lambda: {@link io.sluice.aws.lean.OrchestratorLambda}. */
    public static final String LEAN_ORCHESTRATOR = "io.sluice.aws.lean.OrchestratorLambda";

    /**
     * The {@code MAIN_CLASS} a deployment gives the Lambda of {@code function}: the lean, functionally registered
     * orchestrator for {@code orchestrator} (the function every transition goes through), this application otherwise.
     */
    public static String mainClassOf(String function) {
        return "orchestrator".equals(function) ? LEAN_ORCHESTRATOR : SluiceAwsApplication.class.getName();
    }

    /** The handler class of the {@code orchestrator} Lambda: {@link io.sluice.aws.lean.OrchestratorHandler}, no Spring Boot start. */
    public static final String ORCHESTRATOR_HANDLER = "io.sluice.aws.lean.OrchestratorHandler";
    /** The handler class of every other Lambda: Spring Cloud Function's, which starts {@code MAIN_CLASS}. */
    public static final String FUNCTION_INVOKER = "org.springframework.cloud.function.adapter.aws.FunctionInvoker";

    /** The handler class a deployment gives the Lambda of {@code function} (its {@code ::handleRequest} is the handler). */
    public static String handlerOf(String function) {
        return "orchestrator".equals(function) ? ORCHESTRATOR_HANDLER : FUNCTION_INVOKER;
    }

    public static void main(String[] args) {
        SpringApplication.run(SluiceAwsApplication.class, args);
    }
}
