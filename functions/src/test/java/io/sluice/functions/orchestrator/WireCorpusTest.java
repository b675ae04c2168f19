package io.sluice.functions.orchestrator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.events.cloud.ExecutionEvent;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.retention.ArchivedExecution;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.functions.wire.WireCorpus;
import io.sluice.functions.wire.WireSamples;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.WireVersion;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryObjectStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The recorded wire corpus ({@code src/test/resources/wire-corpus}, README there): every file of every version a
 * reader accepts decodes to the sample of its name; a recorded version the reader no longer accepts is refused naming
 * the field; and the current writer writes exactly the newest version, so a format change fails here until it is
 * recorded as a new version.
 */
class WireCorpusTest {
    private static final WireCorpus CORPUS = WireCorpus.functions();

    private static final Map<String, WireVersion> FORMATS = Map.of(
            "orchestrator-message", MessageCodec.VERSION,
            "task-message", TaskMessage.VERSION,
            "stored-execution", ExecutionCodec.VERSION,
            "outbox-entry", OutboxDispatcher.ENTRY_VERSION,
            "event-message", ExecutionEvent.QUEUE_VERSION,
            "archive", ExecutionArchive.FORMAT);

    @Test
    void everyFormatIsRecordedAtTheVersionItsWriterWritesAndTheOneBefore() {
        FORMATS.forEach((format, version) -> {
            assertThat(CORPUS.newest(format)).as(format + ": record the writer's version").isEqualTo(version.current());
            if (version.previous() >= 1) {
                assertThat(CORPUS.versions(format)).as(format + ": the version before is what a running deploy still writes")
                        .contains(version.previous());
            }
        });
    }

    @Test
    void orchestratorMessagesDecodeToTheirSamples() {
        Map<String, OrchestratorMessage> samples = WireSamples.orchestratorMessages();
        int decoded = eachFile("orchestrator-message", MessageCodec.VERSION, (name, text) ->
                assertThat(MessageCodec.decode(text)).as(name).isEqualTo(samples.get(name)), MessageCodec::decode);
        assertThat(decoded).as("every sample in v1 and v2, but task-result-traced (its field came with v2)").isEqualTo(samples.size() * 2 - 1);
        newest("orchestrator-message", name -> MessageCodec.encode(samples.get(name)));
    }

    @Test
    void taskMessagesDecodeToTheirSamples() {
        Map<String, TaskMessage> samples = WireSamples.taskMessages();
        int decoded = eachFile("task-message", TaskMessage.VERSION, (name, text) ->
                assertThat(TaskMessage.decode(text)).as(name).isEqualTo(samples.get(name)), TaskMessage::decode);
        assertThat(decoded).isEqualTo(samples.size());
        newest("task-message", name -> samples.get(name).encode());
    }

    @Test
    void storedExecutionsDecodeToTheirSamples() {
        int decoded = eachFile("stored-execution", ExecutionCodec.VERSION, (name, text) -> {
            JsonNode state = Json.parse(text);
            Execution e = ExecutionCodec.decode(state);
            assertThat(Json.write(storedForm(e, state))).as(name).isEqualTo(Json.write(storedForm(sample(name), state)));
            if (name.equals("running")) {
                assertThat(e.status()).isEqualTo(ExecutionStatus.RUNNING);
                assertThat(Orchestrator.priorityOf(state)).isEqualTo(Priority.P1);
                assertThat(e.frames()).hasSize(3);
                assertThat(e.frame(0).variables()).containsEntry("region", Json.NODES.textNode("eu-west-1"));
                assertThat(e.frame(0).join().outstanding()).isEqualTo(2);
                assertThat(e.timers()).hasSize(4);
            } else {
                assertThat(e.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
                assertThat(e.output()).isEqualTo(Json.parse("{\"rows\":3}"));
            }
        }, text -> ExecutionCodec.decode(Json.parse(text)));
        assertThat(decoded).isEqualTo(2);
        // The orchestrator adds the priority to what the codec writes; a sample's priority is the one its file holds.
        newest("stored-execution", name -> Json.write(storedForm(sample(name), Json.parse(WireCorpus.text(CORPUS.files("stored-execution",
                CORPUS.newest("stored-execution")).stream().filter(f -> WireCorpus.name(f).equals(name)).findFirst().orElseThrow())))));
    }

    /** The execution as the orchestrator stores it: the codec's form with the priority of {@code recorded}, if it has one. */
    private static ObjectNode storedForm(Execution e, JsonNode recorded) {
        ObjectNode o = ExecutionCodec.encode(e);
        if (recorded.has(Orchestrator.PRIORITY)) {
            o.put(Orchestrator.PRIORITY, recorded.get(Orchestrator.PRIORITY).asText());
        }
        return o;
    }

    private static Execution sample(String name) {
        return name.equals("running") ? WireSamples.running() : WireSamples.succeeded().execution();
    }

    @Test
    void outboxEntriesDecodeToTheirCommands() {
        int decoded = eachFile("outbox-entry", OutboxDispatcher.ENTRY_VERSION, (name, text) -> {
            JsonNode json = OutboxDispatcher.readEntry(text);
            assertThat(CommandCodec.decode(json)).as(name).isEqualTo(command(name));
            assertThat(json.get(OutboxDispatcher.ID).asText()).isEqualTo(entryId(name));
            assertThat(json.path(OutboxDispatcher.PRIORITY).asText("P2")).isEqualTo(name.endsWith("-p0") ? "P0" : "P2");
            assertThat(io.sluice.functions.messaging.Traceparent.of(json)).isEqualTo(name.endsWith("-traced") ? WireSamples.TRACEPARENT : null);
        }, OutboxDispatcher::readEntry);
        assertThat(decoded).as("each command in v1 and v2, the P0 one too; the traced one in v2 only (it came after)")
                .isEqualTo(2 * (WireSamples.commands().size() + 1) + 1);
        newest("outbox-entry", name -> OutboxDispatcher.entry(command(name), entryId(name), name.endsWith("-p0") ? Priority.P0 : Priority.DEFAULT,
                name.endsWith("-traced") ? WireSamples.TRACEPARENT : null));
    }

    private static Command command(String name) {
        return WireSamples.commands().get(name.replace("-p0", "").replace("-traced", ""));
    }

    /** The ids the entries were recorded with: {@code <execution>/2/<index among the samples>}, 9 for the P0 one, 8 the traced. */
    private static String entryId(String name) {
        int index = name.endsWith("-p0") ? 9 : name.endsWith("-traced") ? 8 : new ArrayList<>(WireSamples.commands().keySet()).indexOf(name);
        return WireSamples.EXECUTION + "/2/" + index;
    }

    @Test
    void eventMessagesDecodeToTheirSamples() {
        List<FinishedExecution> finished = new ArrayList<>();
        CompletionListener listener = new CompletionListener(new InMemoryExecutionStore(), List.of(finished::add));
        Command.ExecutionFinished sampleFinished = (Command.ExecutionFinished) WireSamples.commands().get("finished");
        int decoded = eachFile("event-message", ExecutionEvent.QUEUE_VERSION, (name, text) -> {
            if (name.equals("finished")) {
                FinishedExecution f = listener.handle(text).orElseThrow();
                assertThat(List.of(f.executionId(), f.status(), f.error(), f.cause())).isEqualTo(List.of(sampleFinished.executionId(),
                        sampleFinished.status(), sampleFinished.error(), sampleFinished.cause()));
            } else {
                assertThat(ExecutionEvent.decode(Json.parse(text))).as(name)
                        .isEqualTo(WireSamples.executionEvents().get(name.substring("execution-event-".length())));
            }
        }, listener::handle);
        assertThat(decoded).isEqualTo(6);
        assertThat(finished).hasSize(2);
        newest("event-message", name -> name.equals("finished") ? OutboxDispatcher.finishedMessage(sampleFinished)
                : WireSamples.executionEvents().get(name.substring("execution-event-".length())).encode());
    }

    @Test
    void archiveRecordsDecodeToTheirSample() {
        ArchivedExecution sample = archived();
        int decoded = eachFile("archive", ExecutionArchive.FORMAT, (name, text) ->
                assertThat(readArchive(text)).as(name).isEqualTo(sample), WireCorpusTest::readArchive);
        assertThat(decoded).isEqualTo(2);
        newest("archive", name -> {
            InMemoryObjectStore objects = new InMemoryObjectStore();
            new ExecutionArchive(objects).write(sample);
            return gunzip(objects.get(ExecutionArchive.key(sample.summary())).orElseThrow());
        });
    }

    private static ArchivedExecution archived() {
        Execution done = WireSamples.succeeded().execution();
        ExecutionSummary s = new ExecutionSummary(done.id(), "orders", done.name(), done.status().name(), done.definitionHash(),
                done.startTime(), done.stopTime());
        return new ArchivedExecution(s, 3, Json.write(ExecutionCodec.encode(done)), WireSamples.succeededHistory());
    }

    /** The corpus keeps an archive record as its JSON Lines text; the archive holds it gzip-compressed. */
    private static ArchivedExecution readArchive(String text) {
        InMemoryObjectStore objects = new InMemoryObjectStore();
        String key = ExecutionArchive.key(archived().summary());
        objects.put(key, gzip(text + "\n"));
        return new ExecutionArchive(objects).readKey(key).orElseThrow();
    }

    @Test
    void aVersionNoReaderKnowsIsRefusedNamingTheFieldAndTheVersionsAccepted() {
        String timer = WireCorpus.text(CORPUS.files("orchestrator-message", 2).stream()
                .filter(f -> WireCorpus.name(f).equals("timer")).findFirst().orElseThrow());
        assertThatThrownBy(() -> MessageCodec.decode(timer.replace("\"v\":2", "\"v\":3")))
                .isInstanceOf(WireVersion.Unsupported.class)
                .hasMessageStartingWith("orchestrator message field v: expected 2, or 1 (written without \"v\"), got 3");
        assertThatThrownBy(() -> MessageCodec.decode(timer.replace("\"v\":2", "\"v\":0")))
                .hasMessageContaining("field v: expected 2, or 1 (written without \"v\"), got 0");
        assertThatThrownBy(() -> TaskMessage.decode("{\"v\":2,\"token\":\"" + WireSamples.TOKEN + "\"}"))
                .isInstanceOf(TaskMessage.UnknownVersion.class)
                .hasMessageStartingWith(TaskMessage.UNKNOWN_VERSION + ": task message field v: expected 1, got 2");
        assertThatThrownBy(() -> TaskMessage.decode("{\"token\":\"" + WireSamples.TOKEN + "\"}"))
                .isInstanceOf(TaskMessage.UnknownVersion.class).hasMessageContaining("expected 1, got none");
        assertThatThrownBy(() -> ExecutionCodec.decode(Json.parse("{\"v\":\"1\",\"id\":\"x\"}")))
                .isInstanceOf(WireVersion.Unsupported.class).hasMessageStartingWith("stored execution field v: expected 1, got \"1\"");
        assertThatThrownBy(() -> OutboxDispatcher.readEntry("{\"v\":3,\"type\":\"cancelTimer\",\"timerId\":\"t\"}"))
                .hasMessageStartingWith("outbox entry field v: expected 2, or 1");
        assertThatThrownBy(() -> new CompletionListener(new InMemoryExecutionStore(), List.of()).handle("{\"v\":3,\"type\":\"finished\"}"))
                .hasMessageStartingWith("events-queue message field v: expected 2, or 1");
        assertThatThrownBy(() -> readArchive("{\"v\":3}")).hasMessageStartingWith("archive record field v: expected 2, or 1");
    }

    @Test
    void anOutboxWithAnEntryOfAnUnknownVersionSendsNothingAndStaysForABuildThatReadsIt() {
        java.time.Clock clock = java.time.Clock.fixed(WireSamples.T0, java.time.ZoneOffset.UTC);
        io.sluice.testkit.fake.InMemoryTaskQueue queue = new io.sluice.testkit.fake.InMemoryTaskQueue(clock, 5);
        OutboxDispatcher dispatcher = new OutboxDispatcher(new InMemoryExecutionStore(), queue, new io.sluice.testkit.fake.InMemoryTimerIndex(),
                io.sluice.functions.messaging.QueueNames.DEFAULT, clock);
        String dispatch = OutboxDispatcher.entry(WireSamples.commands().get("dispatch"), WireSamples.EXECUTION + "/2/0", Priority.DEFAULT);
        assertThatThrownBy(() -> dispatcher.send(WireSamples.EXECUTION, List.of(dispatch, "{\"v\":3,\"type\":\"teleport\"}"), 2))
                .isInstanceOf(WireVersion.Unsupported.class);
        assertThat(queue.receive(io.sluice.functions.messaging.QueueNames.DEFAULT.tasks("load", Priority.DEFAULT), 10,
                java.time.Duration.ofMinutes(1), java.time.Duration.ZERO)).as("the dispatch before it was not sent either").isEmpty();
    }

    /**
     * Runs {@code check} on every file of every version of {@code format} the reader accepts, and asserts {@code read}
     * refuses every file of a version it does not (naming the field); returns how many files it checked.
     */
    private static int eachFile(String format, WireVersion reader, java.util.function.BiConsumer<String, String> check,
                                Consumer<String> read) {
        int n = 0;
        for (int v : CORPUS.versions(format)) {
            for (Path f : CORPUS.files(format, v)) {
                String text = WireCorpus.text(f);
                if (reader.accepts(v)) {
                    check.accept(WireCorpus.name(f), text);
                    n++;
                } else {
                    assertThatThrownBy(() -> read.accept(text)).as(f.toString()).isInstanceOf(WireVersion.Unsupported.class)
                            .hasMessageContaining("field v: expected");
                }
            }
        }
        return n;
    }

    /** The current writer writes every file of the newest version, byte for byte. */
    private static void newest(String format, Function<String, String> writer) {
        List<Path> files = CORPUS.files(format, CORPUS.newest(format));
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            assertThat(writer.apply(WireCorpus.name(f)).stripTrailing()).as(format + " " + f.getFileName()
                    + ": the writer changed the format; record it as a new version (wire-corpus/README.md)").isEqualTo(WireCorpus.text(f));
        }
    }

    private static byte[] gzip(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return bytes.toByteArray();
    }

    private static String gunzip(byte[] bytes) {
        try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(gz.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
