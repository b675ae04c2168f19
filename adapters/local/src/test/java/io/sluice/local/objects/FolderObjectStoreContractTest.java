package io.sluice.local.objects;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ObjectStore;
import io.sluice.testkit.contract.ObjectStoreContract;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder store keeps S3's contract, and lists neither files being written nor links. */
class FolderObjectStoreContractTest extends ObjectStoreContract {
    @TempDir
    Path dir;

    @Override
    protected ObjectStore createStore() {
        return new FolderObjectStore(dir.resolve("data"));
    }

    @Test
    void filesBeingWrittenAndLinksAreNoObjects() throws Exception {
        FolderObjectStore store = new FolderObjectStore(dir.resolve("data"));
        store.put("in/a.csv", new byte[] {1});
        Files.write(dir.resolve("data/in/.b.csv.0000.part"), new byte[] {2});
        Files.writeString(dir.resolve("outside.txt"), "secret");
        Files.createSymbolicLink(dir.resolve("data/in/link.txt"), dir.resolve("outside.txt"));
        Files.createSymbolicLink(dir.resolve("data/linkdir"), dir);
        assertThat(store.list("", null, 100)).extracting(ObjectStore.ObjectInfo::key).containsExactly("in/a.csv");
    }
}
