package io.sluice.redis;

import io.sluice.orchestration.port.ReadAlong;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * What receives read along with each message, in the receive script ({@link RedisCoupledWrites}): the
 * script's arguments from {@code ARGV[7]} on ({@code lua/queue-receive.lua}), and the reading of what it answered.
 */
interface ReceiveReads {
    /** The arguments for a receive from {@code shard}'s part of {@code queue}: the mode ({@code ""} for nothing) and its parameters. */
    List<Object> args(String queue, int shard);

    /**
     * The arguments for one receive from {@code shard}'s parts of all of {@code queues} (one script run over several
     * queues), or {@code null} when they do not read along the same.
     */
    default List<Object> args(List<String> queues, int shard) {
        return null;
    }

    /** What one message's items (its mode first, then the read's answer) say, for the delivery {@code receipt}. */
    ReadAlong read(List<String> items, String receipt);

    /**
     * The messages of a receive script's {@code reply} ({@code wait, moved, joined}, then for each message its id,
     * receive count, envelope, the number of items read along and those items); {@code reads} reads the items, if any.
     */
    static List<ReceivedMessage> messages(List<Object> reply, ReceiveReads reads) {
        return messages(reply, reads, 3);
    }

    /** As {@link #messages(List, ReceiveReads)}, the messages starting at {@code reply}'s item {@code from}. */
    static List<ReceivedMessage> messages(List<Object> reply, ReceiveReads reads, int from) {
        List<ReceivedMessage> messages = new ArrayList<>((reply.size() - from) / 4);
        for (int i = from; i < reply.size(); ) {
            String id = (String) reply.get(i);
            String count = (String) reply.get(i + 1);
            QueueEnvelope envelope = QueueEnvelope.decode((String) reply.get(i + 2));
            int read = Integer.parseInt((String) reply.get(i + 3));
            List<String> items = reply.subList(i + 4, i + 4 + read).stream().map(String.class::cast).toList();
            String receipt = id + ":" + count;
            messages.add(new ReceivedMessage(id, receipt, envelope.body(), envelope.attributes(), Integer.parseInt(count),
                    read == 0 ? ReadAlong.NOTHING : reads.read(items, receipt)));
            i += 4 + read;
        }
        return messages;
    }
}
