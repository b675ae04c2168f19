package io.sluice.local.objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderObjectStoreTest {
    @TempDir
    Path dir;

    @Test
    void aKeyIsAPathInTheFolderAndAPutReplacesTheObjectWhole() throws Exception {
        FolderObjectStore store = new FolderObjectStore(dir);
        store.put("raw/orders/2026-11-29.csv", "a\n1\n".getBytes(StandardCharsets.UTF_8));
        store.put("raw/orders/2026-11-29.csv", "a\n2\n".getBytes(StandardCharsets.UTF_8));
        assertThat(Files.readString(dir.resolve("raw/orders/2026-11-29.csv"))).isEqualTo("a\n2\n");
        assertThat(store.get("raw/orders/2026-11-29.csv")).hasValueSatisfying(b -> assertThat(new String(b, StandardCharsets.UTF_8))
                .isEqualTo("a\n2\n"));
        try (var files = Files.list(dir.resolve("raw/orders"))) {
            assertThat(files).hasSize(1);
        }
        assertThat(store.get("raw/orders/absent.csv")).isEmpty();
        assertThat(store.get("raw/orders")).as("a folder is no object").isEmpty();
    }

    @Test
    void keysThatWouldLeaveTheFolderAreRefusedOnGetAndPut() throws Exception {
        Files.writeString(dir.resolve("secret.txt"), "x");
        Files.createDirectories(dir.resolve("data/b"));
        Files.writeString(dir.resolve("data/b/2026-01-01.csv"), "b's rows");
        FolderObjectStore store = new FolderObjectStore(dir.resolve("data"));
        for (String key : new String[] {"../secret.txt", dir.resolve("secret.txt").toString(), "", "a/../../escape.txt",
                "raw/a/../b/2026-01-01.csv", "a/../b/2026-01-01.csv", "./b/2026-01-01.csv", "a//b.csv", "a\\..\\..\\escape.txt",
                "a/\n/b.csv", "b/"}) {
            assertThatThrownBy(() -> store.get(key)).as(key).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a key of the object store");
            assertThatThrownBy(() -> store.put(key, new byte[1])).as(key).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> store.put("a/../../escape.txt", new byte[1])).hasMessageContaining("never empty, '.' or '..'");
        assertThat(dir.resolve("escape.txt")).doesNotExist();
        assertThat(Files.readString(dir.resolve("data/b/2026-01-01.csv"))).isEqualTo("b's rows");
        assertThat(store.get("b/2026-01-01.csv")).isPresent();
    }

    @Test
    void aLinkInTheFolderDoesNotLeadOutOfIt() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "x");
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.createSymbolicLink(data.resolve("link"), outside);
        FolderObjectStore store = new FolderObjectStore(data);
        assertThatThrownBy(() -> store.get("link/secret.txt")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("links followed");
        assertThatThrownBy(() -> store.put("link/new/file.txt", new byte[1])).isInstanceOf(IllegalArgumentException.class);
        assertThat(outside.resolve("new")).doesNotExist();
    }

    /**
     * Two wakers of one sleeping execution race: one deletes its object while the other reads it (SleepingExecutionsTest's
     * racing callbacks). A read that finds the object gone at any point, the link check's included, answers nothing; it
     * failed with "Could not resolve object" when the file went between the check's exists and its real path.
     */
    @Test
    void aGetRacingADeleteReadsTheObjectOrNothing() throws Exception {
        FolderObjectStore store = new FolderObjectStore(dir);
        String key = "hibernated/executions/pipeline=p/name=a/v1.jsonl.gz";
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread churn = Thread.ofPlatform().start(() -> {
            while (!done.get()) {
                store.put(key, new byte[] {1});
                store.delete(key);
            }
        });
        try {
            for (int i = 0; i < 20_000; i++) {
                assertThat(store.get(key)).as("read %d", i).satisfiesAnyOf(o -> assertThat(o).isEmpty(),
                        o -> assertThat(o).contains(new byte[] {1}));
            }
        } finally {
            done.set(true);
            churn.join();
        }
    }
    /** A bucket has no folders of its own: the folders a delete empties go, the bucket's folder stays. */
    @Test
    void aDeleteRemovesTheFoldersItEmptiesButNotTheBucket() throws Exception {
        FolderObjectStore store = new FolderObjectStore(dir);
        String a = "hibernated/executions/pipeline=p/name=a/v1.jsonl.gz";
        String b = "hibernated/executions/pipeline=p/name=b/v1.jsonl.gz";
        store.put(a, new byte[] {1});
        store.put(b, new byte[] {2});
        assertThat(store.delete(a)).isTrue();
        assertThat(dir.resolve("hibernated/executions/pipeline=p/name=a")).doesNotExist();
        assertThat(dir.resolve("hibernated/executions/pipeline=p/name=b")).isDirectory();
        assertThat(store.delete(b)).isTrue();
        assertThat(dir.resolve("hibernated/executions")).doesNotExist();
        assertThat(dir.resolve("hibernated")).isDirectory();
        assertThat(store.list("", null, 10)).isEmpty();
        store.put(a, new byte[] {3});
        assertThat(store.get(a)).hasValueSatisfying(v -> assertThat(v).containsExactly(3));
    }

    /**
     * One execution's wake deletes its object (and the folder it empties) while another execution's sleep puts one in the
     * same folder: the put makes the folder again and lands. Every put must be readable, and nothing be thrown.
     */
    @Test
    void aPutRacingTheDeleteThatEmptiesItsFolderLands() throws Exception {
        FolderObjectStore store = new FolderObjectStore(dir);
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread churn = Thread.ofPlatform().start(() -> {
            while (!done.get()) {
                store.put("b/shared/one", new byte[] {1});
                store.delete("b/shared/one");
            }
        });
        try {
            for (int i = 0; i < 5_000; i++) {
                String key = "b/shared/two-" + i;
                store.put(key, new byte[] {2});
                assertThat(store.get(key)).as("put %d", i).isPresent();
                assertThat(store.delete(key)).isTrue();
            }
        } finally {
            done.set(true);
            churn.join();
        }
    }
}
