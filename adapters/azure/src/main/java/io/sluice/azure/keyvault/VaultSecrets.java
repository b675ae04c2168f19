package io.sluice.azure.keyvault;

import com.azure.core.exception.ResourceNotFoundException;
import com.azure.security.keyvault.secrets.SecretClient;
import java.util.Optional;

/** Reads one secret's current value from a vault; the seam between the resolver's cache and the SDK. */
@FunctionalInterface
public interface VaultSecrets {

    /** The current value of vault secret {@code vaultName}, empty when there is none. */
    Optional<String> value(String vaultName);

    /** Through the Key Vault SDK: {@code GET /secrets/<name>}, the latest version; 404 is empty. */
    static VaultSecrets of(SecretClient client) {
        return vaultName -> {
            try {
                return Optional.ofNullable(client.getSecret(vaultName).getValue());
            } catch (ResourceNotFoundException e) {
                return Optional.empty();
            }
        };
    }
}
