package io.sluice.functions.maprun;

import io.sluice.functions.nested.ChildNames;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names in a map run, all derived from the dispatch's task token so that every delivery of it finds the
 * same run: the run's id (a UUID, as Step Functions names map runs) and each child's execution name,
 * {@code <run id>:<index>} under the parent's pipeline, which the completion handler reads back.
 */
final class MapRunIds {
    private static final Pattern CHILD = Pattern.compile("([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\\d{1,10})");

    private MapRunIds() {}

    static String runId(String token) {
        return ChildNames.of("map-run:" + token);
    }

    static String childName(String runId, long index) {
        return runId + ":" + index;
    }

    /** The run and index a child execution's name holds, if it is one of a map run. */
    static Optional<Child> child(String name) {
        if (name == null) {
            return Optional.empty();
        }
        Matcher m = CHILD.matcher(name);
        return m.matches() ? Optional.of(new Child(m.group(1), Long.parseLong(m.group(2)))) : Optional.empty();
    }

    record Child(String runId, long index) {}
}
