package io.sluice.api.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps web pages from driving the API through the user's browser: a foreign {@code Host} (DNS
 * rebinding) is answered 421, an {@code Origin} not allowed for CORS 403, and a body that is not
 * declared JSON 415 (a page may send {@code text/plain} or a form cross-origin without asking first;
 * it may not send {@code application/json}). Each check runs before anything is read or done. The API's own
 * origin (its console) is no foreign one.
 */
final class BrowserGuardFilter extends OncePerRequestFilter {
    private static final HttpStatusCode MISDIRECTED = HttpStatusCode.valueOf(421);

    private final AllowedHosts hosts;
    private final List<String> origins;

    BrowserGuardFilter(AllowedHosts hosts, List<String> origins) {
        this.hosts = hosts;
        this.origins = origins;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String host = request.getHeader(HttpHeaders.HOST);
        if (!hosts.allows(host, request.getLocalPort())) {
            ApiProblems.write(request, response, MISDIRECTED, "misdirected-request", "Misdirected request",
                    "This API does not answer for Host " + (host == null ? "(none)" : RequestJson.shown(host))
                            + ": expected 127.0.0.1, localhost or [::1] with its port, or a name in sluice.api.allowed-hosts.");
            return;
        }
        String origin = request.getHeader(HttpHeaders.ORIGIN);
        if (origin != null && !origins.contains(origin) && !sameOrigin(origin, request.getScheme(), host)) {
            ApiProblems.write(request, response, HttpStatus.FORBIDDEN, ApiProblems.FORBIDDEN, "Forbidden",
                    "Requests from web pages of origin " + RequestJson.shown(origin) + " are refused; "
                            + "list the origin in sluice.api.cors-allowed-origins to allow them.");
            return;
        }
        if (hasBody(request) && !json(request.getContentType())) {
            ApiProblems.write(request, response, HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type", "Unsupported media type",
                    "Content-Type: expected application/json for a request body, got "
                            + (request.getContentType() == null ? "none" : RequestJson.shown(request.getContentType())) + ".",
                    Map.of("field", "Content-Type", "expected", "application/json"));
            return;
        }
        chain.doFilter(request, response);
    }

    /**
     * A page of this very API (the console) sends its own origin with its changes: scheme and Host (which has passed
     * the host check) as the request came in. A page of any other origin, another port of loopback included, does not.
     */
    static boolean sameOrigin(String origin, String scheme, String host) {
        return host != null && origin.equalsIgnoreCase(scheme + "://" + host);
    }

    private static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }

    /** {@code application/json} or {@code application/<something>+json}, with any parameters. */
    static boolean json(String contentType) {
        if (contentType == null) {
            return false;
        }
        try {
            MediaType type = MediaType.parseMediaType(contentType);
            String subtype = type.getSubtype().toLowerCase(Locale.ROOT);
            return type.getType().equalsIgnoreCase("application") && (subtype.equals("json") || subtype.endsWith("+json"));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
