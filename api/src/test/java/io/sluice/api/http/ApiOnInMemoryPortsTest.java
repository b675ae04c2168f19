package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.Tenants;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.RateLimiter;
import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.testkit.fake.InMemoryRateLimiter;
import io.sluice.testkit.fake.InMemoryReplayGuard;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The API needs nothing of the local host: here it runs on in-memory ports (no Redis, no runtime, no
 * pipelines folder, no servlet container on this module's classpath), as a cloud host would wire it.
 * The app tests of adapters/local run the same controllers over the real runtime.
 */
@SpringBootTest(classes = ApiOnInMemoryPortsTest.Host.class, webEnvironment = SpringBootTest.WebEnvironment.MOCK,
        properties = "spring.main.banner-mode=off")
@AutoConfigureMockMvc
class ApiOnInMemoryPortsTest {
    private static final String HASH = "sha256:0f";

    @Autowired
    MockMvc mvc;

    @Test
    void theServletContainerIsNotOnTheApisClasspath() {
        assertThatThrownBy(() -> Class.forName("org.apache.catalina.startup.Tomcat")).isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void pipelinesAreListedFromThePort() throws Exception {
        mvc.perform(get("/v1/pipelines").header("Host", "localhost"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.pipelines[0].id").value("orders"))
                .andExpect(jsonPath("$.pipelines[0].valid").value(true))
                .andExpect(jsonPath("$.pipelines[0].definitionHash").value(HASH))
                .andExpect(jsonPath("$.pipelines[1].id").value("broken"))
                .andExpect(jsonPath("$.pipelines[1].problems[0]").value("broken.asl.json: /StartAt: no such state"));
    }

    @Test
    void aStartGoesThroughTheExecutionPortAndIsDescribedFromIt() throws Exception {
        mvc.perform(post("/v1/pipelines/orders/executions").header("Host", "localhost").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"name\": \"first\", \"input\": {\"n\": 1}}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.executionId").value("orders:first"))
                .andExpect(jsonPath("$.status").value("RUNNING"));
        mvc.perform(get("/v1/executions").header("Host", "localhost").param("pipeline", "orders"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.executions[0].executionId").value("orders:first"));
    }

    @Test
    void aStartMayOverrideThePriorityAndABadOneIsAProblemNamingTheField() throws Exception {
        mvc.perform(post("/v1/pipelines/orders/executions").header("Host", "localhost").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"name\": \"urgent\", \"priority\": \"P0\"}"))
                .andExpect(status().isCreated());
        org.assertj.core.api.Assertions.assertThat(InMemoryExecutions.OPTIONS.get("orders:urgent").priority())
                .isEqualTo(io.sluice.functions.priority.Priority.P0);
        mvc.perform(post("/v1/pipelines/orders/executions").header("Host", "localhost").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"name\": \"plain\"}"))
                .andExpect(status().isCreated());
        org.assertj.core.api.Assertions.assertThat(InMemoryExecutions.OPTIONS.get("orders:plain").priority()).as("the pipeline's").isNull();
        mvc.perform(post("/v1/pipelines/orders/executions").header("Host", "localhost").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"name\": \"odd\", \"priority\": \"P9\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("priority"))
                .andExpect(jsonPath("$.detail", org.hamcrest.Matchers.containsString("P0, P1, P2, P3")));
    }

    @Test
    void aMissingPipelineIsAProblemSayingWhereTheHostExpectsIt() throws Exception {
        mvc.perform(post("/v1/pipelines/nowhere/executions").header("Host", "localhost").contentType(MediaType.APPLICATION_JSON)
                        .content("{}"))
                .andExpect(status().isNotFound())
                .andExpect(header().string("Content-Type", "application/problem+json"))
                .andExpect(jsonPath("$.detail").value("No pipeline 'nowhere': expected a bundle entry nowhere."));
    }

    @Test
    void withoutAnEmulatorTheFunctionRouteIsNotFound() throws Exception {
        mvc.perform(post("/functions/echo").header("Host", "localhost").with(r -> {
                    r.setRemoteAddr("127.0.0.1");
                    return r;
                }))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.detail").value("This host has no function emulator; run the function in a pipeline's Task instead."));
    }

    @Test
    void theGuardsRunInFrontOfTheControllers() throws Exception {
        mvc.perform(get("/v1/pipelines").header("Host", "attacker.example")).andExpect(status().is(421));
        mvc.perform(get("/v1/openapi.json").header("Host", "localhost")).andExpect(status().isOk())
                .andExpect(jsonPath("$.openapi").exists());
    }

    /** A host of nothing but the API and in-memory ports. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @ComponentScan("io.sluice.api.http")
    static class Host {
        @Bean
        Tenants tenants() {
            return Tenants.none();
        }

        @Bean
        Clock clock() {
            return Clock.systemUTC();
        }

        @Bean
        ReplayGuard replays() {
            return new InMemoryReplayGuard();
        }

        @Bean
        RateLimiter limiter() {
            return new InMemoryRateLimiter();
        }

        @Bean
        Pipelines pipelines() {
            return new Pipelines() {
                @Override
                public List<String> ids() {
                    return List.of("orders", "broken");
                }

                @Override
                public Lookup find(String id) {
                    return switch (id) {
                        case "orders" -> new Lookup.Found(id, HASH);
                        case "broken" -> new Lookup.Invalid(id, List.of(new Problem("broken.asl.json: /StartAt: no such state", false)));
                        default -> new Lookup.Missing(id);
                    };
                }

                @Override
                public Options options(String id) {
                    return Options.NONE;
                }

                @Override
                public String whereExpected(String id) {
                    return "a bundle entry " + id;
                }
            };
        }

        @Bean
        ExecutionControl executions() {
            return new InMemoryExecutions();
        }
    }

    /** Starts record a RUNNING summary; nothing ever runs. */
    static final class InMemoryExecutions implements ExecutionControl {
        static final Map<String, io.sluice.functions.start.StartOptions> OPTIONS = new ConcurrentHashMap<>();
        private final Map<String, ExecutionSummary> started = new ConcurrentHashMap<>();

        @Override
        public StartResult start(String pipeline, String name, JsonNode input, io.sluice.functions.start.StartOptions options) {
            OPTIONS.put(pipeline + ":" + name, options);
            if (name.equals("urgent") || name.equals("plain")) {
                // The priority test's starts are only recorded, so the listings the other tests read stay theirs.
                return new StartResult.Started(new ExecutionSummary(pipeline + ":" + name, pipeline, name, "RUNNING", HASH, Instant.now(), null));
            }
            return start(pipeline, name, input);
        }

        @Override
        public StartResult start(String pipeline, String name, JsonNode input) {
            ExecutionSummary s = new ExecutionSummary(pipeline + ":" + name, pipeline, name, "RUNNING", HASH, Instant.now(), null);
            ExecutionSummary before = started.putIfAbsent(s.executionId(), s);
            return before == null ? new StartResult.Started(s) : new StartResult.AlreadyRunning(before);
        }

        @Override
        public List<ExecutionSummary> list(String pipeline, String status, io.sluice.orchestration.port.ExecutionCursor after, int limit) {
            return io.sluice.api.port.ReadOnlyExecutionControl.paged(started.values().stream()
                    .filter(s -> pipeline == null || s.pipeline().equals(pipeline))
                    .filter(s -> status == null || s.status().equals(status)), after, limit);
        }

        @Override
        public Optional<Described> describe(String executionId) {
            return Optional.empty();
        }

        @Override
        public Optional<ExecutionSummary> summary(String executionId) {
            return Optional.ofNullable(started.get(executionId));
        }

        @Override
        public Optional<List<JsonNode>> history(String executionId, int from, int limit) {
            return Optional.empty();
        }

        @Override
        public Change stop(String executionId, String error, String cause) {
            return new Change.NotFound(executionId);
        }

        @Override
        public Change redrive(String executionId) {
            return new Change.NotFound(executionId);
        }

        @Override
        public Change callback(String token, OrchestratorMessage message) {
            return new Change.NotFound(message.executionId());
        }
    }
}
