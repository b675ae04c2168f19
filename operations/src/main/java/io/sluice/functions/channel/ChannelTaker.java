package io.sluice.functions.channel;

import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.time.SystemTime;
import io.sluice.orchestration.path.Ticker;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.Backlog;
import io.sluice.orchestration.port.TaskQueue.FirstReceived;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * Takes a function's tasks from its priority channels for one consumer: P0 first ({@link ChannelOrder}),
 * skipping channels paused under pressure ({@link Throttle}) and channels found full, and admits each
 * task under its channel's, pipeline's and tenant's limits ({@link ChannelLimits}). A task refused by a
 * limit is put back on its channel with a delay (a copy, deduplicated by the original's id) and the
 * original acknowledged, so waiting for a limit never uses up its receives. P1-P3 start their tasks spread over
 * the tasks' duration ({@link RefillPacing}), so the tasks in flight do not end in one wave that a P0 start queues
 * behind. One poller thread calls {@link #take}; {@link #done} may be called from any thread. Time comes only from the
 * {@link Clock} and the {@link Ticker} it is given, so a test drives it on a manual clock.
 */
public final class ChannelTaker {
    private final TaskQueue queue;
    private final Map<Priority, String> queues;
    private final ChannelLimits limits;
    private final ChannelSettings settings;
    private final Clock clock;
    private final ChannelOrder order;
    private final RefillPacing pacing;
    private final Map<Priority, Instant> fullUntil = new EnumMap<>(Priority.class);
    /** Channels found full whose mark has lapsed and that have not admitted a task since: probed one task at a time. */
    private final Set<Priority> probing = EnumSet.noneOf(Priority.class);
    private volatile int saturation;
    private volatile Instant saturatedUntil = Instant.MIN;
    private Set<Priority> paused = EnumSet.noneOf(Priority.class);
    private final Ticker ticker;
    private long nextLook;

    /** A task taken: from which channel queue, the slots it holds until {@link #done}, and when it was taken (the taker's {@link Ticker}). */
    public record Taken(String queue, Priority priority, ReceivedMessage message, ChannelLimits.Admission.Admitted admitted,
                        long takenNanos) {}

    /**
     * @param queues each channel's queue of one function
     * @param limits the limits across processes, or {@code null} for none (order and throttling still apply)
     * @param clock  wall time: the limits' windows and the marks of full channels and of saturation
     */
    public ChannelTaker(TaskQueue queue, Map<Priority, String> queues, ChannelLimits limits, ChannelSettings settings, Clock clock) {
        this(queue, queues, limits, settings, clock, SystemTime.TICKER);
    }

    /**
     * @param ticker monotonic time: the pacing of starts, the tasks' durations and when to look at the backlogs again
     */
    public ChannelTaker(TaskQueue queue, Map<Priority, String> queues, ChannelLimits limits, ChannelSettings settings, Clock clock,
                        Ticker ticker) {
        this.ticker = ticker;
        this.nextLook = ticker.nanos();
        this.queue = queue;
        this.queues = new EnumMap<>(queues);
        this.limits = limits;
        this.settings = settings;
        this.clock = clock;
        this.order = new ChannelOrder(settings.lowerTurnEvery());
        Map<Priority, Integer> concurrency = new EnumMap<>(Priority.class);
        settings.channels().forEach((p, l) -> concurrency.put(p, l.concurrency()));
        this.pacing = new RefillPacing(concurrency, settings.pacing().enabled(), settings.pacing().maxGap());
    }

    /** The backend says it is saturated ({@code level} 1..3: how many of the lowest channels to pause) until {@code until}. */
    public void saturated(int level, Instant until) {
        saturation = level;
        saturatedUntil = until;
    }

    /** The channels paused at the last look at the backlogs. */
    public Set<Priority> paused() {
        return Set.copyOf(paused);
    }

    /** Up to {@code max} admitted tasks, from the first eligible channel that has any; waits at most {@code wait}. */
    public List<Taken> take(int max, Duration visibility, Duration wait) {
        Instant now = clock.instant();
        lookAtBacklogs(now);
        long nowNanos = ticker.nanos();
        EnumSet<Priority> eligible = EnumSet.noneOf(Priority.class);
        long pacedDue = Long.MAX_VALUE; // a channel waiting only for its paced start: wait no longer than that for the others
        for (Priority p : queues.keySet()) {
            if (paused.contains(p)) {
                continue;
            }
            long dueIn = pacing.dueInNanos(p, nowNanos);
            Instant full = fullUntil.get(p);
            if (dueIn > 0) {
                pacedDue = Math.min(pacedDue, dueIn);
            } else if (full == null || !now.isBefore(full)) {
                eligible.add(p);
            }
        }
        if (pacedDue < wait.toNanos()) {
            wait = Duration.ofNanos(pacedDue);
        }
        List<Priority> inOrder = order.next(eligible);
        if (inOrder.isEmpty()) {
            LockSupport.parkNanos(Math.min(wait.toNanos(), ChannelLimits.FULL_RETRY.toNanos()));
            return List.of();
        }
        // A channel that was full or has a rate limit is asked for one task, not a batch, and a paced one for what its pacing
        // allows: a batch from a full or rate-bound channel would be taken, refused and put back task by task (a send and an
        // acknowledgement each) while a P0 task that arrives meanwhile waits for the round trip, and a full batch from a
        // paced one would start together what pacing spreads. The channels above the first such one are asked for a full
        // batch first, so they lose nothing by it.
        List<String> names = new ArrayList<>(inOrder.size());
        int firstLimited = -1;
        int smallest = max; // the batch the channels from the first limited one on may all take
        for (Priority p : inOrder) {
            int batch = batch(p, max, nowNanos);
            if (batch < max && firstLimited < 0) {
                firstLimited = names.size();
            }
            if (firstLimited >= 0) {
                smallest = Math.min(smallest, batch);
            }
            names.add(queues.get(p));
        }
        FirstReceived got = firstLimited > 0 ? queue.receiveFirst(names.subList(0, firstLimited), max, visibility, Duration.ZERO) : null;
        if (got == null || got.messages().isEmpty()) {
            got = queue.receiveFirst(names, Math.max(1, smallest), visibility, wait);
        }
        if (got.messages().isEmpty()) {
            return List.of();
        }
        Priority p = priorityOf(got.queue());
        List<Taken> taken = new ArrayList<>(got.messages().size());
        boolean full = false;
        for (ReceivedMessage m : got.messages()) {
            if (full) {
                putBack(got.queue(), m, ChannelLimits.FULL_RETRY); // the channel is full: the rest of the batch need not ask
                continue;
            }
            Optional<Taken> admitted = admit(got.queue(), p, m);
            admitted.ifPresent(taken::add);
            full = admitted.isEmpty() && fullUntil.containsKey(p) && clock.instant().isBefore(fullUntil.get(p));
        }
        if (!taken.isEmpty()) {
            probing.remove(p);
            // Started as of when this take began: the gaps that pass during its own round trips count towards the next
            // take's allowance. Stamped at the take's end instead, a take slower than the gap (a few µs for short tasks under a
            // high limit) would start only the tasks of the gaps between two takes: 1 + a few each, not one a gap.
            pacing.started(p, nowNanos, taken.size());
        }
        return taken;
    }

    /** Gives back a finished task's slots, and counts its duration towards its channel's pacing. */
    public void done(Taken t) {
        pacing.ended(t.priority(), ticker.nanos() - t.takenNanos());
        if (limits != null && t.admitted() != null) {
            limits.release(t.admitted());
        }
    }

    /** The gap the channel {@code p} now leaves between two task starts (zero: not paced). */
    public Duration pacingGap(Priority p) {
        return Duration.ofNanos(pacing.gapNanos(p));
    }

    /** How many tasks to ask {@code p} for: one when it was full or has a rate limit, else what its pacing allows now. */
    private int batch(Priority p, int max, long nowNanos) {
        if (probing.contains(p) || settings.channels().get(p).rate() != null) {
            return 1;
        }
        return pacing.allowance(p, nowNanos, max);
    }

    private Optional<Taken> admit(String q, Priority p, ReceivedMessage m) {
        if (limits == null) {
            return Optional.of(new Taken(q, p, m, null, ticker.nanos()));
        }
        Instant now = clock.instant();
        return switch (limits.admit(p, pipelineOf(m), m.messageId() + ":" + m.receiveCount(), now)) {
            case ChannelLimits.Admission.Admitted a -> Optional.of(new Taken(q, p, m, a, ticker.nanos()));
            case ChannelLimits.Admission.Refused r -> {
                if (r.channelFull()) {
                    fullUntil.put(p, now.plus(r.retryAfter()));
                    probing.add(p);
                }
                putBack(q, m, r.retryAfter());
                yield Optional.empty();
            }
        };
    }

    /** Back on its channel after {@code after}; the copy's id is the original's, so a redelivered original makes the same copy. */
    private void putBack(String q, ReceivedMessage m, Duration after) {
        queue.send(q, new OutgoingMessage(m.body(), m.attributes(), null, m.messageId() + ":limited"), after);
        queue.acknowledge(q, m.receipt());
    }

    private void lookAtBacklogs(Instant now) {
        if (ticker.nanos() - nextLook < 0) {
            return;
        }
        nextLook = ticker.nanos() + settings.pressure().every().toNanos();
        Map<Priority, Backlog> backlogs = new EnumMap<>(Priority.class);
        queues.forEach((p, q) -> queue.backlog(q).ifPresent(b -> backlogs.put(p, b)));
        paused = Throttle.paused(backlogs, now.isBefore(saturatedUntil) ? saturation : 0, settings.pressure());
    }

    private Priority priorityOf(String q) {
        for (Map.Entry<Priority, String> e : queues.entrySet()) {
            if (e.getValue().equals(q)) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("a message from " + q + ", which is none of this consumer's channels " + queues.values());
    }

    /** The pipeline of the task's execution: from the runtime's own attribute, else from the token in the body. */
    static String pipelineOf(ReceivedMessage m) {
        String executionId = m.attributes().get("executionId");
        if (executionId == null) {
            try {
                executionId = TaskMessage.decode(m.body()).executionId();
            } catch (RuntimeException e) {
                return "unknown"; // unreadable: the harness dead-letters it; it still counts against a channel
            }
        }
        return Orchestrator.pipelineOf(executionId);
    }
}
