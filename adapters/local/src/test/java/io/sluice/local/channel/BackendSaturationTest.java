package io.sluice.local.channel;

import io.sluice.runtime.RuntimePorts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.channel.ChannelSettings;
import io.sluice.functions.channel.ChannelTaker;
import io.sluice.functions.channel.Saturation;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.priority.Priority;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A backend saying it is saturated throttles the lowest channels first: which errors say so and how far the throttle
 * goes ({@link Saturation}), the taker pausing the channels it is told to ({@link ChannelTaker#saturated}), and the local
 * runtime doing so when a task fails with {@code Glue.ConcurrentRunsExceededException}, on the real Redis.
 */
class BackendSaturationTest {
    private static final QueueNames NAMES = new QueueNames("sat");
    private static final Duration VISIBILITY = Duration.ofSeconds(30);

    private final String url = RedisTestServer.shared().url();
    private final String prefix = "sluice-test:saturation:" + UUID.randomUUID();
    private final List<AutoCloseable> open = new ArrayList<>();
    private RedisAdapters redis;

    @BeforeEach
    void connect() {
        redis = RedisAdapters.open(SluiceRedisProperties.of(url).withKeyPrefix(prefix));
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (AutoCloseable c : open.reversed()) {
            c.close();
        }
        redis.close();
        RedisCleanup.delete(url, prefix);
    }

    @Test
    void theErrorsThatSaySaturatedAreTheBackendsSaturationCodesWhateverTheirService() {
        Map<String, Boolean> table = Map.of(
                "Glue.ConcurrentRunsExceededException", true, "Glue.ThrottlingException", true, "Lambda.TooManyRequestsException", true,
                "RedshiftData.ActiveStatementsExceededException", true, "Warehouse.TooManyConnections", true, "S3.SlowDown", true,
                "Glue.JobFailed", false, "States.TaskFailed", false, "java.lang.IllegalStateException", false, "", false);
        table.forEach((error, saturated) -> assertThat(Saturation.saysSaturated(error)).as(error).isEqualTo(saturated));
        assertThat(Saturation.saysSaturated(null)).isFalse();
    }

    @Test
    void signalsThatKeepComingPauseOneMoreChannelEachStepNeverP0AndLapseAfterTheHold() {
        Saturation s = new Saturation(Duration.ofSeconds(30), Duration.ofSeconds(10));
        Instant t = Instant.parse("2026-12-02T04:00:00Z");
        List<Integer> levels = new ArrayList<>();
        for (int second : new int[] {0, 5, 10, 20, 25, 40}) {
            levels.add(s.signal(t.plusSeconds(second)).level());
        }
        assertThat(levels).containsExactly(1, 1, 2, 3, 3, 3);
        assertThat(s.signal(t.plusSeconds(41)).until()).isEqualTo(t.plusSeconds(71));
        assertThat(s.signal(t.plusSeconds(200)).level()).as("no signal for longer than the hold: from the lowest again").isEqualTo(1);
    }

    @Test
    void aSaturatedTakerSkipsTheLowestChannelsUntilTheSaturationEnds() {
        RedisTaskQueue q = queue();
        send(q, Priority.P3, "batch:a");
        send(q, Priority.P2, "daily:a");
        send(q, Priority.P1, "hourly:a");
        ChannelTaker taker = new ChannelTaker(q, NAMES.channelsByPriority("work"), null, everyLook(), Clock.systemUTC());

        taker.saturated(2, Instant.now().plus(Duration.ofMinutes(5)));
        assertThat(taker.take(10, VISIBILITY, Duration.ofMillis(200))).singleElement()
                .satisfies(t -> assertThat(t.priority()).isEqualTo(Priority.P1));
        assertThat(taker.paused()).containsExactlyInAnyOrder(Priority.P2, Priority.P3);
        assertThat(taker.take(10, VISIBILITY, Duration.ofMillis(200))).as("P2 and P3 are paused").isEmpty();

        taker.saturated(0, Instant.now());
        assertThat(taker.take(10, VISIBILITY, Duration.ofMillis(200))).singleElement()
                .satisfies(t -> assertThat(t.priority()).isEqualTo(Priority.P2));
        assertThat(taker.paused()).isEmpty();
    }

    @Test
    void aTaskFailingWithConcurrentRunsExceededPausesItsFunctionsP3ChannelWhileP0StillRuns() {
        Definition oneTask = DefinitionParser.parse(Json.parse("""
                {"StartAt": "Load", "States": {"Load": {"Type": "Task", "Resource": "sluice:function:load",
                 "Parameters": {"name.$": "$$.Execution.Name"}, "End": true}}}"""));
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        Function<JsonNode, JsonNode> load = in -> {
            String name = in.get("name").asText();
            ran.add(name);
            if (name.equals("first")) {
                throw new TaskError("Glue.ConcurrentRunsExceededException", "Concurrent runs exceeded for orders-raw", true);
            }
            return Json.object();
        };
        RuntimePorts ports = new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue(), redis.timerIndex(),
                redis.definitionStore());
        LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
        LocalRuntime runtime = new LocalRuntime(ports, name -> Optional.ofNullable(name.equals("load") ? load : null), List.of("load"),
                new LocalRuntime.Settings(NAMES, d.visibility(), d.lease(), 4, d.tickEvery(), d.outboxGrace(), Boundary.Probe.NONE),
                Clock.systemUTC());
        open.add(runtime);

        runtime.start("batch", "first", oneTask, Json.object(), Priority.P3);
        // The taker looks at its channels about once a second: P3 is paused from the look after the failure on.
        await().atMost(Duration.ofSeconds(20)).until(() -> runtime.pausedChannels("load").contains(Priority.P3));
        assertThat(runtime.pausedChannels("load")).as("the lowest first").containsExactly(Priority.P3);

        runtime.start("batch", "second", oneTask, Json.object(), Priority.P3);
        runtime.start("urgent", "now", oneTask, Json.object(), Priority.P0);
        await().atMost(Duration.ofSeconds(20)).until(() -> ran.contains("now"));
        assertThat(ran).as("P3 waits out the saturation (30 s), P0 does not").doesNotContain("second");
        assertThat(runtime.pausedChannels("load")).contains(Priority.P3).doesNotContain(Priority.P0);
    }

    private RedisTaskQueue queue() {
        RedisTaskQueue q = new RedisTaskQueue(redis.redisson(), prefix, 5);
        open.add(q);
        return q;
    }

    /** Strict order, the channels looked at before every take, no pressure from these few tasks. */
    private static ChannelSettings everyLook() {
        ChannelSettings d = ChannelSettings.defaults();
        return new ChannelSettings(d.channels(), d.perPipeline(), d.perTenant(), Integer.MAX_VALUE,
                new ChannelSettings.Pressure(1000, Duration.ofMinutes(5), Duration.ofNanos(1)), d.lease());
    }

    private static void send(RedisTaskQueue q, Priority p, String execution) {
        q.send(NAMES.tasks("work", p), new OutgoingMessage("{}", Map.of("executionId", execution, "priority", p.name())), Duration.ZERO);
    }
}
