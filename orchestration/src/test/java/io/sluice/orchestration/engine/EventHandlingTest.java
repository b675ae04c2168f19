package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.T0;
import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.path.RandomSource;
import org.junit.jupiter.api.Test;

/** The interpreter event by event: tokens, late results, timeouts, heartbeats, callbacks and stop. */
class EventHandlingTest {
    private static final RandomSource RANDOM = RandomSource.seeded(3);

    private final Interpreter interpreter = new Interpreter(parse("""
            {"StartAt": "T", "States": {
              "T": {"Type": "Task", "Resource": "sluice:function:work", "TimeoutSeconds": 60, "HeartbeatSeconds": 10,
                    "Retry": [{"ErrorEquals": ["States.Timeout"], "MaxAttempts": 1, "IntervalSeconds": 5}], "Next": "Cb"},
              "Cb": {"Type": "Task", "Resource": "sluice:function:approve.waitForTaskToken",
                     "Parameters": {"token.$": "$$.Task.Token"}, "End": true}}}"""), true);

    private static Command.DispatchTask dispatched(Transition t) {
        return t.commands().stream().filter(c -> c instanceof Command.DispatchTask).map(c -> (Command.DispatchTask) c)
                .findFirst().orElseThrow();
    }

    @Test
    void aResultWithTheCurrentTokenIsAcceptedOnceThenDropped() {
        Transition start = interpreter.start("e1", "n", json("{}"), T0, RANDOM);
        var task = dispatched(start);
        assertThat(start.commands()).filteredOn(c -> c instanceof Command.StartTimer).hasSize(2);

        Transition ok = interpreter.apply(start.execution(), new Event.TaskSucceeded(task.token().encode(), json("{\"r\": 1}")), T0, RANDOM);
        assertThat(ok.wasDropped()).isFalse();
        assertThat(ok.commands()).filteredOn(c -> c instanceof Command.CancelTimer).hasSize(2);
        var callback = dispatched(ok);
        assertThat(callback.pattern()).isEqualTo(IntegrationPattern.WAIT_FOR_TASK_TOKEN);
        assertThat(callback.payload().get("token").asText()).isEqualTo(callback.token().encode());

        Transition dup = interpreter.apply(ok.execution(), new Event.TaskSucceeded(task.token().encode(), json("{\"r\": 2}")), T0, RANDOM);
        assertThat(dup.wasDropped()).isTrue();
        assertThat(dup.dropped()).contains("late, duplicate or unknown");
        assertThat(dup.commands()).isEmpty();
        assertThat(dup.history()).extracting(HistoryEvent::type).containsExactly(HistoryEvent.Type.RESULT_DROPPED);

        Transition done = interpreter.apply(ok.execution(), new Event.TaskSucceeded(callback.token().encode(), json("\"approved\"")), T0, RANDOM);
        assertThat(done.execution().status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(done.execution().output().asText()).isEqualTo("approved");
        assertThat(done.commands()).last().isInstanceOf(Command.ExecutionFinished.class);
    }

    @Test
    void aTimedOutTaskIsRetriedWithANewTokenAndTheOldResultIsDropped() {
        Transition start = interpreter.start("e2", "n", json("{}"), T0, RANDOM);
        var first = dispatched(start);
        var timeoutTimer = start.commands().stream().filter(c -> c instanceof Command.StartTimer)
                .map(c -> (Command.StartTimer) c).filter(c -> c.dueAt().equals(T0.plusSeconds(60))).findFirst().orElseThrow();
        // Heartbeats keep the heartbeat timer moving: the same timer, renewable, nothing cancelled to fire stale later.
        Transition beat = interpreter.apply(start.execution(), new Event.TaskHeartbeat(first.token().encode()), T0.plusSeconds(8), RANDOM);
        assertThat(beat.commands()).singleElement().isInstanceOfSatisfying(Command.StartTimer.class, st -> {
            assertThat(st.dueAt()).isEqualTo(T0.plusSeconds(18));
            assertThat(st.timerId()).isEqualTo(first.heartbeatTimerId());
            assertThat(st.renewable()).isTrue();
        });

        Transition timedOut = interpreter.apply(start.execution(), new Event.TimerFired(timeoutTimer.timerId()), T0.plusSeconds(60), RANDOM);
        assertThat(timedOut.history()).extracting(HistoryEvent::type)
                .contains(HistoryEvent.Type.TASK_TIMED_OUT, HistoryEvent.Type.TASK_RETRY_SCHEDULED);
        var retryTimer = (Command.StartTimer) timedOut.commands().stream().filter(c -> c instanceof Command.StartTimer).findFirst().orElseThrow();
        assertThat(retryTimer.dueAt()).isEqualTo(T0.plusSeconds(65));

        Transition retried = interpreter.apply(start.execution(), new Event.TimerFired(retryTimer.timerId()), T0.plusSeconds(65), RANDOM);
        var second = dispatched(retried);
        assertThat(second.token()).isNotEqualTo(first.token());
        assertThat(second.attempt()).isEqualTo(1);

        Transition late = interpreter.apply(start.execution(), new Event.TaskSucceeded(first.token().encode(), json("{}")), T0.plusSeconds(66), RANDOM);
        assertThat(late.wasDropped()).isTrue();
        Transition stale = interpreter.apply(start.execution(), new Event.TimerFired(timeoutTimer.timerId()), T0.plusSeconds(67), RANDOM);
        assertThat(stale.wasDropped()).isTrue();
    }

    @Test
    void aMissedHeartbeatFailsWithHeartbeatTimeout() {
        Transition start = interpreter.start("e3", "n", json("{}"), T0, RANDOM);
        var heartbeatTimer = start.commands().stream().filter(c -> c instanceof Command.StartTimer)
                .map(c -> (Command.StartTimer) c).filter(c -> c.dueAt().equals(T0.plusSeconds(10))).findFirst().orElseThrow();
        Transition t = interpreter.apply(start.execution(), new Event.TimerFired(heartbeatTimer.timerId()), T0.plusSeconds(10), RANDOM);
        assertThat(t.execution().status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(t.execution().error()).isEqualTo("States.HeartbeatTimeout");
    }

    @Test
    void callbackFailureFailsTheExecutionAndStopAbortsOne() {
        Transition start = interpreter.start("e4", "n", json("{}"), T0, RANDOM);
        Transition ok = interpreter.apply(start.execution(), new Event.TaskSucceeded(dispatched(start).token().encode(), json("{}")), T0, RANDOM);
        Transition failed = interpreter.apply(ok.execution(), new Event.TaskFailed(dispatched(ok).token().encode(), "Rejected", "by Ann"), T0, RANDOM);
        assertThat(failed.execution().status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(failed.execution().error()).isEqualTo("Rejected");
        assertThat(failed.execution().cause()).isEqualTo("by Ann");

        Transition other = interpreter.start("e5", "n", json("{}"), T0, RANDOM);
        Transition stopped = interpreter.apply(other.execution(), new Event.Stop(null, null), T0, RANDOM);
        assertThat(stopped.execution().status()).isEqualTo(ExecutionStatus.ABORTED);
        assertThat(stopped.commands()).filteredOn(c -> c instanceof Command.CancelTimer).hasSize(2);
        assertThat(interpreter.apply(other.execution(), new Event.Stop(null, null), T0, RANDOM).wasDropped()).isTrue();
    }

    @Test
    void aFailedExecutionIsRedrivenFromTheStateThatFailedKeepingWhatCameBefore() {
        Interpreter i = new Interpreter(parse("""
                {"StartAt": "First", "States": {
                  "First": {"Type": "Task", "Resource": "sluice:function:a", "ResultPath": "$.a", "Next": "Fan"},
                  "Fan": {"Type": "Map", "ItemsPath": "$.items", "ResultPath": "$.b", "End": true,
                    "ItemProcessor": {"StartAt": "W", "States": {"W": {"Type": "Task", "Resource": "sluice:function:b", "End": true}}}}}}"""), true);
        Transition t = i.start("e7", "n", json("{\"items\": [1, 2]}"), T0, RANDOM);
        t = i.apply(t.execution(), new Event.TaskSucceeded(dispatched(t).token().encode(), json("\"A\"")), T0, RANDOM);
        var items = t.commands().stream().filter(c -> c instanceof Command.DispatchTask).map(c -> (Command.DispatchTask) c).toList();
        assertThat(items).hasSize(2);
        t = i.apply(t.execution(), new Event.TaskSucceeded(items.get(0).token().encode(), json("10")), T0, RANDOM);
        t = i.apply(t.execution(), new Event.TaskFailed(items.get(1).token().encode(), "Down", "service down"), T0, RANDOM);
        assertThat(t.execution().status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(i.apply(t.execution(), new Event.TaskSucceeded(items.get(1).token().encode(), json("20")), T0, RANDOM).wasDropped()).isTrue();

        Execution stored = ExecutionCodec.decode(ExecutionCodec.encode(t.execution()));
        Transition redriven = i.apply(stored, new Event.Redrive(), T0.plusSeconds(60), RANDOM);
        assertThat(redriven.execution().status()).isEqualTo(ExecutionStatus.RUNNING);
        assertThat(redriven.execution().redriveCount()).isEqualTo(1);
        assertThat(redriven.history()).extracting(HistoryEvent::type).startsWith(HistoryEvent.Type.EXECUTION_REDRIVEN);
        var again = redriven.commands().stream().filter(c -> c instanceof Command.DispatchTask).map(c -> (Command.DispatchTask) c).toList();
        assertThat(again).extracting(c -> c.function()).containsExactly("b", "b");
        Transition r = redriven;
        for (var d : again) {
            r = i.apply(r.execution(), new Event.TaskSucceeded(d.token().encode(), d.payload()), T0.plusSeconds(61), RANDOM);
        }
        assertThat(r.execution().status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(r.execution().output()).isEqualTo(json("{\"items\": [1, 2], \"a\": \"A\", \"b\": [1, 2]}"));
        assertThat(i.apply(r.execution(), new Event.Redrive(), T0, RANDOM).dropped()).contains("SUCCEEDED");
    }

    @Test
    void foreignAndMalformedTokensAreDropped() {
        Transition start = interpreter.start("e6", "n", json("{}"), T0, RANDOM);
        assertThat(interpreter.apply(start.execution(), new Event.TaskSucceeded("garbage", json("1")), T0, RANDOM).dropped())
                .contains("not a Sluice task token");
        assertThat(interpreter.apply(start.execution(), new Event.TaskSucceeded("other.0.1.0", json("1")), T0, RANDOM).dropped())
                .contains("belongs to execution other");
    }

    @Test
    void taskTokensRoundTripEvenWhenTheExecutionIdHasDots() {
        TaskToken token = TaskToken.draw("pipe.v2:run.1", 3, 17, 2, RandomSource.seeded(7));
        assertThat(TaskToken.decode(token.encode())).isEqualTo(token);
        TaskToken old = new TaskToken("pipe.v2:run.1", 3, 17, 2, "");
        assertThat(TaskToken.decode(old.encode())).isEqualTo(old);
    }

    @Test
    void aTaskTokenCannotBeGuessedFromWhereTheExecutionStands() {
        Interpreter i = new Interpreter(parse("""
            {"StartAt": "A", "States": {"A": {"Type": "Task", "Resource": "sluice:function:f", "End": true}}}"""), true);
        TaskToken one = dispatched(i.start("p:x", "x", json("{}"), T0, RandomSource.seeded(1))).token();
        TaskToken two = dispatched(i.start("p:x", "x", json("{}"), T0, RandomSource.seeded(2))).token();
        assertThat(one.describe()).isEqualTo(two.describe());
        assertThat(one.encode()).isNotEqualTo(two.encode()).matches(".*\\.[0-9a-f]{32}");
        // The engine refuses a token that names the right task with a wrong secret, and says so without echoing it.
        Transition start = i.start("p:x", "x", json("{}"), T0, RandomSource.seeded(1));
        Transition forged = i.apply(start.execution(), new Event.TaskSucceeded(two.encode(), json("{}")), T0, RANDOM);
        assertThat(forged.wasDropped()).isTrue();
        assertThat(forged.dropped()).doesNotContain(two.secret()).doesNotContain(one.secret());
        assertThat(forged.execution().status()).isEqualTo(ExecutionStatus.RUNNING);
    }
}
