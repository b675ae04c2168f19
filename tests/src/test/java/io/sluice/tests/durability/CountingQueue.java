package io.sluice.tests.durability;

import io.sluice.functions.messaging.ForwardingQueue;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.api.RedissonClient;

/**
 * A queue that counts, in Redis so that every process adds to the same counters, each message sent
 * and each delivered per execution ({@code executionId} attribute), and how often a process was
 * handed a message of an execution while a message of that execution was out (received, not yet
 * acknowledged) anywhere: the overlap the orchestrator queue's groups must prevent.
 */
final class CountingQueue extends ForwardingQueue {
    private final RedissonClient redis;
    private final String prefix;
    private final String orchestratorQueue;
    private final Map<String, String> heldBy = new ConcurrentHashMap<>();

    CountingQueue(TaskQueue queue, RedissonClient redis, String prefix, String orchestratorQueue) {
        super(queue);
        this.redis = redis;
        this.prefix = prefix;
        this.orchestratorQueue = orchestratorQueue;
    }

    static String sent(String prefix, String executionId) {
        return prefix + ":count:sent:" + executionId;
    }

    static String delivered(String prefix, String executionId) {
        return prefix + ":count:delivered:" + executionId;
    }

    static String overlaps(String prefix) {
        return prefix + ":count:overlaps";
    }

    @Override
    public void send(String queue, OutgoingMessage message, Duration delay) {
        String execution = message.attributes().get("executionId");
        if (execution != null) {
            redis.getAtomicLong(sent(prefix, execution)).incrementAndGet();
        }
        super.send(queue, message, delay);
    }

    @Override
    public List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
        List<ReceivedMessage> got = super.receive(queue, max, visibility, wait);
        for (ReceivedMessage m : got) {
            String execution = m.attributes().get("executionId");
            if (execution == null) {
                continue;
            }
            redis.getAtomicLong(delivered(prefix, execution)).incrementAndGet();
            if (queue.equals(orchestratorQueue)) {
                if (!redis.getBucket(prefix + ":count:out:" + execution).setIfAbsent(m.receipt())) {
                    redis.getAtomicLong(overlaps(prefix)).incrementAndGet();
                }
                heldBy.put(m.receipt(), execution);
            }
        }
        return got;
    }

    @Override
    public void acknowledge(String queue, String receipt) {
        String execution = heldBy.remove(receipt);
        if (execution != null) {
            redis.getBucket(prefix + ":count:out:" + execution).delete();
        }
        super.acknowledge(queue, receipt);
    }
}
