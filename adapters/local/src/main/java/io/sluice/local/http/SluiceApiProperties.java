package io.sluice.local.http;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the HTTP API ({@code sluice.api.*}).
 *
 * @param tenantsFile     the tenants and their key hashes; blank for {@code tenants.json} in the pipelines folder.
 *                        No such file: the local mode, where every request may do everything
 * @param requireTenants  refuse to start without a tenants file (for a server others can reach)
 * @param maxBodyBytes    the largest request body accepted; a larger one is answered 413
 */
@ConfigurationProperties("sluice.api")
public record SluiceApiProperties(Path tenantsFile, @DefaultValue("false") boolean requireTenants,
                                  @DefaultValue("262144") long maxBodyBytes) {}
