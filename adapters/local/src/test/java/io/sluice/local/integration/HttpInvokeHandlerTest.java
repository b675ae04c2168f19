package io.sluice.local.integration;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationCall;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.functions.integration.http.HttpInvokeHandler;
import io.sluice.functions.integration.http.HttpSettings;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemorySecretResolver;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * http:invoke against a real HTTP server (WireMock on loopback). Here rather than in functions: WireMock's
 * standalone jar carries message bundles that clash with the config schema validator's in that module.
 */
class HttpInvokeHandlerTest {
    static final String SECRET = "Bearer s3cr3t-value";
    static WireMockServer server;
    static HttpInvokeHandler http;

    @BeforeAll
    static void start() {
        server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        server.start();
        HttpSettings settings = HttpSettings.none().allowing(List.of("127.0.0.1:" + server.port()));
        http = new HttpInvokeHandler(HttpInvokeHandler.defaultClient(settings), settings,
                new ScopedSecrets(new InMemorySecretResolver().put("partner-api", SECRET)));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    static IntegrationCall call(String resource, String parameters) {
        TaskResource r = TaskResource.parse(resource);
        TaskContext task = new TaskContext("orders:run-1.0.1.0", "orders:run-1", "S", r.pattern(), null, resource, null,
                new io.sluice.functions.tenancy.Owner.Platform("orders", "orders:run-1"));
        return new IntegrationCall(r.serviceAction().orElseThrow(), r.pattern(), Json.parse(parameters), task);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    @Test
    void aPostWithQueryHeadersBodyAndAConnectionSecretGetsStepFunctionsResponseShape() {
        server.stubFor(post(urlPathEqualTo("/orders")).withQueryParam("tag[]", equalTo("a"))
                .withHeader("Authorization", equalTo(SECRET)).withHeader("X-Trace", equalTo("t-1"))
                .withRequestBody(equalToJson("{\"id\": \"o-1\"}"))
                .willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json").withBody("{\"accepted\": true}")));
        JsonNode r = http.call(call("arn:aws:states:::http:invoke", "{\"ApiEndpoint\": \"" + url("/orders") + "\", \"Method\": \"POST\","
                + " \"Headers\": {\"X-Trace\": \"t-1\"}, \"QueryParameters\": {\"tag\": [\"a\"]},"
                + " \"Transform\": {\"RequestEncodingOptions\": {\"ArrayFormat\": \"BRACKETS\"}},"
                + " \"Authentication\": {\"ConnectionArn\": \"arn:aws:events:eu-west-1:123456789012:connection/partner-api/6f1c\"},"
                + " \"RequestBody\": {\"id\": \"o-1\"}}"));
        assertThat(r.get("StatusCode").asInt()).isEqualTo(201);
        assertThat(r.get("StatusText").asText()).isEqualTo("Created");
        assertThat(r.get("ResponseBody")).isEqualTo(Json.parse("{\"accepted\": true}"));
        assertThat(r.at("/Headers/content-type/0").asText()).isEqualTo("application/json");
        assertThat(Json.write(r)).doesNotContain("s3cr3t");
    }

    @Test
    void urlEncodedBodiesFollowTheArrayFormat() {
        server.stubFor(post(urlEqualTo("/form")).willReturn(aResponse().withStatus(200).withBody("ok")));
        JsonNode r = http.call(call("arn:aws:states:::http:invoke", "{\"ApiEndpoint\": \"" + url("/form") + "\", \"Method\": \"POST\","
                + " \"Transform\": {\"RequestBodyEncoding\": \"URL_ENCODED\", \"RequestEncodingOptions\": {\"ArrayFormat\": \"REPEAT\"}},"
                + " \"RequestBody\": {\"a\": [\"x\", \"y\"], \"b\": \"1 2\"}}"));
        assertThat(r.get("ResponseBody").asText()).isEqualTo("ok");
        server.verify(postRequestedFor(urlEqualTo("/form")).withRequestBody(equalTo("a=x&a=y&b=1%202"))
                .withHeader("Content-Type", equalTo("application/x-www-form-urlencoded")));
    }

    @Test
    void aStatusOutside2xxIsStatesHttpStatusCodeAndNamesNoSecret() {
        server.stubFor(get(urlEqualTo("/missing")).willReturn(aResponse().withStatus(404).withBody("no such order")));
        TaskError e = catchThrowableOfType(TaskError.class, () -> http.call(call("arn:aws:states:::http:invoke",
                "{\"ApiEndpoint\": \"" + url("/missing") + "\", \"Method\": \"GET\","
                        + " \"Authentication\": {\"ConnectionArn\": \"arn:aws:events:r:1:connection/partner-api/x\"}}")));
        assertThat(e.errorName()).isEqualTo("States.Http.StatusCode.404");
        assertThat(Json.parse(e.getMessage()).get("ResponseBody").asText()).isEqualTo("no such order");
        assertThat(e.getMessage()).doesNotContain("s3cr3t");
    }

    @Test
    void hostsOutsideTheAllowListAndOtherSchemesAreRefused() {
        TaskError other = catchThrowableOfType(TaskError.class, () -> http.call(call("arn:aws:states:::http:invoke",
                "{\"ApiEndpoint\": \"http://169.254.169.254/latest/meta-data\", \"Method\": \"GET\"}")));
        assertThat(other.errorName()).isEqualTo("Sluice.HostNotAllowed");
        TaskError port = catchThrowableOfType(TaskError.class, () -> http.call(call("arn:aws:states:::http:invoke",
                "{\"ApiEndpoint\": \"http://127.0.0.1:1/x\", \"Method\": \"GET\"}")));
        assertThat(port.errorName()).isEqualTo("Sluice.HostNotAllowed");
        TaskError file = catchThrowableOfType(TaskError.class, () -> http.call(call("arn:aws:states:::http:invoke",
                "{\"ApiEndpoint\": \"file:///etc/passwd\", \"Method\": \"GET\"}")));
        assertThat(file.getMessage()).contains("http or https");
        HttpSettings none = HttpSettings.none();
        HttpInvokeHandler closed = new HttpInvokeHandler(HttpInvokeHandler.defaultClient(none), none,
                new ScopedSecrets(new InMemorySecretResolver()));
        assertThat(catchThrowableOfType(TaskError.class, () -> closed.call(call("arn:aws:states:::http:invoke",
                "{\"ApiEndpoint\": \"" + url("/orders") + "\", \"Method\": \"GET\"}"))).getMessage()).contains("allowed hosts are none");
    }

    @Test
    void aMissingConnectionSecretIsANamedError() {
        TaskError e = catchThrowableOfType(TaskError.class, () -> http.call(call("arn:aws:states:::http:invoke",
                "{\"ApiEndpoint\": \"" + url("/orders") + "\", \"Method\": \"GET\","
                        + " \"Authentication\": {\"ConnectionArn\": \"arn:aws:events:r:1:connection/unknown/x\"}}")));
        assertThat(e.errorName()).isEqualTo(HttpInvokeHandler.CONNECTION_NOT_FOUND);
    }
}
