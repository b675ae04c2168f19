package io.sluice.functions.tenancy;

import io.sluice.orchestration.port.SecretResolver;
import java.util.Optional;

/**
 * Secrets as a run may see them, by its {@link Owner}: a run of tenant {@code finance} that names secret
 * {@code partner-token} gets {@code finance/partner-token}, so no tenant can name its way into another's secrets; the
 * platform's own run gets the name as written; a run of no owner gets nothing ({@value Owner#NO_OWNER}). Resolved where
 * a function uses the value, never stored: configs, state, history and outputs carry only the {@code {"secret": name}}
 * reference.
 */
public final class ScopedSecrets {
    private final SecretResolver secrets;

    public ScopedSecrets(SecretResolver secrets) {
        this.secrets = secrets;
    }

    /**
     * The resolver's name of secret {@code name} as {@code owner} sees it.
     *
     * @throws IllegalArgumentException for a tenant's name with a {@code /} (it would reach out of the tenant's folder)
     * @throws OwnerRefused {@value Owner#NO_OWNER} for a run of no owner
     */
    public String qualified(Owner owner, String name) {
        owner.requireData("read secret '" + name + "'");
        if (owner instanceof Owner.Tenant t) {
            if (name.contains("/")) {
                throw new IllegalArgumentException("secret name '" + name + "' has a '/': a tenant's run names its own secrets only");
            }
            return t.name() + "/" + name;
        }
        return name;
    }

    /** The value of secret {@code name} for {@code owner}; the resolver's exceptions carry no values. */
    public Optional<String> resolve(Owner owner, String name) {
        return secrets.resolve(qualified(owner, name));
    }

    @Override
    public String toString() {
        return "ScopedSecrets[values never shown]";
    }
}
