package io.sluice.local.sfn;

import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.SfnError;
import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.Tenants;
import java.time.Clock;

/**
 * Who a Step Functions API request is from. Without tenants (the local mode) every request may do everything, signed
 * or not, with any key, as Step Functions Local accepts them; with tenants a request must be signed by a tenant's key.
 */
public final class SfnAuthentication {
    private SfnAuthentication() {}

    public static SfnApi.Authenticator of(Tenants tenants, Clock clock) {
        if (!tenants.configured()) {
            Caller local = new Caller.Local();
            return request -> local;
        }
        return request -> {
            throw SfnError.UNRECOGNIZED_CLIENT.with("Tenants are configured (tenants.json), and the Step Functions API does not yet"
                    + " map signed requests to them; use the HTTP API with a tenant's key.");
        };
    }
}
