package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Fuzzes the HTTP API's request bodies through the real controllers, guards and error handler (on the
 * in-memory ports of {@link ApiOnInMemoryPortsTest}): starts ({@code StartRequest}), webhooks, stops, task
 * callbacks. Whatever the body, the answer is never a 5xx, and every 4xx is {@code application/problem+json}
 * with a detail; a 400 names the {@code field} and what was {@code expected}.
 *
 * <p>Why not Jazzer here: a Spring context cannot be re-entered per fuzz input at a useful rate, and the
 * parsing that matters (Jackson, {@code RequestJson}) is not where coverage guidance finds new paths; so the
 * inputs are seeded mutations of real bodies (byte flips, truncations, inserted JSON tokens, deep nesting),
 * reproducible from the seed printed on failure. {@code -Dsluice.fuzz.bodies=N} runs more.
 */
@SpringBootTest(classes = ApiOnInMemoryPortsTest.Host.class, webEnvironment = SpringBootTest.WebEnvironment.MOCK,
        properties = "spring.main.banner-mode=off")
@AutoConfigureMockMvc
class RequestBodyFuzzTest {
    private static final List<String> ROUTES = List.of("/v1/pipelines/orders/executions", "/v1/pipelines/orders/webhook",
            "/v1/executions/orders:first/stop", "/v1/tasks/tok/failure", "/v1/tasks/tok/success", "/v1/tasks/tok/heartbeat",
            "/v1/executions/orders:first/redrive");
    private static final List<String> SEEDS = List.of(
            "{\"name\": \"first\", \"input\": {\"n\": 1}}",
            "{\"name\": \"2026-11-29-a\", \"partition\": \"2026-11-29\", \"input\": {\"partition\": \"2026-11-29\"}}",
            "{\"input\": {\"partition\": \"2026-02-30\"}}",
            "{\"error\": \"Stopped\", \"cause\": \"by hand\"}",
            "{\"rows\": 3, \"files\": [\"a.csv\", \"b.csv\"]}",
            "{}", "[]", "null", "\"x\"", "1e309", "{\"name\": \"\\u0000\"}");
    private static final List<String> TOKENS = List.of("{", "}", "[", "]", ",", ":", "\"", "null", "true", "-0", "1e999",
            "\"name\"", "\"input\"", "\"partition\"", "\"error\"", "\"cause\"", "\\u", "\\ud800", "\u00e9", "\u0000",
            "\"" + "x".repeat(300) + "\"", "{\"name\": {}}", "{\"partition\": 20261129}", "{\"input\": []}");

    @Autowired
    MockMvc mvc;

    @Test
    void noBodyGetsAnythingButAClearError() throws Exception {
        long seed = Long.getLong("sluice.fuzz.seed", 19L);
        int bodies = Integer.getInteger("sluice.fuzz.bodies", 600);
        Random random = new Random(seed);
        for (int i = 0; i < bodies; i++) {
            String route = ROUTES.get(random.nextInt(ROUTES.size()));
            String body = mutate(SEEDS.get(random.nextInt(SEEDS.size())), random);
            check(route, body, "seed " + seed + ", body " + i);
        }
    }

    /** Inputs the mutations reach only rarely, kept as fixed cases: deep nesting, a lone surrogate, fields of the wrong types. */
    @Test
    void regressions() throws Exception {
        check("/v1/pipelines/orders/executions", "[" .repeat(300) + "]".repeat(300), "deep nesting");
        check("/v1/pipelines/orders/executions", "{\"name\": \"\\ud800\"}", "a lone surrogate");
        check("/v1/tasks/tok/failure", "{\"error\": 1, \"cause\": {}}", "a failure of the wrong types");
    }

    private void check(String route, String body, String where) throws Exception {
        MockHttpServletResponse r = mvc.perform(post(route).header("Host", "localhost").contentType(MediaType.APPLICATION_JSON)
                .content(body.getBytes(StandardCharsets.UTF_8))).andReturn().getResponse();
        String shown = where + ": POST " + route + " " + (body.length() > 300 ? body.substring(0, 300) + "..." : body)
                + " -> " + r.getStatus() + " " + r.getContentAsString();
        assertThat(r.getStatus()).as(shown).isLessThan(500);
        if (r.getStatus() >= 400) {
            assertThat(r.getContentType()).as(shown).startsWith("application/problem+json");
            JsonNode problem = Json.parse(r.getContentAsString());
            assertThat(problem.path("detail").asText()).as(shown).isNotBlank();
            // No Java class name in the detail; what it quotes of the body ('...', e.g. the JSON parser's
            // "Unrecognized token '...'") may say anything.
            assertThat(outsideQuotes(problem.path("detail").asText())).as(shown).doesNotContain("Exception");
            if (r.getStatus() == 400) {
                assertThat(problem.path("field").asText()).as(shown).isNotBlank();
                assertThat(problem.path("expected").asText()).as(shown).isNotBlank();
            }
        }
    }

    static String mutate(String seed, Random random) {
        StringBuilder s = new StringBuilder(seed);
        for (int m = random.nextInt(4); m >= 0; m--) {
            int at = s.isEmpty() ? 0 : random.nextInt(s.length() + 1);
            switch (random.nextInt(6)) {
                case 0 -> { if (!s.isEmpty() && at < s.length()) s.deleteCharAt(at); }
                case 1 -> s.insert(at, TOKENS.get(random.nextInt(TOKENS.size())));
                case 2 -> { if (at < s.length()) s.setCharAt(at, (char) random.nextInt(0x80)); }
                case 3 -> s.setLength(Math.min(s.length(), at));
                case 4 -> {
                    int depth = 50 + random.nextInt(400);
                    s.insert(at, "[".repeat(depth) + "1" + "]".repeat(depth));
                }
                default -> s.insert(at, s.substring(0, at));
            }
        }
        return s.toString();
    }

    /** The sentence without what it quotes (from its first single quote to its last: a quoted value may hold quotes). */
    static String outsideQuotes(String sentence) {
        return sentence.replaceAll("(?s)'.*'", "''");
    }
}
