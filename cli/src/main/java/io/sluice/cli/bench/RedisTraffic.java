package io.sluice.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;

/**
 * What a Redis server (every primary of a Redis Cluster) has served so far, from {@code INFO stats}: commands
 * ({@code total_commands_processed}, which counts the commands a Lua script runs too) and round trips
 * ({@code total_reads_processed}, the read events the server handled: one per request a client sent and waited for,
 * and one for a pipelined batch that arrived together). The figures are the server's, so every client of the server
 * counts: a bench reads them on a Redis of its own. {@code cpuMicros} is the CPU the servers' processes used
 * ({@code INFO cpu}: {@code used_cpu_user} + {@code used_cpu_sys}, in µs), replicas left out.
 */
public record RedisTraffic(long commands, long roundTrips, long cpuMicros, Map<String, Long> calls, Map<String, Long> commandsByPrimary) {
    public static RedisTraffic of(RedissonClient redisson) {
        long commands = 0;
        long roundTrips = 0;
        double cpuSeconds = 0;
        Map<String, Long> calls = new TreeMap<>();
        Map<String, Long> byPrimary = new TreeMap<>();
        for (RedisNode node : primaries(redisson)) {
            Map<String, String> stats = node.info(RedisNode.InfoSection.STATS);
            long served = Long.parseLong(stats.get("total_commands_processed"));
            commands += served;
            byPrimary.put(node.getAddr().getHostString() + ":" + node.getAddr().getPort(), served);
            roundTrips += Long.parseLong(stats.get("total_reads_processed"));
            Map<String, String> cpu = node.info(RedisNode.InfoSection.CPU);
            cpuSeconds += Double.parseDouble(cpu.get("used_cpu_user")) + Double.parseDouble(cpu.get("used_cpu_sys"));
            node.info(RedisNode.InfoSection.COMMANDSTATS).forEach((name, value) -> { // cmdstat_evalsha -> calls=12,usec=...
                if (name.startsWith("cmdstat_") && value.startsWith("calls=")) {
                    int end = value.indexOf(',');
                    calls.merge(name.substring("cmdstat_".length()), Long.parseLong(value.substring(6, end < 0 ? value.length() : end)), Long::sum);
                }
            });
        }
        return new RedisTraffic(commands, roundTrips, Math.round(cpuSeconds * 1e6), Map.copyOf(calls), Map.copyOf(byPrimary));
    }

    private static List<RedisNode> primaries(RedissonClient redisson) {
        if (redisson.getConfig().isClusterConfig()) {
            return new ArrayList<>(redisson.getRedisNodes(RedisNodes.CLUSTER).getMasters());
        }
        return List.of(redisson.getRedisNodes(RedisNodes.SINGLE).getInstance());
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
        Map<String, Long> byPrimary = new TreeMap<>();
        commandsByPrimary.forEach((node, n) -> byPrimary.put(node, n - earlier.commandsByPrimary.getOrDefault(node, 0L)));
        return new RedisTraffic(commands - earlier.commands, roundTrips - earlier.roundTrips, cpuMicros - earlier.cpuMicros, Map.copyOf(delta),
                Map.copyOf(byPrimary));
    }

    /** Each primary's share of the commands, busiest first ({@code 127.0.0.1:7001 48 %, ...}): how evenly a cluster is loaded. */
    public String shares() {
        double total = Math.max(1, commands);
        return commandsByPrimary.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(e -> String.format(java.util.Locale.ROOT, "%s %.0f %%", e.getKey(), 100 * e.getValue() / total))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** The commands by name ({@code INFO commandstats}, which counts those a script runs too), most called first. */
    public String busiest(int top, double per) {
        return calls.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(top)
                .map(e -> String.format(java.util.Locale.ROOT, "%s %.1f", e.getKey(), e.getValue() / per))
                .collect(java.util.stream.Collectors.joining(", "));
    }
}
