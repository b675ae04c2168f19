package io.sluice.api.sfn;

import io.sluice.api.tenant.Caller;

/**
 * What a caller may see and change, answered as the service answers: a machine or execution the caller's tenant does
 * not own does not exist for it (the same answer as a missing one, so names do not leak); a reader's key may only read.
 */
final class Access {
    private Access() {}

    static void sees(Caller caller, String machine, SfnError notFound, String what) {
        if (!caller.sees(machine)) {
            throw notFound.with(what + " does not exist.");
        }
    }

    static void mayChange(Caller caller) {
        if (!caller.mayChange()) {
            throw SfnError.ACCESS_DENIED.with("This key may read only; the operation needs an operator key.");
        }
    }
}
