package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A store's write and the queue sends that follow from it, made together where the store, the claims and the queue
 * share one server: a commit and its outbox's messages, or a task's completion and its result, go in one round trip
 * instead of two or three. Each operation means exactly what its parts mean done one after the other, with the same
 * guards: nothing is sent unless the write took effect, and an outbox is cleared only once every message of it was sent
 * (or was a duplicate of one sent before). A host whose queue lives elsewhere has none, and the runtime does the parts
 * one by one.
 */
public interface CoupledWrites {
    /** One message to send: to {@code queue}, visible after {@code delay}. */
    record Send(String queue, TaskQueue.OutgoingMessage message, Duration delay) {
        public Send {
            Objects.requireNonNull(queue, "queue");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(message.id(), "message.id: a coupled send is deduplicated by its id");
            Objects.requireNonNull(delay, "delay");
        }
    }

    /**
     * {@link ExecutionStore#commit}, and if it committed: each of {@code sends} (which carry out the commit's whole
     * outbox, in its order), then {@link ExecutionStore#clearOutbox} at the new version, then the acknowledgement of the
     * message the commit applied, if one is given and this queue holds it ({@link Acknowledgement#done()} says whether it
     * was). With no sends, the commit alone (its outbox stays for whoever sends it).
     */
    CommitResult commitAndSend(Commit commit, List<Send> sends, Acknowledgement ack);

    /**
     * {@link IdempotencyStore#complete}, and if {@code owner} completed it: {@code send}; then, whether or not, the
     * acknowledgement of the task's message if one is given and this queue holds it (a task another worker completed
     * is done with too).
     *
     * @return whether {@code owner} completed the claim
     */
    boolean completeAndSend(String key, String owner, String result, Instant now, Duration retention, Send send, Acknowledgement ack);

    /**
     * Makes this queue's receives read, in their own round trip, what each message's handler starts with
     * ({@link TaskQueue.ReceivedMessage#readAlong()}): for a message of {@code orchestratorQueue}, the execution it is
     * for; for a task message, its claim, made for the owner {@code workerOwner + "/" + receipt} (one per delivery) at
     * {@code clock}'s now for {@code lease}. A task message is one that carries its claim key in the attribute
     * {@value #CLAIM_KEY_ATTRIBUTE}. Call it once, before the consumers start; {@code workerOwner} {@code null}: no
     * claims (a host whose workers run elsewhere).
     */
    void readOnReceive(String orchestratorQueue, String workerOwner, java.time.Clock clock, Duration lease);

    /** The attribute in which a task message carries its claim key (its task token), for {@link #readOnReceive}. */
    String CLAIM_KEY_ATTRIBUTE = "token";

    /** The owner of a claim for one delivery of a task message: the worker's name and the delivery's receipt. */
    static String deliveryOwner(String workerOwner, String receipt) {
        return workerOwner + "/" + receipt;
    }

    /**
     * The acknowledgement of a received message, for a write that can make it along with its own: the host that received
     * the message passes one, and acknowledges the message itself only if {@link #done()} is false afterwards.
     */
    final class Acknowledgement {
        private final String queue;
        private final String receipt;
        private volatile boolean done;

        public Acknowledgement(String queue, String receipt) {
            this.queue = Objects.requireNonNull(queue, "queue");
            this.receipt = Objects.requireNonNull(receipt, "receipt");
        }

        public String queue() {
            return queue;
        }

        public String receipt() {
            return receipt;
        }

        /** Whether the message was acknowledged with a write (a receipt that was no longer the latest counts as done too). */
        public boolean done() {
            return done;
        }

        /** Called by the writes that acknowledged it. */
        public void markDone() {
            done = true;
        }
    }

    /** A store that can couple its writes with the given claims and queue, if they share its server. */
    interface Source {
        Optional<CoupledWrites> coupledWith(IdempotencyStore claims, TaskQueue queue);
    }

    /** The coupled writes of these ports, if the execution store offers them for these claims and this queue. */
    static Optional<CoupledWrites> of(ExecutionStore executions, IdempotencyStore claims, TaskQueue queue) {
        return executions instanceof Source s ? s.coupledWith(claims, queue) : Optional.empty();
    }
}
