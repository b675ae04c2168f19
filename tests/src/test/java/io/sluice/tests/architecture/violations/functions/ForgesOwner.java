package io.sluice.tests.architecture.violations.functions;

import io.sluice.functions.tenancy.Owner;

/** Bad: a function making an owner for its run instead of taking the one its context carries. */
public class ForgesOwner {
    Owner asOtherTenant() {
        return new Owner.Tenant("other", "other-pipeline", null);
    }

    Owner asPlatform() {
        return new Owner.Platform(null, null);
    }
}
