package io.sluice.local.app;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Runs the app's cleanup when the test run ends, before the JVM begins to exit: a JVM shutdown hook
 * races with the build tool, which stops waiting for a forked JVM after a while (on a busy machine a
 * run left its keys in Redis that way). Registered in {@code META-INF/services}.
 */
public final class AppCleanup implements LauncherSessionListener {
    private static final List<Runnable> ACTIONS = new CopyOnWriteArrayList<>();

    /** A registered cleanup, kept as a bean so the registration shows in the context. */
    public record Registration(Runnable action) {}

    static Registration register(Runnable action) {
        ACTIONS.add(action);
        return new Registration(action);
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        for (Runnable action : ACTIONS) {
            try {
                action.run();
            } catch (RuntimeException e) {
                System.err.println("test cleanup failed: " + e);
            }
        }
        ACTIONS.clear();
    }
}
