package io.sluice.orchestration.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An engine timer's id names its execution, and nothing else is read as one. */
class TimerIdsTest {
    @Test
    void anIdReadsBackAsItsExecution() {
        for (String execution : new String[] {"orders:run", "orders:run.t7", "p:2026-12-06.t", "a"}) {
            for (long seq : new long[] {0, 12, Long.MAX_VALUE}) {
                assertThat(TimerIds.executionOf(TimerIds.of(execution, seq))).as(execution + " #" + seq).isEqualTo(execution);
            }
        }
    }

    @Test
    void idsOfOtherFormsNameNoExecution() {
        for (String other : new String[] {"orders:run.t", "orders:run.t3x", "orders:run.deadline", ".t3", "deadline:abc"}) {
            assertThat(TimerIds.executionOf(other)).as(other).isNull();
        }
    }
}
