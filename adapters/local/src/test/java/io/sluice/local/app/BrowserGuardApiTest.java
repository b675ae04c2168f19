package io.sluice.local.app;

import static io.sluice.local.app.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 9, finding 5: a web page must not drive the local runtime through the user's browser, neither
 * by a cross-origin "simple" request (text/plain, no preflight) nor by DNS rebinding (its own Host).
 */
class BrowserGuardApiTest extends LocalAppTest {

    @Test
    void aCrossOriginTextPlainPostToTheFunctionEmulatorIsRefusedAndDoesNothing() {
        String marker = unique("page");
        Http.Response fromPage = http().send(HttpRequest.newBuilder(URI.create(url() + "/functions/note"))
                .header("Content-Type", "text/plain").header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString("{\"marker\": \"" + marker + "\"}")));
        assertProblem(fromPage, 403, "forbidden");
        assertThat(fromPage.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        Http.Response textPlain = http().send(HttpRequest.newBuilder(URI.create(url() + "/functions/note"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("{\"marker\": \"" + marker + "\"}")));
        assertProblem(textPlain, 415, "unsupported-media-type");
        assertThat(TestFunctions.NOTED).noneMatch(n -> n.path("marker").asText().equals(marker));

        assertThat(http().post("/functions/note", "{\"marker\": \"" + marker + "\"}").status()).as("from the CLI or curl").isEqualTo(200);
        assertThat(TestFunctions.NOTED).anyMatch(n -> n.path("marker").asText().equals(marker));
    }

    @Test
    void aCrossOriginStartIsRefusedAndStartsNothing() {
        String partition = unique("day");
        Http.Response r = http().send(HttpRequest.newBuilder(URI.create(url() + "/v1/pipelines/shout/executions"))
                .header("Content-Type", "application/json").header("Origin", "null")
                .POST(HttpRequest.BodyPublishers.ofString("{\"partition\": \"" + partition + "\"}")));
        assertProblem(r, 403, "forbidden");
        assertThat(http().get("/v1/executions?pipeline=shout&limit=1000").body().get("executions").findValuesAsText("name"))
                .noneMatch(n -> n.startsWith(partition));
        Http.Response preflight = http().send(HttpRequest.newBuilder(URI.create(url() + "/v1/pipelines/shout/executions"))
                .header("Origin", "http://evil.example").header("Access-Control-Request-Method", "POST")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
        assertThat(preflight.status()).isEqualTo(403);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void aForeignHostIsRefusedBeforeAnythingIsDone() {
        String marker = unique("rebound");
        String body = "{\"marker\": \"" + marker + "\"}";
        RawHttp.Response rebound = raw("POST /functions/note HTTP/1.1\r\nHost: rebind.example:" + port + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
        assertThat(rebound.status()).isEqualTo(421);
        assertThat(rebound.head()).containsIgnoringCase("Content-Type: application/problem+json");
        assertThat(Json.parse(rebound.body()).get("type").asText()).isEqualTo("urn:sluice:problem:misdirected-request");
        assertThat(TestFunctions.NOTED).noneMatch(n -> n.path("marker").asText().equals(marker));

        assertThat(raw("GET /v1/pipelines HTTP/1.1\r\nHost: 127.0.0.1:1\r\nConnection: close\r\n\r\n").status())
                .as("another port is another origin").isEqualTo(421);
        assertThat(raw("GET /v1/pipelines HTTP/1.1\r\nHost: localhost:" + port + "\r\nConnection: close\r\n\r\n").status()).isEqualTo(200);
        assertThat(raw("GET /v1/pipelines HTTP/1.1\r\nHost: [::1]:" + port + "\r\nConnection: close\r\n\r\n").status()).isEqualTo(200);
    }

    @Test
    void aRequestWithoutABodyNeedsNoContentType() {
        Http.Response r = http().send(HttpRequest.newBuilder(URI.create(url() + "/v1/executions/shout:nope/redrive"))
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertProblem(r, 404, "not-found");
    }

    private RawHttp.Response raw(String request) {
        return RawHttp.send(port, request);
    }
}
