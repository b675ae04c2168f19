package io.sluice.azure.queue;

import io.sluice.azure.AzuriteClients;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.contract.TaskQueueContract;
import java.time.Clock;

/**
 * The whole task queue contract against Azurite's Queue and Table services: groups, ordering, deduplication,
 * delays and dead-lettering as {@link StorageTaskQueue} emulates them. One bookkeeping table for the class;
 * every test has its own queue names (so its own partitions).
 */
class StorageTaskQueueTest extends TaskQueueContract {
    private static final String TABLE = AzuriteClients.newTableName("queues");

    @Override
    protected TaskQueue createQueue() {
        return new StorageTaskQueue(AzuriteClients.queues(), AzuriteClients.tables(), TABLE, 3, Clock.systemUTC());
    }
}
