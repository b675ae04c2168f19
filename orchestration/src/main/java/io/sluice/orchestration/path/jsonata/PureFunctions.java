package io.sluice.orchestration.path.jsonata;

import com.dashjoin.jsonata.Functions;
import com.dashjoin.jsonata.JException;
import com.dashjoin.jsonata.Jsonata;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The JSONata functions whose value depends on the clock or on chance ({@code $now}, {@code $millis},
 * {@code $random}, {@code $shuffle}, and Step Functions' {@code $uuid}), bound for each evaluation
 * to the time and random source the interpreter was given, so that the library's own clock and
 * {@code Math.random} are never read. Also Step Functions' other additions ({@code $partition},
 * {@code $range}, {@code $hash}, {@code $parse}) and its refusal of {@code $eval}.
 */
final class PureFunctions {
    /** The names bound here, which therefore are never looked up as workflow variables. */
    static final java.util.Set<String> NAMES = java.util.Set.of("now", "millis", "random", "shuffle", "uuid",
            "partition", "range", "hash", "parse", "eval");

    private PureFunctions() {}

    static void bind(Jsonata.Frame frame, Scope scope) {
        Instant now = scope.now();
        RandomSource random = scope.random();
        frame.bind("now", Jsonata.function("now", (Jsonata.Fn2<String, String, String>) (picture, zone) ->
                Functions.dateTimeFromMillis(millis(now), picture, zone), "<s?s?:s>"));
        frame.bind("millis", Jsonata.function("millis", (Jsonata.Fn0<Long>) () -> millis(now), "<:n>"));
        frame.bind("random", Jsonata.function("random", (Jsonata.Fn1<Number, Double>) seed ->
                seed == null ? source(random).nextDouble() : RandomSource.seeded(seed.longValue()).nextDouble(), "<n?:n>"));
        frame.bind("uuid", Jsonata.function("uuid", (Jsonata.Fn0<String>) () -> uuid(source(random)), "<:s>"));
        frame.bind("shuffle", Jsonata.function("shuffle", (Jsonata.Fn1<List<Object>, List<Object>>) list ->
                shuffle(list, source(random)), "<a:a>"));
        frame.bind("partition", Jsonata.function("partition", (Jsonata.Fn2<List<Object>, Number, List<Object>>)
                PureFunctions::partition, "<an:a>"));
        frame.bind("range", Jsonata.function("range", (Jsonata.Fn3<Number, Number, Number, Object>)
                PureFunctions::range, "<nnn?:x>"));
        frame.bind("hash", Jsonata.function("hash", (Jsonata.Fn2<String, String, String>) PureFunctions::hash, "<ss?:s>"));
        frame.bind("parse", Jsonata.function("parse", (Jsonata.Fn1<String, Object>) text ->
                text == null ? null : JsonataValues.toJava(Json.parse(text)), "<s:x>"));
        frame.bind("eval", Jsonata.function("eval", (Jsonata.Fn1<Object, Object>) any -> {
            throw new JException("$eval is not available in Step Functions; use $parse to read JSON text", 0);
        }, "<x?:x>"));
    }

    private static long millis(Instant now) {
        if (now == null) {
            throw new IllegalStateException("this JSONata expression reads the time, but the interpreter gave none");
        }
        return now.toEpochMilli();
    }

    private static RandomSource source(RandomSource random) {
        if (random == null) {
            throw new IllegalStateException("this JSONata expression draws randomness, but the interpreter gave no source");
        }
        return random;
    }

    private static String uuid(RandomSource random) {
        return random.uuid().toString();
    }

    private static List<Object> shuffle(List<Object> list, RandomSource random) {
        if (list == null) return null;
        List<Object> out = new ArrayList<>(list);
        for (int i = out.size() - 1; i > 0; i--) {
            int j = (int) (random.nextDouble() * (i + 1));
            Object t = out.get(i);
            out.set(i, out.get(j));
            out.set(j, t);
        }
        return out;
    }

    private static List<Object> partition(List<Object> list, Number size) {
        int n = size.intValue();
        if (n <= 0) {
            throw new JException("$partition needs a chunk size greater than 0", 0);
        }
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i += n) {
            out.add(new ArrayList<>(list.subList(i, Math.min(list.size(), i + n))));
        }
        return out;
    }

    /**
     * The numbers from start to end (included) by step; a range of one number is that number, as a JSONata
     * sequence of one is, and as AWS records ($range(1, 9, 9) gives 1: conformance/jsonata-range.json).
     */
    private static Object range(Number start, Number end, Number step) {
        long s = start.longValue();
        long e = end.longValue();
        long by = step == null ? 1 : step.longValue();
        if (by == 0) {
            throw new JException("$range needs a step other than 0", 0);
        }
        List<Object> out = new ArrayList<>();
        for (long v = s; by > 0 ? v <= e : v >= e; v += by) {
            if (out.size() >= 1000) {
                throw new JException("$range may give at most 1000 numbers", 0);
            }
            out.add(v);
        }
        return out.size() == 1 ? out.get(0) : out;
    }

    private static final Map<String, String> DIGESTS = Map.of("MD5", "MD5", "SHA-1", "SHA-1", "SHA-256", "SHA-256",
            "SHA-384", "SHA-384", "SHA-512", "SHA-512");

    private static String hash(String data, String algorithm) {
        String name = DIGESTS.get(algorithm == null ? "SHA-256" : algorithm);
        if (name == null) {
            throw new JException("$hash supports MD5, SHA-1, SHA-256, SHA-384 and SHA-512, not " + algorithm, 0);
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(name).digest(data.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
