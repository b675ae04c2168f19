package io.sluice.functions.tenancy;

import io.sluice.orchestration.port.SecretResolver;
import java.util.Optional;

/**
 * Secrets as a pipeline may see them: a pipeline of tenant {@code finance} that names secret
 * {@code partner-token} gets {@code finance/partner-token}, so no tenant can name its way into
 * another's secrets; a pipeline of no tenant gets the name as written. Resolved where a function uses
 * the value, never stored: configs, state, history and outputs carry only the {@code {"secret": name}}
 * reference.
 */
public final class ScopedSecrets {
    private final SecretResolver secrets;
    private final Tenancy tenancy;

    public ScopedSecrets(SecretResolver secrets, Tenancy tenancy) {
        this.secrets = secrets;
        this.tenancy = tenancy;
    }

    /** The resolver's name of secret {@code name} as {@code pipeline} sees it ({@code pipeline} null: outside any run). */
    public String qualified(String pipeline, String name) {
        if (name.contains("/") && pipeline != null && tenancy.tenantOf(pipeline).isPresent()) {
            // A tenant's secret names are its own: a '/' would let one name reach out of its folder.
            throw new IllegalArgumentException("secret name '" + name + "' has a '/': a tenant's pipeline names its own secrets only");
        }
        return pipeline == null ? name : tenancy.tenantOf(pipeline).map(t -> t + "/" + name).orElse(name);
    }

    /** The value of secret {@code name} for {@code pipeline}; the resolver's exceptions carry no values. */
    public Optional<String> resolve(String pipeline, String name) {
        return secrets.resolve(qualified(pipeline, name));
    }

    @Override
    public String toString() {
        return "ScopedSecrets[values never shown]";
    }
}
