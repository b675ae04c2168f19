package io.sluice.functions.channel;

import static io.sluice.functions.priority.Priority.P0;
import static io.sluice.functions.priority.Priority.P1;
import static io.sluice.functions.priority.Priority.P2;
import static io.sluice.functions.priority.Priority.P3;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.priority.Priority;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelOrderTest {
    private static final EnumSet<Priority> ALL = EnumSet.allOf(Priority.class);

    @Test
    void strictPriorityBetweenTheLowerTurns() {
        ChannelOrder order = new ChannelOrder(4);
        List<List<Priority>> looks = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            looks.add(order.next(ALL));
        }
        List<Priority> strict = List.of(P0, P1, P2, P3);
        assertThat(looks.get(0)).isEqualTo(strict);
        assertThat(looks.get(1)).isEqualTo(strict);
        assertThat(looks.get(2)).isEqualTo(strict);
        assertThat(looks.get(3)).as("4th look: P1's turn").isEqualTo(List.of(P1, P2, P3, P0));
        assertThat(looks.get(7)).as("8th look: P2's turn").isEqualTo(List.of(P2, P3, P0, P1));
        assertThat(looks.get(11)).as("12th look: P3's turn").isEqualTo(List.of(P3, P0, P1, P2));
        assertThat(looks.stream().filter(l -> l.get(0) == P0).count()).isEqualTo(9);
    }

    @Test
    void onlyEligibleChannelsAreLookedAt() {
        ChannelOrder order = new ChannelOrder(2);
        assertThat(order.next(EnumSet.of(P3, P0))).containsExactly(P0, P3);
        assertThat(order.next(EnumSet.of(P0, P2))).as("P1's turn, P1 not eligible: from P2 on").containsExactly(P2, P0);
        assertThat(order.next(EnumSet.noneOf(Priority.class))).isEmpty();
    }

    @Test
    void aTurnEveryLookWouldBeNoPriorityAtAll() {
        assertThatThrownBy(() -> new ChannelOrder(1)).hasMessageContaining("at least 2");
    }
}
