package io.sluice.local.config;

import io.sluice.orchestration.port.SecretResolver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Secrets for the local runtime: the environment variable {@code SLUICE_SECRET_<NAME>} ({@code NAME}
 * upper-cased, every character but letters and digits turned into {@code _}: secret
 * {@code warehouse-password} is {@code SLUICE_SECRET_WAREHOUSE_PASSWORD}), else the file named like the
 * secret in a secrets folder (one line break at its end is dropped), as Docker and Kubernetes mount
 * secrets. The environment is handed in, never read here.
 *
 * <p>A tenant's secret ({@code finance/partner-token}, as {@code ScopedSecrets} names it for a pipeline
 * of tenant {@code finance}) comes only from the file {@code <secrets>/finance/partner-token}: variable
 * names fold case and punctuation, so two tenants' names could meet in one variable, while a folder per
 * tenant keeps them apart.
 */
public final class EnvOrFileSecretResolver implements SecretResolver {
    public static final String PREFIX = "SLUICE_SECRET_";
    private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");

    private final Map<String, String> environment;
    private final Path folder;

    /** @param folder the secrets folder, or {@code null} for environment variables only */
    public EnvOrFileSecretResolver(Map<String, String> environment, Path folder) {
        this.environment = Map.copyOf(environment);
        this.folder = folder == null ? null : folder.toAbsolutePath().normalize();
    }

    /** The environment variable that holds secret {@code name}. */
    public static String variable(String name) {
        return PREFIX + name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    @Override
    public Optional<String> resolve(String name) {
        int slash = name.indexOf('/');
        if (slash < 0) {
            String value = environment.get(variable(name));
            if (value != null) {
                return Optional.of(value);
            }
        }
        boolean fileName = slash < 0 ? FILE_NAME.matcher(name).matches()
                : FILE_NAME.matcher(name.substring(0, slash)).matches() && FILE_NAME.matcher(name.substring(slash + 1)).matches();
        if (folder == null || !fileName) {
            return Optional.empty();
        }
        Path file = folder.resolve(name).normalize();
        if (!file.startsWith(folder)) {
            return Optional.empty();
        }
        try {
            return Optional.of(dropFinalLineBreak(Files.readString(file, StandardCharsets.UTF_8)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the secret file " + file, e);
        }
    }

    private static String dropFinalLineBreak(String text) {
        if (text.endsWith("\r\n")) {
            return text.substring(0, text.length() - 2);
        }
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    /** Says where secrets come from, never what they are. */
    @Override
    public String toString() {
        return "EnvOrFileSecretResolver[" + PREFIX + "*" + (folder == null ? "" : ", " + folder) + "]";
    }
}
