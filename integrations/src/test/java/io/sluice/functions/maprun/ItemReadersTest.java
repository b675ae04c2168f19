package io.sluice.functions.maprun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import io.sluice.testkit.fake.InMemoryObjectStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The item readers and the pager page by page: every page read from its cursor gives the items in order, none twice. */
class ItemReadersTest {
    private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

    private static List<JsonNode> all(ItemSource source, int page) {
        List<JsonNode> out = new ArrayList<>();
        String cursor = null;
        do {
            ItemSource.Page p = source.read(cursor, page);
            assertThat(p.items().size()).isLessThanOrEqualTo(page);
            out.addAll(p.items());
            cursor = p.next();
        } while (cursor != null);
        return out;
    }

    private static java.util.function.Supplier<byte[]> bytes(String text) {
        return () -> text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void csvWithAHeaderRowQuotesAndCrlf() {
        String csv = "id,name,note\r\n1,ann,\"says \"\"hi\"\", twice\"\r\n2,bob,\"two\nlines\"\r\n\r\n3,cy,\r\n";
        List<JsonNode> rows = all(new CsvItems("k.csv", bytes(csv), null, (byte) ','), 1);
        assertThat(rows).containsExactly(
                Json.parse("{\"id\": \"1\", \"name\": \"ann\", \"note\": \"says \\\"hi\\\", twice\"}"),
                Json.parse("{\"id\": \"2\", \"name\": \"bob\", \"note\": \"two\\nlines\"}"),
                Json.parse("{\"id\": \"3\", \"name\": \"cy\", \"note\": \"\"}"));
        assertThat(all(new CsvItems("k.csv", bytes(csv), null, (byte) ','), 10)).isEqualTo(rows);
    }

    @Test
    void csvWithGivenHeadersAndADelimiter() {
        List<JsonNode> rows = all(new CsvItems("k.csv", bytes("1;a\n2;b"), List.of("n", "s"), CsvItems.delimiter("SEMICOLON")), 1);
        assertThat(rows).containsExactly(Json.parse("{\"n\": \"1\", \"s\": \"a\"}"), Json.parse("{\"n\": \"2\", \"s\": \"b\"}"));
    }

    @Test
    void aCsvRowOfTheWrongWidthIsNamed() {
        assertThatThrownBy(() -> all(new CsvItems("k.csv", bytes("a,b\n1,2\n3\n"), null, (byte) ','), 5))
                .isInstanceOf(TaskError.class).hasMessageContaining("row of 1 fields at byte 8")
                .extracting(e -> ((TaskError) e).errorName()).isEqualTo("States.ItemReaderFailed");
    }

    @Test
    void jsonLinesAndJsonArrays() {
        String lines = "{\"a\": 1}\n\n[2]\n\"three\"\n";
        assertThat(all(new JsonLinesItems("k.jsonl", bytes(lines)), 2)).containsExactly(
                Json.parse("{\"a\": 1}"), Json.parse("[2]"), Json.parse("\"three\""));
        String array = " [ {\"a\": [1, 2]}, 2 , \"x,]\" , null ] ";
        assertThat(all(new JsonArrayItems("k.json", bytes(array)), 1)).containsExactly(
                Json.parse("{\"a\": [1, 2]}"), Json.parse("2"), Json.parse("\"x,]\""), Json.NODES.nullNode());
        assertThat(all(new JsonArrayItems("k.json", bytes("[]")), 3)).isEmpty();
        assertThatThrownBy(() -> all(new JsonArrayItems("k.json", bytes("{\"a\": 1}")), 3)).isInstanceOf(TaskError.class)
                .hasMessageContaining("must hold one JSON array");
    }

    @Test
    void anObjectListingIsInKeyOrderUnderItsPrefix() {
        InMemoryObjectStore store = new InMemoryObjectStore();
        for (String key : List.of("in/b", "in/a", "in/c/d", "out/x")) {
            store.put("landing/" + key, key.getBytes(StandardCharsets.UTF_8));
        }
        List<JsonNode> items = all(new ObjectListing(Buckets.folders(store).bucket("landing"), "in/"), 2);
        assertThat(items).extracting(i -> i.get("Key").asText()).containsExactly("in/a", "in/b", "in/c/d");
        assertThat(items.getFirst().get("Size").asLong()).isEqualTo(4);
        assertThat(items.getFirst().get("StorageClass").asText()).isEqualTo("STANDARD");
    }

    private static MapRunRequest request(String json) {
        return MapRunRequest.parse(Json.parse(json));
    }

    @Test
    void thePagerSelectsEachItemWithItsIndexAndBatches() {
        MapRunRequest r = request("""
                {"StateName": "M", "Processor": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": true}}},
                 "Items": [10, 11, 12, 13, 14], "ItemSelector": {"v.$": "$$.Map.Item.Value", "i.$": "$$.Map.Item.Index", "k.$": "$.k"},
                 "Input": {"k": "K"}, "Context": {}, "ItemBatcher": {"MaxItemsPerBatch": 2, "BatchInput": {"b": 1}}}""");
        ChildPager.Page page = new ChildPager(r, new InlineItems(r.items()), Ticker.NONE).read(new ChildPager.Start(null, 0, 0), NOW, RandomSource.seeded(1));
        assertThat(page.inputs()).hasSize(3);
        assertThat(page.inputs().get(0)).isEqualTo(Json.parse(
                "{\"Items\": [{\"v\": 10, \"i\": 0, \"k\": \"K\"}, {\"v\": 11, \"i\": 1, \"k\": \"K\"}], \"BatchInput\": {\"b\": 1}}"));
        assertThat(page.inputs().get(2).get("Items")).hasSize(1);
        assertThat(page.next()).isNull();
    }

    @Test
    void batchesStayUnderTheirByteLimitAndMaxItemsEndsTheReading() {
        MapRunRequest r = request("""
                {"StateName": "M", "Processor": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": true}}},
                 "ItemReader": {"Resource": "arn:aws:states:::s3:getObject", "Parameters": {"Bucket": "b", "Key": "k"},
                                "ReaderConfig": {"InputType": "JSONL", "MaxItems": 1500}},
                 "ItemBatcher": {"MaxInputBytesPerBatch": 60}}""");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            lines.append("\"item-").append(i).append("\"\n");
        }
        ItemSource source = new JsonLinesItems("k", bytes(lines.toString()));
        ChildPager pager = new ChildPager(r, source, Ticker.NONE);
        List<JsonNode> children = new ArrayList<>();
        ChildPager.Start start = new ChildPager.Start(null, 0, 0);
        int pages = 0;
        while (start != null) {
            ChildPager.Page page = pager.read(start, NOW, RandomSource.seeded(1));
            assertThat(page.start().firstChild()).isEqualTo(children.size());
            children.addAll(page.inputs());
            start = page.next();
            pages++;
        }
        assertThat(pages).isEqualTo(2);
        long items = 0;
        for (JsonNode c : children) {
            assertThat(Json.write(c).length()).isLessThanOrEqualTo(60);
            items += c.get("Items").size();
        }
        assertThat(items).isEqualTo(1500);
        assertThat(children.getLast().get("Items").get(children.getLast().get("Items").size() - 1).asText()).isEqualTo("item-1499");
    }
}
