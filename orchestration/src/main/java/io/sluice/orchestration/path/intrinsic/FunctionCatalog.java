package io.sluice.orchestration.path.intrinsic;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** Every intrinsic function Sluice knows, by name. An immutable table, built once. */
final class FunctionCatalog {
    private static final Map<String, IntrinsicFunction> BY_NAME = build();

    private FunctionCatalog() {}

    private static Map<String, IntrinsicFunction> build() {
        Map<String, IntrinsicFunction> byName = new LinkedHashMap<>();
        Stream.of(ArrayFunctions.all(), JsonFunctions.all(), StringFunctions.all(), EncodingFunctions.all(),
                        MathFunctions.all())
                .flatMap(List::stream)
                .forEach(f -> {
                    if (byName.put(f.name(), f) != null) {
                        throw new IllegalStateException("two intrinsic functions are named " + f.name());
                    }
                });
        // In declaration order, not Map.copyOf's, whose iteration order changes from one JVM to the next: that made
        // suggestionFor's comparisons, and so the CI fuzz run of intrinsics, differ between two runs of one commit.
        return java.util.Collections.unmodifiableMap(byName);
    }

    static Optional<IntrinsicFunction> named(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    static List<String> names() {
        return BY_NAME.keySet().stream().sorted().toList();
    }

    /** A hint for an unknown name: the function it differs from only in case, or the list of all. */
    static String suggestionFor(String name) {
        return BY_NAME.keySet().stream()
                .filter(known -> known.equalsIgnoreCase(name) || known.equalsIgnoreCase("States." + name))
                .findFirst()
                .map(known -> "; did you mean '" + known + "'?")
                .orElseGet(() -> "; the intrinsic functions are " + String.join(", ", names()));
    }
}
