package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ActivityDoesNotExistException;
import software.amazon.awssdk.services.sfn.model.ActivityListItem;
import software.amazon.awssdk.services.sfn.model.DescribeExecutionResponse;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.GetActivityTaskResponse;
import software.amazon.awssdk.services.sfn.model.InvalidArnException;
import software.amazon.awssdk.services.sfn.model.TaskDoesNotExistException;

/**
 * Activity workers against the local runtime's Step Functions API, with the AWS SDK for Java v2's {@code SfnClient}:
 * a worker creates its activity, long-polls GetActivityTask with its name, and answers each task with
 * SendTaskSuccess / SendTaskFailure / SendTaskHeartbeat; a Task state on the activity honours its TimeoutSeconds and
 * HeartbeatSeconds. The tasks wait in Redis, so one queued before a restart is handed out after it.
 */
class SfnActivityWorkerTest {
    static final String ARN = "arn:aws:states:us-east-1:123456789012:";
    final String run = UUID.randomUUID().toString().substring(0, 8);

    @TempDir
    Path folder;
    ConfigurableApplicationContext app;
    SfnClient sfn;

    @BeforeEach
    void start() throws Exception {
        Files.createDirectories(folder.resolve("pipelines"));
        open();
    }

    /** GetActivityTask waits 3 s here (60 s on AWS), so an empty poll ends soon. */
    private void open() {
        app = SfnApps.start(folder, run, "--sluice.sfn-api.activity-poll=3s");
        sfn = SfnApps.client(app);
    }

    private void close() {
        sfn.close();
        app.close();
    }

    @AfterEach
    void stop() {
        try {
            close();
        } finally {
            SfnApps.cleanUp(run);
        }
    }

    private static String machine(String activity, String timeouts) {
        return """
                {"StartAt": "Ship", "States": {"Ship": {"Type": "Task", "Resource": "%sactivity:%s",
                  "Parameters": {"order.$": "$.order"}, %s "End": true}}}""".formatted(ARN, activity, timeouts);
    }

    private String create(String name, String definition) {
        return sfn.createStateMachine(b -> b.name(name).definition(definition).roleArn("arn:aws:iam::123456789012:role/runner"))
                .stateMachineArn();
    }

    private String start(String machine, String name, int order) {
        return sfn.startExecution(b -> b.stateMachineArn(machine).name(name).input("{\"order\": " + order + ", \"extra\": true}"))
                .executionArn();
    }

    private DescribeExecutionResponse finished(String execution) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> sfn.describeExecution(b -> b.executionArn(execution)),
                d -> d.status() != ExecutionStatus.RUNNING);
    }

    /** Polls until a task comes (each poll waits up to 3 s). */
    private GetActivityTaskResponse take(String activityArn) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> sfn.getActivityTask(b -> b.activityArn(activityArn).workerName("packer-1")),
                r -> r.taskToken() != null);
    }

    @Test
    void aWorkerPollsForTasksAndAnswersWithSuccessOrFailure() throws Exception {
        String activity = sfn.createActivity(b -> b.name("ship")).activityArn();
        assertThat(activity).isEqualTo(ARN + "activity:ship");
        assertThat(sfn.createActivity(b -> b.name("ship")).activityArn()).as("CreateActivity is idempotent by name").isEqualTo(activity);
        var described = sfn.describeActivity(b -> b.activityArn(activity));
        assertThat(described.name()).isEqualTo("ship");
        assertThat(described.creationDate()).isNotNull();
        assertThat(sfn.listActivities(b -> b.maxResults(10)).activities()).extracting(ActivityListItem::activityArn).containsExactly(activity);

        GetActivityTaskResponse none = sfn.getActivityTask(b -> b.activityArn(activity).workerName("packer-1"));
        assertThat(none.taskToken()).as("an empty long poll answers without a task").isNull();

        String machine = create("shipping", machine("ship", ""));
        // The worker is polling before the task exists: the long poll returns as soon as it is queued.
        CompletableFuture<GetActivityTaskResponse> polling = CompletableFuture.supplyAsync(
                () -> sfn.getActivityTask(b -> b.activityArn(activity).workerName("packer-1")));
        String first = start(machine, "first", 7);
        GetActivityTaskResponse task = polling.get(30, TimeUnit.SECONDS);
        if (task.taskToken() == null) {
            task = take(activity); // the poll may have ended before the execution reached the state
        }
        assertThat(Json.parse(task.input())).as("the worker gets the state's effective input").isEqualTo(Json.parse("{\"order\": 7}"));
        String token = task.taskToken();
        sfn.sendTaskHeartbeat(b -> b.taskToken(token));
        sfn.sendTaskSuccess(b -> b.taskToken(token).output("{\"shipped\": 7}"));
        DescribeExecutionResponse done = finished(first);
        assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(Json.parse(done.output())).isEqualTo(Json.parse("{\"shipped\": 7}"));
        assertThatThrownBy(() -> sfn.sendTaskSuccess(b -> b.taskToken(token).output("{}"))).as("a token answers once")
                .isInstanceOf(TaskDoesNotExistException.class);

        String second = start(machine, "second", 8);
        String failing = take(activity).taskToken();
        sfn.sendTaskFailure(b -> b.taskToken(failing).error("Ship.NoStock").cause("order 8: out of stock"));
        DescribeExecutionResponse failed = finished(second);
        assertThat(failed.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(failed.error()).isEqualTo("Ship.NoStock");
        assertThat(failed.cause()).isEqualTo("order 8: out of stock");

        sfn.deleteActivity(b -> b.activityArn(activity));
        assertThat(sfn.listActivities(b -> b.maxResults(10)).activities()).isEmpty();
        assertThatThrownBy(() -> sfn.getActivityTask(b -> b.activityArn(activity))).isInstanceOf(ActivityDoesNotExistException.class);
        assertThatThrownBy(() -> sfn.describeActivity(b -> b.activityArn(ARN + "stateMachine:ship"))).isInstanceOf(InvalidArnException.class);
        String orphan = start(machine, "orphan", 9);
        DescribeExecutionResponse noActivity = finished(orphan);
        assertThat(noActivity.error()).as("a Task on a deleted activity fails").isEqualTo("States.Runtime");
        assertThat(noActivity.cause()).contains("activity 'ship', which does not exist");
    }

    @Test
    void aTaskNobodyTakesTimesOutAndAWorkerThatStopsBeatingMissesItsHeartbeat() {
        String slow = sfn.createActivity(b -> b.name("slow")).activityArn();
        String beating = sfn.createActivity(b -> b.name("beating")).activityArn();

        String unattended = start(create("unattended", machine("slow", "\"TimeoutSeconds\": 2,")), "alone", 1);
        DescribeExecutionResponse timedOut = finished(unattended);
        assertThat(timedOut.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(timedOut.error()).isEqualTo("States.Timeout");
        assertThat(sfn.getActivityTask(b -> b.activityArn(slow).workerName("late")).taskToken())
                .as("the task of an execution that ended is handed to no worker").isNull();

        String watched = start(create("watched", machine("beating", "\"TimeoutSeconds\": 120, \"HeartbeatSeconds\": 3,")), "beats", 2);
        String token = take(beating).taskToken();
        sfn.sendTaskHeartbeat(b -> b.taskToken(token)); // then the worker goes quiet
        DescribeExecutionResponse missed = finished(watched);
        assertThat(missed.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(missed.error()).isEqualTo("States.HeartbeatTimeout");
        assertThatThrownBy(() -> sfn.sendTaskSuccess(b -> b.taskToken(token).output("{}"))).isInstanceOf(TaskDoesNotExistException.class);
    }

    @Test
    void aQueuedTaskOutlivesARestart() {
        String activity = sfn.createActivity(b -> b.name("durable")).activityArn();
        String machine = create("kept-task", machine("durable", ""));
        String execution = start(machine, "across", 3);
        await().atMost(Duration.ofSeconds(30)).until(() -> sfn.getExecutionHistory(b -> b.executionArn(execution)).events().stream()
                .anyMatch(e -> e.typeAsString().equals("ActivityScheduled")));
        close();
        open();
        assertThat(sfn.describeActivity(b -> b.activityArn(activity)).name()).isEqualTo("durable");
        GetActivityTaskResponse task = take(activity);
        assertThat(Json.parse(task.input())).isEqualTo(Json.parse("{\"order\": 3}"));
        sfn.sendTaskSuccess(b -> b.taskToken(task.taskToken()).output("{\"after\": \"restart\"}"));
        assertThat(finished(execution).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
    }
}
