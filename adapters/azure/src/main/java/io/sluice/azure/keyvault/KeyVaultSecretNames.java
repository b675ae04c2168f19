package io.sluice.azure.keyvault;

import java.util.regex.Pattern;

/**
 * Sluice secret names as Key Vault secret names. Key Vault allows 1-127 letters, digits and dashes and
 * compares names without regard to case, so:
 *
 * <ul>
 *   <li>a platform secret ({@code warehouse-password}) is its own name; it may not contain {@code --},
 *       which is kept for tenants;</li>
 *   <li>a tenant's secret, as {@code ScopedSecrets} names it ({@code finance/partner-token}), is
 *       {@code finance--partner-token}. The tenant part must be lower-case letters and digits in single-dash
 *       words (two tenants differing only in case would otherwise share a vault name), the name part letters,
 *       digits and single dashes. The first {@code --} then always ends the tenant, so no two Sluice names map
 *       to one vault name and no platform name reaches into a tenant's.</li>
 * </ul>
 * Any other name is refused with a sentence naming it (a name is not a secret; its value never appears).
 */
final class KeyVaultSecretNames {
    private static final Pattern PLATFORM = Pattern.compile("[A-Za-z0-9]+(-[A-Za-z0-9]+)*");
    private static final Pattern TENANT = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final int MAX_LENGTH = 127;

    private KeyVaultSecretNames() {}

    static String of(String name) {
        int slash = name.indexOf('/');
        String vaultName;
        if (slash < 0) {
            if (!PLATFORM.matcher(name).matches()) {
                throw new IllegalArgumentException("secret name '" + name + "' cannot be a Key Vault secret name: use letters, digits and"
                        + " single dashes ('--' is kept for tenants' secrets)");
            }
            vaultName = name;
        } else {
            String tenant = name.substring(0, slash);
            String own = name.substring(slash + 1);
            if (!TENANT.matcher(tenant).matches() || !PLATFORM.matcher(own).matches()) {
                throw new IllegalArgumentException("tenant secret '" + name + "' cannot be a Key Vault secret name: the tenant must be"
                        + " lower-case letters and digits in single-dash words, the name letters, digits and single dashes");
            }
            vaultName = tenant + "--" + own;
        }
        if (vaultName.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("secret name '" + name + "' is longer than Key Vault's " + MAX_LENGTH + " characters");
        }
        return vaultName;
    }
}
