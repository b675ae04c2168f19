package io.sluice.azure.entry;

import static io.sluice.azure.entry.ServiceBusFunctions.CONNECTION;
import static io.sluice.azure.entry.ServiceBusFunctions.PREFIX;
import static io.sluice.azure.entry.ServiceBusFunctions.done;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.BindingName;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.ServiceBusQueueTrigger;
import io.sluice.azure.host.SluiceHandlers;
import io.sluice.functions.priority.Priority;
import org.springframework.stereotype.Component;

/**
 * The task functions' other priority channels on Service Bus: {@code <SLUICE_QUEUE_PREFIX>-task-<function>-p0},
 * {@code -p1} and {@code -p3} (P2's is the plain {@code -task-<function>} of {@link ServiceBusFunctions}), one trigger
 * each, named {@code task-<function>-p0} and so on. Each hands the worker the channel it came from, so a task held by
 * a rule goes back to the same channel. A deployment without a channel (the Terraform module's
 * {@code priority_channels}) disables its functions ({@code AzureWebJobs.task-<function>-p0.Disabled}).
 */
@Component
public class ServiceBusChannelFunctions {
    private final SluiceHandlers handlers;

    public ServiceBusChannelFunctions(SluiceHandlers handlers) {
        this.handlers = handlers;
    }

    @FunctionName("task-read-config-p0")
    public void taskReadConfigP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("read-config", Priority.P0, body), messageId);
    }

    @FunctionName("task-glue-launch-p0")
    public void taskGlueLaunchP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("glue-launch", Priority.P0, body), messageId);
    }

    @FunctionName("task-copy-to-warehouse-p0")
    public void taskCopyToWarehouseP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("copy-to-warehouse", Priority.P0, body), messageId);
    }

    @FunctionName("task-push-export-p0")
    public void taskPushExportP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("push-export", Priority.P0, body), messageId);
    }

    @FunctionName("task-write-status-p0")
    public void taskWriteStatusP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("write-status", Priority.P0, body), messageId);
    }

    @FunctionName("task-dependency-check-p0")
    public void taskDependencyCheckP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("dependency-check", Priority.P0, body), messageId);
    }

    @FunctionName("task-integrations-p0")
    public void taskIntegrationsP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("integrations", Priority.P0, body), messageId);
    }

    @FunctionName("task-executions-p0")
    public void taskExecutionsP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-executions-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("executions", Priority.P0, body), messageId);
    }

    @FunctionName("task-map-run-p0")
    public void taskMapRunP0(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p0", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("map-run", Priority.P0, body), messageId);
    }

    @FunctionName("task-read-config-p1")
    public void taskReadConfigP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("read-config", Priority.P1, body), messageId);
    }

    @FunctionName("task-glue-launch-p1")
    public void taskGlueLaunchP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("glue-launch", Priority.P1, body), messageId);
    }

    @FunctionName("task-copy-to-warehouse-p1")
    public void taskCopyToWarehouseP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("copy-to-warehouse", Priority.P1, body), messageId);
    }

    @FunctionName("task-push-export-p1")
    public void taskPushExportP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("push-export", Priority.P1, body), messageId);
    }

    @FunctionName("task-write-status-p1")
    public void taskWriteStatusP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("write-status", Priority.P1, body), messageId);
    }

    @FunctionName("task-dependency-check-p1")
    public void taskDependencyCheckP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("dependency-check", Priority.P1, body), messageId);
    }

    @FunctionName("task-integrations-p1")
    public void taskIntegrationsP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("integrations", Priority.P1, body), messageId);
    }

    @FunctionName("task-executions-p1")
    public void taskExecutionsP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-executions-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("executions", Priority.P1, body), messageId);
    }

    @FunctionName("task-map-run-p1")
    public void taskMapRunP1(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p1", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("map-run", Priority.P1, body), messageId);
    }

    @FunctionName("task-read-config-p3")
    public void taskReadConfigP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("read-config", Priority.P3, body), messageId);
    }

    @FunctionName("task-glue-launch-p3")
    public void taskGlueLaunchP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("glue-launch", Priority.P3, body), messageId);
    }

    @FunctionName("task-copy-to-warehouse-p3")
    public void taskCopyToWarehouseP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("copy-to-warehouse", Priority.P3, body), messageId);
    }

    @FunctionName("task-push-export-p3")
    public void taskPushExportP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("push-export", Priority.P3, body), messageId);
    }

    @FunctionName("task-write-status-p3")
    public void taskWriteStatusP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("write-status", Priority.P3, body), messageId);
    }

    @FunctionName("task-dependency-check-p3")
    public void taskDependencyCheckP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("dependency-check", Priority.P3, body), messageId);
    }

    @FunctionName("task-integrations-p3")
    public void taskIntegrationsP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("integrations", Priority.P3, body), messageId);
    }

    @FunctionName("task-executions-p3")
    public void taskExecutionsP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-executions-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("executions", Priority.P3, body), messageId);
    }

    @FunctionName("task-map-run-p3")
    public void taskMapRunP3(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p3", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, ExecutionContext context) {
        done(handlers.task("map-run", Priority.P3, body), messageId);
    }
}
