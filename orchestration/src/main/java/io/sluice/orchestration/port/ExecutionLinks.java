package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Which task started which child: a child execution ({@code states:startExecution}) or a map run (a
 * distributed Map), linked to its parent execution and the task token the parent waits with. The
 * link is made before the child starts and a second link of the same child keeps the first, so a
 * redelivered start finds its own child, and a name another task used is told apart from it.
 */
public interface ExecutionLinks {

    /** Links {@code link.child()} unless it is linked already; returns the link the child has after (this one, or the first). */
    Link link(Link link, Instant expiresAt);

    Optional<Link> parentOf(String child);

    /** Every child {@code parentExecutionId} linked (in no particular order). */
    List<Link> childrenOf(String parentExecutionId);

    /**
     * @param child             the child execution's id, or a map run's id for {@link Kind#MAP_RUN}
     * @param parentToken       the task token of the parent's state
     * @param arn               the ARN the child is known by in its answers (the state machine's the parent named, or the map run's)
     */
    record Link(String child, String parentExecutionId, String parentToken, Kind kind, String arn) {}

    /** How the parent's state waits for the child. */
    enum Kind {
        /** {@code states:startExecution}: it does not wait. */
        REQUEST_RESPONSE,
        /** {@code .sync}: for its end; Output as JSON text. */
        SYNC,
        /** {@code .sync:2}: for its end; Output as JSON. */
        SYNC_JSON,
        /** {@code .waitForTaskToken}: for a callback with its token. */
        CALLBACK,
        /** A distributed Map's map run. */
        MAP_RUN;

        /** Whether the parent waits for the child's end, so stopping the parent stops it. */
        public boolean awaitsEnd() {
            return this == SYNC || this == SYNC_JSON || this == MAP_RUN;
        }
    }
}
