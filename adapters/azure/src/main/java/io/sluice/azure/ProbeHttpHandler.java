package io.sluice.azure;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.HttpMethod;
import com.microsoft.azure.functions.HttpRequestMessage;
import com.microsoft.azure.functions.HttpResponseMessage;
import com.microsoft.azure.functions.HttpStatus;
import com.microsoft.azure.functions.annotation.AuthorizationLevel;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.HttpTrigger;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.stereotype.Component;

/**
 * STARTUP PROBE ONLY: an HTTP-triggered Azure function that hands the request body to the
 * {@code probe} function bean. It shows the adapter's wiring (the worker asks
 * {@code AzureFunctionInstanceInjector} for this class and gets the Spring bean, with its
 * dependencies injected) and is to be replaced by the generic Sluice entry points.
 */
@Component
public class ProbeHttpHandler {

    private final Function<String, String> probe;

    public ProbeHttpHandler(Function<String, String> probe) {
        this.probe = probe;
    }

    @FunctionName("probe")
    public HttpResponseMessage run(
            @HttpTrigger(name = "req", methods = HttpMethod.POST, authLevel = AuthorizationLevel.ANONYMOUS)
            HttpRequestMessage<Optional<String>> request,
            ExecutionContext context) {
        context.getLogger().info("probe invoked, invocation " + context.getInvocationId());
        return request.getBody()
                .map(body -> request.createResponseBuilder(HttpStatus.OK)
                        .header("Content-Type", "text/plain; charset=utf-8")
                        .body(probe.apply(body))
                        .build())
                .orElseGet(() -> request.createResponseBuilder(HttpStatus.BAD_REQUEST)
                        .body("the probe needs a request body")
                        .build());
    }
}
