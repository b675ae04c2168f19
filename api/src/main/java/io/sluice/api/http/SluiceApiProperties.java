package io.sluice.api.http;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the HTTP API ({@code sluice.api.*}).
 *
 * @param tenantsFile         the tenants and their key hashes; blank for {@code tenants.json} in the pipelines folder.
 *                            No such file: the local mode, where every request may do everything
 * @param requireTenants      refuse to start without a tenants file (for a server others can reach)
 * @param maxBodyBytes        the largest request body accepted; a larger one is answered 413
 * @param allowedHosts        {@code Host} header values accepted besides {@code 127.0.0.1}, {@code localhost} and
 *                            {@code [::1]} on the listening port: {@code name} (any port) or {@code name:port}. Any other
 *                            Host is answered 421, which defeats DNS rebinding
 * @param corsAllowedOrigins  origins (scheme://host[:port]) whose pages may call the API; a request with any other
 *                            {@code Origin} is answered 403, and no CORS headers are sent for it
 * @param startsPerSecond     starts a tenant may make per second, on average (0: no limit); more are answered 429
 * @param startsBurst         starts a tenant may make at once after a quiet spell
 * @param tenantStarts        limits of particular tenants, by tenant name, instead of the two above
 */
@ConfigurationProperties("sluice.api")
public record SluiceApiProperties(Path tenantsFile, @DefaultValue("false") boolean requireTenants,
                                  @DefaultValue("262144") long maxBodyBytes, List<String> allowedHosts,
                                  List<String> corsAllowedOrigins, @DefaultValue("50") double startsPerSecond,
                                  @DefaultValue("100") int startsBurst, Map<String, StartLimit> tenantStarts) {
    /** One tenant's start limit: {@code perSecond} on average, {@code burst} at once. */
    public record StartLimit(double perSecond, @DefaultValue("1") int burst) {}

    public SluiceApiProperties {
        tenantStarts = tenantStarts == null ? Map.of() : Map.copyOf(tenantStarts);
        allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
        corsAllowedOrigins = corsAllowedOrigins == null ? List.of() : List.copyOf(corsAllowedOrigins);
    }
}
