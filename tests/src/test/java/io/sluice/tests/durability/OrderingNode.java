package io.sluice.tests.durability;

import io.sluice.runtime.RuntimePorts;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.local.runtime.LocalRuntime;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.redisson.api.RedissonClient;

/**
 * One orchestrator (and worker) process of {@link OrderingAcrossProcessesTest}: the local runtime on
 * the shared Redis and queue, through a {@link CountingQueue}. Its task function fails each task's
 * first attempt with a retryable error, so every definition retries.
 *
 * <p>Arguments: redisUrl (sqsEndpoint | {@value Stack#REDIS_QUEUE}) keyPrefix queuePrefix
 */
public final class OrderingNode {
    static final Duration VISIBILITY = Duration.ofSeconds(15);

    private OrderingNode() {}

    public static void main(String[] args) throws Exception {
        Stack stack = new Stack(args[0], Stack.sqsEndpointOf(args[1]), args[2], args[3]);
        Stack.Opened opened = stack.open();
        RedissonClient redis = opened.redis.redisson();
        CountingQueue counting = new CountingQueue(opened.queue, redis, stack.keyPrefix(), stack.names().orchestrator());
        RuntimePorts ports = new RuntimePorts(opened.ports.executions(), opened.ports.claims(), counting,
                opened.ports.timers(), opened.ports.definitions());
        LocalRuntime.Settings settings = new LocalRuntime.Settings(stack.names(), VISIBILITY, VISIBILITY, 16, Duration.ofMillis(200),
                Duration.ofSeconds(3), Boundary.Probe.NONE);
        LocalRuntime runtime = new LocalRuntime(ports, functions(redis, stack.keyPrefix()), List.of("flaky"), settings, Clock.systemUTC());
        System.out.println("node ready");
        System.out.flush();
        Thread.currentThread().join();
        runtime.close();
    }

    static TaskFunctions functions(RedissonClient redis, String prefix) {
        return TaskFunctions.of(Map.of("flaky", (JsonNode in) -> {
            if (redis.getBucket(prefix + ":failed:" + in.get("key").asText()).setIfAbsent("1")) {
                throw new TaskError("Busy", "first attempt of " + in.get("key").asText() + " fails", true);
            }
            return in;
        }));
    }
}
