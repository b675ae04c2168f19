package io.sluice.local.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The options of one command: {@code --flag value} pairs, bare {@code --switch}es and positional arguments. */
final class Flags {
    private final Map<String, String> values = new HashMap<>();
    private final List<String> positional = new ArrayList<>();

    private Flags() {}

    /**
     * @param valued   flags that take a value, such as {@code --port}
     * @param switches flags that take none, such as {@code --json}
     */
    static Flags parse(String[] args, Set<String> valued, Set<String> switches) {
        Flags f = new Flags();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (valued.contains(a)) {
                if (i + 1 >= args.length) {
                    throw new SluiceCli.UsageException(a + " needs a value");
                }
                f.values.put(a, args[++i]);
            } else if (switches.contains(a)) {
                f.values.put(a, "true");
            } else if (a.startsWith("--")) {
                throw new SluiceCli.UsageException("unknown option '" + a + "'");
            } else {
                f.positional.add(a);
            }
        }
        return f;
    }

    String value(String flag) {
        return values.get(flag);
    }

    boolean has(String flag) {
        return values.containsKey(flag);
    }

    /** A whole number of at least {@code min}, or {@code fallback} when the flag is absent. */
    int number(String flag, int fallback, int min) {
        String v = values.get(flag);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SluiceCli.UsageException(flag + " expects a whole number of at least " + min + ", not '" + v + "'");
    }

    List<String> positional() {
        return positional;
    }

    /** The one positional argument the command takes. */
    String single(String what) {
        if (positional.size() != 1) {
            throw new SluiceCli.UsageException(positional.isEmpty() ? "name the " + what : "expected one " + what + ", got " + positional);
        }
        return positional.getFirst();
    }
}
