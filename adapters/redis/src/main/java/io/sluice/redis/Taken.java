package io.sluice.redis;

import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.util.List;

/**
 * What a look at a queue's part got: the messages, when and in which shard the earliest hidden message it saw becomes
 * visible (-1: none), and whether messages moved (a head dead-lettered, a joined one), so that more may be receivable.
 */
record Taken(List<ReceivedMessage> messages, long nextVisibleMillis, int nextVisibleShard, boolean moved) {
    static final Taken NONE = new Taken(List.of(), -1, -1, false);

    /**
     * What a receive script for {@code shard}'s part of {@code queue} answered; a message dead-lettered by it wakes the
     * receivers of the dead-letter queue in this JVM.
     */
    static Taken of(String queue, int shard, List<Object> reply, ReceiveReads reads, QueueSignals signals) {
        long nextVisible = Long.parseLong((String) reply.get(0));
        boolean deadLettered = !"0".equals(reply.get(1));
        if (deadLettered) {
            signals.signal(QueueKeys.deadLetterOf(queue), shard);
        }
        // A dead-lettered head makes the next of its group receivable; a joined message may leave room in the batch.
        boolean moved = deadLettered || !"0".equals(reply.get(2));
        return new Taken(ReceiveReads.messages(reply, reads), nextVisible, shard, moved);
    }
}
