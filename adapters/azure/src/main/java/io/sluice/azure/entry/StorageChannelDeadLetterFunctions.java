package io.sluice.azure.entry;

import static io.sluice.azure.entry.StorageQueueFunctions.CONNECTION;
import static io.sluice.azure.entry.StorageQueueFunctions.PREFIX;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.BindingName;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.QueueTrigger;
import io.sluice.azure.host.SluiceHandlers;
import io.sluice.functions.priority.Priority;
import org.springframework.stereotype.Component;

/**
 * {@code dlq-handler} for the other priority channels on the Storage Queue transport: one trigger per channel's
 * dead-letter queue {@code <prefix>-task-<function>-p0-dlq} (and {@code -p1}, {@code -p3}), as
 * {@link StorageDeadLetterFunctions} has for the P2 queues.
 */
@Component
public class StorageChannelDeadLetterFunctions {
    private final SluiceHandlers handlers;
    private final StorageDeliveries deliveries;

    public StorageChannelDeadLetterFunctions(SluiceHandlers handlers, StorageDeliveries deliveries) {
        this.handlers = handlers;
        this.deliveries = deliveries;
    }

    @FunctionName("storage-dlq-task-read-config-p0")
    public void storageDlqTaskReadConfigP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("read-config", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-glue-launch-p0")
    public void storageDlqTaskGlueLaunchP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("glue-launch", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-copy-to-warehouse-p0")
    public void storageDlqTaskCopyToWarehouseP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("copy-to-warehouse", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-push-export-p0")
    public void storageDlqTaskPushExportP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("push-export", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-write-status-p0")
    public void storageDlqTaskWriteStatusP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("write-status", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-dependency-check-p0")
    public void storageDlqTaskDependencyCheckP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("dependency-check", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-integrations-p0")
    public void storageDlqTaskIntegrationsP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("integrations", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-executions-p0")
    public void storageDlqTaskExecutionsP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-executions-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("executions", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-map-run-p0")
    public void storageDlqTaskMapRunP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p0-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("map-run", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-read-config-p1")
    public void storageDlqTaskReadConfigP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("read-config", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-glue-launch-p1")
    public void storageDlqTaskGlueLaunchP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("glue-launch", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-copy-to-warehouse-p1")
    public void storageDlqTaskCopyToWarehouseP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("copy-to-warehouse", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-push-export-p1")
    public void storageDlqTaskPushExportP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("push-export", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-write-status-p1")
    public void storageDlqTaskWriteStatusP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("write-status", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-dependency-check-p1")
    public void storageDlqTaskDependencyCheckP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("dependency-check", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-integrations-p1")
    public void storageDlqTaskIntegrationsP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("integrations", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-executions-p1")
    public void storageDlqTaskExecutionsP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-executions-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("executions", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-map-run-p1")
    public void storageDlqTaskMapRunP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p1-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("map-run", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-read-config-p3")
    public void storageDlqTaskReadConfigP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("read-config", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-glue-launch-p3")
    public void storageDlqTaskGlueLaunchP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("glue-launch", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-copy-to-warehouse-p3")
    public void storageDlqTaskCopyToWarehouseP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("copy-to-warehouse", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-push-export-p3")
    public void storageDlqTaskPushExportP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("push-export", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-write-status-p3")
    public void storageDlqTaskWriteStatusP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("write-status", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-dependency-check-p3")
    public void storageDlqTaskDependencyCheckP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("dependency-check", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-integrations-p3")
    public void storageDlqTaskIntegrationsP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("integrations", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-executions-p3")
    public void storageDlqTaskExecutionsP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-executions-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("executions", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-map-run-p3")
    public void storageDlqTaskMapRunP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p3-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter("map-run", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    private void deadLetter(String function, Priority channel, String text, String id, String popReceipt, long dequeueCount) {
        String source = handlers.names().tasks(function, channel);
        deliveries.deliver(new StorageDeliveries.Delivered(source + "-dlq", id, popReceipt, text, dequeueCount),
                m -> handlers.deadLetter(source, m));
    }
}
