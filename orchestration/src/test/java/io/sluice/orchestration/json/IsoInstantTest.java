package io.sluice.orchestration.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link IsoInstant} writes what {@link Instant#toString()} does and reads what {@link Instant#parse} does: the JDK is the oracle. */
class IsoInstantTest {
    @Test
    void theEdgesOfTheCalendarAndOfTheFastPathReadAsTheJdkWritesThem() {
        for (String text : new String[] {"1970-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
                "2000-02-29T12:00:00.5Z", "1900-03-01T00:00:00Z", "2024-02-29T23:59:59.000001Z", "1969-12-31T23:59:59.999Z",
                "0000-12-31T23:59:59Z", "+10000-01-01T00:00:00Z", "-0001-06-01T00:00:00Z", "2026-12-07T07:30:00.120Z"}) {
            Instant t = Instant.parse(text);
            assertThat(IsoInstant.format(t)).as(text).isEqualTo(t.toString());
        }
        assertThat(IsoInstant.format(Instant.MIN)).isEqualTo(Instant.MIN.toString());
        assertThat(IsoInstant.format(Instant.MAX)).isEqualTo(Instant.MAX.toString());
    }

    @Test
    void anyInstantOfTheYearsOneTo9999WithAnyFractionReadsAsTheJdkWritesIt() {
        SplittableRandom random = new SplittableRandom(2026);
        long first = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond();
        long end = Instant.parse("10000-01-01T00:00:00Z".replace("10000", "+10000")).getEpochSecond();
        for (int i = 0; i < 200_000; i++) {
            long seconds = random.nextLong(first, end);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1_000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant t = Instant.ofEpochSecond(seconds, nanos);
            assertThat(IsoInstant.format(t)).isEqualTo(t.toString());
            assertThat(IsoInstant.parse(t.toString())).isEqualTo(t);
            String fraction = Integer.toString(1_000_000_000 + random.nextInt(1_000_000_000)).substring(1, 2 + i % 9);
            String text = t.toString().substring(0, 19) + "." + fraction + "Z"; // 1 to 9 digits, trailing zeros kept
            assertThat(IsoInstant.parse(text)).as(text).isEqualTo(Instant.parse(text));
        }
    }

    @Test
    void whatTheFastPathDoesNotReadTheJdkReadsOrRefusesAsBefore() {
        for (String text : new String[] {"0000-12-31T23:59:59Z", "+10000-01-01T00:00:00Z", "-0001-06-01T00:00:00Z",
                "2026-12-07t07:30:00z", "2026-12-07T24:00:00Z", "2026-12-31T23:59:60Z", "2026-12-07T07:30:00+01:00",
                "2026-12-07T07:30:00.000000000Z", "2024-02-29T00:00:00Z", "2026-12-07T07:30:00.Z"}) {
            assertThat(IsoInstant.parse(text)).as(text).isEqualTo(Instant.parse(text));
        }
        for (String text : new String[] {"2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-04-31T00:00:00Z",
                "2026-12-07T07:60:00Z", "2026-12-07T07:30:00.1234567890Z", "2026-12-07T07:3a:00Z",
                "2026-12-07 07:30:00Z", "2026-12-07T07:30:00", "", "2026-00-10T00:00:00Z", "2026-12-00T00:00:00Z"}) {
            assertThatThrownBy(() -> Instant.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
            assertThatThrownBy(() -> IsoInstant.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
        }
    }
}
