package io.sluice.local.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Three tiny task functions to try pipelines with before writing any (off with
 * {@code sluice.demo-functions=false}). They are demos, not part of the product.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sluice.demo-functions", havingValue = "true", matchIfMissing = true)
public class DemoFunctions {
    /** The error {@code fail} raises unless its input names another in {@code error}. */
    public static final String DEMO_ERROR = "Demo.Failed";
    private static final Logger LOG = LoggerFactory.getLogger(DemoFunctions.class);

    /** Returns its input. */
    @Bean
    public Function<JsonNode, JsonNode> echo() {
        return input -> input;
    }

    /** Always fails: with {@code error} and {@code cause} from its input, else {@value #DEMO_ERROR}; never retryable. */
    @Bean
    public Function<JsonNode, JsonNode> fail() {
        return input -> {
            throw new TaskError(input.path("error").asText(DEMO_ERROR),
                    input.path("cause").asText("The demo function 'fail' fails on purpose."), false);
        };
    }

    /**
     * For {@code .waitForTaskToken} states whose Parameters carry {@code "token.$": "$$.Task.Token"}:
     * logs how to complete the task, and leaves it waiting.
     */
    @Bean("wait-callback")
    public Function<JsonNode, JsonNode> waitCallback() {
        return input -> {
            String token = input.path("token").asText("");
            if (token.isEmpty()) {
                throw new TaskError("Demo.NoToken", "wait-callback needs the task token in its input: add "
                        + "\"Parameters\": {\"token.$\": \"$$.Task.Token\"} to the state.", false);
            }
            LOG.info("wait-callback: task {} waits; complete it with POST /v1/tasks/{}/success (or /failure)", token, token);
            return null;
        };
    }
}
