package io.sluice.aws.scheduler;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.trigger.schedule.OverlapPolicy;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.scheduler.SchedulerClient;
import software.amazon.awssdk.services.scheduler.model.ConflictException;
import software.amazon.awssdk.services.scheduler.model.FlexibleTimeWindowMode;
import software.amazon.awssdk.services.scheduler.model.GetScheduleResponse;
import software.amazon.awssdk.services.scheduler.model.ListSchedulesResponse;
import software.amazon.awssdk.services.scheduler.model.ResourceNotFoundException;
import software.amazon.awssdk.services.scheduler.model.ScheduleState;
import software.amazon.awssdk.services.scheduler.model.ScheduleSummary;

/**
 * Keeps one EventBridge Scheduler schedule per scheduled pipeline in step with the pipelines' options: it creates
 * the missing ones, updates those whose expression, time zone, target or input differ, and deletes the schedules it
 * made (their description begins {@value #DESCRIPTION}) that no pipeline asks for any more; the group's other
 * schedules are left alone. Running it again changes nothing. Each schedule invokes the {@code scheduled-start}
 * function with {@code {"pipeline": ..., "scheduledTime": "<aws.scheduler.scheduled-time>", "schedule":
 * "<aws.scheduler.schedule-arn>"}} (plus {@code label} and a non-default {@code overlap}), so the execution is named
 * after the scheduled time exactly as the local firer names it ({@code sched-20261129T0300Z}), a retried fire starts
 * nothing twice, and {@code scheduled-start} can check the fire against the schedule ({@link SchedulerFireCheck}).
 *
 * <p>All or nothing: when any wanted schedule has a problem (an expression Scheduler cannot take, {@code overlap:
 * queue}, which needs the schedule index, a schedule id wanted twice), nothing is changed and the problems are
 * reported, so a typo in one file never deletes a production schedule. (The local runtime, a development loop,
 * removes a broken schedule instead.) A rate's fires count from the schedule's creation, as Scheduler does;
 * {@code catchUp} has no Scheduler equivalent: missed fires are Scheduler's retry policy's.
 */
public final class ScheduleReconciler {
    /** How the description of every schedule this reconciler makes begins. */
    static final String DESCRIPTION = "Sluice schedule ";
    private static final String TIME_PLACEHOLDER = "<aws.scheduler.scheduled-time>";

    private final SchedulerClient scheduler;
    private final SchedulerSettings settings;

    public ScheduleReconciler(SchedulerClient scheduler, SchedulerSettings settings) {
        this.scheduler = scheduler;
        this.settings = settings;
    }

    /** What a reconciliation did, by Scheduler name; {@code problems} non-empty means it did nothing. */
    public record Report(List<String> created, List<String> updated, List<String> deleted, List<String> unchanged, List<String> problems) {
        public boolean changedNothing() {
            return created.isEmpty() && updated.isEmpty() && deleted.isEmpty();
        }
    }

    /** What a schedule is in Scheduler's terms. */
    private record Wanted(String name, String id, String expression, String timezone, String input) {}

    public Report reconcile(List<PipelineSchedule> schedules) {
        List<String> problems = new ArrayList<>();
        Map<String, Wanted> wanted = new LinkedHashMap<>();
        for (PipelineSchedule s : schedules) {
            String id = s.key().scheduleId();
            try {
                if (s.overlap() == OverlapPolicy.QUEUE) {
                    throw new IllegalArgumentException("overlap 'queue' needs the schedule index; with EventBridge Scheduler use skip or allow");
                }
                Wanted w = new Wanted(ScheduleNames.of(s.key()), id, SchedulerExpressions.toScheduler(s.expression(), s.timezone()),
                        s.timezone(), input(s));
                if (wanted.putIfAbsent(w.name(), w) != null) {
                    problems.add(id + ": is wanted twice");
                }
            } catch (IllegalArgumentException e) {
                problems.add(id + ": " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            return new Report(List.of(), List.of(), List.of(), List.of(), problems);
        }
        ensureGroup();
        List<String> created = new ArrayList<>();
        List<String> updated = new ArrayList<>();
        List<String> deleted = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        Set<String> existing = existing();
        for (Wanted w : wanted.values()) {
            if (!existing.contains(w.name())) {
                try {
                    create(w);
                    created.add(w.name());
                    continue;
                } catch (ConflictException e) {
                    // created meanwhile by another reconciliation: compare it as an existing one
                }
            }
            GetScheduleResponse current = scheduler.getSchedule(b -> b.groupName(settings.group()).name(w.name()));
            if (same(current, w)) {
                unchanged.add(w.name());
            } else {
                update(w);
                updated.add(w.name());
            }
        }
        for (String name : existing) {
            if (!wanted.containsKey(name) && ours(name)) {
                try {
                    scheduler.deleteSchedule(b -> b.groupName(settings.group()).name(name));
                } catch (ResourceNotFoundException e) {
                    // deleted meanwhile
                }
                deleted.add(name);
            }
        }
        return new Report(created, updated, deleted, unchanged, List.of());
    }

    private String input(PipelineSchedule s) {
        ObjectNode input = Json.object().put("pipeline", s.key().pipeline()).put("scheduledTime", TIME_PLACEHOLDER)
                .put("schedule", SchedulerFireCheck.ARN_PLACEHOLDER);
        if (s.key().label() != null) {
            input.put("label", s.key().label());
        }
        if (s.overlap() != OverlapPolicy.SKIP) {
            input.put("overlap", s.overlap().code());
        }
        return Json.write(input);
    }

    private void ensureGroup() {
        try {
            scheduler.getScheduleGroup(b -> b.name(settings.group()));
        } catch (ResourceNotFoundException e) {
            try {
                scheduler.createScheduleGroup(b -> b.name(settings.group()));
            } catch (ConflictException raced) {
                // created meanwhile
            }
        }
    }

    private Set<String> existing() {
        Set<String> names = new TreeSet<>();
        String next = null;
        do {
            String token = next;
            ListSchedulesResponse page = scheduler.listSchedules(b -> b.groupName(settings.group()).nextToken(token));
            page.schedules().stream().map(ScheduleSummary::name).forEach(names::add);
            next = page.nextToken();
        } while (next != null && !next.isEmpty());
        return names;
    }

    private void create(Wanted w) {
        scheduler.createSchedule(b -> b.groupName(settings.group()).name(w.name()).description(description(w))
                .scheduleExpression(w.expression()).scheduleExpressionTimezone(w.timezone()).state(ScheduleState.ENABLED)
                .flexibleTimeWindow(f -> f.mode(FlexibleTimeWindowMode.OFF))
                .target(t -> t.arn(settings.targetArn()).roleArn(settings.roleArn()).input(w.input())));
    }

    private void update(Wanted w) {
        scheduler.updateSchedule(b -> b.groupName(settings.group()).name(w.name()).description(description(w))
                .scheduleExpression(w.expression()).scheduleExpressionTimezone(w.timezone()).state(ScheduleState.ENABLED)
                .flexibleTimeWindow(f -> f.mode(FlexibleTimeWindowMode.OFF))
                .target(t -> t.arn(settings.targetArn()).roleArn(settings.roleArn()).input(w.input())));
    }

    private static String description(Wanted w) {
        return DESCRIPTION + w.id();
    }

    /**
     * Whether the schedule {@code name} is one this reconciler made (its description says so): the group also holds
     * schedules it must leave alone (Terraform's tick and pipeline schedules, the orchestrator's one-time timers, a
     * team's schedule for a created state machine).
     */
    private boolean ours(String name) {
        try {
            String d = scheduler.getSchedule(b -> b.groupName(settings.group()).name(name)).description();
            return d != null && d.startsWith(DESCRIPTION);
        } catch (ResourceNotFoundException e) {
            return false; // deleted meanwhile
        }
    }

    private boolean same(GetScheduleResponse current, Wanted w) {
        return w.expression().equals(current.scheduleExpression())
                && w.timezone().equals(current.scheduleExpressionTimezone() == null ? "UTC" : current.scheduleExpressionTimezone())
                && current.state() == ScheduleState.ENABLED
                && current.flexibleTimeWindow() != null && current.flexibleTimeWindow().mode() == FlexibleTimeWindowMode.OFF
                && current.target() != null && settings.targetArn().equals(current.target().arn())
                && settings.roleArn().equals(current.target().roleArn())
                && w.input().equals(current.target().input())
                && description(w).equals(current.description());
    }
}
