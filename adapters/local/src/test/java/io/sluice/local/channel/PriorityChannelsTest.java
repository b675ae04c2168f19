package io.sluice.local.channel;

import io.sluice.runtime.RuntimePorts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.channel.ChannelLimits;
import io.sluice.functions.channel.ChannelSettings;
import io.sluice.functions.channel.ChannelTaker;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisConcurrencyLimiter;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.RedisTokenBucket;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Priority channels on the real Redis: a P0 task is taken before a P3 backlog (by the taker and by the
 * local runtime end to end), a channel's limit holds across two clients (as two processes), and under
 * pressure the lower channels pause first.
 */
class PriorityChannelsTest {
    private static final Duration VISIBILITY = Duration.ofSeconds(30);
    private static final QueueNames NAMES = new QueueNames("pc");

    private final String url = RedisTestServer.shared().url();
    private final String prefix = "sluice-test:channels:" + UUID.randomUUID();
    private final List<AutoCloseable> open = new ArrayList<>();
    private RedisAdapters first;
    private RedisAdapters second;

    @BeforeEach
    void connect() {
        first = RedisAdapters.open(SluiceRedisProperties.of(url).withKeyPrefix(prefix));
        second = RedisAdapters.open(SluiceRedisProperties.of(url).withKeyPrefix(prefix));
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (AutoCloseable c : open.reversed()) {
            c.close();
        }
        first.close();
        second.close();
        RedisCleanup.delete(url, prefix);
    }

    private RedisTaskQueue queue(RedisAdapters redis) {
        RedisTaskQueue q = new RedisTaskQueue(redis.redisson(), prefix, 5);
        open.add(q);
        return q;
    }

    private ChannelLimits limits(RedisAdapters redis, ChannelSettings settings) {
        return new ChannelLimits(new RedisConcurrencyLimiter(redis.redisson(), prefix), new RedisTokenBucket(redis.redisson(), prefix),
                Tenancy.SINGLE, settings);
    }

    private static void sendTask(RedisTaskQueue q, Priority p, String execution) {
        q.send(NAMES.tasks("work", p), new OutgoingMessage("{}", Map.of("executionId", execution, "priority", p.name())), Duration.ZERO);
    }

    /** Settings whose lower turns never come in a test, so the order is strict. */
    private static ChannelSettings strict() {
        ChannelSettings d = ChannelSettings.defaults();
        return new ChannelSettings(d.channels(), d.perPipeline(), d.perTenant(), Integer.MAX_VALUE, d.pressure(), d.lease());
    }

    @Test
    void aP0TaskIsTakenBeforeAP3Backlog() {
        RedisTaskQueue q = queue(first);
        for (int i = 0; i < 300; i++) {
            sendTask(q, Priority.P3, "batch:low-" + i);
        }
        sendTask(q, Priority.P0, "urgent:now");
        ChannelTaker taker = new ChannelTaker(q, NAMES.channelsByPriority("work"), null, strict(), Clock.systemUTC());
        List<ChannelTaker.Taken> got = taker.take(10, VISIBILITY, Duration.ofSeconds(5));
        assertThat(got).singleElement().satisfies(t -> {
            assertThat(t.priority()).isEqualTo(Priority.P0);
            assertThat(t.message().attributes()).containsEntry("executionId", "urgent:now");
        });
        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).hasSize(10).allSatisfy(t -> assertThat(t.priority()).isEqualTo(Priority.P3));
    }

    @Test
    void aChannelsConcurrencyLimitHoldsAcrossTwoProcessesAndARefusedTaskKeepsItsReceives() {
        ChannelSettings settings = strict().withChannel(Priority.P3, new ChannelSettings.Limits(3, null));
        RedisTaskQueue qa = queue(first);
        RedisTaskQueue qb = queue(second);
        for (int i = 0; i < 8; i++) {
            sendTask(qa, Priority.P3, "batch:e" + i);
        }
        ChannelTaker a = new ChannelTaker(qa, NAMES.channelsByPriority("work"), limits(first, settings), settings, Clock.systemUTC());
        ChannelTaker b = new ChannelTaker(qb, NAMES.channelsByPriority("work"), limits(second, settings), settings, Clock.systemUTC());

        List<ChannelTaker.Taken> takenByA = a.take(2, VISIBILITY, Duration.ofSeconds(5));
        List<ChannelTaker.Taken> takenByB = b.take(6, VISIBILITY, Duration.ofSeconds(5));
        assertThat(takenByA).hasSize(2);
        assertThat(takenByB).as("the other process gets what is left of the limit").hasSize(1);
        RedisConcurrencyLimiter limiter = new RedisConcurrencyLimiter(first.redisson(), prefix);
        assertThat(limiter.held(ChannelLimits.channelKey(Priority.P3), java.time.Instant.now())).isEqualTo(3);

        a.done(takenByA.getFirst());
        List<ChannelTaker.Taken> later = Collections.synchronizedList(new ArrayList<>());
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            later.addAll(b.take(6, VISIBILITY, Duration.ofMillis(200)));
            return !later.isEmpty();
        });
        assertThat(later).as("one slot was given back, so one more is admitted").hasSize(1);
        assertThat(later.getFirst().message().receiveCount()).as("a refused task went back as a fresh copy, its receives not spent")
                .isEqualTo(1);
        assertThat(limiter.held(ChannelLimits.channelKey(Priority.P3), java.time.Instant.now())).isEqualTo(3);
    }

    @Test
    void underP0PressureTheLowerChannelsPauseEvenOnTheirTurn() {
        ChannelSettings d = ChannelSettings.defaults();
        // A lower channel's turn every 2nd take; P0 is under pressure beyond 2 waiting; backlogs looked at before every take.
        ChannelSettings settings = new ChannelSettings(d.channels(), d.perPipeline(), d.perTenant(), 2,
                new ChannelSettings.Pressure(2, Duration.ofMinutes(5), Duration.ofNanos(1)), d.lease());
        RedisTaskQueue q = queue(first);
        for (int i = 0; i < 6; i++) {
            sendTask(q, Priority.P0, "hot:e" + i);
            sendTask(q, Priority.P3, "cold:e" + i);
        }
        ChannelTaker taker = new ChannelTaker(q, NAMES.channelsByPriority("work"), null, settings, Clock.systemUTC());
        List<Priority> order = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            taker.take(1, VISIBILITY, Duration.ofSeconds(5)).forEach(t -> order.add(t.priority()));
        }
        // Six, five, four, three P0 waiting: under pressure, P3 is paused, so even the 2nd and 4th takes (P1's and P2's turns,
        // P3 right behind) take P0.
        assertThat(order).containsExactly(Priority.P0, Priority.P0, Priority.P0, Priority.P0);
        // Two P0 left (not over 2): no pressure; the 5th take is strict, the 6th is P3's turn.
        List<Priority> rest = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            taker.take(1, VISIBILITY, Duration.ofSeconds(5)).forEach(t -> rest.add(t.priority()));
        }
        assertThat(rest).containsExactly(Priority.P0, Priority.P3);
    }

    @Test
    void theLocalRuntimeRunsAP0ExecutionsTaskBeforeAP3BacklogAndTheExecutionKeepsItsPriority() throws Exception {
        Definition oneTask = DefinitionParser.parse(Json.parse("""
                {"StartAt": "Work", "States": {"Work": {"Type": "Task", "Resource": "sluice:function:work",
                 "Parameters": {"name.$": "$$.Execution.Name"}, "End": true}}}"""));
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch firstHeld = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Function<JsonNode, JsonNode> work = in -> {
            ran.add(in.get("name").asText());
            if (ran.size() == 1) {
                firstHeld.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Json.object();
        };
        RuntimePorts ports = new RuntimePorts(first.executionStore(), first.idempotencyStore(), queue(first),
                first.timerIndex(), first.definitionStore());
        LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
        // One task at a time, so the order the channels are taken in is the order tasks run in.
        LocalRuntime runtime = new LocalRuntime(ports, name -> Optional.ofNullable(name.equals("work") ? work : null), List.of("work"),
                new LocalRuntime.Settings(NAMES, d.visibility(), d.lease(), 1, d.tickEvery(), d.outboxGrace(), Boundary.Probe.NONE),
                Clock.systemUTC());
        open.add(runtime);
        runtime.limitChannels(limits(first, strict()));

        for (int i = 0; i < 20; i++) {
            runtime.start("batch", "low-" + i, oneTask, Json.object(), Priority.P3);
        }
        assertThat(firstHeld.await(20, TimeUnit.SECONDS)).isTrue();
        runtime.start("urgent", "now", oneTask, Json.object(), Priority.P0);
        release.countDown();
        await().atMost(Duration.ofSeconds(30)).until(() -> ran.size() == 21);
        assertThat(ran.get(0)).startsWith("low-");
        assertThat(ran.get(1)).as("taken as soon as a slot was free, before the 19 P3 tasks waiting").isEqualTo("now");
        assertThat(Orchestrator.priorityOf(Json.parse(first.executionStore().load("urgent:now").orElseThrow().state())))
                .isEqualTo(Priority.P0);
        assertThat(Orchestrator.priorityOf(Json.parse(first.executionStore().load("batch:low-3").orElseThrow().state())))
                .isEqualTo(Priority.P3);
    }
}
