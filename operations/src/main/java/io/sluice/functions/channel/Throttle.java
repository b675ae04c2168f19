package io.sluice.functions.channel;

import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.port.TaskQueue.Backlog;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Which channels to pause, lowest first: when a channel is under pressure (its backlog or its oldest
 * message past the thresholds), every channel below it is paused, so the capacity goes to it; when the
 * backend says it is saturated, the {@code saturation} lowest channels are paused (1: P3, 2: P3 and P2,
 * 3: P3, P2 and P1). P0 is never paused. A pure function of what it is given.
 */
public final class Throttle {
    private Throttle() {}

    /**
     * @param backlogs   each channel's backlog, where known
     * @param saturation how saturated the backend says it is, 0 (not) to 3
     */
    public static Set<Priority> paused(Map<Priority, Backlog> backlogs, int saturation, ChannelSettings.Pressure pressure) {
        EnumSet<Priority> paused = EnumSet.noneOf(Priority.class);
        Priority[] all = Priority.values();
        for (Priority p : all) {
            Backlog b = backlogs.get(p);
            if (b != null && underPressure(b, pressure)) {
                for (int i = p.ordinal() + 1; i < all.length; i++) {
                    paused.add(all[i]);
                }
                break;
            }
        }
        int s = Math.max(0, Math.min(all.length - 1, saturation));
        for (int i = 0; i < s; i++) {
            paused.add(all[all.length - 1 - i]);
        }
        return paused;
    }

    static boolean underPressure(Backlog b, ChannelSettings.Pressure pressure) {
        return b.visible() > pressure.backlog() || b.oldest().compareTo(pressure.oldest()) > 0;
    }
}
