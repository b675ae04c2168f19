package io.sluice.cli.bench;

import java.util.ArrayList;
import java.util.List;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;
import org.redisson.client.codec.StringCodec;

/** What the bench asks Redis about memory, and its cleanup. */
public final class RedisMemory {
    private RedisMemory() {}

    /** {@code INFO memory used_memory}: the whole server, so other clients' writes meanwhile show up too. */
    static long usedMemory(RedissonClient redisson) {
        String info = redisson.getScript(StringCodec.INSTANCE).eval(RScript.Mode.READ_ONLY, "return redis.call('INFO', 'memory')",
                RScript.ReturnType.VALUE);
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("used_memory:")) {
                return Long.parseLong(line.substring("used_memory:".length()).strip());
            }
        }
        throw new IllegalStateException("INFO memory has no used_memory line");
    }

    /** The sum of {@code MEMORY USAGE key SAMPLES 0} (every element counted) over the keys under {@code prefix}. */
    static long usageOfKeys(RedissonClient redisson, String prefix) {
        long total = 0;
        RScript script = redisson.getScript(StringCodec.INSTANCE);
        for (String key : keys(redisson, prefix)) {
            Long bytes = script.eval(RScript.Mode.READ_ONLY, "return redis.call('MEMORY', 'USAGE', KEYS[1], 'SAMPLES', '0')",
                    RScript.ReturnType.INTEGER, List.of(key));
            total += bytes == null ? 0 : bytes;
        }
        return total;
    }

    private static final List<String> EXECUTION_OWN = List.of(":claims", ":sent", ":outbox", ":history");

    /**
     * {@code MEMORY USAGE} summed by key family under {@code prefix}: the first segment after the prefix
     * ({@code exec}, {@code claim}, {@code dedup}, ...), an execution's own lists and sets apart from its hash
     * ({@code exec:claims}, {@code exec:sent}, ...), so a bench can say what is left and why.
     */
    static java.util.Map<String, Long> usageByFamily(RedissonClient redisson, String prefix) {
        java.util.Map<String, Long> out = new java.util.TreeMap<>();
        RScript script = redisson.getScript(StringCodec.INSTANCE);
        for (String key : keys(redisson, prefix)) {
            Long bytes = script.eval(RScript.Mode.READ_ONLY, "return redis.call('MEMORY', 'USAGE', KEYS[1], 'SAMPLES', '0')",
                    RScript.ReturnType.INTEGER, List.of(key));
            String rest = key.substring(prefix.length() + 1);
            int cut = rest.length();
            for (char c : new char[] {':', '{'}) {
                int at = rest.indexOf(c);
                if (at >= 0 && at < cut) {
                    cut = at;
                }
            }
            String family = rest.substring(0, cut);
            for (String own : EXECUTION_OWN) {
                if (family.equals("exec") && key.endsWith(own)) {
                    family += own;
                }
            }
            out.merge(family, bytes == null ? 0 : bytes, Long::sum);
        }
        return out;
    }

    /** Deletes every key under {@code prefix} (a bench's own, after a run on a server it was given). */
    public static long deleteKeys(RedissonClient redisson, String prefix) {
        List<String> keys = keys(redisson, prefix);
        long deleted = 0;
        for (int from = 0; from < keys.size(); from += 500) {
            deleted += redisson.getKeys().unlink(keys.subList(from, Math.min(keys.size(), from + 500)).toArray(String[]::new));
        }
        return deleted;
    }

    private static List<String> keys(RedissonClient redisson, String prefix) {
        List<String> keys = new ArrayList<>();
        redisson.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        return keys;
    }
}
