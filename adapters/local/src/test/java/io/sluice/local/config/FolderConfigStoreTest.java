package io.sluice.local.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderConfigStoreTest {
    @TempDir
    Path dir;

    @Test
    void documentsAreFilesUnderTheFolderAndNothingOutsideItIsRead() throws IOException {
        Path root = Files.createDirectories(dir.resolve("configs/team"));
        Files.writeString(root.resolve("orders.json"), "{\"a\": 1}");
        Files.writeString(dir.resolve("outside.json"), "{}");
        FolderConfigStore store = new FolderConfigStore(dir.resolve("configs"));
        assertThat(store.read("team/orders.json")).contains("{\"a\": 1}");
        assertThat(store.read("team/absent.json")).isEmpty();
        assertThat(store.read("team")).isEmpty();
        assertThat(store.read("../outside.json")).isEmpty();
        assertThat(store.read(dir.resolve("outside.json").toString())).isEmpty();
        assertThat(store.read("")).isEmpty();
        assertThat(store.read("bad\0name")).isEmpty();
    }
}
