package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ObjectStore;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code arn:aws:states:::s3:listObjectsV2}: one item per object under {@code Prefix}, in key order, as Step
 * Functions gives them ({@code Key}, {@code Size}, {@code LastModified} in epoch seconds, {@code StorageClass});
 * Sluice's stores have no ETag, so items have none. The cursor is the last key read.
 */
record ObjectListing(ObjectStore store, String prefix) implements ItemSource {
    @Override
    public Page read(String cursor, int max) {
        List<ObjectStore.ObjectInfo> page = store.list(prefix, cursor, max + 1);
        List<JsonNode> out = new ArrayList<>();
        for (int i = 0; i < Math.min(max, page.size()); i++) {
            ObjectStore.ObjectInfo o = page.get(i);
            out.add(Json.object().put("Key", o.key()).put("Size", o.size()).put("LastModified", o.lastModified().getEpochSecond())
                    .put("StorageClass", "STANDARD"));
        }
        return new Page(out, page.size() > max ? page.get(max - 1).key() : null);
    }
}
