package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** Issue 9, findings 6e and 6g: errors below the API's handlers were a 500 with a stack trace, or Tomcat's HTML page. */
@ExtendWith(OutputCaptureExtension.class)
class HttpErrorsApiTest extends TenantAppTest {

    @Test
    void anOversizedChunkedUnauthenticatedPutIsACleanProblemWithoutATrace(CapturedOutput output) {
        String chunk = "x".repeat(16_384);
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            body.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        body.append("0\r\n\r\n");
        for (String type : new String[] {"application/x-www-form-urlencoded", "application/json"}) {
            RawHttp.Response r = RawHttp.send(port, "PUT /v1/pipelines/fin-orders/executions HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nContent-Type: " + type + "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + body);
            assertThat(r.status()).as(type + ": " + r.body()).isIn(401, 405, 413, 415);
            assertThat(r.problemJson()).as(r.head()).isTrue();
            assertThat(Json.parse(r.body()).get("status").asInt()).isEqualTo(r.status());
        }
        assertThat(output.getAll()).doesNotContain("TooLarge").doesNotContain("\tat org.apache.catalina");
    }

    @Test
    void tomcatsOwnBadRequestIsProblemJson() {
        RawHttp.Response r = RawHttp.send(port, "GET /v1/pipelines?q={x} HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.problemJson()).as(r.head() + "\n" + r.body()).isTrue();
        assertThat(r.body()).doesNotContain("<html");
        assertThat(Json.parse(r.body()).get("type").asText()).isEqualTo("urn:sluice:problem:invalid-request");
    }
}
