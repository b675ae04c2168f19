package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Where the platform's manual allow and block rules live, shared by every process of a host (so a rule
 * takes effect everywhere without a restart), with the record of every change. Rules are stored as
 * their JSON; what they mean is the functions' business.
 */
public interface RuleStore {

    /** One entry of the change record: who did what to which rule, when, and the rule as it was then. */
    record Change(Instant at, String action, String ruleId, String author, String rule) {}

    /** Every stored rule, by id. */
    Map<String, String> all();

    /** Stores {@code rule} under {@code id} (replacing one of that id) and records {@code change}, atomically. */
    void put(String id, String rule, Change change);

    /** Removes the rule, recording {@code change}; false (and nothing recorded) when there is no such rule. */
    boolean remove(String id, Change change);

    /** The change record, newest first, at most {@code limit}. */
    List<Change> changes(int limit);

    /** A number that moves on every change, so a process can tell cheaply whether to reread the rules. */
    long version();
}
