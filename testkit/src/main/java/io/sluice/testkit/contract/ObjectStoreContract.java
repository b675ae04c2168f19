package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.ObjectStore.ObjectInfo;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link ObjectStore} passes this suite: what S3 promises for get, put, list and delete. */
public abstract class ObjectStoreContract {
    private ObjectStore store;

    protected abstract ObjectStore createStore();

    @BeforeEach
    void setUp() {
        store = createStore();
    }

    private void put(String key, String text) {
        store.put(key, text.getBytes(StandardCharsets.UTF_8));
    }

    private List<String> keys(String prefix, String startAfter, int max) {
        return store.list(prefix, startAfter, max).stream().map(ObjectInfo::key).toList();
    }

    @Test
    void aPutObjectIsReadBackAndListedWithItsSize() {
        put("landing/orders/a.csv", "hello");
        assertThat(store.get("landing/orders/a.csv")).hasValueSatisfying(b -> assertThat(new String(b, StandardCharsets.UTF_8)).isEqualTo("hello"));
        List<ObjectInfo> listed = store.list("landing/", null, 10);
        assertThat(listed).extracting(ObjectInfo::key).containsExactly("landing/orders/a.csv");
        assertThat(listed.get(0).size()).isEqualTo(5);
        assertThat(listed.get(0).lastModified()).isNotNull();
    }

    @Test
    void listingIsInKeyOrderAcrossFoldersAndHonoursAPartialPrefix() {
        for (String k : List.of("in/b/2", "in/a-c", "in/a/1", "in/a.x", "out/z", "in/b/10", "inx")) {
            put(k, k);
        }
        assertThat(keys("in/", null, 100)).containsExactly("in/a-c", "in/a.x", "in/a/1", "in/b/10", "in/b/2");
        assertThat(keys("in", null, 100)).containsExactly("in/a-c", "in/a.x", "in/a/1", "in/b/10", "in/b/2", "inx");
        assertThat(keys("in/b", null, 100)).containsExactly("in/b/10", "in/b/2");
        assertThat(keys("", null, 100)).hasSize(7).last().isEqualTo("out/z");
        assertThat(keys("nothing/", null, 100)).isEmpty();
    }

    /** S3 orders keys as strings: a key with a character before '/' after a shared part comes before that part's "folder". */
    @Test
    void aFolderSortsAsItsNameWithTheSlash() {
        for (String k : List.of("x/a/1", "x/a0", "x/a-b", "x/a-/2")) {
            put(k, k);
        }
        List<String> order = List.of("x/a-/2", "x/a-b", "x/a/1", "x/a0");
        assertThat(keys("x/", null, 100)).containsExactlyElementsOf(order);
        List<String> paged = new ArrayList<>();
        for (List<String> page = keys("x/", null, 1); !page.isEmpty(); page = keys("x/", page.getFirst(), 1)) {
            paged.addAll(page);
        }
        assertThat(paged).containsExactlyElementsOf(order);
    }

    @Test
    void pagesFollowEachOtherWithoutGapsOrRepeats() {
        List<String> all = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            String k = "items/" + (i % 3) + "/item-" + String.format("%03d", i) + ".json";
            put(k, "{}");
            all.add(k);
        }
        List<String> paged = new ArrayList<>();
        String after = null;
        while (true) {
            List<String> page = keys("items/", after, 7);
            paged.addAll(page);
            if (page.size() < 7) {
                break;
            }
            after = page.get(page.size() - 1);
        }
        assertThat(paged).containsExactlyElementsOf(all.stream().sorted().toList());
        assertThat(keys("items/", "items/1/", 100)).allMatch(k -> k.compareTo("items/1/") > 0).hasSize(all.stream()
                .filter(k -> k.compareTo("items/1/") > 0).toList().size());
    }

    @Test
    void aDeletedObjectIsGoneAndDeletingItAgainSaysSo() {
        put("tmp/x", "1");
        assertThat(store.delete("tmp/x")).isTrue();
        assertThat(store.get("tmp/x")).isEmpty();
        assertThat(keys("tmp/", null, 10)).isEmpty();
        assertThat(store.delete("tmp/x")).isFalse();
    }

    @Test
    void aPutReplacesTheObject() {
        put("k", "one");
        put("k", "three");
        assertThat(store.get("k")).hasValueSatisfying(b -> assertThat(b).hasSize(5));
        assertThat(store.list("", null, 10)).singleElement().extracting(ObjectInfo::size).isEqualTo(5L);
    }
}
