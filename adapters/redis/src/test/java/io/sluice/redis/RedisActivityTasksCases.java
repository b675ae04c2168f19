package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ActivityTasks;
import io.sluice.orchestration.port.ActivityTasks.Activity;
import io.sluice.orchestration.port.ActivityTasks.Task;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Activities and their waiting tasks on a real Redis, each test under a key prefix of its own ({@link RedisScope}): on one
 * server ({@link RedisActivityTasksTest}) and on the loopback cluster ({@link RedisActivityTasksClusterTest}).
 */
abstract class RedisActivityTasksCases {
    /** The Redis these cases run on. */
    abstract RedisScope redis();

    private ActivityTasks tasks() {
        RedisScope redis = redis();
        return new RedisActivityTasks(redis.client(), redis.prefix());
    }

    @Test
    void anActivityIsCreatedOnceAndListedByName() {
        Instant first = Instant.parse("2026-12-01T10:00:00Z");
        ActivityTasks tasks = tasks();
        assertThat(tasks.create("ship", first)).isEqualTo(new Activity("ship", first));
        assertThat(tasks.create("ship", first.plusSeconds(60))).as("created again: the first one").isEqualTo(new Activity("ship", first));
        tasks.create("approve", first.plusSeconds(5));
        assertThat(tasks.list()).extracting(Activity::name).containsExactly("approve", "ship");
        assertThat(tasks.find("nope")).isEmpty();
    }

    @Test
    void tasksAreHandedOutOldestFirstOncePerDispatchIdAndSurviveANewClient() {
        ActivityTasks tasks = tasks();
        tasks.create("ship", Instant.EPOCH);
        assertThat(tasks.enqueue("ship", "e1/3/0", new Task("t1", "{\"order\":1}"))).isTrue();
        assertThat(tasks.enqueue("ship", "e1/3/0", new Task("t1", "{\"order\":1}"))).as("the same outbox entry again").isTrue();
        assertThat(tasks.enqueue("ship", "e2/1/0", new Task("t2", "{\"order\":2}"))).isTrue();
        assertThat(tasks.enqueue("missing", "e3/1/0", new Task("t3", "{}"))).as("no such activity").isFalse();

        ActivityTasks afterRestart = tasks(); // another instance over the same keys
        assertThat(afterRestart.poll("ship", Duration.ZERO)).contains(new Task("t1", "{\"order\":1}"));
        assertThat(afterRestart.poll("ship", Duration.ZERO)).contains(new Task("t2", "{\"order\":2}"));
        assertThat(afterRestart.poll("ship", Duration.ofMillis(200))).as("the duplicate was not queued").isEmpty();
    }

    @Test
    void aWaitingPollReturnsWhenATaskArrives() throws Exception {
        ActivityTasks tasks = tasks();
        tasks.create("ship", Instant.EPOCH);
        CompletableFuture<Optional<Task>> polling = CompletableFuture.supplyAsync(() -> tasks.poll("ship", Duration.ofSeconds(20)));
        tasks.enqueue("ship", "e1/1/0", new Task("t1", "{}"));
        assertThat(polling.get(20, TimeUnit.SECONDS)).contains(new Task("t1", "{}"));
    }

    @Test
    void deletingAnActivityDropsItsTasks() {
        ActivityTasks tasks = tasks();
        tasks.create("ship", Instant.EPOCH);
        tasks.enqueue("ship", "e1/1/0", new Task("t1", "{}"));
        assertThat(tasks.delete("ship")).isTrue();
        assertThat(tasks.delete("ship")).isFalse();
        assertThat(tasks.find("ship")).isEmpty();
        assertThat(tasks.poll("ship", Duration.ZERO)).isEmpty();
        assertThat(tasks.enqueue("ship", "e2/1/0", new Task("t2", "{}"))).isFalse();
    }

    @Test
    void whenAWorkerTookATaskIsKeptByItsTokenUnderAHashOfIt() {
        ActivityTasks tasks = tasks();
        Instant took = Instant.parse("2026-12-01T10:00:05Z");
        assertThat(tasks.takenOf("secret-token")).isEmpty();
        tasks.taken("secret-token", new ActivityTasks.Taken(took, "clerk-1"));
        tasks.taken("other-token", new ActivityTasks.Taken(took, null));
        assertThat(tasks().takenOf("secret-token")).contains(new ActivityTasks.Taken(took, "clerk-1"));
        assertThat(tasks().takenOf("other-token")).contains(new ActivityTasks.Taken(took, null));
        java.util.List<String> keys = new java.util.ArrayList<>();
        redis().client().getKeys().getKeys(org.redisson.api.options.KeysScanOptions.defaults().pattern(redis().prefix() + ":activity-taken:*")).forEach(keys::add);
        assertThat(keys).hasSize(2).noneMatch(k -> k.contains("token"));
        assertThat(redis().client().getBucket(keys.get(0)).remainTimeToLive()).as("kept for a while, not for ever").isPositive();
    }
}
