package io.sluice.orchestration.port;

/**
 * What an execution store offers so its long history lines (a state's input and output) live in the object store
 * instead of its own memory: it keeps a short reference in their place, and every reader — {@link ExecutionStore#history},
 * the reaper's archive, the API, hibernation — still sees the lines themselves. A store that stores no lines of its own
 * (an in-memory store, a database with room to spare) need not offer it.
 */
public interface HistoryObjects {
    /** Where in the object store every store keeps history objects: at the root, under this prefix. */
    String PREFIX = "history/";

    /**
     * This store, its history lines longer than its threshold kept in {@code objects} (the host's object store), which the
     * store also cleans when an execution leaves it.
     */
    ExecutionStore keepingHistoryIn(ObjectStore objects);
}
