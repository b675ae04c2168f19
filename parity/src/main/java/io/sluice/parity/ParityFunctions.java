package io.sluice.parity;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import java.util.function.Function;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The suite's own task functions, the same beans on every host (each host takes every {@code Function<JsonNode, JsonNode>}
 * bean as a task function): {@code parity-echo} returns its input, {@code parity-flaky} fails with {@code Parity.Flaky}
 * while its {@code attempt} (the state's {@code $$.State.RetryCount}) is below {@code failures}, {@code parity-callback}
 * leaves its {@code .waitForTaskToken} task waiting for the token's completion. None keeps state: a result depends on the
 * input only, so a redelivered task gives the same answer.
 */
@Configuration(proxyBeanMethods = false)
public class ParityFunctions {

    @Bean("parity-echo")
    public Function<JsonNode, JsonNode> parityEcho() {
        return input -> input;
    }

    @Bean("parity-flaky")
    public Function<JsonNode, JsonNode> parityFlaky() {
        return input -> {
            int attempt = input.path("attempt").asInt();
            if (attempt < input.path("failures").asInt()) {
                throw new TaskError("Parity.Flaky", "attempt " + attempt + " fails on purpose", true);
            }
            return input;
        };
    }

    @Bean("parity-callback")
    public Function<JsonNode, JsonNode> parityCallback() {
        return input -> {
            if (input.path("token").asText("").isEmpty()) {
                throw new TaskError("Parity.NoToken", "parity-callback needs \"token.$\": \"$$.Task.Token\" in its Parameters", false);
            }
            return null;
        };
    }
}
