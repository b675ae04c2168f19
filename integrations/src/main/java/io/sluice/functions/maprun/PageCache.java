package io.sluice.functions.maprun;

import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.port.ObjectStore;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a coordinator keeps in memory between calls for the runs it works on: the current page of children
 * and the content of the object a run's reader reads. Only a cache: a page is read again from the run's
 * record when it is not here (another process, a restart), and is the same page.
 */
final class PageCache {
    private final ConcurrentHashMap<String, ChildPager.Page> pages = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, byte[]> objects = new ConcurrentHashMap<>();

    ChildPager.Page page(String runId, ChildPager.Start start) {
        ChildPager.Page p = pages.get(runId);
        return p != null && p.start().equals(start) ? p : null;
    }

    void keep(String runId, ChildPager.Page page) {
        pages.put(runId, page);
    }

    /** The objects of one run's reader: each read from its store once. */
    ItemSources.ObjectBytes objects(String runId) {
        return (store, bucket, key) -> objects.computeIfAbsent(runId, id -> read(store, bucket, key));
    }

    private static byte[] read(ObjectStore store, String bucket, String key) {
        return store.get(key).orElseThrow(() -> new TaskError(ErrorNames.ITEM_READER_FAILED, "ItemReader: there is no object '" + key
                + "' in bucket '" + bucket + "'.", false));
    }

    void forget(String runId) {
        pages.remove(runId);
        objects.remove(runId);
    }
}
