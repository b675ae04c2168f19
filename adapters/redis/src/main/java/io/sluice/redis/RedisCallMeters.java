package io.sluice.redis;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sluice.functions.observe.SluiceMeters;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.redisson.client.protocol.CommandData;
import org.redisson.client.protocol.CommandsData;
import org.redisson.client.protocol.QueueCommand;
import org.redisson.client.protocol.RedisCommand;

/**
 * The timer {@value SluiceMeters#REDIS_CALLS}, by command, script and outcome ({@link RedisCallOutcome}): every tag value
 * comes from a bounded set (Redis's command names, the adapters' own scripts, the error kinds), never a key or an
 * argument. Blocking commands (a blocking pop waits for data, not for the server) are not timed. A pipeline's outcome is
 * its first failed command's, if one failed. A call is recorded when its promise completes, on the connection's event
 * loop: the caller that waits on the same promise may go on before it is recorded. Hosts bind it with
 * {@link RedisAdapters#meterCalls}; it is public for a client built elsewhere and for the benchmark of its cost.
 */
public final class RedisCallMeters {
    /** The command tag of a pipeline (Redisson's batch): its commands go in one write and are timed as one round trip. */
    static final String PIPELINE = "pipeline";
    /** The script tag of a call that runs no script of the adapters, or a pipeline of different scripts. */
    static final String NO_SCRIPT = "-";
    static final String MIXED = "mixed";

    private final MeterRegistry registry;
    private final Map<Key, Timer> timers = new ConcurrentHashMap<>();

    public RedisCallMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    private record Key(String command, String script, String outcome) {}

    /** {@code command} is being written: times it until its promise completes. */
    public void sent(QueueCommand command) {
        if (command instanceof CommandData<?, ?> one) {
            if (one.isBlockingCommand()) {
                return;
            }
            String name = name(one.getCommand());
            String script = script(one);
            long start = registry.config().clock().monotonicTime();
            one.getPromise().whenComplete((reply, error) -> record(name, script, error, start));
        } else if (command instanceof CommandsData many) {
            String script = script(many.getCommands());
            long start = registry.config().clock().monotonicTime();
            many.getPromise().whenComplete((reply, error) -> record(PIPELINE, script, error != null ? error : failed(many), start));
        }
    }

    /** The registry's monotonic time, ns: the start of a call timed by {@link #ran}. */
    long now() {
        return registry.config().clock().monotonicTime();
    }

    /** A call not written through Redisson ({@link DirectPipeline}) ended: {@code command} running {@code script}, since {@code start} ({@link #now}). */
    void ran(String command, String script, Throwable error, long start) {
        record(command, script, error, start);
    }

    private void record(String command, String script, Throwable error, long start) {
        long nanos = registry.config().clock().monotonicTime() - start;
        Key key = new Key(command, script, RedisCallOutcome.of(error));
        timers.computeIfAbsent(key, k -> Timer.builder(SluiceMeters.REDIS_CALLS).description("Redis round trips")
                .tags(SluiceMeters.COMMAND, k.command(), SluiceMeters.SCRIPT, k.script(), SluiceMeters.OUTCOME, k.outcome())
                .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** The first error of a pipeline's commands (a script that failed in it): the pipeline's round trip itself succeeded. */
    private static Throwable failed(CommandsData pipeline) {
        for (CommandData<?, ?> c : pipeline.getCommands()) {
            if (c.getPromise().isCompletedExceptionally()) {
                return c.cause();
            }
        }
        return null;
    }

    private static String name(RedisCommand<?> command) {
        return command.getSubName() == null ? command.getName() : command.getName() + " " + command.getSubName();
    }

    /** The adapters' script an {@code EVAL} or {@code EVALSHA} runs (by its text or SHA-1, its first argument), else {@link #NO_SCRIPT}. */
    private static String script(CommandData<?, ?> command) {
        String name = command.getCommand().getName();
        if (!"EVALSHA".equals(name) && !"EVAL".equals(name)) {
            return NO_SCRIPT;
        }
        Object[] params = command.getParams();
        return params.length > 0 && params[0] instanceof String s ? LuaScript.nameOf(s) : NO_SCRIPT;
    }

    private static String script(List<CommandData<?, ?>> commands) {
        String found = NO_SCRIPT;
        for (CommandData<?, ?> c : commands) {
            String s = script(c);
            if (!s.equals(NO_SCRIPT)) {
                if (!found.equals(NO_SCRIPT) && !found.equals(s)) {
                    return MIXED;
                }
                found = s;
            }
        }
        return found;
    }
}
