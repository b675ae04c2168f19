package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The mapped Lambda functions as task functions: each a plain {@code Function<JsonNode, JsonNode>} named by its
 * function name, so a host runs them as it runs the bundle's own (through its queue and worker harness, which wraps a
 * {@code lambda:invoke} result in {@code Payload}), and {@code sluice exec} through {@link LambdaTaskInvoker}. A
 * failure is thrown as a {@link TaskError} named as Step Functions names it ({@link FunctionErrors}).
 */
public final class LocalLambdas {
    /** The host's variables a command sees (nothing else of the host's environment reaches it). */
    public static final List<String> PASSED_ON = List.of("PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR", "PYTHONPATH", "NODE_PATH");

    private final LambdaMappings mappings;
    /** Made on the first endpoint call: an HTTP client costs a CLI run that calls no endpoint ~180 classes (TLS) at start. */
    private InvokeApiClient endpoints;
    private final CommandRunner commands;

    /** @param environment the host's environment; only the {@link #PASSED_ON} variables are kept */
    public LocalLambdas(LambdaMappings mappings, Map<String, String> environment) {
        this.mappings = mappings;
        Map<String, String> kept = new LinkedHashMap<>();
        for (String name : PASSED_ON) {
            if (environment.get(name) != null) {
                kept.put(name, environment.get(name));
            }
        }
        this.commands = new CommandRunner(kept);
    }

    private synchronized InvokeApiClient endpoints() {
        if (endpoints == null) {
            endpoints = new InvokeApiClient(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                    .followRedirects(HttpClient.Redirect.NEVER).build());
        }
        return endpoints;
    }

    public LambdaMappings mappings() {
        return mappings;
    }

    /** Each mapped function by name. */
    public Map<String, Function<JsonNode, JsonNode>> functions() {
        Map<String, Function<JsonNode, JsonNode>> out = new TreeMap<>();
        for (String name : mappings.names()) {
            out.put(name, event -> invoke(name, event));
        }
        return out;
    }

    /**
     * The result of calling the mapped {@code function} with {@code event}.
     *
     * @throws TaskError the function's error, named as Step Functions names it
     * @throws IllegalArgumentException when {@code function} is not mapped
     */
    public JsonNode invoke(String function, JsonNode event) {
        LambdaTarget target = mappings.target(function).orElseThrow(() -> new IllegalArgumentException(
                "Lambda function '" + function + "' is not mapped; " + mappings.howToMap(function) + "."));
        JsonNode in = event == null ? Json.NODES.nullNode() : event;
        return switch (target) {
            case LambdaTarget.Endpoint e -> endpoints().invoke(function, e, in);
            case LambdaTarget.Command c -> commands.run(function, c, in);
            case LambdaTarget.Fixed f when f.errorType() != null -> throw FunctionErrors.functionError(function,
                    Json.write(Json.object().put("errorType", f.errorType()).put("errorMessage", f.errorMessage())));
            case LambdaTarget.Fixed f -> f.response().deepCopy();
        };
    }
}
