package io.sluice.cli.bench;

import java.util.Map;
import java.util.TreeMap;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * What a Redis server has served so far, from {@code INFO stats}: commands ({@code total_commands_processed}, the
 * commands clients sent; those a Lua script runs inside are not counted apart from its {@code EVALSHA}) and round
 * trips ({@code total_reads_processed}, the read events the server handled: one per request a client sent and waited
 * for, and one for a pipelined batch that arrived together). The figures are the server's, so every client of the
 * server counts: a bench reads them on a Redis of its own.
 */
public record RedisTraffic(long commands, long roundTrips, Map<String, Long> calls) {
    public static RedisTraffic of(RedissonClient redisson) {
        RScript script = redisson.getScript(StringCodec.INSTANCE);
        String info = script.eval(RScript.Mode.READ_ONLY, "return redis.call('INFO', 'stats')", RScript.ReturnType.VALUE);
        String stats = script.eval(RScript.Mode.READ_ONLY, "return redis.call('INFO', 'commandstats')", RScript.ReturnType.VALUE);
        Map<String, Long> calls = new TreeMap<>();
        for (String line : stats.split("\r?\n")) { // cmdstat_evalsha:calls=12,usec=...
            int colon = line.indexOf(':');
            if (line.startsWith("cmdstat_") && colon > 0 && line.startsWith("calls=", colon + 1)) {
                int end = line.indexOf(',', colon);
                calls.put(line.substring("cmdstat_".length(), colon), Long.parseLong(line.substring(colon + 7, end < 0 ? line.length() : end)));
            }
        }
        return new RedisTraffic(field(info, "total_commands_processed"), field(info, "total_reads_processed"), Map.copyOf(calls));
    }

    /** What was served between {@code earlier} and this reading. */
    public RedisTraffic since(RedisTraffic earlier) {
        Map<String, Long> delta = new TreeMap<>();
        calls.forEach((name, n) -> {
            long d = n - earlier.calls.getOrDefault(name, 0L);
            if (d > 0) {
                delta.put(name, d);
            }
        });
        return new RedisTraffic(commands - earlier.commands, roundTrips - earlier.roundTrips, Map.copyOf(delta));
    }

    /** The commands by name ({@code INFO commandstats}, which counts those a script runs too), most called first. */
    public String busiest(int top, double per) {
        return calls.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(top)
                .map(e -> String.format(java.util.Locale.ROOT, "%s %.1f", e.getKey(), e.getValue() / per))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private static long field(String info, String name) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith(name + ":")) {
                return Long.parseLong(line.substring(name.length() + 1).strip());
            }
        }
        throw new IllegalStateException("INFO stats has no " + name + " line");
    }
}
