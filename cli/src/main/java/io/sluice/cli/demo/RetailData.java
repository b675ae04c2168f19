package io.sluice.cli.demo;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Sample landing files for the retail example, the same for the same seed: one day of orders, the
 * customers they were placed by, and the day's returns, as CSV in a source system's drop folder
 * ({@code drop/<source>/<partition>.csv}). The returns file is broken on purpose: one line holds a
 * reason with an unquoted comma, so it has a field too many, as hand-edited exports do.
 */
public final class RetailData {
    /** The sources, in the order their files are written. */
    public static final List<String> SOURCES = List.of("orders", "customers", "returns");

    private static final String[] FIRST = {"Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret",
        "Dennis", "Radia", "Tim", "Sophie", "John", "Hedy", "Linus", "Karen", "Niklaus", "Annie", "Leslie"};
    private static final String[] LAST = {"Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson",
        "Hamilton", "Ritchie", "Perlman", "Berners-Lee", "Wilson", "Backus", "Lamarr", "Torvalds", "Jones", "Wirth", "Easley", "Lamport"};
    private static final String[][] CITIES = {{"Lyon", "FR"}, {"Paris", "FR"}, {"Berlin", "DE"}, {"Hamburg", "DE"}, {"Madrid", "ES"},
        {"Porto", "PT"}, {"Milan", "IT"}, {"Utrecht", "NL"}, {"Ghent", "BE"}, {"Vienna", "AT"}, {"Krakow", "PL"}, {"Dublin", "IE"}};
    private static final String[] SEGMENTS = {"bronze", "bronze", "bronze", "silver", "silver", "gold"};
    private static final String[] REASONS = {"damaged", "wrong size", "not as described", "late delivery", "changed mind"};

    /** How much to write: rows per file. */
    public record Size(int orders, int customers, int returns) {
        /** A few MB: 40,000 orders (about 3 MB), 8,000 customers, 600 returns. */
        public static final Size DEMO = new Size(40_000, 8_000, 600);

        public Size {
            if (orders < 1 || customers < 1 || returns < 2) {
                throw new IllegalArgumentException("need at least one order and customer and two returns; got " + this);
            }
        }
    }

    /** What was written: data rows (the header not counted) and bytes per source. */
    public record Written(int orders, int customers, int returns, long bytes, int badReturnsLine) {
        /** The data rows of {@code source}'s file; 0 for a source this data has no file of. */
        public long rows(String source) {
            return switch (source) {
                case "orders" -> orders;
                case "customers" -> customers;
                case "returns" -> returns;
                default -> 0;
            };
        }
    }

    private final SplittableRandom random;
    private final LocalDate day;
    private final Size size;

    public RetailData(long seed, LocalDate day, Size size) {
        this.random = new SplittableRandom(seed);
        this.day = day;
        this.size = size;
    }

    /** Writes the three files under {@code dataDir/drop/}; the returns file's line {@code badReturnsLine} (1-based, header included) is the broken one. */
    public Written write(Path dataDir) {
        try {
            long bytes = customers(file(dataDir, "customers")) + orders(file(dataDir, "orders"));
            int bad = 2 + size.returns() * 2 / 3;
            bytes += returns(file(dataDir, "returns"), bad);
            return new Written(size.orders(), size.customers(), size.returns(), bytes, bad);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write the sample data under " + dataDir, e);
        }
    }

    /** The drop file of {@code source} for the day: {@code drop/<source>/<yyyy-MM-dd>.csv}. */
    public String key(String source) {
        return "drop/" + source + "/" + day + ".csv";
    }

    private Path file(Path dataDir, String source) throws IOException {
        Path file = dataDir.resolve(key(source));
        Files.createDirectories(file.getParent());
        return file;
    }

    private long customers(Path file) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("customer_id,name,email,city,country,signup_date,segment\n");
            for (int i = 1; i <= size.customers(); i++) {
                String first = pick(FIRST);
                String last = pick(LAST);
                String[] city = CITIES[random.nextInt(CITIES.length)];
                LocalDate signup = day.minusDays(30 + random.nextInt(6 * 365));
                out.write(String.format(Locale.ROOT, "%s,%s %s,%s.%s%d@example.com,%s,%s,%s,%s%n", customerId(i), first, last,
                        first.toLowerCase(Locale.ROOT), last.toLowerCase(Locale.ROOT), i, city[0], city[1], signup, pick(SEGMENTS)));
            }
        }
        return Files.size(file);
    }

    private long orders(Path file) throws IOException {
        long dayStart = day.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("order_id,customer_id,ordered_at,store_id,sku,quantity,unit_price,currency\n");
            for (int i = 1; i <= size.orders(); i++) {
                int sku = 1 + random.nextInt(400);
                int quantity = 1 + (random.nextInt(10) < 7 ? 0 : random.nextInt(5));
                Instant at = Instant.ofEpochSecond(dayStart + (long) i * 86_399 / size.orders());
                out.write(String.format(Locale.ROOT, "%s,%s,%s,S-%03d,SKU-%04d,%d,%d.%02d,EUR%n", orderId(i),
                        customerId(1 + random.nextInt(size.customers())), at, 1 + random.nextInt(25), sku, quantity,
                        2 + sku % 97, sku * 7 % 100));
            }
        }
        return Files.size(file);
    }

    private long returns(Path file, int badLine) throws IOException {
        long dayStart = day.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("return_id,order_id,returned_at,quantity,reason\n");
            for (int i = 1; i <= size.returns(); i++) {
                String reason = i + 1 == badLine ? "wrong size, ordered a 42" : pick(REASONS);
                out.write(String.format(Locale.ROOT, "R-%06d,%s,%s,%d,%s%n", i, orderId(1 + random.nextInt(size.orders())),
                        Instant.ofEpochSecond(dayStart + (long) i * 86_399 / size.returns()), 1 + random.nextInt(2), reason));
            }
        }
        return Files.size(file);
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }

    private static String orderId(int i) {
        return String.format(Locale.ROOT, "O-%08d", i);
    }

    private static String customerId(int i) {
        return String.format(Locale.ROOT, "C-%06d", i);
    }
}
