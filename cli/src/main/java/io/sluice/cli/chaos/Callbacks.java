package io.sluice.cli.chaos;

import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.redisson.api.RedissonClient;

/**
 * Answers the drill's {@code .waitForTaskToken} tasks as a caller of {@code POST /v1/tasks/{token}/success} would:
 * a success message on the orchestrator queue, with a fresh id each time; one in four is sent twice (a caller
 * retrying), which the orchestrator must take once. While Redis is down it waits and tries again.
 */
final class Callbacks implements AutoCloseable {
    private final Thread thread;
    private final AtomicInteger answered = new AtomicInteger();
    private volatile boolean running = true;

    private Callbacks(RedissonClient redis, TaskQueue queue, QueueNames names, String prefix, long seed) {
        Random random = new Random(seed);
        this.thread = Thread.ofVirtual().name("chaos-callbacks").start(() -> {
            while (running) {
                try {
                    // Peek, answer, then remove: a token is never dropped, at worst answered twice.
                    String token = redis.<String>getQueue(key(prefix)).peek();
                    if (token == null) {
                        RedisProcess.pause(200);
                        continue;
                    }
                    OrchestratorMessage success = new OrchestratorMessage.TaskResult(token, Json.object().put("approved", true), null, "");
                    for (int copies = random.nextInt(4) == 0 ? 2 : 1; copies > 0; copies--) {
                        queue.send(names.orchestrator(), OrchestratorSends.of(success, "callback-" + UUID.randomUUID()), Duration.ZERO);
                    }
                    redis.<String>getQueue(key(prefix)).remove(token);
                    answered.incrementAndGet();
                } catch (RuntimeException e) {
                    RedisProcess.pause(500);
                }
            }
        });
    }

    static Callbacks start(RedissonClient redis, TaskQueue queue, QueueNames names, String prefix, long seed) {
        return new Callbacks(redis, queue, names, prefix, seed);
    }

    static String key(String prefix) {
        return prefix + ":chaos:callbacks";
    }

    int answered() {
        return answered.get();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
