package io.sluice.orchestration.integration;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Where a definition runs: one machine, AWS, or Azure. What each runs is {@link IntegrationCatalog}'s table. */
public enum Platform {
    LOCAL, AWS, AZURE;

    /** {@code local}, {@code aws}, {@code azure}: as users write it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Platform> byId(String id) {
        return Arrays.stream(values()).filter(p -> p.id().equalsIgnoreCase(id == null ? "" : id.strip())).findFirst();
    }
}
