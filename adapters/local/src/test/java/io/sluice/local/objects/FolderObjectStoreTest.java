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
    void keysThatWouldLeaveTheFolderHoldNothingAndCannotBeWritten() throws Exception {
        Files.writeString(dir.resolve("secret.txt"), "x");
        FolderObjectStore store = new FolderObjectStore(dir.resolve("data"));
        assertThat(store.get("../secret.txt")).isEmpty();
        assertThat(store.get(dir.resolve("secret.txt").toString())).isEmpty();
        assertThat(store.get("")).isEmpty();
        assertThatThrownBy(() -> store.put("a/../../escape.txt", new byte[1])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without '..'");
        assertThat(dir.resolve("escape.txt")).doesNotExist();
    }
}
