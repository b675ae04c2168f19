package io.sluice.aws.snapstart;

import java.util.List;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SnapStart hooks of a Lambda that runs the Spring application through {@code FunctionInvoker} (every function but the
 * orchestrator, whose handler has its own: {@code lean.SnapStartHooks}). Lambda's SnapStart calls {@code org.crac}
 * resources around the snapshot (https://docs.aws.amazon.com/lambda/latest/dg/snapstart-runtime-hooks-java.html): before
 * it, each client is closed, since a snapshot's connections are dead when it is restored; after a restore each is opened
 * anew, reading again what may have changed (the Redis AUTH secret). On a JVM without CRaC, {@code org.crac} registers
 * nothing and these are never called. The restore hook must finish within Lambda's 10 s limit: opening one Redis
 * connection does.
 */
public final class RestoreHooks implements Resource {
    /** A client that can be closed before a snapshot and opened again after a restore. */
    public interface Restorable {
        void closeForCheckpoint() throws Exception;

        void openAfterRestore() throws Exception;
    }

    private static final Logger LOG = LoggerFactory.getLogger(RestoreHooks.class);

    private final List<Restorable> clients;

    public RestoreHooks(List<Restorable> clients) {
        this.clients = List.copyOf(clients);
    }

    /** Registers the hooks with the JVM's global CRaC context; the caller keeps them (a Spring bean) so they stay reachable. */
    public RestoreHooks register() {
        Core.getGlobalContext().register(this);
        return this;
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) throws Exception {
        for (Restorable c : clients) {
            c.closeForCheckpoint();
        }
        LOG.info("snapstart.before-checkpoint: {} client(s) closed", clients.size());
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) throws Exception {
        for (Restorable c : clients) {
            c.openAfterRestore();
        }
        LOG.info("snapstart.after-restore: {} client(s) opened", clients.size());
    }
}
