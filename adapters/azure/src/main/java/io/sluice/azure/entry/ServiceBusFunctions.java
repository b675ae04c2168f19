package io.sluice.azure.entry;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.BindingName;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.ServiceBusQueueTrigger;
import io.sluice.azure.host.SluiceHandlers;
import org.springframework.stereotype.Component;

/**
 * The queue functions on the Service Bus transport ({@code sluice.queue=servicebus}; what the Terraform module
 * deploys): one trigger per queue, {@code <SLUICE_QUEUE_PREFIX>-orchestrator} with sessions (a session is an
 * execution: its messages are applied one at a time across every instance), {@code -events} and
 * {@code -task-<function>}. The host completes a message when the function returns and abandons it when it throws
 * (a message that is not done yet), and dead-letters it after the queue's MaxDeliveryCount. The connection is the
 * app setting prefix {@code SluiceServiceBus} ({@code SluiceServiceBus__fullyQualifiedNamespace}, identity based).
 */
@Component
public class ServiceBusFunctions {
    static final String PREFIX = "%SLUICE_QUEUE_PREFIX%-";
    static final String CONNECTION = "SluiceServiceBus";

    private final SluiceHandlers handlers;

    public ServiceBusFunctions(SluiceHandlers handlers) {
        this.handlers = handlers;
    }

    @FunctionName("orchestrator")
    public void orchestrator(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "orchestrator", connection = CONNECTION, isSessionsEnabled = true) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.orchestrator(body), messageId);
    }

    @FunctionName("events")
    public void events(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "events", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.events(body), messageId);
    }

    @FunctionName("task-read-config")
    public void taskReadConfig(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-read-config", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("read-config", body), messageId);
    }

    @FunctionName("task-glue-launch")
    public void taskGlueLaunch(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("glue-launch", body), messageId);
    }

    @FunctionName("task-copy-to-warehouse")
    public void taskCopyToWarehouse(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("copy-to-warehouse", body), messageId);
    }

    @FunctionName("task-push-export")
    public void taskPushExport(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-push-export", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("push-export", body), messageId);
    }

    @FunctionName("task-write-status")
    public void taskWriteStatus(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-write-status", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("write-status", body), messageId);
    }

    @FunctionName("task-dependency-check")
    public void taskDependencyCheck(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("dependency-check", body), messageId);
    }

    @FunctionName("task-integrations")
    public void taskIntegrations(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-integrations", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("integrations", body), messageId);
    }

    @FunctionName("task-executions")
    public void taskExecutions(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-executions", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("executions", body), messageId);
    }

    @FunctionName("task-map-run")
    public void taskMapRun(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-map-run", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("map-run", body), messageId);
    }

    static void done(boolean done, String messageId) {
        if (!done) {
            throw new IllegalStateException("message " + messageId + " is not done yet (another worker holds its task); Service Bus"
                    + " delivers it again");
        }
    }
}
