package io.sluice.api.http;

import io.sluice.api.tenant.CloudApiAuth;
import io.sluice.api.tenant.Tenants;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * The tenants a cloud host (AWS, Azure) serves its API with, one rule for both: the file {@code sluice.api.tenants-file}
 * names, else the {@code tenants.json} bundled beside the pipelines ({@code sluice.api.tenants}, where {@code ./sluice
 * package <cloud>} puts it); without either, the API serves only behind the platform authentication
 * {@value CloudApiAuth#SETTING} names, never open ({@link CloudApiAuth#require}). First, the authentication the bundle
 * was packaged for ({@code ./sluice package <cloud> --platform-auth}, recorded at {@link CloudApiAuth#BUNDLED}) must be
 * the one the deployment names ({@link CloudApiAuth#requireAgreement}): a bundle packaged for a platform authentication
 * but deployed with nothing in front of its API would otherwise trust every caller.
 */
public final class BundledTenants {
    private static final Logger LOG = LoggerFactory.getLogger(BundledTenants.class);

    private BundledTenants() {}

    /**
     * @param location       where the bundled tenants file is ({@code sluice.api.tenants})
     * @param platformAuth   the deployment's {@value CloudApiAuth#SETTING}, blank for none
     * @param recordLocation where the bundle records its platform authentication
     * @param cloud          the {@code ./sluice package} target, for the messages: {@code aws} or {@code azure}
     * @throws IllegalStateException saying what to do, when the host must not start
     */
    public static Tenants load(SluiceApiProperties api, ResourceLoader loader, String location, String platformAuth,
                               String recordLocation, String cloud) {
        CloudApiAuth.requireAgreement(recorded(loader.getResource(recordLocation)), platformAuth, recordLocation);
        if (api.tenantsFile() != null && !api.tenantsFile().toString().isBlank()) {
            return CloudApiAuth.require(ApiConfiguration.tenants(api, Path.of(""), "0.0.0.0"), platformAuth, api.tenantsFile().toString());
        }
        Resource resource = loader.getResource(location);
        if (!resource.exists()) {
            if (api.requireTenants()) {
                throw new IllegalStateException("sluice.api.require-tenants is set but there is no tenants file at " + location
                        + " (sluice.api.tenants); bundle one with ./sluice package " + cloud + " --pipelines DIR.");
            }
            Tenants none = CloudApiAuth.require(Tenants.none(), platformAuth, location + " (sluice.api.tenants, or sluice.api.tenants-file)");
            LOG.warn("no tenants file at {}: every caller that {} lets through may see and do everything", location, platformAuth);
            return none;
        }
        try {
            Tenants tenants = Tenants.parse(Json.parse(resource.getContentAsString(StandardCharsets.UTF_8)), location);
            LOG.info("tenants from {}: {} ({} key(s))", location, tenants.all().stream().map(Tenants.Tenant::name).toList(),
                    tenants.keyCount());
            return tenants;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tenants file " + location, e);
        }
    }

    /** The platform authentication a bundle records ({@code {"platformAuth": "iam"}}), or {@code null} without a record. */
    static String recorded(Resource record) {
        if (!record.exists()) {
            return null;
        }
        try {
            return Json.parse(record.getContentAsString(StandardCharsets.UTF_8)).path("platformAuth").asText("");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundle's platform authentication record " + record, e);
        }
    }
}
