package io.sluice.tests.durability;

import io.sluice.functions.orchestrator.Boundary;
import io.sluice.local.runtime.LocalRuntime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A Sluice node in its own JVM, for the crash tests: the local runtime on Redis and its queue (or ElasticMQ). With
 * a boundary and a hit number it stops dead at that boundary (writes a marker, then parks every
 * thread that reaches it) so that the test can kill the JVM with SIGKILL right there.
 *
 * <p>Arguments: redisUrl (sqsEndpoint | {@value Stack#REDIS_QUEUE}) keyPrefix queuePrefix [boundary hit markerFile]
 */
public final class CrashNode {
    private CrashNode() {}

    public static void main(String[] args) throws Exception {
        String objects = System.getProperty(Stack.OBJECTS_PROPERTY);
        Stack stack = new Stack(args[0], Stack.sqsEndpointOf(args[1]), args[2], args[3], objects == null || objects.isEmpty() ? null : Path.of(objects));
        Boundary.Probe probe = args.length > 4 ? freezeAt(Boundary.valueOf(args[4]), Integer.parseInt(args[5]), Path.of(args[6]))
                : Boundary.Probe.NONE;
        Stack.Opened opened = stack.open();
        LocalRuntime runtime = new LocalRuntime(opened.ports, LedgerFunctions.on(opened.redis.redisson(), stack.keyPrefix()),
                List.of("ledger"), stack.settings(probe), Clock.systemUTC());
        System.out.println("node ready");
        System.out.flush();
        Thread.currentThread().join();
        runtime.close();
    }

    private static Boundary.Probe freezeAt(Boundary boundary, int hit, Path marker) {
        AtomicInteger hits = new AtomicInteger();
        return b -> {
            if (b == boundary && hits.incrementAndGet() >= hit) {
                try {
                    Files.writeString(marker, b.name());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                while (true) {
                    LockSupport.park();
                }
            }
        };
    }
}
