package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.EmulatedFunctions;
import io.sluice.functions.harness.ErrorMapping;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The local function emulator: invokes one task function directly with the request body (an empty
 * body is {@code {}}) and answers its JSON result. No claim, no queue, no execution: for trying a
 * function by hand. A function that throws answers 422 with the ASL error it would raise in a Task.
 * With tenants configured it answers 403 to every key: it would bypass them; and it answers only
 * requests from this machine (loopback), whatever address the API listens on, as a function may
 * resolve secrets or send data anywhere. A host that provides no {@link EmulatedFunctions} has no
 * emulator: the route answers 404.
 */
@RestController
class FunctionsController {
    private final ObjectProvider<EmulatedFunctions> emulated;

    FunctionsController(ObjectProvider<EmulatedFunctions> emulated) {
        this.emulated = emulated;
    }

    @PostMapping("/functions/{name}")
    ResponseEntity<?> invoke(@PathVariable String name, Caller caller, HttpServletRequest http) {
        if (!fromLoopback(http)) {
            return ApiProblems.forbidden("The function emulator answers only requests from this machine (loopback).");
        }
        if (!(caller instanceof Caller.Local)) {
            return ApiProblems.forbidden("The function emulator runs functions outside any execution and any tenant, so it is open "
                    + "only in the local mode (no tenants configured).");
        }
        EmulatedFunctions functions = emulated.getIfAvailable();
        if (functions == null) {
            return ApiProblems.notFound("This host has no function emulator; run the function in a pipeline's Task instead.");
        }
        Function<JsonNode, JsonNode> function = functions.find(name).orElse(null);
        if (function == null) {
            return ApiProblems.notFound("No function '" + name + "': expected one of " + functions.names() + ".");
        }
        JsonNode input = RequestJson.body(RequestJson.read(http));
        JsonNode output;
        try {
            output = function instanceof TaskAware aware ? aware.apply(input, asCaller(caller, input)) : function.apply(input);
        } catch (RuntimeException e) {
            ErrorMapping m = ErrorMapping.of(e);
            return ApiProblems.of(HttpStatus.UNPROCESSABLE_ENTITY, ApiProblems.FUNCTION_FAILED, "Function failed",
                    "Function '" + name + "' failed with " + m.error() + ": " + m.cause(),
                    Map.of("error", m.error(), "cause", m.cause(), "retryable", m.retryable()));
        }
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(Json.write(output == null ? Json.NODES.nullNode() : output));
    }

    /**
     * The context of a function the local operator runs by hand: the platform's run (the emulator is open only in the
     * local mode), acting for the pipeline of the payload's {@code TaskToken} when it has one. Trusting the payload is
     * right only here: the local operator holds every pipeline anyway.
     */
    private static TaskContext asCaller(Caller caller, JsonNode input) {
        TaskContext payload = TaskContext.fromPayload(input.isObject() ? input : null, IntegrationPattern.REQUEST_RESPONSE);
        String execution = payload.executionId();
        return payload.ownedBy(caller.owner(Tenancy.pipelineOf(execution).orElse(null), execution));
    }

    static boolean fromLoopback(HttpServletRequest http) {
        try {
            return InetAddress.getByName(http.getRemoteAddr()).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
