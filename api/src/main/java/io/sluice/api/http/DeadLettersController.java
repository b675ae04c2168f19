package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.deadletter.DeadLetters;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DeadLetterStore.DeadLetter;
import io.sluice.orchestration.port.DeadLetterStore.QueueSummary;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/dead-letters?queue=&from=&limit=}: the caller's tenant's dead-letter queues (messages held, first and
 * last seen) and a page of their messages, latest first; {@code POST /v1/dead-letters/{id}/redrive} sends one back to
 * its queue, once, and removes it (an operator key's). The tenant is the key's, never a parameter. A host that keeps
 * no dead letters answers 404 saying so.
 */
@RestController
class DeadLettersController {
    private static final int MAX_LIMIT = 200;

    private final ObjectProvider<DeadLetters> letters;

    DeadLettersController(ObjectProvider<DeadLetters> letters) {
        this.letters = letters;
    }

    @GetMapping("/v1/dead-letters")
    ResponseEntity<?> list(Caller caller, @RequestParam(required = false) String queue, @RequestParam(defaultValue = "0") int from,
                           @RequestParam(defaultValue = "50") int limit) {
        if (from < 0) {
            throw new ApiProblems.InvalidRequest("from", "an index of 0 or more", String.valueOf(from));
        }
        ApiProblems.checkedLimit(limit, MAX_LIMIT);
        DeadLetters kept = letters.getIfAvailable();
        if (kept == null) {
            return none();
        }
        String only = queue == null || queue.isBlank() ? null : queue;
        List<QueueSummary> queues = kept.queues(caller.tenant());
        ObjectNode out = Json.object();
        ArrayNode q = out.putArray("queues");
        for (QueueSummary s : queues) {
            q.addObject().put("queue", s.queue()).put("messages", s.messages()).put("firstSeen", s.firstSeen().toString())
                    .put("lastSeen", s.lastSeen().toString());
        }
        // A queue the tenant has no letters of lists as empty; the name is compared, never used as a key.
        List<DeadLetter> page = only != null && queues.stream().noneMatch(s -> s.queue().equals(only)) ? List.of()
                : kept.list(caller.tenant(), only, from, limit + 1);
        ArrayNode messages = out.putArray("messages");
        page.stream().limit(limit).forEach(l -> messages.add(view(l)));
        if (page.size() > limit) {
            out.put("next", from + limit);
        } else {
            out.putNull("next");
        }
        return ResponseEntity.ok(out);
    }

    @PostMapping("/v1/dead-letters/{id}/redrive")
    ResponseEntity<?> redrive(@PathVariable String id, Caller caller) {
        DeadLetters kept = letters.getIfAvailable();
        if (kept == null) {
            return none();
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; redriving a dead letter needs an operator key.");
        }
        return switch (kept.redrive(caller.tenant(), id)) {
            case DeadLetters.Redrive.Sent s -> ResponseEntity.ok(view(s.letter()).put("redriven", true));
            case DeadLetters.Redrive.NotFound n -> ApiProblems.notFound("No dead letter '" + RequestJson.shown(id)
                    + "' that this key sees: expected an id from GET /v1/dead-letters (a redriven letter is gone).");
            case DeadLetters.Redrive.Incomplete i -> ApiProblems.of(HttpStatus.CONFLICT, ApiProblems.CONFLICT, "Not possible",
                    "Dead letter '" + id + "' was kept without some of its message (a secret-looking field, or a cut at its size), "
                            + "so it cannot be re-sent as it was; send it again from its source.", Map.of("id", id));
        };
    }

    private static ObjectNode view(DeadLetter l) {
        var m = l.message();
        ObjectNode o = Json.object().put("id", l.id()).put("queue", m.queue()).put("messageId", m.messageId()).put("executionId", m.executionId())
                .put("count", l.count()).put("firstSeen", l.firstSeen().toString()).put("lastSeen", l.lastSeen().toString())
                .put("error", m.error()).put("redrivable", m.complete()).put("body", m.body());
        ObjectNode attributes = o.putObject("attributes");
        new java.util.TreeMap<>(m.attributes()).forEach(attributes::put);
        return o;
    }

    private static ResponseEntity<?> none() {
        return ApiProblems.notFound("This host keeps no dead letters (every Sluice host keeps them in its Redis; this one has no dead-letter store wired).");
    }
}
