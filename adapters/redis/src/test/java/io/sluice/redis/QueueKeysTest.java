package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The names of a queue part's keys, as made once and kept: the same names as made afresh, past the kept ones too. */
class QueueKeysTest {
    private static final KeyPrefix PREFIX = new KeyPrefix("p");

    @Test
    void onOneNodeAQueueAndItsDeadLetterQueueShareTheQueuesHashTag() {
        QueueKeys keys = new QueueKeys(PREFIX, Shards.oneNode());
        assertThat(keys.keys("tasks", 0)).containsExactly("p:queue:{p:tasks}:tasks:due", "p:queue:{p:tasks}:tasks:messages",
                "p:queue:{p:tasks}:tasks:receives", "p:queue:{p:tasks}:tasks:groups");
        assertThat(keys.receiveKeys("tasks", 0)).containsExactly("p:queue:{p:tasks}:tasks:due", "p:queue:{p:tasks}:tasks:messages",
                "p:queue:{p:tasks}:tasks:receives", "p:queue:{p:tasks}:tasks:groups", "p:queue:{p:tasks}:tasks-dlq:due",
                "p:queue:{p:tasks}:tasks-dlq:messages", "p:queue:{p:tasks}:tasks-dlq:receives");
        assertThat(keys.receiveKeys("tasks-dlq", 0)).containsExactly("p:queue:{p:tasks}:tasks-dlq:due",
                "p:queue:{p:tasks}:tasks-dlq:messages", "p:queue:{p:tasks}:tasks-dlq:receives", "p:queue:{p:tasks}:tasks-dlq:groups",
                "p:queue:{p:tasks}:tasks-dlq:due", "p:queue:{p:tasks}:tasks-dlq:messages", "p:queue:{p:tasks}:tasks-dlq:receives");
        assertThat(keys.stem("tasks", 0)).isEqualTo("p:queue:{p:tasks}:tasks:");
    }

    @Test
    void onClusterEachShardsPartCarriesItsShardsTagAndAShardOutsideTheLayoutIsRefused() {
        Shards shards = Shards.cluster(PREFIX, 12);
        QueueKeys keys = new QueueKeys(PREFIX, shards);
        for (int shard = 0; shard < 12; shard++) {
            String stem = "p:queue:" + shards.tag(shard) + ":tasks:";
            assertThat(keys.stem("tasks", shard)).isEqualTo(stem);
            assertThat(keys.keys("tasks", shard)).containsExactly(stem + "due", stem + "messages", stem + "receives", stem + "groups");
            String deadLetterStem = "p:queue:" + shards.tag(shard) + ":tasks-dlq:";
            assertThat(keys.receiveKeys("tasks", shard).subList(4, 7)).containsExactly(deadLetterStem + "due", deadLetterStem + "messages",
                    deadLetterStem + "receives");
        }
        assertThatThrownBy(() -> keys.keys("tasks", 12)).isInstanceOf(RuntimeException.class);
    }

    @Test
    void pastTheQueuesItKeepsTheNamesAreStillMadeRight() {
        QueueKeys keys = new QueueKeys(PREFIX, Shards.oneNode());
        for (int i = 0; i < QueueKeys.REMEMBERED + 10; i++) {
            assertThat(keys.stem("q" + i, 0)).isEqualTo("p:queue:{p:q" + i + "}:q" + i + ":");
        }
        List<Object> first = keys.keys("q0", 0);
        assertThat(keys.keys("q0", 0)).isSameAs(first); // kept
        List<Object> late = keys.keys("q" + (QueueKeys.REMEMBERED + 5), 0);
        assertThat(keys.keys("q" + (QueueKeys.REMEMBERED + 5), 0)).isNotSameAs(late).isEqualTo(late); // made on each call
    }
}
