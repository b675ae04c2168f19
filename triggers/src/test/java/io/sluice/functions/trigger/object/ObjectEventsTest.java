package io.sluice.functions.trigger.object;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.trigger.object.ObjectEvents.ParsedEvent;
import io.sluice.functions.trigger.object.ParsedRecord.Found;
import io.sluice.functions.trigger.object.ParsedRecord.Ignored;
import io.sluice.functions.trigger.object.ParsedRecord.Malformed;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every supported format read from recorded payloads, format detection, and what is ignored or malformed. */
class ObjectEventsTest {

    private static ObjectCreated only(ParsedEvent e) {
        assertThat(e.records()).hasSize(1);
        assertThat(e.records().getFirst()).isInstanceOf(Found.class);
        return ((Found) e.records().getFirst()).object();
    }

    @Test
    void s3PutNotification() {
        ParsedEvent e = ObjectEvents.parse(Fixtures.event("s3-put.json"));
        assertThat(e.format()).isEqualTo(EventFormat.S3_NOTIFICATION);
        assertThat(only(e)).isEqualTo(new ObjectCreated(StoreKind.S3, "acme-landing", "sales/2026/11/29/orders.csv", 5120,
                "5d41402abc4b2a76b9719d911017c592", "3HL4kqtJlcpXroDTDmjVBH40Nrjfkd", "0067495B1E9F2A3C41",
                Instant.parse("2026-11-29T05:00:01.250Z")));
        assertThat(e.records().getFirst().where()).isEqualTo("Records[0]");
    }

    @Test
    void s3CompleteMultipartUploadDecodesTheKeyAndHasNoVersion() {
        ObjectCreated o = only(ObjectEvents.parse(Fixtures.event("s3-complete-multipart-upload.json")));
        assertThat(o.key()).isEqualTo("exports/dt=2026-11-29/part-00000.parquet");
        assertThat(o.size()).isEqualTo(734_003_200L);
        assertThat(o.etag()).isEqualTo("a1b2c3d4e5f60718293a4b5c6d7e8f90-88");
        assertThat(o.versionId()).isNull();
        assertThat(o.sequencer()).isEqualTo("0067495F79E4D0B7A2");
    }

    @Test
    void s3KeysAreFormDecodedPlusIsASpaceAndPercent2BAPlus() {
        ObjectCreated o = only(ObjectEvents.parse(Fixtures.event("s3-put-key-with-spaces-and-unicode.json")));
        assertThat(o.key()).isEqualTo("uploads/Q4 résumé über café + 東京 (2).csv");
    }

    @Test
    void s3ThroughAnSnsEnvelope() {
        ParsedEvent e = ObjectEvents.parse(Fixtures.event("sns-s3-put.json"));
        assertThat(e.format()).isEqualTo(EventFormat.S3_NOTIFICATION);
        assertThat(only(e).key()).isEqualTo("sales/2026/11/29/returns.csv");
    }

    @Test
    void s3TestEventAndOtherEventNamesAreIgnored() {
        ParsedEvent test = ObjectEvents.parse(Fixtures.event("s3-test-event.json"));
        assertThat(test.records()).singleElement().isInstanceOf(Ignored.class);
        String removed = Fixtures.event("s3-put.json").replace("ObjectCreated:Put", "ObjectRemoved:Delete");
        assertThat(ObjectEvents.parse(removed).records()).singleElement().isInstanceOf(Ignored.class);
    }

    @Test
    void eventBridgeKeepsTheKeyAsItIs() {
        ParsedEvent e = ObjectEvents.parse(Fixtures.event("eventbridge-object-created.json"));
        assertThat(e.format()).isEqualTo(EventFormat.EVENTBRIDGE);
        assertThat(only(e)).isEqualTo(new ObjectCreated(StoreKind.S3, "acme-landing", "sales/2026/11/29/orders 10:00.csv", 5120,
                "5d41402abc4b2a76b9719d911017c592", "Zr5xTq1Wb8yUc2Nd7Me4Lf0Kg3Jh6Ii", "0067495B1F0A6D2E57",
                Instant.parse("2026-11-29T05:00:02Z")));
        ObjectCreated multipart = only(ObjectEvents.parse(Fixtures.event("eventbridge-object-created-multipart.json")));
        assertThat(multipart.key()).isEqualTo("exports/dt=2026-11-29/part-00000.parquet");
        assertThat(multipart.versionId()).isNull();
    }

    @Test
    void eventBridgeOtherDetailTypesAreIgnored() {
        String deleted = Fixtures.event("eventbridge-object-created.json").replace("\"Object Created\"", "\"Object Deleted\"");
        assertThat(ObjectEvents.parse(deleted).records()).singleElement().isInstanceOf(Ignored.class);
    }

    @Test
    void eventGridSchema() {
        ParsedEvent e = ObjectEvents.parse(Fixtures.event("eventgrid-blob-created.json"));
        assertThat(e.format()).isEqualTo(EventFormat.EVENT_GRID);
        assertThat(only(e)).isEqualTo(new ObjectCreated(StoreKind.AZURE_BLOB, "landing", "sales/2026/11/29/orders.csv", 5120,
                "0x8DD1045A2B3C4D5", null, "0000000000000000000000000000E83A0000000000a1b2c3",
                Instant.parse("2026-11-29T05:00:01.4589254Z")));
    }

    @Test
    void cloudEventsSchemaAsArrayAndAsSingleEvent() {
        String body = Fixtures.event("eventgrid-blob-created-cloudevents.json");
        ParsedEvent e = ObjectEvents.parse(body);
        assertThat(e.format()).isEqualTo(EventFormat.CLOUD_EVENTS);
        ObjectCreated o = only(e);
        assertThat(o.bucket()).isEqualTo("landing");
        assertThat(o.key()).isEqualTo("sales/2026/11/29/stock levels.csv");
        assertThat(o.size()).isEqualTo(20480);
        assertThat(o.eventTime()).isEqualTo(Instant.parse("2026-11-29T05:03:12.0073911Z"));
        String single = body.strip().substring(1, body.strip().length() - 1);
        assertThat(only(ObjectEvents.parse(single))).isEqualTo(o);
    }

    @Test
    void eventGridWithoutSubjectFallsBackToTheDecodedUrl() {
        String body = Fixtures.event("eventgrid-blob-created-cloudevents.json")
                .replaceAll("\"subject\": \"[^\"]*\",", "");
        assertThat(only(ObjectEvents.parse(body)).key()).isEqualTo("sales/2026/11/29/stock levels.csv");
        String azurite = body.replace("https://acmelanding.blob.core.windows.net/", "http://127.0.0.1:10000/devstoreaccount1/");
        ObjectCreated o = only(ObjectEvents.parse(azurite));
        assertThat(o.bucket()).isEqualTo("landing");
        assertThat(o.key()).isEqualTo("sales/2026/11/29/stock levels.csv");
    }

    @Test
    void dataLakeCreateFileIsIgnoredAndFlushWithCloseIsTheObject() {
        List<ParsedRecord> records = ObjectEvents.parse(Fixtures.event("eventgrid-adls-create-and-flush-cloudevents.json")).records();
        assertThat(records).hasSize(2);
        assertThat(records.get(0)).isInstanceOf(Ignored.class);
        assertThat(((Found) records.get(1)).object().size()).isEqualTo(96256);
        assertThat(((Found) records.get(1)).object().key()).isEqualTo("telemetry/2026/11/29/device-17.json");
    }

    @Test
    void localFolderEventRoundTrips() {
        ParsedEvent e = ObjectEvents.parse(Fixtures.event("local-folder-event.json"));
        assertThat(e.format()).isEqualTo(EventFormat.LOCAL_FOLDER);
        ObjectCreated o = only(e);
        assertThat(o).isEqualTo(new ObjectCreated(StoreKind.LOCAL, "landing", "sales/2026/11/29/orders.csv", 5120,
                "9f2c0d4e1b7a5c3e8d6f4a2b0c9e7d5f", null, "00062a1c3f5e8000", Instant.parse("2026-11-29T05:00:01.250Z")));
        assertThat(only(ObjectEvents.parse(LocalFolderEvent.write(List.of(o))))).isEqualTo(o);
    }

    @Test
    void malformedJsonAndUnknownShapesAreOneMalformedRecord() {
        assertThat(ObjectEvents.parse("{\"Records\": [")).satisfies(e -> {
            assertThat(e.format()).isEqualTo(EventFormat.UNKNOWN);
            assertThat(e.records()).singleElement().isInstanceOfSatisfying(Malformed.class,
                    m -> assertThat(m.reason()).isEqualTo(RejectionReason.MALFORMED_JSON));
        });
        for (String body : List.of("", "42", "{\"hello\": \"world\"}", "\"Records\"")) {
            assertThat(ObjectEvents.parse(body).records()).as(body).singleElement().isInstanceOf(Malformed.class);
        }
    }

    @Test
    void aRecordMissingAFieldIsMalformedAndNamesIt() {
        String noSize = Fixtures.event("s3-put.json").replace("\"size\": 5120,", "");
        assertThat(ObjectEvents.parse(noSize).records()).singleElement().isInstanceOfSatisfying(Malformed.class, m -> {
            assertThat(m.reason()).isEqualTo(RejectionReason.MALFORMED_RECORD);
            assertThat(m.detail()).isEqualTo("s3.object.size is missing");
            assertThat(m.where()).isEqualTo("Records[0]");
        });
        String badTime = Fixtures.event("eventgrid-blob-created.json").replace("2026-11-29T05:00:01.4589254Z", "yesterday");
        assertThat(ObjectEvents.parse(badTime).records()).singleElement().isInstanceOfSatisfying(Malformed.class,
                m -> assertThat(m.detail()).startsWith("eventTime should be an ISO-8601 time"));
        String badEncoding = Fixtures.event("s3-put.json").replace("orders.csv", "orders%ZZ.csv");
        assertThat(ObjectEvents.parse(badEncoding).records()).singleElement().isInstanceOf(Malformed.class);
    }
}
