package io.sluice.api.sfn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.port.StateMachines;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The cloud hosts' state machines: a read-only bundle and the machines created through the API, kept as documents in a
 * Redis hash (a Redisson map, as the hosts wire it), on the real Redis server.
 */
class StoredStateMachinesTest {
    private static final String PASS = "{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"End\": true}}}";
    private static final String BUNDLED = "{\"StartAt\": \"B\", \"States\": {\"B\": {\"Type\": \"Pass\", \"End\": true}}}";
    private static final String KEY = "sluice-test:stored-machines:" + UUID.randomUUID().toString().substring(0, 8);
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static RedissonClient redisson;

    private final List<String> started = new ArrayList<>();

    @BeforeAll
    static void connect() {
        redisson = RedisAdapters.client(RedisTestServer.shared().url());
    }

    @AfterAll
    static void cleanUp() {
        // Every map a test made is KEY:<name>; KEY itself is never written.
        redisson.getKeys().deleteByPattern(KEY + ":*");
        redisson.shutdown();
    }

    private StoredStateMachines machines(String mapName) {
        Definition bundled = DefinitionParser.parse(Json.parse(BUNDLED));
        ConcurrentMap<String, String> documents = redisson.getMap(KEY + ":" + mapName, StringCodec.INSTANCE);
        return new StoredStateMachines(new StoredStateMachines.Bundle() {
            @Override
            public List<String> names() {
                return List.of("hello");
            }

            @Override
            public Optional<Definition> definition(String name) {
                return name.equals("hello") ? Optional.of(bundled) : Optional.empty();
            }
        }, documents, "123456789012", (pipeline, name, definition, input) -> {
            started.add(pipeline + ":" + name);
            return new StartResult.Refused(pipeline, "recorded by the test");
        }, new InMemoryDefinitionStore(), "pipelines/");
    }

    @Test
    void aCreatedMachineIsListedBesideTheBundleAndStartsAsAPipeline() {
        StoredStateMachines m = machines("a");
        assertThat(m.names()).containsExactly("hello");
        m.save(new StateMachines.Spec("orders", StateMachines.Type.EXPRESS, PASS, "arn:aws:iam::1:role/r", "desc", Map.of("team", "fin")), NOW);
        assertThat(m.names()).containsExactly("hello", "orders");
        StateMachines.Machine orders = m.find("orders").orElseThrow();
        assertThat(orders.type()).isEqualTo(StateMachines.Type.EXPRESS);
        assertThat(orders.description()).isEqualTo("desc");
        assertThat(orders.tags()).containsEntry("team", "fin");
        assertThat(orders.created()).isEqualTo(NOW);
        assertThat(m.created("orders")).map(Definition::source).contains(Json.parse(PASS));
        assertThat(m.created("hello")).as("a bundled pipeline starts from the bundle").isEmpty();
        // Another process (a new map object on the same hash) sees it: it is in Redis, not in this object.
        assertThat(machines("a").find("orders")).isPresent();

        assertThat(m.delete("orders")).isTrue();
        assertThat(m.names()).containsExactly("hello");
        assertThat(m.delete("orders")).isFalse();
    }

    @Test
    void aBundledMachineKeepsItsDefinitionButTakesTagsVersionsAndAliases() {
        StoredStateMachines m = machines("b");
        StateMachines.Machine hello = m.find("hello").orElseThrow();
        assertThat(Json.parse(hello.definition())).isEqualTo(Json.parse(BUNDLED));
        assertThat(m.hostProblems("hello", BUNDLED)).isEmpty();
        assertThat(m.hostProblems("hello", PASS)).singleElement().asString().contains("bundled with the deployment (pipelines/hello.asl.json)");
        assertThatThrownBy(() -> m.save(new StateMachines.Spec("hello", StateMachines.Type.STANDARD, PASS, "arn:aws:iam::1:role/r", null,
                Map.of()), NOW)).isInstanceOf(SfnException.class);
        assertThatThrownBy(() -> m.delete("hello")).isInstanceOf(SfnException.class).hasMessageContaining("deploy again");

        m.save(new StateMachines.Spec("hello", StateMachines.Type.STANDARD, hello.definition(), hello.roleArn(), null, Map.of("k", "v")), NOW);
        assertThat(m.find("hello").orElseThrow().tags()).containsEntry("k", "v");
        assertThat(m.names()).as("recording tags makes no second machine").containsExactly("hello");
        StateMachineVersions.Version v1 = m.publish("hello", hello.definition(), "first", NOW);
        assertThat(v1.number()).isEqualTo(1);
        assertThat(m.publish("hello", hello.definition(), "again", NOW).number()).as("the same definition is the same version").isEqualTo(1);
        m.saveAlias("hello", new StateMachineVersions.Alias("live", null, List.of(new StateMachineVersions.Route(1, 100)), NOW, NOW));
        assertThat(m.alias("hello", "live")).map(a -> a.routes().get(0).version()).contains(1);
    }

    /** Ten threads publish ten different definitions at once: compare-and-set on the document loses none. */
    @Test
    void concurrentPublishesGetDistinctVersions() throws Exception {
        StoredStateMachines m = machines("c");
        m.save(new StateMachines.Spec("busy", StateMachines.Type.STANDARD, PASS, "arn:aws:iam::1:role/r", null, Map.of()), NOW);
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Future<StateMachineVersions.Version>> futures = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                String definition = PASS.replace("\"P\"", "\"P" + i + "\"");
                futures.add(pool.submit(() -> m.publish("busy", definition, null, NOW)));
            }
            List<Integer> numbers = new ArrayList<>();
            for (Future<StateMachineVersions.Version> f : futures) {
                numbers.add(f.get().number());
            }
            assertThat(numbers).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
            assertThat(m.versions("busy")).hasSize(10);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aVersionStartsThroughTheHostsLaunch() {
        StoredStateMachines m = machines("d");
        m.start("orders", "run-1", PASS, Json.object());
        assertThat(started).containsExactly("orders:run-1");
    }
}
