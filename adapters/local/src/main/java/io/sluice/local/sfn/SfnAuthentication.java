package io.sluice.local.sfn;

import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.SigV4Authenticator;
import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.Tenants;
import io.sluice.orchestration.port.SecretResolver;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * Who a Step Functions API request is from. Without tenants (the local mode) every request may do everything, signed
 * or not, with any key, as Step Functions Local accepts them. With tenants, a request must be signed (Signature Version 4)
 * with a tenant's key: its access key id is the key's {@code id} in {@code tenants.json} ({@code <tenant>:<id>} when
 * tenants share an id), and its secret access key is the secret {@code <tenant>/sigv4-<id>}, a file of the secrets
 * folder ({@code <secrets-dir>/<tenant>/sigv4-<id>}). tenants.json keeps only keys' hashes, and a signature cannot be
 * checked against a hash, so the signing secret is kept where the runtime's other secrets are. The key's role and
 * tenant then decide what the request may see and do, as for the HTTP API.
 */
public final class SfnAuthentication {
    private SfnAuthentication() {}

    public static SfnApi.Authenticator of(Tenants tenants, SecretResolver secrets, Clock clock) {
        if (!tenants.configured()) {
            Caller local = new Caller.Local();
            return request -> local;
        }
        return new SigV4Authenticator(accessKeyId -> credential(tenants, secrets, accessKeyId), clock);
    }

    /** The secret a tenant's key signs Step Functions API requests with. */
    public static String secretName(String tenant, String keyId) {
        return tenant + "/sigv4-" + keyId;
    }

    private static Optional<SigV4Authenticator.Credential> credential(Tenants tenants, SecretResolver secrets, String accessKeyId) {
        int colon = accessKeyId.indexOf(':');
        String id = colon < 0 ? accessKeyId : accessKeyId.substring(colon + 1);
        List<Caller.TenantKey> keys = tenants.withKeyId(id).stream()
                .filter(k -> colon < 0 || k.tenant().equals(accessKeyId.substring(0, colon))).toList();
        if (keys.size() != 1) {
            return Optional.empty();
        }
        Caller.TenantKey key = keys.get(0);
        return secrets.resolve(secretName(key.tenant(), key.keyId())).map(secret -> new SigV4Authenticator.Credential(key, secret));
    }
}
