package io.sluice.azure.entry;

import static io.sluice.azure.entry.StorageQueueFunctions.CONNECTION;
import static io.sluice.azure.entry.StorageQueueFunctions.PREFIX;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.BindingName;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.QueueTrigger;
import io.sluice.azure.host.SluiceHandlers;
import org.springframework.stereotype.Component;

/**
 * {@code dlq-handler} on the Storage Queue transport: one trigger per dead-letter queue {@code <queue>-dlq} (where
 * {@code StorageTaskQueue} moves a message received more than {@code max-receives} times); the execution the message
 * belonged to fails with {@code Sluice.PoisonMessage}, and one alert is raised.
 */
@Component
public class StorageDeadLetterFunctions {
    private final SluiceHandlers handlers;
    private final StorageDeliveries deliveries;

    public StorageDeadLetterFunctions(SluiceHandlers handlers, StorageDeliveries deliveries) {
        this.handlers = handlers;
        this.deliveries = deliveries;
    }

    @FunctionName("storage-dlq-orchestrator")
    public void storageDlqOrchestrator(
            @QueueTrigger(name = "message", queueName = PREFIX + "orchestrator-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().orchestrator(), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-events")
    public void storageDlqEvents(
            @QueueTrigger(name = "message", queueName = PREFIX + "events-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().events(), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-read-config")
    public void storageDlqTaskReadConfig(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-read-config-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("read-config"), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-glue-launch")
    public void storageDlqTaskGlueLaunch(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("glue-launch"), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-copy-to-warehouse")
    public void storageDlqTaskCopyToWarehouse(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("copy-to-warehouse"), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-push-export")
    public void storageDlqTaskPushExport(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-push-export-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("push-export"), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-write-status")
    public void storageDlqTaskWriteStatus(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-write-status-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("write-status"), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-dependency-check")
    public void storageDlqTaskDependencyCheck(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("dependency-check"), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-integrations")
    public void storageDlqTaskIntegrations(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-integrations-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("integrations"), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-executions")
    public void storageDlqTaskExecutions(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-executions-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("executions"), text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-dlq-task-map-run")
    public void storageDlqTaskMapRun(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-map-run-dlq", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deadLetter(handlers.names().tasks("map-run"), text, id, popReceipt, dequeueCount);
    }

    private void deadLetter(String source, String text, String id, String popReceipt, long dequeueCount) {
        deliveries.deliver(new StorageDeliveries.Delivered(source + "-dlq", id, popReceipt, text, dequeueCount),
                m -> handlers.deadLetter(source, m));
    }
}
