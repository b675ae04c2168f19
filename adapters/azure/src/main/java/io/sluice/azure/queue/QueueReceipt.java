package io.sluice.azure.queue;

import java.util.regex.Pattern;

/**
 * What {@link StorageTaskQueue} hands out as a receipt: the Storage Queue message (id and the pop receipt it
 * was received with) and, for a message of a group, which log entry it delivered ({@code group}, {@code seq})
 * under which lease ({@code lease}). Text of {@code |}-separated fields; the group is {@link io.sluice.azure.table.TableKeys}-encoded,
 * so it holds no {@code |}.
 */
record QueueReceipt(String messageId, String popReceipt, String group, long seq, String lease) {
    private static final Pattern BAR = Pattern.compile("\\|");

    static QueueReceipt plain(String messageId, String popReceipt) {
        return new QueueReceipt(messageId, popReceipt, null, -1, null);
    }

    boolean grouped() {
        return group != null;
    }

    String encode() {
        return grouped()
                ? "g|" + messageId + "|" + popReceipt + "|" + io.sluice.azure.table.TableKeys.encode(group) + "|" + seq + "|" + lease
                : "p|" + messageId + "|" + popReceipt;
    }

    static QueueReceipt parse(String receipt) {
        String[] f = BAR.split(receipt, -1);
        if (f.length == 3 && f[0].equals("p")) {
            return plain(f[1], f[2]);
        }
        if (f.length == 6 && f[0].equals("g")) {
            return new QueueReceipt(f[1], f[2], io.sluice.azure.table.TableKeys.decode(f[3]),
                    Long.parseLong(f[4]), f[5]);
        }
        throw new IllegalArgumentException("'" + receipt + "' is not a receipt of this Storage Queue task queue");
    }
}
