package io.sluice.bench;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.redis.RedisCallMeters;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.CommandData;
import org.redisson.client.protocol.RedisCommand;

/**
 * What timing a Redis call costs the client (issue 36), without the network: one {@code EVALSHA} as Redisson hands it to
 * the connection's channel, its promise then completed as the reply's decoding completes it, with {@link RedisCallMeters}
 * timing it into a Prometheus registry as {@code sluice serve} has one ({@code timed}) and without ({@code untimed}: what
 * every call costs anyway). Its SHA-1 names none of the adapters' scripts, so the script lookup misses (a hit costs the
 * same map lookup). Average time per call, in nanoseconds.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RedisCallBenchmark {
    private static final RedisCommand<Object> EVALSHA = new RedisCommand<>("EVALSHA");
    private RedisCallMeters meters;
    private String sha;
    private final List<Object> reply = List.of(1L);

    @Setup
    public void setUp() {
        meters = new RedisCallMeters(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
        sha = "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12";
    }

    @Benchmark
    public CommandData<Object, Object> timed() {
        CommandData<Object, Object> call = call();
        meters.sent(call);
        call.getPromise().complete(reply);
        return call;
    }

    @Benchmark
    public CommandData<Object, Object> untimed() {
        CommandData<Object, Object> call = call();
        call.getPromise().complete(reply);
        return call;
    }

    private CommandData<Object, Object> call() {
        return new CommandData<>(new CompletableFuture<>(), StringCodec.INSTANCE, EVALSHA, new Object[] {sha, 1, "sluice:exec:{e-1}"});
    }
}
