package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ConfigStore;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every {@link ConfigStore} passes this suite. A subclass supplies the store and a way to put a document
 * into it; each test uses names under a folder of its own, so stores may be shared.
 */
public abstract class ConfigStoreContract {
    private ConfigStore store;
    private String folder;

    /** A store whose documents {@link #put} writes. */
    protected abstract ConfigStore createStore();

    /** Stores document {@code name} ({@code /}-separated, relative) with {@code text}, as the store's backend holds it. */
    protected abstract void put(String name, String text);

    @BeforeEach
    void setUp() {
        store = createStore();
        folder = "contract-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void aDocumentIsReadByItsNameAsWritten() {
        String text = "{\"pipeline\": \"orders\", \"note\": \"Grüße, 東京\"}\n";
        put(folder + "/orders.json", text);
        assertThat(store.read(folder + "/orders.json")).contains(text);
    }

    @Test
    void nestedNamesAndSchemasAreDocumentsLikeAnyOther() {
        put(folder + "/schemas/common.schema.json", "{\"type\": \"object\"}");
        assertThat(store.read(folder + "/schemas/common.schema.json")).contains("{\"type\": \"object\"}");
        assertThat(store.read(folder + "/common.schema.json")).isEmpty();
    }

    @Test
    void anAbsentDocumentReadsEmpty() {
        assertThat(store.read(folder + "/absent.json")).isEmpty();
    }

    @Test
    void aNameThatLeavesTheStoreFindsNothing() {
        put(folder + "/orders.json", "{}");
        assertThat(store.read("/" + folder + "/orders.json")).isEmpty();
        assertThat(store.read("../" + folder + "/orders.json")).isEmpty();
        assertThat(store.read("")).isEmpty();
    }
}
