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
 * The task functions' other priority channels on the Storage Queue transport ({@code sluice.queue=storage}):
 * {@code <SLUICE_QUEUE_PREFIX>-task-<function>-p0}, {@code -p1} and {@code -p3} (P2's is the plain queue of
 * {@link StorageQueueFunctions}), each through {@link StorageDeliveries} to {@link SluiceHandlers} with the channel
 * it came from. Disabled on a Service Bus deployment, as every {@code storage-*} function is.
 */
@Component
public class StorageChannelFunctions {
    private final SluiceHandlers handlers;
    private final StorageDeliveries deliveries;

    public StorageChannelFunctions(SluiceHandlers handlers, StorageDeliveries deliveries) {
        this.handlers = handlers;
        this.deliveries = deliveries;
    }

    @FunctionName("storage-task-read-config-p0")
    public void storageTaskReadConfigP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("read-config", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-glue-launch-p0")
    public void storageTaskGlueLaunchP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("glue-launch", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-copy-to-warehouse-p0")
    public void storageTaskCopyToWarehouseP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("copy-to-warehouse", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-push-export-p0")
    public void storageTaskPushExportP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("push-export", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-write-status-p0")
    public void storageTaskWriteStatusP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("write-status", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-dependency-check-p0")
    public void storageTaskDependencyCheckP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("dependency-check", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-integrations-p0")
    public void storageTaskIntegrationsP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("integrations", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-executions-p0")
    public void storageTaskExecutionsP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-executions-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("executions", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-map-run-p0")
    public void storageTaskMapRunP0(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p0", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("map-run", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-read-config-p1")
    public void storageTaskReadConfigP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("read-config", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-glue-launch-p1")
    public void storageTaskGlueLaunchP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("glue-launch", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-copy-to-warehouse-p1")
    public void storageTaskCopyToWarehouseP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("copy-to-warehouse", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-push-export-p1")
    public void storageTaskPushExportP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("push-export", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-write-status-p1")
    public void storageTaskWriteStatusP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("write-status", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-dependency-check-p1")
    public void storageTaskDependencyCheckP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("dependency-check", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-integrations-p1")
    public void storageTaskIntegrationsP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("integrations", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-executions-p1")
    public void storageTaskExecutionsP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-executions-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("executions", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-map-run-p1")
    public void storageTaskMapRunP1(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p1", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("map-run", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-read-config-p3")
    public void storageTaskReadConfigP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-read-config-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("read-config", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-glue-launch-p3")
    public void storageTaskGlueLaunchP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("glue-launch", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-copy-to-warehouse-p3")
    public void storageTaskCopyToWarehouseP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("copy-to-warehouse", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-push-export-p3")
    public void storageTaskPushExportP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-push-export-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("push-export", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-write-status-p3")
    public void storageTaskWriteStatusP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-write-status-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("write-status", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-dependency-check-p3")
    public void storageTaskDependencyCheckP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("dependency-check", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-integrations-p3")
    public void storageTaskIntegrationsP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-integrations-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("integrations", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-executions-p3")
    public void storageTaskExecutionsP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-executions-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("executions", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-map-run-p3")
    public void storageTaskMapRunP3(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-map-run-p3", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("map-run", Priority.P3, text, id, popReceipt, dequeueCount);
    }

    private void task(String function, Priority channel, String text, String id, String popReceipt, long dequeueCount) {
        deliveries.deliver(new StorageDeliveries.Delivered(handlers.names().tasks(function, channel), id, popReceipt, text, dequeueCount),
                m -> handlers.task(function, channel, m.body()));
    }
}
