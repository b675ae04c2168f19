package io.sluice.aws.snapstart;

/**
 * The SnapStart hooks of an outbound HTTP client made at init ({@code http:invoke}'s, push-export's): its pooled connections are closed
 * before the snapshot, since a snapshot's sockets are dead when it is restored
 * (https://docs.aws.amazon.com/lambda/latest/dg/snapstart-best-practices.html#snapstart-networking), and the first call
 * after the restore opens new ones, resolving and checking the host again. The AWS SDK clients need no hook: they run on
 * the JDK's HttpURLConnection, which opens a new connection when a kept-alive one fails, and the SDK retries.
 */
public final class OutboundConnections implements RestoreHooks.Restorable {
    private final Runnable drop;

    /** @param drop closes the client's pooled connections ({@code OutboundHttp::dropConnections}) */
    public OutboundConnections(Runnable drop) {
        this.drop = drop;
    }

    @Override
    public void closeForCheckpoint() {
        drop.run();
    }

    @Override
    public void openAfterRestore() {
        // Nothing to open: the client makes its connections on the next call.
    }
}
