package io.sluice.aws.lean;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import java.util.List;
import java.util.Map;
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
 * On a JVM without CRaC support {@code org.crac} registers nothing and the hooks are never called.
 */
public final class SnapStartHooks implements Resource, AutoCloseable {
    /** What the hooks close and rebuild: a handler and the clients it uses. */
    public record Wiring(Function<SQSEvent, SQSBatchResponse> handler, List<AutoCloseable> clients) {}

    /** The execution the priming event names: none has this id (':' is not in a pipeline id), so nothing is changed. */
    static final String PRIMING_EXECUTION = "sluice-snapstart-priming:prime";

    private final Supplier<Wiring> wire;
    private volatile Wiring current;

    public SnapStartHooks(Supplier<Wiring> wire) {
        this.wire = wire;
        this.current = wire.get();
    }

    /** Registers the hooks with the JVM's global CRaC context (strongly held there, as the hooks must outlive this call). */
    public static SnapStartHooks register(SnapStartHooks hooks) {
        Core.getGlobalContext().register(hooks);
        return hooks;
    }

    /** The function to register: the current wiring's handler. */
    public Function<SQSEvent, SQSBatchResponse> handler() {
        return event -> {
            Wiring w = current;
            if (w == null) {
                throw new IllegalStateException("the function is between a SnapStart checkpoint and its restore");
            }
            return w.handler().apply(event);
        };
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) throws Exception {
        Wiring w = current;
        SQSBatchResponse primed = w.handler().apply(primingEvent());
        if (!primed.getBatchItemFailures().isEmpty()) {
            throw new IllegalStateException("priming the handler before the snapshot failed: " + primed.getBatchItemFailures());
        }
        current = null;
        closeAll(w);
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        current = wire.get();
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
        Wiring w = current;
        current = null;
        if (w != null) {
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
