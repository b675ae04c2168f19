package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The names of a queue part's keys, as made once and kept: the same names as made afresh, past the kept ones too. */
class QueueKeysTest {
    private static final KeyPrefix PREFIX = new KeyPrefix("p");

    @Test
    void aMessageIdIsNewAcrossInstancesAndCanBeReadBackFromAReceipt() {
        QueueKeys one = new QueueKeys(PREFIX, Shards.oneNode());
        QueueKeys other = new QueueKeys(PREFIX, Shards.oneNode());
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(one.newMessageId(0));
            ids.add(other.newMessageId(0));
        }
        assertThat(ids).as("no id twice, within an instance or across two").hasSize(20_000)
                .allSatisfy(id -> assertThat(id).as("a receipt is <id>:<count>, split at its last colon").doesNotContain(":"));
        QueueKeys clustered = new QueueKeys(PREFIX, Shards.cluster(PREFIX, 12));
        assertThat(clustered.newMessageId(11)).startsWith("s11.");
    }

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
