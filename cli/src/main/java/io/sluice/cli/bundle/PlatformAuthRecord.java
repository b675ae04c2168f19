package io.sluice.cli.bundle;

import io.sluice.api.tenant.CloudApiAuth;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The platform authentication a cloud bundle is packaged for ({@code ./sluice package aws|azure --platform-auth MODE}),
 * one rule for both clouds: the mode must be one the cloud can put in front of the API; a folder without a
 * {@code tenants.json} needs one (the http-api would refuse to start); and the bundle records it as
 * {@code pipelines/platform-auth.json} ({@link CloudApiAuth#BUNDLED}), which the http-api checks against the
 * deployment's setting at start ({@code io.sluice.api.http.BundledTenants}).
 */
public record PlatformAuthRecord(String cloud, List<CloudApiAuth.Mode> modes, String moduleSetting) {
    /** The record's name beside the pipelines. */
    public static final String NAME = "platform-auth.json";
    /** AWS: what API Gateway can put in front of the http-api, as the Terraform module's {@code api_auth.mode} names it. */
    public static final PlatformAuthRecord AWS = new PlatformAuthRecord("AWS",
            List.of(CloudApiAuth.Mode.IAM, CloudApiAuth.Mode.LAMBDA_AUTHORIZER), "api_auth.mode");
    /** Azure: what a Function app can have in front of its HTTP API, as the module's {@code api_platform_auth} names it. */
    public static final PlatformAuthRecord AZURE = new PlatformAuthRecord("Azure",
            List.of(CloudApiAuth.Mode.EASY_AUTH, CloudApiAuth.Mode.API_MANAGEMENT, CloudApiAuth.Mode.FUNCTION_KEYS), "api_platform_auth");

    /**
     * The mode {@code given} names ({@code null} for none).
     *
     * @throws IllegalArgumentException naming the option and the modes this cloud takes
     */
    public CloudApiAuth.Mode option(String given) {
        CloudApiAuth.Mode mode;
        try {
            mode = CloudApiAuth.parse(given);
        } catch (IllegalArgumentException e) {
            mode = null;
        }
        if (given != null && !modes.contains(mode)) {
            throw new IllegalArgumentException("--platform-auth: expected one of " + modes.stream().map(CloudApiAuth.Mode::value).toList()
                    + " on " + cloud + ", not '" + given + "'");
        }
        return mode;
    }

    /**
     * Adds the record to the bundle's {@code files} when {@code auth} names a mode; without one, the folder must hold a
     * {@code tenants.json}, else this adds the problem to {@code problems} and nothing to the files.
     */
    public void put(Path pipelinesDir, Map<String, byte[]> files, CloudApiAuth.Mode auth, List<String> problems) {
        if (auth != null) {
            files.put(NAME, Json.write(Json.object().put("platformAuth", auth.value())).getBytes(StandardCharsets.UTF_8));
        } else if (!files.containsKey("tenants.json")) {
            problems.add(pipelinesDir + ": /: holds no tenants.json and --platform-auth names no authentication in front of the API;"
                    + " the http-api would refuse to start. Add a tenants.json (./sluice api-key), or pass --platform-auth "
                    + String.join("|", modes.stream().map(CloudApiAuth.Mode::value).toList()) + " and set the Terraform module's "
                    + moduleSetting + " to the same.");
        }
    }
}
