package io.sluice.local.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.functions.trigger.object.InMemoryTriggerMetrics;
import io.sluice.functions.trigger.object.ObjectRules;
import io.sluice.functions.trigger.object.ObjectTrigger;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder watcher on a real temporary folder, feeding the real object trigger. */
class FolderWatcherTest {
    static final String RULES = """
            {"rules": [{"bucket": "landing", "suffix": ".csv", "pipeline": "ingest",
                        "input": {"key": "${key}", "size": "${size}", "etag": "${etag}"}}]}""";
    static final Duration SETTLE = Duration.ofMillis(400);

    @TempDir
    Path root;
    Path landing;

    /** Starts once per name, as the orchestrator does. */
    final Map<String, JsonNode> executions = new ConcurrentHashMap<>();
    final List<JsonNode> started = new CopyOnWriteArrayList<>();
    final AtomicInteger duplicates = new AtomicInteger();
    final ExecutionStarter starter = (pipeline, name, input) -> {
        if (executions.putIfAbsent(pipeline + ":" + name, input) != null) {
            duplicates.incrementAndGet();
            return new StartResult.AlreadyRunning(summary(pipeline, name));
        }
        started.add(input);
        return new StartResult.Started(summary(pipeline, name));
    };

    private static ExecutionSummary summary(String pipeline, String name) {
        return new ExecutionSummary(pipeline + ":" + name, pipeline, name, "RUNNING", "test", null, null);
    }
    final ObjectTrigger trigger = new ObjectTrigger(ObjectRules.parse(RULES), starter, new InMemoryTriggerMetrics());
    FolderWatcher watcher;

    @BeforeEach
    void bucket() throws IOException {
        landing = Files.createDirectories(root.resolve("landing"));
    }

    @AfterEach
    void stop() {
        if (watcher != null) {
            watcher.close();
        }
    }

    private FolderWatcher watch(Duration settle) throws IOException {
        return new FolderWatcher(root, trigger, new FolderWatcher.Settings(settle, Duration.ofMillis(50), true), Clock.systemUTC());
    }

    private List<String> startedKeys() {
        return started.stream().map(i -> i.get("key").asText()).toList();
    }

    @Test
    void aFileInANewFolderStartsOnceWithItsKeyAndSize() throws IOException {
        watcher = watch(SETTLE);
        Path file = Files.createDirectories(landing.resolve("sales/2026/11/29")).resolve("orders.csv");
        Files.writeString(file, "id,amount\n1,10\n");
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        assertThat(started.getFirst().get("key").asText()).isEqualTo("sales/2026/11/29/orders.csv");
        assertThat(started.getFirst().get("size").asLong()).isEqualTo(Files.size(file));
        await().during(SETTLE.multipliedBy(3)).atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1 && duplicates.get() == 0);
    }

    @Test
    void aPartFileIsAnnouncedOnlyOnceRenamed() throws IOException {
        watcher = watch(SETTLE);
        Path part = landing.resolve("big.csv" + FolderWatcher.PART_SUFFIX);
        Files.write(part, new byte[64 * 1024]);
        Files.write(part, new byte[64 * 1024], java.nio.file.StandardOpenOption.APPEND);
        await().during(SETTLE.multipliedBy(3)).atMost(Duration.ofSeconds(10)).until(started::isEmpty);
        Files.move(part, landing.resolve("big.csv"), StandardCopyOption.ATOMIC_MOVE);
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        assertThat(started.getFirst().get("key").asText()).isEqualTo("big.csv");
        assertThat(started.getFirst().get("size").asLong()).isEqualTo(128 * 1024);
    }

    @Test
    void aFileStillBeingWrittenIsAnnouncedOnceItsSizeSettles() throws Exception {
        watcher = watch(Duration.ofSeconds(1));
        byte[] chunk = new byte[8 * 1024];
        try (OutputStream out = Files.newOutputStream(landing.resolve("slow.csv"))) {
            for (int i = 0; i < 6; i++) {
                out.write(chunk);
                out.flush();
                Thread.sleep(100); // the writer's pace, well inside the settle period; nothing here waits for a result
            }
            assertThat(started).as("announced while still being written").isEmpty();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        assertThat(started.getFirst().get("size").asLong()).isEqualTo(6 * 8 * 1024);
    }

    @Test
    void aRewrittenFileStartsAgain() throws IOException {
        watcher = watch(SETTLE);
        Path file = landing.resolve("daily.csv");
        Files.writeString(file, "v1\n");
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        Files.writeString(file, "version 2\n");
        Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 1000));
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 2);
        assertThat(started.get(0).get("etag")).isNotEqualTo(started.get(1).get("etag"));
    }

    @Test
    void filesPresentAtStartAreAnnouncedAndARestartStartsNothingNew() throws IOException {
        Files.writeString(Files.createDirectories(landing.resolve("old")).resolve("a.csv"), "a\n");
        watcher = watch(SETTLE);
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        watcher.close();
        watcher = watch(SETTLE);
        await().atMost(Duration.ofSeconds(10)).until(() -> duplicates.get() == 1);
        assertThat(startedKeys()).containsExactly("old/a.csv");
    }

    @Test
    void filesOfABucketThatIsNotNotifiedNeverReachTheTrigger() throws IOException {
        AtomicInteger events = new AtomicInteger();
        watcher = new FolderWatcher(root, "landing"::equals, body -> {
            events.incrementAndGet();
            return trigger.apply(body);
        }, new FolderWatcher.Settings(SETTLE, Duration.ofMillis(50), true), Clock.systemUTC());
        Files.writeString(Files.createDirectories(root.resolve("raw/orders")).resolve("2026-11-29.parquet"), "a job's output\n");
        Files.writeString(landing.resolve("visible.csv"), "ok\n");
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        await().during(SETTLE.multipliedBy(2)).atMost(Duration.ofSeconds(10)).until(() -> events.get() == 1);
        assertThat(startedKeys()).containsExactly("visible.csv");
    }

    /**
     * The runtime keeps a folder per sleeping execution in the data folder (hibernated/executions/...): a bucket no rule
     * names is not watched, folder by folder, until a rule names it; then its files, those already there too, are announced.
     */
    @Test
    void aBucketThatIsNotNotifiedTakesNoWatchesUntilItIs() throws IOException {
        Set<String> notified = ConcurrentHashMap.newKeySet();
        notified.add("landing");
        List<String> announced = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 20; i++) {
            Files.createDirectories(root.resolve("hibernated/executions/pipeline=p/name=before-" + i));
        }
        watcher = new FolderWatcher(root, notified::contains, body -> {
            announced.add(body);
            return trigger.apply(body);
        }, new FolderWatcher.Settings(SETTLE, Duration.ofMillis(50), true), Clock.systemUTC());
        for (int i = 0; i < 20; i++) {
            Files.writeString(Files.createDirectories(root.resolve("hibernated/executions/pipeline=p/name=after-" + i)).resolve("v1.jsonl.gz"), "x");
        }
        Files.writeString(landing.resolve("visible.csv"), "ok\n");
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        assertThat(watcher.watchedFolders()).as("the data folder and landing").isEqualTo(2);
        assertThat(announced).noneMatch(b -> b.contains("jsonl.gz"));

        notified.add("hibernated");
        await().atMost(Duration.ofSeconds(10)).until(() -> announced.stream()
                .flatMap(b -> java.util.regex.Pattern.compile("name=after-[0-9]+/v1\\.jsonl\\.gz").matcher(b).results())
                .map(java.util.regex.MatchResult::group).distinct().count() == 20);
        assertThat(watcher.watchedFolders()).isEqualTo(2 + 1 + 1 + 1 + 40); // hibernated, executions, pipeline=p, each name=
    }

    @Test
    void hiddenFilesAndFilesOutsideABucketAreSkipped() throws IOException {
        watcher = watch(SETTLE);
        Files.writeString(root.resolve("loose.csv"), "no bucket\n");
        Files.writeString(landing.resolve(".orders.csv.tmp123"), "rsync temp\n");
        Files.writeString(Files.createDirectories(landing.resolve(".staging")).resolve("x.csv"), "hidden folder\n");
        Files.writeString(landing.resolve("visible.csv"), "ok\n");
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        await().during(SETTLE.multipliedBy(2)).atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        assertThat(startedKeys()).containsExactly("visible.csv");
    }

    @Test
    void aFailedStartIsRetriedLater() throws IOException {
        AtomicInteger calls = new AtomicInteger();
        ExecutionStarter flaky = (pipeline, name, input) -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("the execution store is restarting");
            }
            return starter.start(pipeline, name, input);
        };
        watcher = new FolderWatcher(root, new ObjectTrigger(ObjectRules.parse(RULES), flaky, new InMemoryTriggerMetrics()),
                new FolderWatcher.Settings(SETTLE, Duration.ofMillis(50), true), Clock.systemUTC());
        Files.writeString(landing.resolve("retry.csv"), "x\n");
        await().atMost(Duration.ofSeconds(10)).until(() -> started.size() == 1);
        assertThat(calls.get()).isEqualTo(2);
    }
}
