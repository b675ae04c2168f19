package io.sluice.cli.bench;

import io.sluice.functions.messaging.ForwardingQueue;
import io.sluice.orchestration.port.ConcurrencyLimiter;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A {@link TaskQueue} that passes every call on ({@link ForwardingQueue}) and notes, for the P0 samples of {@link PriorityBench} (by their
 * execution id), when their task was sent to the P0 channel and when the consumer's receive that returned it began
 * and ended; and every call the consumers' pollers make (threads {@code consume-*}), so a slow sample can be
 * matched with what its poller was doing meanwhile.
 */
public final class StageTrace extends ForwardingQueue {
    private final TaskQueue queue;
    private final String p0Queue;
    private final Map<String, long[]> stamps = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Call> pollerCalls = new ConcurrentLinkedQueue<>();
    private volatile boolean tracing;

    /** One call of a poller: what, on which queues, from when to when (nanoTime), how many messages it returned. */
    public record Call(String op, String queues, long start, long end, int messages) {}

    /** Indexes into a sample's stamps. */
    static final int SEND_START = 0, SEND_END = 1, RECEIVE_START = 2, RECEIVE_END = 3;

    public StageTrace(TaskQueue queue, String p0Queue) {
        super(queue);
        this.queue = queue;
        this.p0Queue = p0Queue;
    }

    /** Poller calls are kept only while tracing (the loaded phase), so the warm-up fills no memory. */
    public void tracePollers(boolean on) {
        tracing = on;
    }

    /** The stamps of execution {@code executionId}'s P0 task, or {@code null} if none was seen. */
    long[] stamps(String executionId) {
        return stamps.get(executionId);
    }

    List<Call> pollerCalls(long from, long to) {
        List<Call> in = new ArrayList<>();
        for (Call c : pollerCalls) {
            if (c.end() >= from && c.start() <= to) {
                in.add(c);
            }
        }
        return in;
    }

    private long[] of(String executionId) {
        return stamps.computeIfAbsent(executionId, k -> new long[4]);
    }

    private boolean poller() {
        return tracing && Thread.currentThread().getName().startsWith("consume-");
    }

    @Override
    public void send(String q, OutgoingMessage message, Duration delay) {
        long start = System.nanoTime();
        queue.send(q, message, delay);
        long end = System.nanoTime();
        String executionId = message.attributes().get("executionId");
        if (q.equals(p0Queue) && executionId != null) {
            long[] s = of(executionId);
            s[SEND_START] = start;
            s[SEND_END] = end;
        }
        if (poller()) {
            pollerCalls.add(new Call("send", q, start, end, 1));
        }
    }

    @Override
    public FirstReceived receiveFirst(List<String> queues, int max, Duration visibility, Duration wait) {
        long start = System.nanoTime();
        FirstReceived got = queue.receiveFirst(queues, max, visibility, wait);
        long end = System.nanoTime();
        if (p0Queue.equals(got.queue())) {
            for (ReceivedMessage m : got.messages()) {
                String executionId = m.attributes().get("executionId");
                if (executionId != null) {
                    long[] s = of(executionId);
                    s[RECEIVE_START] = start;
                    s[RECEIVE_END] = end;
                }
            }
        }
        if (poller()) {
            pollerCalls.add(new Call("receiveFirst(max " + max + ", wait " + wait.toMillis() + " ms) -> " + got.queue(),
                    String.join(",", queues), start, end, got.messages().size()));
        }
        return got;
    }

    @Override
    public void acknowledge(String q, String receipt) {
        long start = System.nanoTime();
        queue.acknowledge(q, receipt);
        if (poller()) {
            pollerCalls.add(new Call("acknowledge", q, start, System.nanoTime(), 0));
        }
    }

    @Override
    public Optional<Backlog> backlog(String q) {
        long start = System.nanoTime();
        Optional<Backlog> b = queue.backlog(q);
        if (poller()) {
            pollerCalls.add(new Call("backlog", q, start, System.nanoTime(), 0));
        }
        return b;
    }

    /** {@code slots}, its holds by a poller noted too. */
    public ConcurrencyLimiter limiter(ConcurrencyLimiter slots) {
        return new ConcurrencyLimiter() {
            @Override
            public Held tryHold(List<Slot> wanted, String holder, Instant now, Duration lease) {
                long start = System.nanoTime();
                Held h = slots.tryHold(wanted, holder, now, lease);
                if (poller()) {
                    pollerCalls.add(new Call("tryHold -> " + (h.granted() ? "granted" : "full at " + h.full()), wanted.get(0).key(), start,
                            System.nanoTime(), 0));
                }
                return h;
            }

            @Override
            public void release(List<String> keys, String holder) {
                slots.release(keys, holder);
            }

            @Override
            public int held(String key, Instant now) {
                return slots.held(key, now);
            }
        };
    }
}
