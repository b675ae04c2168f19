package io.sluice.api.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Authenticates every API route (the configuration lists the few public ones), so a new controller is
 * behind the key check unless it is deliberately left out. Its 401 goes through the exception handler.
 */
final class AuthInterceptor implements HandlerInterceptor {
    private final ApiAuthenticator authenticator;

    AuthInterceptor(ApiAuthenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        request.setAttribute(ApiAuthenticator.CALLER, authenticator.authenticate(request));
        return true;
    }
}
