package io.sluice.functions.control.recover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The dependency order of a recovery's chain, and when a pipeline may run for a partition, as tables. */
class ChainTest {

    /** {@code "b<a c<a,b"}: b's upstream is a; c's are a and b. A pipeline with no upstream is written alone. */
    private static Map<String, List<String>> graph(String text) {
        Map<String, List<String>> g = new LinkedHashMap<>();
        for (String node : text.split(" ")) {
            String[] parts = node.split("<");
            g.put(parts[0], parts.length == 1 ? List.of() : List.of(parts[1].split(",")));
        }
        return g;
    }

    static Stream<Arguments> orders() {
        return Stream.of(
                Arguments.of("one pipeline", "a", List.of("a")),
                Arguments.of("a line", "c<b b<a a", List.of("a", "b", "c")),
                Arguments.of("a diamond: d after both branches", "d<b,c c<a b<a a", List.of("a", "b", "c", "d")),
                Arguments.of("a join of two roots", "down<up-a,up-b up-b up-a", List.of("up-a", "up-b", "down")),
                Arguments.of("an upstream outside the chain is ignored", "b<a,outside a", List.of("a", "b")),
                Arguments.of("a long edge: c waits for a and b though a comes first", "c<a,b b<a a", List.of("a", "b", "c")),
                Arguments.of("a self-dependency is ignored", "a<a", List.of("a")),
                Arguments.of("independent pipelines by name", "z y x", List.of("x", "y", "z")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("orders")
    void everyPipelineComesAfterItsUpstreams(String why, String graph, List<String> expected) {
        assertThat(Chain.of(graph(graph)).order()).isEqualTo(expected);
    }

    static Stream<Arguments> cycles() {
        return Stream.of(
                Arguments.of("two", "a<b b<a"),
                Arguments.of("three", "a<c b<a c<b"),
                Arguments.of("a cycle below a root", "r b<r,c c<b"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cycles")
    void aCycleIsRefusedNamingItsPipelines(String why, String graph) {
        assertThatThrownBy(() -> Chain.of(graph(graph))).isInstanceOf(InvalidRecovery.class)
                .hasMessageContaining("circle").hasMessageContaining("b");
    }

    static Stream<Arguments> readiness() {
        return Stream.of(
                Arguments.of("d<b,c c<a b<a a", "a", Set.of(), true),
                Arguments.of("d<b,c c<a b<a a", "b", Set.of(), false),
                Arguments.of("d<b,c c<a b<a a", "b", Set.of("a"), true),
                Arguments.of("d<b,c c<a b<a a", "d", Set.of("a", "b"), false),
                Arguments.of("d<b,c c<a b<a a", "d", Set.of("a", "b", "c"), true),
                Arguments.of("b<a,outside a", "b", Set.of("a"), true));
    }

    @ParameterizedTest(name = "{1} after {2}: {3}")
    @MethodSource("readiness")
    void aPipelineRunsForAPartitionOnlyAfterItsUpstreamsSucceededForIt(String graph, String pipeline, Set<String> succeeded, boolean ready) {
        assertThat(Chain.of(graph(graph)).ready(pipeline, succeeded)).isEqualTo(ready);
    }
}
