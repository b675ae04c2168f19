package io.sluice.functions.trigger.schedule;

import java.time.DateTimeException;
import java.time.ZoneId;

/** Time zones by IANA name, with an error that says what was expected. */
final class Zones {
    private Zones() {}

    static ZoneId of(String name) {
        if (name == null || name.isBlank()) {
            throw new ScheduleSyntaxException(String.valueOf(name), null, "is not a time zone: expected an IANA name such as Europe/Berlin or UTC");
        }
        try {
            return ZoneId.of(name.strip());
        } catch (DateTimeException e) {
            throw new ScheduleSyntaxException(name, null, "is not a time zone: expected an IANA name such as Europe/Berlin or UTC");
        }
    }
}
