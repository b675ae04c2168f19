package io.sluice.functions.nested;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.orchestration.port.ExecutionLinks.Kind;
import io.sluice.orchestration.port.ExecutionLinks.Link;
import io.sluice.orchestration.port.ExecutionStore;
import java.util.function.Consumer;

/**
 * A completion handler for child executions. A child started by a {@code .sync} or {@code .sync:2} task
 * reports to its parent's token: success with DescribeExecution's shape, any other end as
 * {@code States.TaskFailed} whose Cause is that description as JSON text (its Error and Cause are fields),
 * as Step Functions reports a failed child. A parent that ends other than SUCCEEDED stops the children it
 * still waits for, as Step Functions stops a {@code .sync} child with its parent. Idempotent: a repeated
 * event sends the same deduplicated messages, which the orchestrator drops once their task is done.
 */
public final class ChildCompletions implements Consumer<FinishedExecution> {
    private final ExecutionLinks links;
    private final ExecutionStore executions;
    private final ParentReports reports;

    public ChildCompletions(ExecutionLinks links, ExecutionStore executions, ParentReports reports) {
        this.links = links;
        this.executions = executions;
        this.reports = reports;
    }

    @Override
    public void accept(FinishedExecution e) {
        links.parentOf(e.executionId()).ifPresent(link -> {
            if (link.kind() == Kind.SYNC || link.kind() == Kind.SYNC_JSON) {
                report(link, e);
            }
        });
        if (e.status() != ExecutionStatus.SUCCEEDED) {
            stopChildren(e);
        }
    }

    private void report(Link link, FinishedExecution e) {
        StateMachineArn arn = StateMachineArn.parse(link.arn()).orElseThrow();
        String name = e.name() != null ? e.name() : e.executionId().substring(e.executionId().indexOf(':') + 1);
        String executionArn = arn.executionArn(name);
        ObjectNode description = e.execution() == null
                ? ExecutionDescriptions.describeGone(name, e.status(), e.error(), e.cause(), arn.text(), executionArn)
                : ExecutionDescriptions.describe(e.execution(), arn.text(), executionArn, link.kind() == Kind.SYNC_JSON);
        if (e.status() == ExecutionStatus.SUCCEEDED) {
            reports.succeeded(link.parentToken(), description);
        } else {
            reports.failed(link.parentToken(), ErrorNames.TASK_FAILED, Json.write(description));
        }
    }

    private void stopChildren(FinishedExecution parent) {
        for (Link child : links.childrenOf(parent.executionId())) {
            if ((child.kind() == Kind.SYNC || child.kind() == Kind.SYNC_JSON) && running(child.child())) {
                reports.stop(child.child(), "The parent execution " + parent.executionId() + " ended " + parent.status()
                        + " while it waited for this execution.");
            }
        }
    }

    private boolean running(String executionId) {
        return executions.load(executionId).map(s -> s.summary().status().equals(ExecutionStatus.RUNNING.name())).orElse(false);
    }
}
