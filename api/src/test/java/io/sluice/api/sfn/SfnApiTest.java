package io.sluice.api.sfn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The protocol around the operations: the target header, the body, and errors as {@code {"__type", "message"}}. */
class SfnApiTest {
    private final SfnApi api = new SfnApi(Map.of(
            "Echo", (caller, request) -> request,
            "Refuse", (caller, request) -> {
                throw SfnError.EXECUTION_DOES_NOT_EXIST.with("Execution Does Not Exist: 'x'");
            },
            "Break", (caller, request) -> {
                throw new IllegalStateException("a bug with a secret in it");
            }), request -> new Caller.Local(), 64, io.sluice.orchestration.path.RandomSource.seeded(7));

    private SfnResponse call(String method, String target, String body) {
        Map<String, List<String>> headers = target == null ? Map.of("Content-Type", List.of("application/x-amz-json-1.0"))
                : Map.of("X-Amz-Target", List.of(target), "Content-Type", List.of("application/x-amz-json-1.0"));
        return api.handle(new SfnRequest(method, "/", null, headers, body.getBytes(StandardCharsets.UTF_8)));
    }

    private static JsonNode body(SfnResponse r) {
        return Json.parse(new String(r.body(), StandardCharsets.UTF_8));
    }

    @Test
    void anOperationAnswersItsOutputAsJson10() {
        SfnResponse r = call("POST", "AWSStepFunctions.Echo", "{\"a\": 1}");
        assertThat(r.status()).isEqualTo(200);
        // The request id is drawn from the API's random source: the seeded one here gives its first UUID.
        assertThat(r.headers()).containsEntry("Content-Type", "application/x-amz-json-1.0")
                .containsEntry("x-amzn-RequestId", io.sluice.orchestration.path.RandomSource.seeded(7).uuid().toString());
        assertThat(body(r).get("a").asInt()).isEqualTo(1);
        assertThat(body(call("POST", "AWSStepFunctions.Echo", "")).isEmpty()).as("an empty body is no members").isTrue();
    }

    @Test
    void errorsAreTheServicesCodesWithStatus400AndBugsAre500WithoutTheirText() {
        SfnResponse refused = call("POST", "AWSStepFunctions.Refuse", "{}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(body(refused).get("__type").asText()).isEqualTo("ExecutionDoesNotExist");
        assertThat(body(refused).get("message").asText()).contains("'x'");

        SfnResponse broken = call("POST", "AWSStepFunctions.Break", "{}");
        assertThat(broken.status()).isEqualTo(500);
        assertThat(body(broken).get("__type").asText()).isEqualTo("InternalFailure");
        assertThat(body(broken).get("message").asText()).doesNotContain("secret");
    }

    @Test
    void whatIsNotAnOperationCallIsRefusedSayingWhy() {
        assertThat(body(call("POST", "AWSStepFunctions.Nope", "{}")).get("message").asText()).contains("Nope", "Echo");
        assertThat(body(call("POST", null, "{}")).get("__type").asText()).isEqualTo("UnknownOperationException");
        assertThat(body(call("POST", "Other.Echo", "{}")).get("__type").asText()).isEqualTo("UnknownOperationException");
        assertThat(body(call("GET", "AWSStepFunctions.Echo", "")).get("__type").asText()).isEqualTo("UnknownOperationException");
        assertThat(body(call("POST", "AWSStepFunctions.Echo", "[1]")).get("__type").asText()).isEqualTo("SerializationException");
        assertThat(body(call("POST", "AWSStepFunctions.Echo", "{\"a\": ")).get("__type").asText()).isEqualTo("SerializationException");
        SfnResponse big = call("POST", "AWSStepFunctions.Echo", "{\"a\": \"" + "x".repeat(100) + "\"}");
        assertThat(body(big).get("__type").asText()).isEqualTo("ValidationException");
        assertThat(body(big).get("message").asText()).contains("64");
    }

    @Test
    void timedRequestsCountByOperationAndStatusAndMadeUpTargetsShareOneRoute() {
        io.micrometer.core.instrument.simple.SimpleMeterRegistry registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
        SfnApi timed = api.timedBy(registry);
        Map<String, List<String>> headers = Map.of("Content-Type", List.of("application/x-amz-json-1.0"));
        for (String target : List.of("AWSStepFunctions.Echo", "AWSStepFunctions.Echo", "AWSStepFunctions.Refuse", "AWSStepFunctions.Nope1",
                "AWSStepFunctions.Nope2")) {
            Map<String, List<String>> h = new java.util.HashMap<>(headers);
            h.put("X-Amz-Target", List.of(target));
            timed.handle(new SfnRequest("POST", "/", null, h, "{}".getBytes(StandardCharsets.UTF_8)));
        }

        assertThat(registry.get("sluice.api.requests").tags("route", "AWSStepFunctions.Echo", "method", "POST", "status", "200").timer().count())
                .isEqualTo(2);
        assertThat(registry.get("sluice.api.requests").tags("route", "AWSStepFunctions.Refuse", "status", "400").timer().count()).isEqualTo(1);
        assertThat(registry.get("sluice.api.requests").tags("route", "unmatched", "status", "400").timer().count())
                .as("unknown operations under one route, never the caller's text").isEqualTo(2);
        assertThat(registry.find("sluice.api.requests").timers()).hasSize(3);
    }
}
