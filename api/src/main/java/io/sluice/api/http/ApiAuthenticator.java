package io.sluice.api.http;

import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.CloudApiAuth;
import io.sluice.api.tenant.Tenants;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;

/**
 * Who a request comes from: in the local mode (no tenants) everyone is {@link Caller.Local}; with
 * tenants, the bearer key of the {@code Authorization} header must be one of a tenant's, else 401
 * with the RFC 6750 challenge. Behind API Gateway's IAM authorization ({@code sluice.api.platform-auth=iam}) the
 * {@code Authorization} header is the caller's SigV4 signature, which API Gateway has already checked: it is never read
 * as a bearer key, and every caller is the platform's operator, tenants file or not.
 */
final class ApiAuthenticator {
    static final String CALLER = ApiAuthenticator.class.getName() + ".caller";
    private static final String CHALLENGE = "Bearer realm=\"sluice\"";
    private static final String BEARER = "bearer ";
    private static final int MAX_KEY = 512;

    private final Tenants tenants;
    private final boolean platformSigned;

    ApiAuthenticator(Tenants tenants) {
        this(tenants, null);
    }

    ApiAuthenticator(Tenants tenants, CloudApiAuth.Mode platform) {
        this.tenants = tenants;
        this.platformSigned = platform == CloudApiAuth.Mode.IAM;
    }

    Tenants tenants() {
        return tenants;
    }

    Caller authenticate(HttpServletRequest request) {
        if (!tenants.configured() || platformSigned) {
            return new Caller.Local();
        }
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || header.isBlank()) {
            throw new ApiProblems.Unauthorized("This API needs a key: send 'Authorization: Bearer <key>'.", CHALLENGE);
        }
        if (!header.regionMatches(true, 0, BEARER, 0, BEARER.length()) || header.length() > BEARER.length() + MAX_KEY) {
            throw new ApiProblems.Unauthorized("Authorization: expected 'Bearer <key>'.",
                    CHALLENGE + ", error=\"invalid_request\"");
        }
        String key = header.substring(BEARER.length()).strip();
        return tenants.authenticate(key).<Caller>map(c -> c).orElseThrow(() -> new ApiProblems.Unauthorized(
                "The API key is not valid (unknown, or revoked).", CHALLENGE + ", error=\"invalid_token\""));
    }

    /** The caller the interceptor found for this request. */
    static Caller of(HttpServletRequest request) {
        Object c = request.getAttribute(CALLER);
        if (c instanceof Caller caller) {
            return caller;
        }
        throw new IllegalStateException("no caller for " + request.getRequestURI() + ": the route is not behind the API key check");
    }
}
