package io.sluice.azure;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.HttpMethod;
import com.microsoft.azure.functions.HttpRequestMessage;
import com.microsoft.azure.functions.HttpResponseMessage;
import com.microsoft.azure.functions.HttpStatus;
import com.microsoft.azure.functions.HttpStatusType;
import com.microsoft.azure.functions.spi.inject.FunctionInstanceInjector;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.azure.AzureFunctionInstanceInjector;

/**
 * Obtains the handler as the Azure Functions Java worker does — the worker looks up a
 * {@link FunctionInstanceInjector} with the service loader and asks it for an instance of the
 * class that declares the {@code @FunctionName} method — then calls the method with a hand-made
 * HTTP request and execution context. There is no {@code func} host on these machines.
 *
 * <p>The adapter keeps one application context per JVM (a static field), so the first
 * {@code getInstance} pays for the Spring start and later ones do not.
 */
class AzureFunctionStartupTest {

    private static final Map<String, String> SAVED = new HashMap<>();
    private static FunctionInstanceInjector injector;

    @BeforeAll
    static void findInjectorAsTheWorkerDoes() throws Exception {
        setProperty("MAIN_CLASS", SluiceAzureApplication.class.getName());
        setProperty("spring.main.banner-mode", "off");
        List<FunctionInstanceInjector> injectors = ServiceLoader.load(FunctionInstanceInjector.class).stream()
                .map(ServiceLoader.Provider::get)
                .toList();
        assertThat(injectors).singleElement().isInstanceOf(AzureFunctionInstanceInjector.class);
        injector = injectors.getFirst();

        long start = System.nanoTime();
        injector.getInstance(ProbeHttpHandler.class); // starts the Spring context
        System.out.printf("first AzureFunctionInstanceInjector.getInstance (Spring start) took %d ms%n",
                (System.nanoTime() - start) / 1_000_000);
    }

    @AfterAll
    static void restoreSystemProperties() {
        SAVED.forEach((key, value) -> {
            if (value == null) System.clearProperty(key);
            else System.setProperty(key, value);
        });
    }

    @Test
    void httpTriggerReachesTheFunctionBean() throws Exception {
        ProbeHttpHandler handler = injector.getInstance(ProbeHttpHandler.class);

        HttpResponseMessage response = handler.run(new TestRequest(Optional.of("hello")), new TestContext("probe"));

        assertThat(response.getStatusCode()).isEqualTo(200);
        assertThat(response.getBody()).isEqualTo("sluice-azure probe: hello");
        assertThat(response.getHeader("Content-Type")).startsWith("text/plain");
    }

    @Test
    void injectorHandsOutTheSpringBean() throws Exception {
        ProbeHttpHandler first = injector.getInstance(ProbeHttpHandler.class);
        ProbeHttpHandler second = injector.getInstance(ProbeHttpHandler.class);

        assertThat(first).isSameAs(second);
        HttpResponseMessage response = first.run(new TestRequest(Optional.empty()), new TestContext("probe"));
        assertThat(response.getStatusCode()).isEqualTo(400);
    }

    private static void setProperty(String key, String value) {
        SAVED.putIfAbsent(key, System.getProperty(key));
        System.setProperty(key, value);
    }

    private record TestRequest(Optional<String> body) implements HttpRequestMessage<Optional<String>> {
        @Override public URI getUri() { return URI.create("http://localhost:7071/api/probe"); }
        @Override public HttpMethod getHttpMethod() { return HttpMethod.POST; }
        @Override public Map<String, String> getHeaders() { return Map.of("content-type", "text/plain"); }
        @Override public Map<String, String> getQueryParameters() { return Map.of(); }
        @Override public Optional<String> getBody() { return body; }
        @Override public HttpResponseMessage.Builder createResponseBuilder(HttpStatus status) { return new TestResponse.Builder(status); }
        @Override public HttpResponseMessage.Builder createResponseBuilder(HttpStatusType status) { return new TestResponse.Builder(status); }
    }

    private record TestResponse(HttpStatusType status, Map<String, String> headers, Object body) implements HttpResponseMessage {
        @Override public HttpStatusType getStatus() { return status; }
        @Override public String getHeader(String key) { return headers.get(key); }
        @Override public Object getBody() { return body; }

        static final class Builder implements HttpResponseMessage.Builder {
            private HttpStatusType status;
            private final Map<String, String> headers = new HashMap<>();
            private Object body;

            Builder(HttpStatusType status) { this.status = status; }
            @Override public HttpResponseMessage.Builder status(HttpStatusType status) { this.status = status; return this; }
            @Override public HttpResponseMessage.Builder header(String key, String value) { headers.put(key, value); return this; }
            @Override public HttpResponseMessage.Builder body(Object body) { this.body = body; return this; }
            @Override public HttpResponseMessage build() { return new TestResponse(status, Map.copyOf(headers), body); }
        }
    }

    private record TestContext(String functionName) implements ExecutionContext {
        @Override public Logger getLogger() { return Logger.getLogger("io.sluice.azure.test"); }
        @Override public String getInvocationId() { return "5f1c0d4e-test-invocation"; }
        @Override public String getFunctionName() { return functionName; }
    }
}
