package io.sluice.aws.sdk;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkClient;

/**
 * Finds the AWS SDK v2 synchronous client interface of a service by the name Step Functions gives it in
 * {@code arn:aws:states:::aws-sdk:<service>:<action>}: the SDK's package {@code software.amazon.awssdk.services.<service>}
 * holds one interface {@code <Service>Client} extending {@link SdkClient} ({@code dynamodb} → {@code DynamoDbClient},
 * {@code sqs} → {@code SqsClient}). Only the services whose SDK module is on this host's classpath are found.
 * The service name is checked to be lower-case letters and digits before it names a package.
 */
final class SdkClientClasses {
    static final String PACKAGE = "software.amazon.awssdk.services.";
    private static final Pattern SERVICE = Pattern.compile("[a-z][a-z0-9]{0,62}");

    private SdkClientClasses() {}

    /** The client interface of {@code service}, or empty when no SDK module of that name is on the classpath. */
    static Optional<Class<?>> of(String service, ClassLoader loader) {
        if (service == null || !SERVICE.matcher(service).matches()) {
            return Optional.empty();
        }
        String folder = (PACKAGE + service).replace('.', '/');
        for (String simple : classNames(folder, loader)) {
            if (!simple.endsWith("Client") || simple.endsWith("AsyncClient") || simple.startsWith("Default")) {
                continue;
            }
            try {
                Class<?> c = Class.forName(PACKAGE + service + "." + simple, false, loader);
                if (c.isInterface() && SdkClient.class.isAssignableFrom(c)) {
                    return Optional.of(c);
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // not a loadable class of this package: look further
            }
        }
        return Optional.empty();
    }

    /** The simple names of the top-level classes directly in {@code folder}, from every jar or directory holding it. */
    private static List<String> classNames(String folder, ClassLoader loader) {
        List<String> out = new ArrayList<>();
        try {
            Enumeration<URL> roots = loader.getResources(folder);
            while (roots.hasMoreElements()) {
                URL url = roots.nextElement();
                if (url.getProtocol().equals("jar")) {
                    fromJar(url, folder, out);
                } else if (url.getProtocol().equals("file")) {
                    File[] files = Path.of(url.toURI()).toFile().listFiles();
                    if (files != null) {
                        for (File f : files) {
                            addClass(f.getName(), out);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("listing the classes of " + folder, e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("listing the classes of " + folder, e);
        }
        return out;
    }

    private static void fromJar(URL url, String folder, List<String> out) throws IOException {
        JarURLConnection connection = (JarURLConnection) url.openConnection();
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            String prefix = folder + "/";
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.startsWith(prefix) && name.indexOf('/', prefix.length()) < 0) {
                    addClass(name.substring(prefix.length()), out);
                }
            }
        }
    }

    private static void addClass(String file, List<String> out) {
        if (file.endsWith(".class") && file.indexOf('$') < 0) {
            out.add(file.substring(0, file.length() - ".class".length()));
        }
    }
}
