package io.sluice.api.http;

import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * {@code GET /v1/executions/stream} (the same query as {@code GET /v1/executions}: filters, order, page): the list as server-sent events, an
 * {@code executions} event with the page (as {@code GET /v1/executions} answers it) at once and again whenever
 * it changes (a start, a status, a stop time), looked at every second on this host (every 5 s in an order that sorts up to
 * {@value ExecutionListing#SORT_BOUND} executions a look, {@link ExecutionQuery#bounded()}); a comment line every 15 s keeps
 * proxies from closing it. A stream ends after 5 minutes (a client reconnects); a host that cannot stream (behind API
 * Gateway) is read by polling instead. Bad filters are answered before the stream starts, as for the list.
 */
@RestController
class ExecutionStreamController implements DisposableBean {
    private static final Duration LOOK_EVERY = Duration.ofSeconds(1);
    private static final Duration LOOK_EVERY_SORTED = Duration.ofSeconds(5);
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);
    private static final Duration LIFETIME = Duration.ofMinutes(5);

    private final ExecutionListing listing;
    /** Made on the first stream, so a host that never streams (a function behind API Gateway) has no thread for it. */
    private ScheduledExecutorService looker;
    private final java.util.Set<SseEmitter> open = java.util.concurrent.ConcurrentHashMap.newKeySet();

    ExecutionStreamController(ExecutionControl executions) {
        this.listing = new ExecutionListing(executions);
    }

    @GetMapping("/v1/executions/stream")
    SseEmitter stream(Caller caller, @RequestParam Map<String, String> params) {
        // The query is read first, so a bad one is a 400 rather than a broken stream.
        ExecutionQuery query = ExecutionQuery.parse(params);
        ExecutionListing.Page first = listing.page(caller, query);
        SseEmitter emitter = new SseEmitter(LIFETIME.toMillis());
        AtomicReference<String> last = new AtomicReference<>();
        long[] quiet = {0};
        long every = (query.bounded() ? LOOK_EVERY_SORTED : LOOK_EVERY).toMillis();
        Runnable look = () -> {
            try {
                String list = Json.write(listing.page(caller, query).json());
                if (!list.equals(last.getAndSet(list))) {
                    emitter.send(SseEmitter.event().name("executions").data(list, MediaType.APPLICATION_JSON));
                    quiet[0] = 0;
                } else if (++quiet[0] * every >= KEEP_ALIVE.toMillis()) {
                    emitter.send(SseEmitter.event().comment("still here"));
                    quiet[0] = 0;
                }
            } catch (IOException | IllegalStateException gone) {
                emitter.completeWithError(gone);
                throw new IllegalStateException("the client left", gone); // ends the schedule
            } catch (RuntimeException e) {
                emitter.completeWithError(e);
                throw e;
            }
        };
        try {
            String list = Json.write(first.json());
            last.set(list);
            emitter.send(SseEmitter.event().name("executions").data(list, MediaType.APPLICATION_JSON));
        } catch (IOException e) {
            emitter.completeWithError(e);
            return emitter;
        }
        ScheduledFuture<?> looking = looker().scheduleWithFixedDelay(look, every, every, TimeUnit.MILLISECONDS);
        open.add(emitter);
        emitter.onCompletion(() -> {
            looking.cancel(false);
            open.remove(emitter);
        });
        emitter.onTimeout(() -> {
            looking.cancel(false);
            emitter.complete();
        });
        emitter.onError(e -> {
            looking.cancel(false);
            open.remove(emitter);
        });
        return emitter;
    }

    private synchronized ScheduledExecutorService looker() {
        if (looker == null) {
            looker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "sluice-execution-stream");
                t.setDaemon(true);
                return t;
            });
        }
        return looker;
    }

    /**
     * Ends every open stream when the application closes, before the web server's graceful shutdown, which would
     * otherwise wait for them (a client reconnects to the next server, or falls back to polling).
     */
    @org.springframework.context.event.EventListener(org.springframework.context.event.ContextClosedEvent.class)
    void closing() {
        open.forEach(SseEmitter::complete);
        open.clear();
        destroy();
    }

    @Override
    public synchronized void destroy() {
        if (looker != null) {
            looker.shutdownNow();
        }
    }
}
