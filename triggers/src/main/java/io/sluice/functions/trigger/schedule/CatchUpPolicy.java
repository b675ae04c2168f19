package io.sluice.functions.trigger.schedule;

/**
 * What happens to fires missed while nothing ticked (downtime), i.e. fires more than the firer's
 * grace period late. Fires within the grace period are on time and always start.
 *
 * @param limit for {@link Mode#ALL}: the most recent missed fires that still start (older ones are dropped)
 */
public record CatchUpPolicy(Mode mode, int limit) {
    public enum Mode { NONE, LATEST, ALL }

    public static final CatchUpPolicy NONE = new CatchUpPolicy(Mode.NONE, 0);
    public static final CatchUpPolicy LATEST = new CatchUpPolicy(Mode.LATEST, 1);

    public CatchUpPolicy {
        int expected = switch (mode) {
            case NONE -> 0;
            case LATEST -> 1;
            case ALL -> limit;
        };
        if (limit != expected || limit < 0 || limit > 10_000) {
            throw new ScheduleSyntaxException(mode + ":" + limit, "catch-up", "has limit " + limit
                    + ": expected none, latest, or all:N with N from 1 to 10000");
        }
        if (mode == Mode.ALL && limit < 1) {
            throw new ScheduleSyntaxException("all:" + limit, "catch-up", "needs a limit from 1 to 10000, e.g. all:24");
        }
    }

    public static CatchUpPolicy all(int limit) {
        return new CatchUpPolicy(Mode.ALL, limit);
    }

    /** {@code none}, {@code latest} or {@code all:N}. */
    public String code() {
        return switch (mode) {
            case NONE -> "none";
            case LATEST -> "latest";
            case ALL -> "all:" + limit;
        };
    }

    public static CatchUpPolicy of(String code) {
        String c = code.strip();
        if (c.equalsIgnoreCase("none")) {
            return NONE;
        }
        if (c.equalsIgnoreCase("latest")) {
            return LATEST;
        }
        if (c.regionMatches(true, 0, "all:", 0, 4) && c.substring(4).matches("\\d{1,5}")) {
            return all(Integer.parseInt(c.substring(4)));
        }
        throw new ScheduleSyntaxException(code, "catch-up", "is not a catch-up policy: expected none, latest, or all:N (N from 1 to 10000)");
    }
}
