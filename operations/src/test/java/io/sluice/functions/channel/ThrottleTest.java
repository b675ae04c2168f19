package io.sluice.functions.channel;

import static io.sluice.functions.priority.Priority.P0;
import static io.sluice.functions.priority.Priority.P1;
import static io.sluice.functions.priority.Priority.P2;
import static io.sluice.functions.priority.Priority.P3;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.port.TaskQueue.Backlog;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Which channels pause, lowest first: a table of backlogs and saturation levels. */
class ThrottleTest {
    private static final ChannelSettings.Pressure PRESSURE = new ChannelSettings.Pressure(100, Duration.ofSeconds(30), Duration.ofSeconds(1));
    private static final Backlog CALM = new Backlog(5, Duration.ofSeconds(1));
    private static final Backlog DEEP = new Backlog(101, Duration.ofSeconds(1));
    private static final Backlog OLD = new Backlog(3, Duration.ofSeconds(31));

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("all calm", backlogs(CALM, CALM, CALM, CALM), 0, Set.of()),
                Arguments.of("a deep P3 backlog pauses nothing (nothing is below it)", backlogs(CALM, CALM, CALM, DEEP), 0, Set.of()),
                Arguments.of("P2 deep: P3 pauses", backlogs(CALM, CALM, DEEP, CALM), 0, Set.of(P3)),
                Arguments.of("P1 old: P2 and P3 pause", backlogs(CALM, OLD, CALM, CALM), 0, Set.of(P2, P3)),
                Arguments.of("P0 deep: every lower channel pauses", backlogs(DEEP, CALM, CALM, DEEP), 0, Set.of(P1, P2, P3)),
                Arguments.of("the highest channel under pressure decides", backlogs(CALM, CALM, DEEP, CALM, P1, DEEP), 0, Set.of(P2, P3)),
                Arguments.of("exactly at the threshold is not pressure", backlogs(new Backlog(100, Duration.ofSeconds(30)), CALM, CALM, CALM), 0,
                        Set.of()),
                Arguments.of("unknown backlogs, no saturation", new EnumMap<Priority, Backlog>(Priority.class), 0, Set.of()),
                Arguments.of("saturated 1: P3 first", backlogs(CALM, CALM, CALM, CALM), 1, Set.of(P3)),
                Arguments.of("saturated 2: P3 and P2", backlogs(CALM, CALM, CALM, CALM), 2, Set.of(P2, P3)),
                Arguments.of("saturated 3: all but P0", backlogs(CALM, CALM, CALM, CALM), 3, Set.of(P1, P2, P3)),
                Arguments.of("saturated beyond 3: P0 still never pauses", backlogs(CALM, CALM, CALM, CALM), 9, Set.of(P1, P2, P3)),
                Arguments.of("pressure and saturation together", backlogs(CALM, CALM, DEEP, CALM), 2, Set.of(P2, P3)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void pausesLowerChannelsFirst(String name, Map<Priority, Backlog> backlogs, int saturation, Set<Priority> expected) {
        assertThat(Throttle.paused(backlogs, saturation, PRESSURE)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(Throttle.paused(backlogs, saturation, PRESSURE)).doesNotContain(P0);
    }

    private static Map<Priority, Backlog> backlogs(Backlog p0, Backlog p1, Backlog p2, Backlog p3) {
        Map<Priority, Backlog> m = new EnumMap<>(Priority.class);
        m.put(P0, p0);
        m.put(P1, p1);
        m.put(P2, p2);
        m.put(P3, p3);
        return m;
    }

    private static Map<Priority, Backlog> backlogs(Backlog p0, Backlog p1, Backlog p2, Backlog p3, Priority override, Backlog b) {
        Map<Priority, Backlog> m = backlogs(p0, p1, p2, p3);
        m.put(override, b);
        return m;
    }
}
