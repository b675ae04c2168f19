package io.sluice.api.sfn;

import java.util.HashMap;
import java.util.Map;

/**
 * Which event each event of an execution's history follows ({@code previousEventId}), as AWS links them: the event
 * before it in its thread of control (the engine's frame), with the threads of a Parallel and a Map joined as AWS's
 * recorded histories show (LocalStack's {@code aws.validated} snapshots at commit 8b9a79f0,
 * {@code tests/aws/services/stepfunctions/v2/scenarios/test_base_scenarios.snapshot.json}: test_parallel_state*,
 * test_map_state*; {@code v2/timeouts/test_timeouts.snapshot.json}: test_service_lambda_map_timeout):
 * <ul>
 * <li>a branch's first event follows ParallelStateStarted, the first iterations' MapIterationStarted follow
 * MapStateStarted, and a later iteration's MapIterationStarted follows the last event of the iteration whose end made
 * room for it (test_map_state: #10 follows #8, not MapIterationSucceeded #9);</li>
 * <li>ParallelStateSucceeded and MapStateSucceeded follow the last event of the child that ended last (its
 * MapIterationSucceeded for a Map), and so does the state's Exited event (test_map_state: #38 and #39 both follow #37;
 * test_parallel_state: ParallelStateExited #19 follows #17);</li>
 * <li>when a child fails, MapIterationFailed, every abort and the state's Failed event follow the child's failing event
 * (test_service_lambda_map_timeout: #24 to #32 all follow #20), and so does the state's next start when it is retried
 * (test_map_state_retry: MapStateStarted #9 follows #7); the state's Exited (caught) follows its Failed event.</li>
 * </ul>
 * Lines from before the engine named a branch's parent frame fall back to the event before.
 */
final class EventLinks {
    private final Map<Integer, Long> last = new HashMap<>();
    private final Map<Integer, Integer> parents = new HashMap<>();
    /** By parent frame: the event the next MapIterationStarted follows. */
    private final Map<Integer, Long> opener = new HashMap<>();
    /** By parent frame: the latest event of one of its children. */
    private final Map<Integer, Long> ended = new HashMap<>();
    /** The event a failing child ended with. */
    private long failed;

    /** The execution started: its first state follows nothing (0), as AWS records it. */
    void executionStarted(int frame) {
        last.put(frame, 0L);
    }

    /** By frame: the event its current state's StateEntered follows. */
    private final Map<Integer, Long> enteredAfter = new HashMap<>();

    /** A state's StateEntered, in {@code frame}'s own thread. */
    long stateEntered(int frame, long id) {
        long previous = inFrame(frame, id);
        enteredAfter.put(frame, previous);
        return previous;
    }

    /**
     * EvaluationFailed: it follows what the failing state's StateEntered follows (test_base_scenarios.snapshot.json,
     * test_map_state_items_input_types[number]: MapStateEntered #4 and EvaluationFailed #5 both follow #3), and what comes
     * after follows it.
     */
    long evaluationFailed(int frame, long id) {
        long previous = enteredAfter.getOrDefault(frame, last.getOrDefault(frame, id - 1));
        follow(frame, id);
        return previous;
    }

    /** An event of {@code frame}'s own thread. */
    long inFrame(int frame, long id) {
        long previous = last.getOrDefault(frame, id - 1);
        follow(frame, id);
        return previous;
    }

    /** A branch of the Parallel in frame {@code parent} starts in frame {@code child}: it follows ParallelStateStarted. */
    void branchStarted(int child, Integer parent) {
        if (parent != null) {
            parents.put(child, parent);
            Long started = last.get(parent);
            if (started != null) {
                last.put(child, started);
            }
        }
    }

    long iterationStarted(int child, Integer parent, long id) {
        if (parent == null) {
            return inFrame(child, id);
        }
        parents.put(child, parent);
        long previous = opener.getOrDefault(parent, last.getOrDefault(parent, id - 1));
        follow(child, id);
        return previous;
    }

    long iterationSucceeded(int child, long id) {
        long previous = last.getOrDefault(child, id - 1);
        Integer parent = parents.get(child);
        if (parent != null) {
            opener.put(parent, previous);
        }
        follow(child, id);
        return previous;
    }

    /** Child frame {@code child} failed: what follows, up to its parent's next event of its own, follows its last event. */
    long childFailed(int child, long id) {
        failed = last.getOrDefault(child, id - 1);
        Integer parent = parents.get(child);
        if (parent != null) {
            last.put(parent, failed);
        }
        return failed;
    }

    /** A child stopped because another failed. */
    long aborted() {
        return failed;
    }

    /** ParallelStateStarted or MapStateStarted: on entry, or again on a retry. */
    long joinStarted(int frame, long id) {
        opener.remove(frame);
        ended.remove(frame);
        return inFrame(frame, id);
    }

    /** ParallelStateSucceeded or MapStateSucceeded: it and the Exited after it follow the children's last event. */
    long joinSucceeded(int frame, long id) {
        Long childEnd = ended.remove(frame);
        long previous = childEnd != null ? childEnd : last.getOrDefault(frame, id - 1);
        opener.remove(frame);
        last.put(frame, previous);
        return previous;
    }

    private void follow(int frame, long id) {
        last.put(frame, id);
        Integer parent = parents.get(frame);
        if (parent != null) {
            ended.put(parent, id);
        }
    }
}
