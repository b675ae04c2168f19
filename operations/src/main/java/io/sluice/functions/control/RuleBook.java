package io.sluice.functions.control;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RuleStore;
import io.sluice.orchestration.port.RuleStore.Change;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The platform's rules: those of the rules file (read-only here, changed by editing the file) and those
 * made through the API, kept in the shared {@link RuleStore} with the record of every change. A process
 * rereads the store when its version moved, at most every {@code refresh}, so a change takes effect in
 * every process within that time, without a restart. Lapsed rules stop counting at their {@code until}
 * and are removed from the store (recorded as {@code lapsed}) by {@link #dropLapsed()}.
 */
public final class RuleBook {
    public static final String SYSTEM = "sluice";

    private final RuleStore store;
    private final Supplier<List<Rule>> fileRules;
    private final Clock clock;
    private final Duration refresh;
    private volatile Cached cached;
    /**
     * Moved by every change made here: a read that began before a change may finish after it, and what it read then
     * must not be kept as the rules in force (a lifted block would go on holding tasks until the next refresh).
     */
    private final AtomicLong changes = new AtomicLong();

    /**
     * What was read at {@code readAt}: the store's rules at {@code version}, and with the file's, the rules in force; read
     * after {@code changesSeen} changes made here.
     */
    private record Cached(long version, Instant readAt, List<Rule> stored, Rules rules, long changesSeen) {}

    /** @param fileRules the rules file's rules as they are now (the supplier rereads a changed file) */
    public RuleBook(RuleStore store, Supplier<List<Rule>> fileRules, Clock clock, Duration refresh) {
        this.store = store;
        this.fileRules = fileRules;
        this.clock = clock;
        this.refresh = refresh;
    }

    /**
     * The rules in force, file rules first, as read at most {@code refresh} ago: every task asks, so the store's
     * version and the file's time are looked at once per {@code refresh}, not once per task. A rule that lapsed
     * since may still be listed until then; {@link Rules#decide} never counts it.
     */
    public Rules current() {
        Instant now = clock.instant();
        long seen = changes.get();
        Cached c = cached;
        if (c != null && c.changesSeen() == seen && now.isBefore(c.readAt().plus(refresh))) {
            return c.rules();
        }
        long version = store.version();
        List<Rule> stored = c != null && c.changesSeen() == seen && c.version() == version ? c.stored() : read();
        List<Rule> all = new ArrayList<>(fileRules.get());
        all.addAll(stored);
        Rules rules = new Rules(all).withoutLapsed(now);
        cached = new Cached(version, now, stored, rules, seen); // if a change came meanwhile, the next call reads again
        return rules;
    }

    /** After a change made here: no read from before it is used again ({@link #current} compares the count). */
    private void changed() {
        changes.incrementAndGet();
    }

    public Optional<Rule> find(String id) {
        return current().all().stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /**
     * Adds (or replaces) a rule made through the API by {@code author}. A file rule's id is refused: that
     * rule is changed in its file.
     */
    public Rule add(JsonNode body, String author) {
        Instant now = clock.instant();
        Rule rule = RuleParser.parse(body, "", now, author);
        if (fileRules.get().stream().anyMatch(r -> r.id().equals(rule.id()))) {
            throw new RuleParser.InvalidRule(List.of(new RuleParser.Problem("/id",
                    "'" + rule.id() + "' is a rule of the rules file; change it there, or choose another id")));
        }
        boolean replacing = store.all().containsKey(rule.id());
        String json = Json.write(RuleParser.json(rule));
        store.put(rule.id(), json, new Change(now, replacing ? "replaced" : "created", rule.id(), author, json));
        changed();
        return rule;
    }

    /** Removes an API rule; false when there is none of that id (a file rule is removed from its file). */
    public boolean remove(String id, String author) {
        // The record keeps the rule as it was, so it can be told whose rule went.
        boolean removed = store.remove(id, new Change(clock.instant(), "removed", id, author, store.all().get(id)));
        changed();
        return removed;
    }

    public List<Change> changes(int limit) {
        return store.changes(limit);
    }

    /** Removes the stored rules whose {@code until} passed, each recorded as lapsed; returns how many. */
    public int dropLapsed() {
        Instant now = clock.instant();
        int dropped = 0;
        for (Rule r : read()) {
            if (!now.isBefore(r.until()) && store.remove(r.id(), new Change(now, "lapsed", r.id(), SYSTEM, Json.write(RuleParser.json(r))))) {
                dropped++;
            }
        }
        if (dropped > 0) {
            changed();
        }
        return dropped;
    }

    private List<Rule> read() {
        List<Rule> rules = new ArrayList<>();
        store.all().forEach((id, json) -> {
            JsonNode o = Json.parse(json);
            // Stored rules were checked when made; read back with their own author and times (never "now").
            Instant from = Instant.parse(o.get("from").asText());
            rules.add(RuleParser.parse(o, "", from, o.path("author").asText(SYSTEM)));
        });
        return rules;
    }
}
