package io.sluice.api.tenant;

import java.util.List;
import java.util.Locale;

/**
 * Who authenticates the callers of an API that a cloud host serves. A cloud host never runs the API in the local mode
 * ("every request may see and do everything") by default: it needs a tenants file (each request carries a tenant's
 * key), or a setting, {@value #SETTING}, naming the platform authentication in front of it — then every caller that
 * authentication lets through is the platform's operator, and only then may the API run without tenants.
 */
public final class CloudApiAuth {
    /** The setting naming the authentication in front of the API. */
    public static final String SETTING = "sluice.api.platform-auth";

    /** The authentications a platform puts in front of the API, by the values the setting takes. */
    public enum Mode {
        /** AWS API Gateway with IAM authorization: every request is SigV4-signed by a principal allowed execute-api:Invoke. */
        IAM("iam"),
        /** AWS API Gateway with a Lambda REQUEST authorizer. */
        LAMBDA_AUTHORIZER("lambda-authorizer"),
        /** Azure App Service authentication (Easy Auth) on the Function app. */
        EASY_AUTH("easy-auth"),
        /** Azure API Management in front of the Function app, the only route to it. */
        API_MANAGEMENT("api-management"),
        /**
         * Azure Functions keys: the http-api trigger's authLevel is FUNCTION ({@code ./sluice package azure --platform-auth
         * function-keys}), so the Functions host refuses a request without a function or host key before the app sees it.
         */
        FUNCTION_KEYS("function-keys");

        private final String value;

        Mode(String value) {
            this.value = value;
        }

        public String value() {
            return value;
        }
    }

    private CloudApiAuth() {}

    /**
     * The authentication {@code setting} names, or {@code null} when it is blank.
     *
     * @throws IllegalArgumentException naming the setting and the values it takes
     */
    public static Mode parse(String setting) {
        if (setting == null || setting.isBlank()) {
            return null;
        }
        String given = setting.strip().toLowerCase(Locale.ROOT);
        for (Mode m : Mode.values()) {
            if (m.value.equals(given)) {
                return m;
            }
        }
        throw new IllegalArgumentException(SETTING + " is '" + setting + "'; expected one of " + values() + ", or nothing with a tenants file");
    }

    /**
     * {@code tenants} when a cloud host may serve the API with them: configured, or unconfigured behind the platform
     * authentication {@code setting} names.
     *
     * @param where where the host looked for the tenants file, for the message
     * @throws IllegalStateException with one sentence that says what to do, when neither is there
     */
    public static Tenants require(Tenants tenants, String setting, String where) {
        Mode mode = parse(setting);
        if (tenants.configured() || mode != null) {
            return tenants;
        }
        throw new IllegalStateException("A cloud host does not serve the API without authentication: there is no tenants file at "
                + where + ". Bundle one (./sluice package <cloud> --pipelines DIR with a tenants.json) so that every request carries a"
                + " tenant's key, or, if the platform authenticates every caller in front of the API, name that with " + SETTING
                + " (one of " + values() + "); every caller it lets through is then the platform's operator.");
    }

    /** Where a cloud bundle records the authentication it was packaged for ({@code ./sluice package <cloud> --platform-auth}). */
    public static final String BUNDLED = "classpath:pipelines/platform-auth.json";

    /**
     * Checks the authentication a bundle was packaged for ({@code recorded}, {@code null} when it records none) against the
     * deployment's {@code setting}: they must name the same one. A bundle packaged for IAM but deployed with nothing in front
     * of its API (the Terraform module's {@code tenant_keys}) would otherwise trust every caller.
     *
     * @param where where the record was read, for the message
     * @throws IllegalStateException with one sentence that says what to do, when they differ
     */
    public static void requireAgreement(String recorded, String setting, String where) {
        if (recorded == null || recorded.isBlank()) {
            return;
        }
        Mode bundled;
        try {
            bundled = parse(recorded);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(where + " records the platform authentication '" + recorded + "'; expected one of " + values()
                    + ". Package the bundle again (./sluice package <cloud> --platform-auth MODE).", e);
        }
        Mode deployed = parse(setting);
        if (deployed != bundled) {
            throw new IllegalStateException("The bundle was packaged for the platform authentication '" + bundled.value + "' (" + where
                    + "), but the deployment names " + (deployed == null ? "none" : "'" + deployed.value + "'") + " (" + SETTING
                    + ", which the Terraform module sets from its API auth mode). Deploy with the matching mode, or package again with"
                    + " --platform-auth " + (deployed == null ? "left out and a tenants.json" : deployed.value) + ".");
        }
    }

    private static List<String> values() {
        return java.util.Arrays.stream(Mode.values()).map(Mode::value).toList();
    }
}
