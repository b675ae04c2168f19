package io.sluice.aws.lean;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

/**
 * SnapStart for a Sluice Lambda ({@code org.crac}, which Lambda's SnapStart calls): before the snapshot, the hot path is
 * primed by a real invocation on a synthetic event (its classes loaded, its code compiled, Jackson's and Redis's caches
 * filled), then the connections are closed, since a restored snapshot's sockets are dead; after a restore the wiring
 * (Redis, SQS and the handler over them) is built anew, which with everything loaded and compiled costs the connections
 * alone. The function registered with Spring Cloud Function is {@link #handler()}, which always calls the current wiring.
 *
 * <p>The wiring is built on a thread of its own ({@value #WIRING_THREAD}), started when the hooks are made: opening the
 * Redis connection and building the SQS client (Netty's, Redisson's and the AWS SDK's classes, TLS's trust store) run
 * while Spring Cloud Function finishes its context on the main thread, and the first invocation waits for whatever is
 * left. A wiring that fails (Redis unreachable, a secret not readable) fails that invocation with its cause, as an
 * initialisation error would, and the next invocation tries again.
 * On a JVM without CRaC support {@code org.crac} registers nothing and the hooks are never called.
 */
public final class SnapStartHooks implements Resource, AutoCloseable {
    /** What the hooks close and rebuild: a handler and the clients it uses. */
    public record Wiring(Function<SQSEvent, SQSBatchResponse> handler, List<AutoCloseable> clients) {}

    /** The execution the priming event names: none has this id (':' is not in a pipeline id), so nothing is changed. */
    static final String PRIMING_EXECUTION = "sluice-snapstart-priming:prime";

    static final String WIRING_THREAD = "sluice-wiring";

    private final Supplier<Wiring> wire;
    /** The wiring being built or built; {@code null} between a checkpoint and its restore. */
    private volatile CompletableFuture<Wiring> current;

    public SnapStartHooks(Supplier<Wiring> wire) {
        this.wire = wire;
        this.current = build();
    }

    private CompletableFuture<Wiring> build() {
        CompletableFuture<Wiring> future = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                future.complete(wire.get());
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }, WIRING_THREAD);
        t.setDaemon(true);
        t.start();
        return future;
    }

    /** The current wiring, waiting for it while it is being built; a wiring that failed is built again on the next call. */
    private Wiring wiring() {
        CompletableFuture<Wiring> f = current;
        if (f == null) {
            throw new IllegalStateException("the function is between a SnapStart checkpoint and its restore");
        }
        try {
            return f.join();
        } catch (CompletionException e) {
            synchronized (this) {
                if (current == f) {
                    current = build();
                }
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** Registers the hooks with the JVM's global CRaC context (strongly held there, as the hooks must outlive this call). */
    public static SnapStartHooks register(SnapStartHooks hooks) {
        Core.getGlobalContext().register(hooks);
        return hooks;
    }

    /** The function to register: the current wiring's handler. */
    public Function<SQSEvent, SQSBatchResponse> handler() {
        return event -> wiring().handler().apply(event);
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) throws Exception {
        Wiring w = wiring();
        SQSBatchResponse primed = w.handler().apply(primingEvent());
        if (!primed.getBatchItemFailures().isEmpty()) {
            throw new IllegalStateException("priming the handler before the snapshot failed: " + primed.getBatchItemFailures());
        }
        current = null;
        closeAll(w);
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        current = build();
    }

    /** One SQS record as the orchestrator queue delivers it: a timer of an execution that does not exist. */
    static SQSEvent primingEvent() {
        SQSEvent.SQSMessage m = new SQSEvent.SQSMessage();
        m.setMessageId("sluice-snapstart-priming");
        m.setBody(MessageCodec.encode(new OrchestratorMessage.TimerFired(PRIMING_EXECUTION, "priming")));
        m.setAttributes(Map.of("ApproximateReceiveCount", "1"));
        m.setMessageAttributes(Map.of());
        m.setEventSource("aws:sqs");
        SQSEvent event = new SQSEvent();
        event.setRecords(List.of(m));
        return event;
    }

    @Override
    public void close() throws Exception {
        CompletableFuture<Wiring> f = current;
        current = null;
        if (f != null) {
            Wiring w;
            try {
                w = f.join();
            } catch (CompletionException e) {
                return; // nothing was opened
            }
            closeAll(w);
        }
    }

    private static void closeAll(Wiring w) throws Exception {
        Exception first = null;
        for (AutoCloseable c : w.clients()) {
            try {
                c.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
