package io.sluice.orchestration.path.jsonata;

import com.dashjoin.jsonata.Functions;
import com.dashjoin.jsonata.JException;
import com.dashjoin.jsonata.Jsonata;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSONata built-ins whose result is not bounded by what their arguments hold, bound over the library's own
 * for each rendering so that the size of what they would build is checked against {@link StepBudget#MAX_VALUE}
 * <em>before</em> they build it: {@code $pad} (its width), {@code $join} (its strings and separators),
 * {@code $replace} (its matches times its replacement), {@code $string} and {@code $clone} (the JSON text of
 * their argument), {@code $base64encode}, {@code $encodeUrl} and {@code $encodeUrlComponent} (a fixed factor of
 * their input). Each then runs the library's own implementation with the same signature, so results do not
 * change, but for {@code $pad}, whose implementation here is linear where the library's is quadratic, and which
 * takes a width of any whole number (the library's refused one read from the input, a {@code Long}). Every other built-in gives at most what its arguments hold, and {@link StepBudget} measures its result
 * as the call exits.
 */
final class Builtins {
    private Builtins() {}

    static void bind(Jsonata.Frame frame, StepBudget budget) {
        frame.bind("pad", Jsonata.function("pad", (Jsonata.FnVarArgs<String>) args -> {
            budget.checkDeadline();
            String str = (String) arg(args, 0);
            Number width = (Number) arg(args, 1);
            if (str == null || width == null) {
                return null;
            }
            if (width.doubleValue() != Math.rint(width.doubleValue())) {
                throw new JException("$pad needs a whole number as its width, not " + width, 0);
            }
            double w = Math.abs(width.doubleValue());
            budget.value(w > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : Math.max(str.length(), (long) w), "$pad's result");
            return pad(str, width.intValue(), (String) arg(args, 2));
        }, "<s-ns?:s>"));
        frame.bind("join", Jsonata.function("join", (Jsonata.FnVarArgs<String>) args -> {
            budget.checkDeadline();
            List<?> strings = (List<?>) arg(args, 0);
            String separator = (String) arg(args, 1);
            if (strings == null) {
                return null;
            }
            long n = separator == null ? 0 : (long) separator.length() * Math.max(0, strings.size() - 1);
            for (Object s : strings) {
                n += s instanceof String text ? text.length() : 0;
            }
            budget.value(n, "$join's result");
            @SuppressWarnings("unchecked")
            List<String> texts = (List<String>) strings;
            return Functions.join(texts, separator);
        }, "<a<s>s?:s>"));
        frame.bind("replace", Jsonata.function("replace", (Jsonata.FnVarArgs<String>) args -> {
            budget.checkDeadline();
            String str = (String) arg(args, 0);
            Object pattern = arg(args, 1);
            Object replacement = arg(args, 2);
            Number limit = (Number) arg(args, 3);
            if (str != null && replacement instanceof String r && (pattern instanceof String || pattern instanceof Pattern)) {
                budget.value(replaced(str, pattern, r, limit), "$replace's result");
            }
            Integer times = null;
            if (str != null && limit != null && limit.doubleValue() >= 0) {
                // With a limit the library replaces one match at a time, copying the whole string each time, and goes
                // on to the limit even when nothing is left to replace ($replace('a', 'b', 'c', 2000000000) spun for
                // minutes). No string has more than its length + 1 matches, and the copies are bounded.
                long n = Math.min(limit.longValue(), str.length() + 1L);
                budget.work(n * (str.length() + 1L), "$replace with a limit of " + limit + " over " + str.length() + " characters");
                times = (int) n;
            }
            return Functions.replace(str, pattern, replacement, limit == null ? null : times == null ? limit.intValue() : times);
        }, "<s-(sf)(sf)n?:s>"));
        frame.bind("string", Jsonata.function("string", (Jsonata.FnVarArgs<String>) args -> {
            budget.checkDeadline();
            Object value = arg(args, 0);
            Boolean pretty = (Boolean) arg(args, 1);
            if (!(value instanceof String)) {
                budget.value(jsonChars(value, pretty != null && pretty, 0, budget), "$string's result");
            }
            return Functions.string(value, pretty);
        }, "<x-b?:s>"));
        frame.bind("clone", Jsonata.function("clone", (Jsonata.FnVarArgs<Object>) args -> {
            budget.checkDeadline();
            Object value = arg(args, 0);
            budget.value(jsonChars(value, false, 0, budget), "$clone's copy");
            return Functions.functionClone(value);
        }, "<(oa)-:o>"));
        frame.bind("base64encode", Jsonata.function("base64encode", (Jsonata.FnVarArgs<String>) args -> {
            String str = (String) arg(args, 0);
            // Each character is at most 3 bytes of UTF-8, and every 3 bytes become 4 characters.
            budget.value(str == null ? 0 : 4L * str.length() + 4, "$base64encode's result");
            return Functions.base64encode(str);
        }, "<s-:s>"));
        frame.bind("encodeUrlComponent", Jsonata.function("encodeUrlComponent", (Jsonata.FnVarArgs<String>) args -> {
            String str = (String) arg(args, 0);
            budget.value(str == null ? 0 : 9L * str.length(), "$encodeUrlComponent's result"); // %XX per UTF-8 byte
            return Functions.encodeUrlComponent(str);
        }, "<s-:s>"));
        frame.bind("encodeUrl", Jsonata.function("encodeUrl", (Jsonata.FnVarArgs<String>) args -> {
            String str = (String) arg(args, 0);
            budget.value(str == null ? 0 : 9L * str.length(), "$encodeUrl's result");
            return Functions.encodeUrl(str);
        }, "<s-:s>"));
    }

    /**
     * {@code $pad} as the library defines it ({@code width} in code points, a negative width pads on the left, the
     * pad characters repeated and cut to fit), built in one pass: the library's own appends to a string in a loop,
     * which is quadratic ({@code $pad('', 100000)} took seconds).
     */
    static String pad(String str, int width, String with) {
        String padding = with == null || with.isEmpty() ? " " : with;
        int pads = Math.abs(width) - str.codePointCount(0, str.length());
        if (pads <= 0) {
            return str;
        }
        int[] points = padding.codePoints().toArray();
        StringBuilder out = new StringBuilder(str.length() + pads);
        if (width >= 0) {
            out.append(str);
        }
        for (int i = 0; i < pads; i++) {
            out.appendCodePoint(points[i % points.length]);
        }
        if (width < 0) {
            out.append(str);
        }
        return out.toString();
    }

    private static Object arg(List<?> args, int i) {
        return args != null && i < args.size() ? args.get(i) : null;
    }

    /**
     * An upper bound on the length of {@code $replace(str, pattern, replacement, limit)}: the string, plus for each
     * match (counted, up to {@code limit}) the replacement with each {@code $} reference standing for a whole match.
     */
    static long replaced(String str, Object pattern, String replacement, Number limit) {
        long max = limit == null ? Long.MAX_VALUE : Math.max(0, limit.longValue());
        long matches = 0;
        long longest = 0;
        if (pattern instanceof String p) {
            if (p.isEmpty()) {
                return str.length(); // the library refuses it
            }
            for (int i = str.indexOf(p); i >= 0 && matches < max; i = str.indexOf(p, i + p.length())) {
                matches++;
            }
            longest = p.length();
        } else {
            Matcher m = ((Pattern) pattern).matcher(str);
            while (matches < max && m.find()) {
                matches++;
                longest = Math.max(longest, m.end() - m.start());
                if (m.end() == m.start() && m.end() >= str.length()) {
                    break;
                }
            }
        }
        long references = replacement.chars().filter(c -> c == '$').count();
        return str.length() + matches * (replacement.length() + references * longest);
    }

    /**
     * An upper bound on the characters of {@code value}'s JSON text (as {@code $string} writes it), given up past
     * {@link StepBudget#MAX_VALUE} through {@code budget}: every node visited adds at least one, so the walk is
     * no longer than the bound.
     */
    static long jsonChars(Object value, boolean pretty, int depth, StepBudget budget) {
        if (value instanceof String s) {
            long n = 2;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                n += c < 0x20 ? 6 : (c == '"' || c == '\\') ? 2 : 1;
            }
            return n;
        }
        long indent = pretty ? 1 + 2L * (depth + 1) : 0;
        if (value instanceof List<?> list) {
            long n = 2 + indent;
            for (Object item : list) {
                n += 1 + indent + jsonChars(item, pretty, depth + 1, budget);
                budget.value(n, "the JSON text of an array");
            }
            return n;
        }
        if (value instanceof Map<?, ?> map) {
            long n = 2 + indent;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                n += 3 + indent + jsonChars(String.valueOf(e.getKey()), false, 0, budget) + jsonChars(e.getValue(), pretty, depth + 1, budget);
                budget.value(n, "the JSON text of an object");
            }
            return n;
        }
        return 32; // a number, a boolean, null or a function: a few characters
    }
}
