package io.sluice.functions.maprun;

/** The names of a map run that readers outside the map-run function need: its run id, from the Map state's task token. */
public final class MapRunNames {
    private MapRunNames() {}

    /** The id of the map run that the dispatch with task token {@code token} starts (every delivery of it finds the same run). */
    public static String runId(String token) {
        return MapRunIds.runId(token);
    }

    /** Whether {@code name} is the execution name of a map run's child ({@code <run id>:<index>}). */
    public static boolean isChild(String name) {
        return MapRunIds.child(name).isPresent();
    }

    /** Whether {@code name} is the execution name of a child of the map run {@code runId}. */
    public static boolean isChildOf(String name, String runId) {
        return MapRunIds.child(name).filter(c -> c.runId().equals(runId)).isPresent();
    }
}
