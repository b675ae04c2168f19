package io.sluice.local.sfn;

import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.TenantSigning;
import io.sluice.api.tenant.Tenants;
import io.sluice.orchestration.port.SecretResolver;
import java.time.Clock;

/**
 * Who a Step Functions API request to the local runtime is from ({@link TenantSigning#local}): without tenants (the
 * local mode) every request may do everything, signed or not, with any key, as Step Functions Local accepts them. With
 * tenants, a request must be signed with a tenant's key, whose signing secret is the file
 * {@code <secrets-dir>/<tenant>/sigv4-<id>} of the secrets folder.
 */
public final class SfnAuthentication {
    private SfnAuthentication() {}

    public static SfnApi.Authenticator of(Tenants tenants, SecretResolver secrets, Clock clock) {
        return TenantSigning.local(tenants, secrets, clock);
    }

    /** The secret a tenant's key signs Step Functions API requests with. */
    public static String secretName(String tenant, String keyId) {
        return TenantSigning.secretName(tenant, keyId);
    }
}
