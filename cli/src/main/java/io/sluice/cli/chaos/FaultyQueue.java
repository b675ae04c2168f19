package io.sluice.cli.chaos;

import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.redisson.api.RedissonClient;

/**
 * The queue as a node of the drill sees it: every send to the orchestrator queue has a chance of being sent a
 * second time, as another message (its own id, so the queue does not deduplicate it), up to two seconds later,
 * so results arrive twice and out of order; some receives take a 50 ms visibility timeout (early redelivery); and
 * every redelivery (a receive count above one) is counted in Redis
 * for the drill's figures. Counting is best effort: while Redis is down it is skipped.
 */
final class FaultyQueue implements TaskQueue {
    private final TaskQueue queue;
    private final RedissonClient redis;
    private final String prefix;
    private final String orchestrator;
    private final double duplicateChance;
    private final double earlyChance;

    FaultyQueue(TaskQueue queue, RedissonClient redis, String prefix, String orchestrator, double duplicateChance, double earlyChance) {
        this.queue = queue;
        this.redis = redis;
        this.prefix = prefix;
        this.orchestrator = orchestrator;
        this.duplicateChance = duplicateChance;
        this.earlyChance = earlyChance;
    }

    static String duplicatesKey(String prefix) {
        return prefix + ":chaos:duplicates";
    }

    static final Duration EARLY = Duration.ofMillis(50);

    static String earlyKey(String prefix) {
        return prefix + ":chaos:early";
    }

    static String redeliveriesKey(String prefix) {
        return prefix + ":chaos:redeliveries";
    }

    @Override
    public Duration maxDelay() {
        return queue.maxDelay();
    }

    @Override
    public int maxReceives() {
        return queue.maxReceives();
    }

    @Override
    public void send(String name, OutgoingMessage message, Duration delay) {
        queue.send(name, message, delay);
        if (name.equals(orchestrator) && ThreadLocalRandom.current().nextDouble() < duplicateChance) {
            Duration late = delay.plusMillis(ThreadLocalRandom.current().nextLong(2_000));
            queue.send(name, new OutgoingMessage(message.body(), message.attributes(), message.group(),
                    message.id() == null ? null : message.id() + "/copy-" + UUID.randomUUID()), late);
            count(duplicatesKey(prefix));
        }
    }

    @Override
    public List<ReceivedMessage> receive(String name, int max, Duration visibility, Duration wait) {
        // Early redelivery: now and then a receive asks for a visibility far shorter than the handling takes, so the
        // message is handed out again (to this or another process) while the first copy is still being handled.
        boolean early = ThreadLocalRandom.current().nextDouble() < earlyChance;
        List<ReceivedMessage> got = queue.receive(name, max, early ? EARLY : visibility, wait);
        if (early && !got.isEmpty()) {
            count(earlyKey(prefix));
        }
        for (ReceivedMessage m : got) {
            if (m.receiveCount() > 1) {
                count(redeliveriesKey(prefix));
            }
        }
        return got;
    }

    private void count(String key) {
        try {
            redis.getAtomicLong(key).incrementAndGet();
        } catch (RuntimeException e) {
            // Redis is down (the drill restarts it): the figure misses one, the run does not.
        }
    }

    @Override
    public void acknowledge(String name, String receipt) {
        queue.acknowledge(name, receipt);
    }

    @Override
    public void extendVisibility(String name, String receipt, Duration visibility) {
        queue.extendVisibility(name, receipt, visibility);
    }

    @Override
    public String deadLetterQueue(String name) {
        return queue.deadLetterQueue(name);
    }
}
